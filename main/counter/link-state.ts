/**
 * A counter's link as its screens see it (link.ts): up, or down since when; the last error; the clock against
 * the hall's `Date` header; the hall's time zone, in which the link's own refusals name the time. Each change
 * is told to the screens by a `link` event (all topics when events may have been missed meanwhile); the
 * counter's dispatcher answers `link.status` from it (main/counter/backend.ts), never asking the hall.
 */
import type { IncomingMessage } from 'node:http';
import { errorMessage, type ErrorCode, type Lang, type Result } from '../../core/errors.js';
import { TOPICS, type KioskEvent } from '../../core/events.js';
import { CLOCK_SKEW_LIMIT_MS, type LinkState } from '../../core/audit/contract.js';
import { DEFAULT_HALL_TIME_ZONE, isHallTimeZone, type HallTimeZone } from '../../core/time.js';
import type { OutcomeMemory } from './outcomes.js';

const LINK_STATUS = 'link.status';

interface LinkStateDeps {
  /** The counter's clock (tests move it): compared with each answer's `Date`. */
  now: () => Date;
  /** This post as enrolled, for its screens. */
  post: Extract<LinkState, { mode: 'counter' }>['post'];
  /** The keys of unknown outcome, shown with the state. */
  outcomes: Pick<OutcomeMemory, 'list'>;
  logError(error: unknown, where: string): void;
  /** The link went up or down (the counter's log): the error that took it down, never a request. */
  onLink?: (state: 'up' | 'down', error: string | null) => void;
  /** The link came up: the keys of unknown outcome are asked of the hall. */
  onUp(): void;
}

export interface LinkStateKeeper {
  state(): LinkState & { mode: 'counter' };
  /** `missed`: events may have been lost (the stream opened again), so every screen fetches again even if the link was up. */
  markUp(missed?: boolean): void;
  markDown(error: string): void;
  isDown(): boolean;
  /** When the link last went down (ms, this machine's clock): a stream not heard from since may be dead. */
  downSince(): number;
  /** The clock against an answer's `Date` header. */
  readDate(res: IncomingMessage): void;
  /** An instant on the hall's clock: the counter's, less the skew last measured. */
  hallNow(): string;
  /** The screens told that the link's state changed (`allTopics`: that they fetch everything again). */
  changed(allTopics: boolean): void;
  /** A call's answer seen: setup.status tells the hall's time zone. */
  noteHallZone(channel: string, result: Result<unknown>): void;
  /** The link's own refusal, its message in the hall's time zone. */
  refusal(code: ErrorCode, lang: Lang, params: Record<string, string>): Result<never>;
  /** HALL_UNREACHABLE since the link went down; `answer`: whether a request may have reached the hall ('lost') or none did. */
  unreachable(lang: Lang, answer: 'lost' | 'none'): Result<never>;
  onEvent(listener: (event: KioskEvent) => void): () => void;
  /** An event to every listener (the screens): one that throws is logged, the others still hear it. */
  emit(event: KioskEvent): void;
  /** No listener hears anything more. */
  clear(): void;
}

export function createLinkState(d: LinkStateDeps): LinkStateKeeper {
  const events = listenerSet(d.logError);
  const emit = events.emit;
  let link: 'up' | 'down' = 'down';
  let since: string | null = null;
  let lastError: string | null = null;
  let downSince = 0;
  let skewMs: number | null = null;
  let everUp = false;
  /**
   * The hall's time zone, as its last setup.status said (every screen asks it at start and when the hall
   * changes): the link's own refusals name the time it went down on the hall's clock, as the hall would.
   */
  let hallZone: HallTimeZone = DEFAULT_HALL_TIME_ZONE;

  const clockOff = () => skewMs !== null && Math.abs(skewMs) > CLOCK_SKEW_LIMIT_MS;
  const hallNow = () => new Date(d.now().getTime() - (skewMs ?? 0)).toISOString();
  const changed = (allTopics: boolean) =>
    emit({ type: 'changed', channel: LINK_STATUS, topics: allTopics ? [...TOPICS] : ['link'], at: d.now().toISOString() });
  const refusal = (code: ErrorCode, lang: Lang, params: Record<string, string>): Result<never> => ({
    ok: false,
    error: { code, message: errorMessage(code, params, lang, hallZone), details: params },
  });

  return {
    state: () => ({
      mode: 'counter',
      link,
      since,
      lastError,
      skewMs,
      clockOff: clockOff(),
      post: d.post,
      outcomes: d.outcomes.list(),
    }),
    markUp(missed = false) {
      if (link === 'up') {
        if (missed) changed(true);
        return;
      }
      const wasDown = everUp;
      link = 'up';
      everUp = true;
      since = hallNow();
      d.onLink?.('up', null);
      // Back after a drop: events were missed meanwhile, so every screen fetches again.
      changed(wasDown || missed);
      d.onUp();
    },
    markDown(error) {
      lastError = error;
      if (link === 'down' && since !== null) return;
      link = 'down';
      since = hallNow();
      downSince = Date.now();
      d.onLink?.('down', error);
      changed(false);
    },
    isDown: () => link === 'down',
    downSince: () => downSince,
    readDate(res) {
      const date = res.headers.date;
      if (!date) return;
      const hall = Date.parse(date);
      if (Number.isNaN(hall)) return;
      const wasOff = clockOff();
      // The header has whole seconds: up to a second of the difference is the header's, not the clocks'.
      skewMs = d.now().getTime() - hall;
      if (clockOff() !== wasOff) changed(false);
    },
    hallNow,
    changed,
    noteHallZone(channel, result) {
      if (channel !== 'setup.status' || !result.ok) return;
      const zone = (result.value as { timeZone?: unknown } | null)?.timeZone;
      if (isHallTimeZone(zone)) hallZone = zone;
    },
    refusal,
    unreachable: (lang, answer) => refusal('HALL_UNREACHABLE', lang, { since: since ?? hallNow(), answer }),
    ...events,
  };
}

/** The screens' listeners: an event to each, one that throws logged while the others still hear it. */
function listenerSet(logError: (error: unknown, where: string) => void): Pick<LinkStateKeeper, 'onEvent' | 'emit' | 'clear'> {
  const listeners = new Set<(event: KioskEvent) => void>();
  return {
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      for (const l of listeners) {
        try {
          l(event);
        } catch (e) {
          logError(e, 'event listener');
        }
      }
    },
    clear: () => listeners.clear(),
  };
}
