/**
 * The renderer's only way to the kiosk: a typed `invoke` over one of two
 * transports, and pushed events.
 *
 * - Electron: the preload exposes `window.kiosk` (KioskBridge, core/bridge.ts).
 * - Browser mode: `POST /rpc/<channel>` with the per-start access token, the
 *   operator token and the language as headers; the body is always the
 *   `{ ok, value | error }` envelope (also on 4xx). Pushes arrive over
 *   `EventSource('/events?token=...')`.
 *
 * It never throws: every failure, including the network's, comes back as
 * `{ ok: false, error }` with a message in the operator's language.
 */
import type { CallMeta, KioskBridge } from '../core/bridge.js';
import type { Channel, ChannelInput, ChannelOutput, KioskEvent, ProgressEvent } from '../core/contract.js';
import type { ErrorCode, Lang } from '../core/errors.js';
import { canonicalJson, withoutSecrets } from '../core/idempotency.js';
import { i18n } from './i18n/index.js';
import { CHANNEL_TABLE } from './lib/channels.js';
import { loadAccessToken } from './lib/token.js';
import { OwnCommands, type ClientEvent } from './lib/topics.js';

/** Codes the client adds to the contract's: the call never reached an answer. */
type TransportErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE' | 'NO_ACCESS_TOKEN';
type ClientErrorCode = ErrorCode | TransportErrorCode;

export interface ClientError {
  code: ClientErrorCode;
  message: string;
  details?: unknown;
}

export type ClientResult<T> = { ok: true; value: T } | { ok: false; error: ClientError };

export type { ClientEvent } from './lib/topics.js';

type ConnectionState = 'connecting' | 'open' | 'lost';

/** A stream the server refused (its process started again) is asked for again after this: missed events are fetched then. */
const STREAM_RETRY_MS = 1_000;

/** How long a call may take before the screen says the kiosk did not answer. */
const CALL_TIMEOUT_MS = 20_000;

let operatorToken: string | undefined;
let lang: Lang = 'pt-PT';
let accessToken: string | null = null;
let accessTokenLoaded = false;

function bridge(): KioskBridge | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { kiosk?: KioskBridge }).kiosk;
}

export function isElectron(): boolean {
  return bridge() !== undefined;
}

/** Browser mode: read `#token=...` once, keep it in sessionStorage, clean the address bar. */
export function initAccessToken(): string | null {
  if (!accessTokenLoaded && typeof window !== 'undefined' && !isElectron()) {
    accessToken = loadAccessToken({ location: window.location, history: window.history, storage: window.sessionStorage });
  }
  accessTokenLoaded = true;
  return accessToken;
}

/** True when calls can be made: Electron, or browser mode with an access token. */
export function hasTransport(): boolean {
  return isElectron() || initAccessToken() !== null;
}

export function setOperatorToken(token: string | undefined): void {
  operatorToken = token;
}

export function setClientLang(next: Lang): void {
  lang = next;
}

function transportError(code: TransportErrorCode, details?: unknown): { ok: false; error: ClientError } {
  const key = { NETWORK_ERROR: 'transport.network', BAD_RESPONSE: 'transport.badResponse', NO_ACCESS_TOKEN: 'transport.noAccessToken' }[code];
  const status = typeof details === 'object' && details !== null && 'status' in details ? String((details as { status: unknown }).status) : '';
  return { ok: false, error: { code, message: i18n.t(key, { status, lng: lang }), details } };
}

function isEnvelope(body: unknown): body is ClientResult<unknown> {
  if (typeof body !== 'object' || body === null || !('ok' in body)) return false;
  const b = body as { ok: unknown; value?: unknown; error?: unknown };
  if (b.ok === true) return 'value' in b;
  if (b.ok !== false || typeof b.error !== 'object' || b.error === null) return false;
  const e = b.error as { code?: unknown; message?: unknown };
  return typeof e.code === 'string' && typeof e.message === 'string';
}

async function invokeHttp(channel: string, input: unknown, meta: CallMeta): Promise<ClientResult<unknown>> {
  const token = initAccessToken();
  if (token === null) return transportError('NO_ACCESS_TOKEN');
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    'X-Lang': meta.lang ?? 'pt-PT',
  };
  if (meta.operatorToken) headers['X-Operator-Token'] = meta.operatorToken;
  if (meta.idempotencyKey) headers['Idempotency-Key'] = meta.idempotencyKey;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), CALL_TIMEOUT_MS);
  try {
    let res: Response;
    try {
      res = await fetch(`/rpc/${channel}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(input ?? {}),
        signal: abort.signal,
        cache: 'no-store',
      });
    } catch (err) {
      return transportError('NETWORK_ERROR', { cause: String(err) });
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      return transportError('BAD_RESPONSE', { status: res.status });
    }
    return isEnvelope(body) ? body : transportError('BAD_RESPONSE', { status: res.status });
  } finally {
    clearTimeout(timer);
  }
}

const unauthenticatedListeners = new Set<(error: ClientError) => void>();

/** Called when the kiosk no longer knows the operator (expired or locked elsewhere). */
export function onUnauthenticated(listener: (error: ClientError) => void): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/** This window's commands, so that their events are told from other terminals' (lib/topics.ts). */
const ownCommands = new OwnCommands();

/** A command's answer lost on the way is asked for again with its key after these pauses: the kiosk answers what it did, never twice. */
const RETRY_DELAYS_MS = [250, 750, 2_000] as const;

/** A new Idempotency-Key: one per operator action. */
export function newActionKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The answer never came (the link, a timeout) or came unreadable: the command may or may not have been done. */
export function answerLost(result: ClientResult<unknown>): boolean {
  return !result.ok && (result.error.code === 'NETWORK_ERROR' || result.error.code === 'BAD_RESPONSE' || hallAnswerLost(result));
}

/**
 * A counter's request may have reached the hall server and no answer for its
 * key came (HALL_UNREACHABLE, answer lost): the outcome is unknown, not "not
 * done". The counter has already asked again with the key, remembers it, and
 * asks the hall for it once the link is back (link.status shows the truth);
 * the screen says so and offers nothing that would do it twice.
 */
export function hallAnswerLost(result: ClientResult<unknown>): boolean {
  if (result.ok || result.error.code !== 'HALL_UNREACHABLE') return false;
  const details = result.error.details;
  return typeof details === 'object' && details !== null && (details as { answer?: unknown }).answer === 'lost';
}

async function send(channel: string, input: unknown, meta: CallMeta): Promise<ClientResult<unknown>> {
  const b = bridge();
  if (!b) return invokeHttp(channel, input, meta);
  try {
    const r: unknown = await b.invoke(channel, input, meta);
    return isEnvelope(r) ? r : transportError('BAD_RESPONSE');
  } catch (err) {
    return transportError('NETWORK_ERROR', { cause: String(err) });
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- acts of unknown outcome ---------------------------------------------

/**
 * A command whose answer was lost (issue 37): it may have been done. Until
 * the hall answers for its key, the same act pressed again (same channel,
 * same input less its secrets) is sent with the same key, so the hall answers
 * what it did (its first answer, or COMMAND_GIVEN_UP) and never does it twice.
 */
export interface LostAct {
  key: string;
  channel: string;
  /** The input less its secrets (a PIN is never kept past its call). */
  input: unknown;
  /** When its answer was first lost (this post's clock, ms). */
  at: number;
}

/** Enough for a shift's worst link; the oldest goes first beyond it (its key then asked no more by the screens). */
export const LOST_ACTS_MAX = 32;

/** By the act's identity: its channel and its canonical input less its secrets. */
const lostActsByIdentity = new Map<string, LostAct>();
let lostActsSnapshot: readonly LostAct[] = [];
const lostActListeners = new Set<() => void>();

/** Who last logged in here: the hall binds a key to its operator, so another operator's same input is another act. */
let actOperator = '';

function actIdentity(channel: string, input: unknown): string {
  return `${actOperator} ${channel} ${canonicalJson(withoutSecrets(input ?? {}))}`;
}

function lostActsChanged(): void {
  lostActsSnapshot = [...lostActsByIdentity.values()].sort((a, b) => a.at - b.at);
  for (const l of lostActListeners) l();
}

/** The acts of unknown outcome, oldest first (the same array until they change: for useSyncExternalStore). */
export function lostActs(): readonly LostAct[] {
  return lostActsSnapshot;
}

export function onLostActs(listener: () => void): () => void {
  lostActListeners.add(listener);
  return () => lostActListeners.delete(listener);
}

/** The hall answered for this key elsewhere (link.status's outcomes): the act is known, a new press is a new act. */
export function forgetLostAct(key: string): void {
  for (const [identity, act] of lostActsByIdentity) {
    if (act.key !== key) continue;
    lostActsByIdentity.delete(identity);
    lostActsChanged();
    return;
  }
}

function rememberLostAct(identity: string, act: LostAct): void {
  const known = lostActsByIdentity.get(identity);
  if (known?.key === act.key) return;
  lostActsByIdentity.set(identity, act);
  while (lostActsByIdentity.size > LOST_ACTS_MAX) {
    const oldest = lostActsByIdentity.keys().next().value;
    if (oldest === undefined) break;
    lostActsByIdentity.delete(oldest);
  }
  lostActsChanged();
}

/**
 * Call one channel of the contract. Never throws. A command carries an
 * Idempotency-Key (`key`: the operator action's, kept by a screen that lets
 * the same action be tried again; else a new one) and, when its answer is
 * lost, is sent again with it: a sale whose answer was lost is the one sale
 * that happened, not a second. Pressed again while its outcome is unknown,
 * the same act (channel and input less secrets) is sent with that same key.
 */
export async function invoke<C extends Channel>(channel: C, input: ChannelInput<C>, options: { key?: string } = {}): Promise<ClientResult<ChannelOutput<C>>> {
  const command = CHANNEL_TABLE[channel].kind === 'command';
  const own = command ? ownCommands.sent(channel) : null;
  const meta: CallMeta = { lang };
  if (operatorToken !== undefined) meta.operatorToken = operatorToken;
  // A screen that keeps its own key keeps its own account of the act (the sale's); else the act's lost key, if any.
  const identity = CHANNEL_TABLE[channel].keyKept && options.key === undefined ? actIdentity(channel, input) : null;
  const lostBefore = identity !== null ? lostActsByIdentity.get(identity) : undefined;
  if (command) meta.idempotencyKey = options.key ?? lostBefore?.key ?? newActionKey();
  const sentWithOperator = operatorToken;
  let result = await send(channel, input, meta);
  for (const delay of command ? RETRY_DELAYS_MS : []) {
    // A counter that lost the hall has asked again itself, for as long as a call may take.
    if (!answerLost(result) || hallAnswerLost(result)) break;
    await pause(delay);
    result = await send(channel, input, meta);
  }
  // By name, not by token: the same operator logged in again (a hall started again asks for the PIN) is the same act's.
  if (channel === 'auth.login' && result.ok) actOperator = (result.value as { operator?: { username?: string } }).operator?.username ?? '';
  if (identity !== null && meta.idempotencyKey !== undefined) {
    if (answerLost(result)) rememberLostAct(identity, { key: meta.idempotencyKey, channel, input: withoutSecrets(input ?? {}), at: lostBefore?.at ?? Date.now() });
    // The hall answered for the key (done, refused, given up): the act is known.
    else if (lostBefore) forgetLostAct(lostBefore.key);
  }
  if (!result.ok && result.error.code === 'NOT_AUTHENTICATED' && sentWithOperator !== undefined && sentWithOperator === operatorToken) {
    const error = result.error;
    for (const l of unauthenticatedListeners) l(error);
  }
  if (own) {
    // An error answer means nothing was committed; a lost stream will not bring the event, so it is made here.
    const lost = result.ok && connection === 'lost';
    const unseen = ownCommands.answered(own, result.ok && !lost, Date.now());
    if (lost && unseen) emit({ type: 'changed', channel, topics: CHANNEL_TABLE[channel].topics, at: new Date().toISOString(), own: true });
  }
  return result as ClientResult<ChannelOutput<C>>;
}

// ---- pushed events -------------------------------------------------------

const eventListeners = new Set<(event: ClientEvent) => void>();
const connectionListeners = new Set<(state: ConnectionState) => void>();
let connection: ConnectionState = 'connecting';
let closeStream: (() => void) | null = null;

function setConnection(next: ConnectionState): void {
  if (next === connection) return;
  connection = next;
  for (const l of connectionListeners) l(next);
}

function emit(event: ClientEvent): void {
  for (const l of eventListeners) l(event);
}

const progressListeners = new Set<(event: ProgressEvent) => void>();

/** Long work under way in the kiosk (a backup): for progress bars. Returns the unsubscribe. */
export function onProgress(listener: (event: ProgressEvent) => void): () => void {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
}

/** A pushed event: a change (marked when it is the event of one of this window's commands), or progress. */
function emitPushed(event: KioskEvent): void {
  if (event.type === 'progress') {
    for (const l of progressListeners) l(event);
    return;
  }
  emit(ownCommands.isOwn(event.channel, Date.now()) ? { ...event, own: true } : event);
}

/** The stream is back after a loss: events were missed, every query fetches again. */
function emitReconnected(): void {
  ownCommands.lost();
  emit({ type: 'reconnected', at: new Date().toISOString() });
}

function parseEvent(data: unknown): KioskEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const v: unknown = JSON.parse(data);
    const type = typeof v === 'object' && v !== null ? (v as { type?: unknown }).type : undefined;
    if (type === 'changed' || type === 'progress') return v as KioskEvent;
  } catch {
    // not an event of ours (e.g. a comment or keep-alive)
  }
  return null;
}

function openStream(): () => void {
  const b = bridge();
  if (b) {
    setConnection('open');
    return b.onEvent((e) => emitPushed(e));
  }
  const token = initAccessToken();
  if (token === null || typeof EventSource === 'undefined') {
    setConnection('lost');
    return () => undefined;
  }
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let wasLost = false;
  let stopped = false;
  const connect = () => {
    const s = new EventSource(`/events?token=${encodeURIComponent(token)}`);
    source = s;
    s.onopen = () => {
      setConnection('open');
      // Events may have been missed while the stream was down: re-fetch everything.
      if (wasLost) emitReconnected();
      wasLost = false;
    };
    s.onerror = () => {
      wasLost = true;
      setConnection('lost');
      // The browser retries by itself (after the server's `retry:`, 1 s) unless the server refused the stream.
      if (s.readyState === EventSource.CLOSED && !stopped) {
        s.close();
        retry = setTimeout(connect, STREAM_RETRY_MS);
      }
    };
    s.onmessage = (m) => {
      const event = parseEvent(m.data);
      // Not an event we know: fetch everything rather than miss a change.
      if (event) emitPushed(event);
      else emit({ type: 'reconnected', at: new Date().toISOString() });
    };
  };
  connect();
  return () => {
    stopped = true;
    if (retry !== null) clearTimeout(retry);
    source?.close();
  };
}

let pendingClose: ReturnType<typeof setTimeout> | null = null;

/** Subscribe to pushed events; the stream is opened with the first subscriber. */
export function subscribe(listener: (event: ClientEvent) => void): () => void {
  eventListeners.add(listener);
  if (pendingClose !== null) {
    clearTimeout(pendingClose);
    pendingClose = null;
  }
  if (closeStream === null) closeStream = openStream();
  return () => {
    eventListeners.delete(listener);
    if (eventListeners.size > 0 || pendingClose !== null) return;
    // Closed a moment later, so that a remount (React StrictMode) keeps the stream.
    pendingClose = setTimeout(() => {
      pendingClose = null;
      if (eventListeners.size === 0 && closeStream !== null) {
        closeStream();
        closeStream = null;
        setConnection('connecting');
      }
    }, 1000);
  };
}

export function getConnection(): ConnectionState {
  return connection;
}

export function onConnection(listener: (state: ConnectionState) => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}
