/**
 * The two ways to the kiosk: Electron's preload bridge (`window.kiosk`), or
 * browser mode's `POST /rpc/<channel>` with the per-start access token. Both
 * answer with the envelope; neither throws.
 */
import type { CallMeta, KioskBridge } from '../../core/bridge.js';
import { loadAccessToken } from '../lib/token.js';
import { isEnvelope, transportError, type ClientResult } from './result.js';

/** How long a call may take before the screen says the kiosk did not answer. */
const CALL_TIMEOUT_MS = 20_000;

let accessToken: string | null = null;
let accessTokenLoaded = false;

export function bridge(): KioskBridge | undefined {
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

/** One call over whichever transport this window has, once. */
export async function send(channel: string, input: unknown, meta: CallMeta): Promise<ClientResult<unknown>> {
  const b = bridge();
  if (!b) return invokeHttp(channel, input, meta);
  try {
    const r: unknown = await b.invoke(channel, input, meta);
    return isEnvelope(r) ? r : transportError('BAD_RESPONSE');
  } catch (err) {
    return transportError('NETWORK_ERROR', { cause: String(err) });
  }
}
