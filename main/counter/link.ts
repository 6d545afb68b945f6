/**
 * A counter's link to the hall server (issue 24, points 4 and 6): every call
 * is carried to the hall (`POST /rpc/<channel>`, the wire protocol of
 * /work/notes/common.md) and answered from there; the hall's `GET /events`
 * stream is read and each event re-emitted to the counter's own screens.
 *
 * Offline, decided: the counter sells nothing and queues nothing. A hall that
 * cannot be reached answers every call HALL_UNREACHABLE within the call's
 * budget (CALL_BUDGET_MS, a hung hall included). A request that went out and
 * whose answer never came is sent again with its same Idempotency-Key while
 * the budget lasts (the hall answers the first answer: the one sale that
 * happened); a command without a key is never sent twice.
 *
 * The link keeps its state (up, or down since when; the last error; the clock
 * against the hall's `Date` header) and tells the screens of each change by a
 * `link` event; the counter's dispatcher answers `link.status` from it
 * (main/counter/backend.ts), never asking the hall.
 *
 * A status is a fact or "unknown" (issue 37): a keyed command whose request
 * may have reached the hall and whose answer never came is unknown, across
 * calls, until the hall answers for that key; meanwhile every failure for it
 * says the answer is lost, never that nothing was done. When the link is
 * back the link asks the hall `command.outcome` for each such key (a
 * look-up that gives a key the hall never received up, never a resend that
 * could act) and `link.status` shows the truth (outcomes.ts).
 */
import { request as httpRequest, type Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';
import type { CallMeta } from '../../core/bridge.js';
import { contract, isChannel, keepsKey } from '../../core/contract.js';
import { errorMessage, type ErrorCode, type Lang, type Result } from '../../core/errors.js';
import { TOPICS, type KioskEvent } from '../../core/events.js';
import { CLOCK_SKEW_LIMIT_MS, type CommandOutcome, type LinkState } from '../../core/audit/contract.js';
import type { CallOrigin } from '../../core/terminal.js';
import { DEFAULT_HALL_TIME_ZONE, isHallTimeZone, type HallTimeZone } from '../../core/time.js';
import type { WebBackend } from '../web/server.js';
import { createOutcomeMemory } from './outcomes.js';
import { postOnce, type Attempt, type HallWire } from './transport.js';
import { createHallStream, RECONNECT_MAX_MS } from './stream.js';

export { RECONNECT_MAX_MS, RECONNECT_MIN_MS, STREAM_IDLE_MS, STREAM_OPEN_MS } from './stream.js';

/** A call's whole time at the counter, retries included: under the 5 s the cashier is promised, with room for the screens' own hop. */
export const CALL_BUDGET_MS = 4_500;
/**
 * The calls that take seconds by nature at the hall (a PDF, the books check,
 * an export, a backup, a face file, a printer asked for its state): their
 * budget is SLOW_BUDGET_MS, or a large hall's would never answer. A
 * cashier's sale is never one of them; a hall that refuses the connection
 * answers them at once as any other.
 */
export const SLOW_CHANNELS: ReadonlySet<string> = new Set([
  'report.actaPdf',
  'report.sessionPdf',
  'report.tableLimitsPdf',
  'export.sales',
  'books.verify',
  'printer.status',
  'backup.create',
  'series.importFaces',
]);
const SLOW_BUDGET_MS = 60_000;
/** A key of unknown outcome is asked of the hall after this, doubling to RECONNECT_MAX_MS, until it answers. */
const PROBE_MIN_MS = 250;
/** A board's display token the hall accepted is asked again after this (a revoked one stops working). */
const DISPLAY_TOKEN_RECHECK_MS = 60_000;
const LINK_STATUS = 'link.status';
const COMMAND_OUTCOME = 'command.outcome';
/** Refusals that are the hall's fact about a key: given up (not done), done with its answer lost, done for another input. */
const KEY_FACTS: Readonly<Partial<Record<string, 'done' | 'not_done'>>> = {
  COMMAND_GIVEN_UP: 'not_done',
  IDEMPOTENCY_ANSWER_LOST: 'done',
  IDEMPOTENCY_KEY_REUSED: 'done',
};

export interface HallLinkOptions {
  /** The hall's terminals port, `https://HOST:P` (tests: a browser-mode server's `http://127.0.0.1:U`). */
  hallUrl: string;
  /** How connections are made: the counter's TLS identity (hallAgent) or, in tests, a plain agent. */
  agent: HttpAgent | HttpsAgent;
  /** Headers added to every request (tests: browser mode's Authorization). */
  headers?: Record<string, string>;
  /** The event stream's path on the hall (default `/events`; browser mode wants `/events?token=`). */
  eventsPath?: string;
  /** The counter's clock (tests move it): compared with each answer's `Date`. */
  now?: () => Date;
  /** A call's total budget (default CALL_BUDGET_MS; SLOW_CHANNELS: slowBudgetMs, default SLOW_BUDGET_MS). */
  budgetMs?: number;
  slowBudgetMs?: number;
  /** Default true: read the hall's event stream from the start. */
  events?: boolean;
  logError?: (error: unknown, where: string) => void;
  /** This post as enrolled (its terminal, the hall, the confirmation code), for its screens. */
  post?: { terminalId: string; hallUrl: string; serverFingerprint: string; confirmation: string };
  /** Where the keys of unknown outcome are kept across a restart (the counter's data folder); absent: in memory only. */
  outcomesFile?: string;
  /** A call answered HALL_UNREACHABLE to the screens (the counter's metrics). */
  onUnreachable?: (channel: string) => void;
  /** The link went up or down (the counter's log): the error that took it down, never a request. */
  onLink?: (state: 'up' | 'down', error: string | null) => void;
}

export interface HallLink extends WebBackend {
  state(): LinkState & { mode: 'counter' };
  /**
   * The counter's own machine work at the hall (not an operator's call): a
   * POST of `path` on the terminals port, the counter's certificate its only
   * credential, answered in the same envelope within the call's budget; sent
   * again after a lost answer (each such call is safe to repeat).
   */
  machineCall(path: string, input: unknown): Promise<Result<unknown>>;
  /** Stops the stream and its reconnection; calls after it are refused. */
  close(): void;
}


export function createHallLink(options: HallLinkOptions): HallLink {
  const base = new URL(options.hallUrl);
  const request = base.protocol === 'https:' ? httpsRequest : httpRequest;
  const now = options.now ?? (() => new Date());
  const budgetMs = options.budgetMs ?? CALL_BUDGET_MS;
  const extra = options.headers ?? {};
  const logError = options.logError ?? ((e: unknown, where: string) => console.error(`[counter] ${where}:`, e));
  const listeners = new Set<(event: KioskEvent) => void>();
  const displayTokens = new Map<string, number>();
  let closed = false;

  // ---- the state -----------------------------------------------------------
  let link: 'up' | 'down' = 'down';
  let since: string | null = null;
  let lastError: string | null = null;
  /** When the link last went down (ms, this machine's clock): a stream not heard from since may be dead. */
  let downSince = 0;
  let skewMs: number | null = null;
  let everUp = false;
  const outcomes = createOutcomeMemory({ ...(options.outcomesFile ? { file: options.outcomesFile } : {}), logError });
  /** Keys being carried now: their own call settles them, the look-up leaves them alone. */
  const carrying = new Set<string>();

  const emit = (event: KioskEvent) => {
    for (const l of listeners) {
      try {
        l(event);
      } catch (e) {
        logError(e, 'event listener');
      }
    }
  };
  const clockOff = () => skewMs !== null && Math.abs(skewMs) > CLOCK_SKEW_LIMIT_MS;
  /** An instant on the hall's clock: the counter's, less the skew last measured. */
  const hallNow = () => new Date(now().getTime() - (skewMs ?? 0)).toISOString();
  const changed = (allTopics: boolean) =>
    emit({ type: 'changed', channel: LINK_STATUS, topics: allTopics ? [...TOPICS] : ['link'], at: now().toISOString() });

  /** `missed`: events may have been lost (the stream opened again), so every screen fetches again even if the link was up. */
  function markUp(missed = false): void {
    if (link === 'up') {
      if (missed) changed(true);
      return;
    }
    const wasDown = everUp;
    link = 'up';
    everUp = true;
    since = hallNow();
    options.onLink?.('up', null);
    // Back after a drop: events were missed meanwhile, so every screen fetches again.
    changed(wasDown || missed);
    void resolveUnknown();
  }

  function markDown(error: string): void {
    lastError = error;
    if (link === 'down' && since !== null) return;
    link = 'down';
    since = hallNow();
    downSince = Date.now();
    options.onLink?.('down', error);
    changed(false);
  }

  function readDate(res: IncomingMessage): void {
    const date = res.headers.date;
    if (!date) return;
    const hall = Date.parse(date);
    if (Number.isNaN(hall)) return;
    const wasOff = clockOff();
    // The header has whole seconds: up to a second of the difference is the header's, not the clocks'.
    skewMs = now().getTime() - hall;
    if (clockOff() !== wasOff) changed(false);
  }

  const state = (): LinkState & { mode: 'counter' } => ({
    mode: 'counter',
    link,
    since,
    lastError,
    skewMs,
    clockOff: clockOff(),
    post: options.post ?? null,
    outcomes: outcomes.list(),
  });

  // ---- one request -----------------------------------------------------------
  const wire: HallWire = { base, request, agent: options.agent, headers: extra, readDate };
  function attempt(path: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<Attempt> {
    return postOnce(wire, path, body, headers, timeoutMs);
  }

  /**
   * The hall's time zone, as its last setup.status said (every screen asks it at start and when the hall
   * changes): the link's own refusals name the time it went down on the hall's clock, as the hall would.
   */
  let hallZone: HallTimeZone = DEFAULT_HALL_TIME_ZONE;
  function noteHallZone(channel: string, result: Result<unknown>): void {
    if (channel !== 'setup.status' || !result.ok) return;
    const zone = (result.value as { timeZone?: unknown } | null)?.timeZone;
    if (isHallTimeZone(zone)) hallZone = zone;
  }

  function refusal(code: ErrorCode, lang: Lang, params: Record<string, string>): Result<never> {
    return { ok: false, error: { code, message: errorMessage(code, params, lang, hallZone), details: params } };
  }

  async function dispatch(channel: string, input: unknown, meta: CallMeta = {}, origin?: CallOrigin): Promise<Result<unknown>> {
    const result = await carryCall(channel, input, meta, origin);
    if (!result.ok && result.error.code === 'HALL_UNREACHABLE') options.onUnreachable?.(channel);
    return result;
  }

  async function carryCall(channel: string, input: unknown, meta: CallMeta = {}, _origin?: CallOrigin): Promise<Result<unknown>> {
    const lang: Lang = meta.lang === 'en' ? 'en' : 'pt-PT';
    const started = Date.now();
    const deadline = started + (SLOW_CHANNELS.has(channel) ? (options.slowBudgetMs ?? SLOW_BUDGET_MS) : budgetMs);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Lang': lang };
    if (meta.operatorToken) headers['X-Operator-Token'] = meta.operatorToken;
    if (meta.idempotencyKey) headers['Idempotency-Key'] = meta.idempotencyKey;
    if (channel === 'display.state' && meta.displayToken) headers['X-Display-Token'] = meta.displayToken;
    const def = isChannel(channel) ? contract[channel] : undefined;
    const command = def?.kind === 'command';
    // A query changes nothing and a keyed command is answered its first answer: both may be sent again.
    const repeatable = !command || meta.idempotencyKey !== undefined;
    // The keys the hall keeps (not a secret answer's, not a look-up's own): their outcome is remembered when lost.
    const keyed = meta.idempotencyKey !== undefined && keepsKey(channel) ? { key: meta.idempotencyKey, channel } : undefined;
    const path = `/rpc/${encodeURIComponent(channel)}`;
    const body = JSON.stringify(input ?? {});
    if (!keyed) {
      const result = await carry(path, body, headers, deadline, repeatable, lang);
      noteHallZone(channel, result);
      return result;
    }
    carrying.add(keyed.key);
    try {
      return await carryKeyed(keyed, path, body, headers, deadline, lang);
    } finally {
      carrying.delete(keyed.key);
      // Left unknown: asked of the hall as soon as it answers, and meanwhile probed (a silent hall never says it is back).
      if (outcomes.isUnknown(keyed.key)) scheduleProbe();
    }
  }

  /** The hall answered for a key: its outcome, unknown until now, is settled and the screens told. */
  function settle(key: string, channel: string, outcome: 'done' | 'not_done', value?: unknown): void {
    if (outcomes.settle(key, channel, outcome, hallNow(), value)) changed(false);
  }

  /** The hall's fact for a key, asked with command.outcome (null: no answer, the outcome stays unknown). */
  async function lookUp(key: string, channel: string, deadline: number, lang: Lang): Promise<CommandOutcome | null> {
    const r = await carry(
      `/rpc/${COMMAND_OUTCOME}`,
      JSON.stringify({ key, channel }),
      { 'Content-Type': 'application/json', 'X-Lang': lang },
      deadline,
      // Asked again after a lost answer: the second asking finds what the first did (the key given up or kept).
      true,
      lang,
    );
    if (!r.ok) {
      if (r.error.code !== 'HALL_UNREACHABLE') logError(new Error(`${COMMAND_OUTCOME} ${key}: ${r.error.code}`), 'outcome look-up');
      return null;
    }
    const o = r.value as CommandOutcome;
    if (o.outcome === 'done') settle(key, o.channel, 'done', o.value);
    else settle(key, channel, 'not_done');
    return o;
  }

  /** A keyed command: "lost" for as long as its outcome is unknown, and settled by the hall's first answer for its key. */
  async function carryKeyed(
    keyed: { key: string; channel: string },
    path: string,
    body: string,
    headers: Record<string, string>,
    deadline: number,
    lang: Lang,
  ): Promise<Result<unknown>> {
    const { key, channel } = keyed;
    const result = await carry(path, body, headers, deadline, true, lang, key, channel);
    if (!result.ok && result.error.code === 'HALL_UNREACHABLE') return result;
    if (result.ok) {
      settle(key, channel, 'done', result.value);
      return result;
    }
    const fact = KEY_FACTS[result.error.code];
    if (fact) {
      settle(key, channel, fact, null);
      return result;
    }
    if (!outcomes.isUnknown(key)) return result;
    // A refusal that says nothing of the key (checked before it: a session the hall forgot in a restart) while an
    // earlier copy may have been done: the hall is asked for the key itself, and that answer is the call's.
    const o = await lookUp(key, channel, Math.max(deadline, Date.now() + 1_000), lang);
    if (o === null) return refusal('HALL_UNREACHABLE', lang, { since: since ?? hallNow(), answer: 'lost' });
    // Done, as another command (a key used twice): that act's answer is no answer to this one.
    if (o.outcome === 'done' && o.channel !== channel) return refusal('IDEMPOTENCY_KEY_REUSED', lang, { channel: o.channel });
    if (o.outcome === 'done' && !o.answerLost) return { ok: true, value: o.value };
    if (o.outcome === 'done') return refusal('IDEMPOTENCY_ANSWER_LOST', lang, { channel });
    return result;
  }

  /**
   * Each key of unknown outcome (not being carried now) asked of the hall, one at a time: at once when the hall
   * answers again, and meanwhile as a probe, from PROBE_MIN_MS doubling to RECONNECT_MAX_MS (a hall whose event
   * stream stayed open while it swallowed our requests would otherwise be taken for back only at its next keep-alive).
   */
  let resolving: Promise<void> | null = null;
  let resolveAgain = false;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  let probeDelay = PROBE_MIN_MS;
  const waiting = () => outcomes.unknown().filter((o) => !carrying.has(o.key));
  function scheduleProbe(): void {
    if (closed || probeTimer !== null || resolving || waiting().length === 0) return;
    probeTimer = setTimeout(() => {
      probeTimer = null;
      void resolveUnknown();
    }, probeDelay);
    probeDelay = Math.min(probeDelay * 2, RECONNECT_MAX_MS);
  }
  function resolveUnknown(): Promise<void> {
    if (resolving) {
      resolveAgain = true;
      return resolving;
    }
    if (probeTimer !== null) clearTimeout(probeTimer);
    probeTimer = null;
    resolving = (async () => {
      do {
        resolveAgain = false;
        for (const o of waiting()) {
          if (closed) return;
          // No answer: the hall is out of reach again; the rest wait for the next answer or probe.
          if ((await lookUp(o.key, o.channel, Date.now() + budgetMs, 'pt-PT')) === null) return;
        }
      } while (resolveAgain && !closed);
    })().finally(() => {
      resolving = null;
      if (waiting().length === 0) probeDelay = PROBE_MIN_MS;
      else scheduleProbe();
    });
    return resolving;
  }

  function machineCall(path: string, input: unknown): Promise<Result<unknown>> {
    if (closed) return Promise.resolve(refusal('HALL_UNREACHABLE', 'pt-PT', { since: since ?? hallNow(), answer: 'none' }));
    return carry(path, JSON.stringify(input ?? {}), { 'Content-Type': 'application/json', 'X-Lang': 'pt-PT' }, Date.now() + budgetMs, true, 'pt-PT');
  }

  /** One call carried to the hall within its deadline; sent again after a lost answer when `repeatable`. */
  async function carry(
    path: string,
    body: string,
    headers: Record<string, string>,
    deadline: number,
    repeatable: boolean,
    lang: Lang,
    key?: string,
    channel?: string,
  ): Promise<Result<unknown>> {
    // A key whose outcome is unknown stays so whatever this call meets: its failures say "lost", never "none".
    let lost = key !== undefined && outcomes.isUnknown(key);
    let pause = 50;
    for (;;) {
      if (closed) break;
      const a = await attempt(path, body, headers, deadline - Date.now());
      if (a.kind === 'answer') {
        const wasDown = link === 'down';
        markUp();
        hallStream.afterAnswer(wasDown);
        return a.result;
      }
      markDown(a.error);
      lost ||= a.written;
      // The request may be at the hall: from now its outcome is unknown until the hall answers for the key.
      if (a.written && key !== undefined && channel !== undefined) outcomes.lost(key, channel, hallNow());
      // Not sent at all (refused, unreachable, a TLS failure): nothing to find out by trying again within the call.
      if (!a.written || !repeatable) break;
      if (Date.now() + pause >= deadline) break;
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 500);
    }
    return refusal('HALL_UNREACHABLE', lang, { since: since ?? hallNow(), answer: lost ? 'lost' : 'none' });
  }

  // ---- the hall's event stream (stream.ts) -------------------------------------
  const hallStream = createHallStream({
    wire,
    path: options.eventsPath ?? '/events',
    enabled: options.events !== false,
    isClosed: () => closed,
    downSince: () => downSince,
    markUp,
    markDown,
    emit,
    logError,
  });

  if (options.events !== false) hallStream.open();
  // Keys left unknown by the last run (the file): asked of the hall once it answers, probed meanwhile.
  scheduleProbe();

  // ---- a hall board's display token ------------------------------------------
  async function isDisplayToken(token: string): Promise<boolean> {
    if (token === '') return false;
    const known = displayTokens.get(token);
    if (known !== undefined && Date.now() - known < DISPLAY_TOKEN_RECHECK_MS) return true;
    // The hall knows its boards' tokens: asked with the token as the board's credential.
    const r = await dispatch('display.state', {}, { displayToken: token });
    if (r.ok) {
      displayTokens.set(token, Date.now());
      return true;
    }
    // The hall out of reach: a token it accepted before still opens the board (which then shows the link down).
    if (r.error.code === 'HALL_UNREACHABLE') return known !== undefined;
    displayTokens.delete(token);
    return false;
  }

  return {
    dispatch,
    machineCall,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isDisplayToken,
    state,
    close() {
      closed = true;
      if (probeTimer !== null) clearTimeout(probeTimer);
      hallStream.close();
      listeners.clear();
    },
  };
}
