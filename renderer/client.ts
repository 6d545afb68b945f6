/**
 * The renderer's only way to the kiosk: a typed `invoke` over one of two
 * transports, and pushed events. Its parts are in client/, each by role; this
 * is their one face, so that screens import from here.
 *
 * - Electron: the preload exposes `window.kiosk` (KioskBridge, core/bridge.ts).
 * - Browser mode: `POST /rpc/<channel>` with the per-start access token, the
 *   operator token and the language as headers; the body is always the
 *   `{ ok, value | error }` envelope (also on 4xx). Pushes arrive over
 *   `EventSource('/events?token=...')`.
 *
 * It never throws: every failure, including the network's, comes back as
 * `{ ok: false, error }` with a message in the operator's language.
 *
 * - client/session.ts: the operator's token and the language every call carries.
 * - client/result.ts: the envelope, the client's own error codes, what a lost answer is.
 * - client/transport.ts: the bridge or HTTP, the access token.
 * - client/lost-acts.ts: acts of unknown outcome and their keys (issue 37).
 * - client/events.ts: the pushed events' stream, its state, progress.
 * - client/invoke.ts: one call, its Idempotency-Key and its retries.
 */
export type { ClientEvent } from './lib/topics.js';
export { setClientLang, setOperatorToken } from './client/session.js';
export { answerLost, hallAnswerLost, type ClientError, type ClientResult } from './client/result.js';
export { hasTransport, initAccessToken, isElectron } from './client/transport.js';
export { forgetLostAct, LOST_ACTS_MAX, lostActs, onLostActs, type LostAct } from './client/lost-acts.js';
export { getConnection, onConnection, onProgress, subscribe } from './client/events.js';
export { invoke, newActionKey, onUnauthenticated } from './client/invoke.js';
