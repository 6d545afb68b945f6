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
 *
 * Its parts, each in its file: the state and its events (link-state.ts), one
 * call with its retries (carry.ts), the keys of lost answers and their look-up
 * (lost-answers.ts), the event stream (stream.ts), one request (transport.ts).
 */
import { request as httpRequest, type Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';
import type { CallMeta } from '../../core/bridge.js';
import { contract, isChannel, keepsKey } from '../../core/contract.js';
import type { Lang, Result } from '../../core/errors.js';
import type { LinkState } from '../../core/audit/contract.js';
import type { CallOrigin } from '../../core/terminal.js';
import type { WebBackend } from '../web/server.js';
import { createCarry, type HallCall } from './carry.js';
import { createLinkState } from './link-state.js';
import { createLostAnswers } from './lost-answers.js';
import { createOutcomeMemory } from './outcomes.js';
import type { HallWire } from './transport.js';
import { createHallStream } from './stream.js';

export { RECONNECT_MAX_MS, RECONNECT_MIN_MS, STREAM_IDLE_MS, STREAM_OPEN_MS } from './stream.js';

/**
 * A call's whole time at the counter, retries included: under the 5 s the cashier is promised, with a second of room
 * for the screens' own hop on a busy machine (4,5 s left 0,2 s too few under two CPU hogs).
 */
export const CALL_BUDGET_MS = 4_000;
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
/** A board's display token the hall accepted is asked again after this (a revoked one stops working). */
const DISPLAY_TOKEN_RECHECK_MS = 60_000;

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
  const budgetMs = options.budgetMs ?? CALL_BUDGET_MS;
  const logError = options.logError ?? ((e: unknown, where: string) => console.error(`[counter] ${where}:`, e));
  let closed = false;
  const isClosed = () => closed;
  const outcomes = createOutcomeMemory({ ...(options.outcomesFile ? { file: options.outcomesFile } : {}), logError });

  // The state and its events (link-state.ts); back up, the keys of unknown outcome are asked of the hall.
  const link = createLinkState({
    now: options.now ?? (() => new Date()),
    post: options.post ?? null,
    outcomes,
    logError,
    ...(options.onLink ? { onLink: options.onLink } : {}),
    onUp: () => void lost.resolveUnknown(),
  });
  // One request, sent again after a lost answer (carry.ts); each answer may open the event stream at once.
  const wire: HallWire = {
    base,
    request: base.protocol === 'https:' ? httpsRequest : httpRequest,
    agent: options.agent,
    headers: options.headers ?? {},
    readDate: link.readDate,
  };
  const carry = createCarry({ wire, link, outcomes, afterAnswer: (wasDown) => hallStream.afterAnswer(wasDown), isClosed });
  // The keyed commands whose answer was lost, and their outcome asked of the hall (lost-answers.ts).
  const lost = createLostAnswers({ carry, outcomes, link, budgetMs, isClosed, logError });
  // The hall's event stream (stream.ts).
  const hallStream = createHallStream({
    wire,
    path: options.eventsPath ?? '/events',
    enabled: options.events !== false,
    isClosed,
    downSince: link.downSince,
    markUp: link.markUp,
    markDown: link.markDown,
    emit: link.emit,
    logError,
  });

  async function dispatch(channel: string, input: unknown, meta: CallMeta = {}, origin?: CallOrigin): Promise<Result<unknown>> {
    const result = await carryCall(channel, input, meta, origin);
    if (!result.ok && result.error.code === 'HALL_UNREACHABLE') options.onUnreachable?.(channel);
    return result;
  }

  async function carryCall(channel: string, input: unknown, meta: CallMeta = {}, _origin?: CallOrigin): Promise<Result<unknown>> {
    const budget = SLOW_CHANNELS.has(channel) ? (options.slowBudgetMs ?? SLOW_BUDGET_MS) : budgetMs;
    const { call, keyed } = hallCallOf(channel, input, meta, Date.now() + budget);
    if (keyed) return lost.carryKeyed({ ...call, ...keyed });
    const result = await carry(call);
    link.noteHallZone(channel, result);
    return result;
  }

  function machineCall(path: string, input: unknown): Promise<Result<unknown>> {
    if (closed) return Promise.resolve(link.unreachable('pt-PT', 'none'));
    return carry({
      path,
      body: JSON.stringify(input ?? {}),
      headers: { 'Content-Type': 'application/json', 'X-Lang': 'pt-PT' },
      deadline: Date.now() + budgetMs,
      repeatable: true,
      lang: 'pt-PT',
    });
  }

  if (options.events !== false) hallStream.open();
  // Keys left unknown by the last run (the file): asked of the hall once it answers, probed meanwhile.
  lost.scheduleProbe();

  return {
    dispatch,
    machineCall,
    onEvent: link.onEvent,
    isDisplayToken: displayTokenCheck(dispatch),
    state: link.state,
    close() {
      closed = true;
      lost.close();
      hallStream.close();
      link.clear();
    },
  };
}

/**
 * A call as it goes to the hall: its headers (the operator's token, the command's key, a board's display
 * token), whether it may be sent again, and the key the hall keeps for it if any.
 */
function hallCallOf(
  channel: string,
  input: unknown,
  meta: CallMeta,
  deadline: number,
): { call: HallCall; keyed?: { key: string; channel: string } } {
  const lang: Lang = meta.lang === 'en' ? 'en' : 'pt-PT';
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Lang': lang };
  if (meta.operatorToken) headers['X-Operator-Token'] = meta.operatorToken;
  if (meta.idempotencyKey) headers['Idempotency-Key'] = meta.idempotencyKey;
  if (channel === 'display.state' && meta.displayToken) headers['X-Display-Token'] = meta.displayToken;
  const def = isChannel(channel) ? contract[channel] : undefined;
  const command = def?.kind === 'command';
  // A query changes nothing and a keyed command is answered its first answer: both may be sent again.
  const repeatable = !command || meta.idempotencyKey !== undefined;
  const call: HallCall = { path: `/rpc/${encodeURIComponent(channel)}`, body: JSON.stringify(input ?? {}), headers, deadline, repeatable, lang };
  // The keys the hall keeps (not a secret answer's, not a look-up's own): their outcome is remembered when lost.
  if (meta.idempotencyKey === undefined || !keepsKey(channel)) return { call };
  return { call, keyed: { key: meta.idempotencyKey, channel } };
}

/** A hall board's display token: the hall knows its boards' tokens, and is asked with the token as the board's credential. */
function displayTokenCheck(dispatch: HallLink['dispatch']): (token: string) => Promise<boolean> {
  const displayTokens = new Map<string, number>();
  return async (token) => {
    if (token === '') return false;
    const known = displayTokens.get(token);
    if (known !== undefined && Date.now() - known < DISPLAY_TOKEN_RECHECK_MS) return true;
    const r = await dispatch('display.state', {}, { displayToken: token });
    if (r.ok) {
      displayTokens.set(token, Date.now());
      return true;
    }
    // The hall out of reach: a token it accepted before still opens the board (which then shows the link down).
    if (r.error.code === 'HALL_UNREACHABLE') return known !== undefined;
    displayTokens.delete(token);
    return false;
  };
}
