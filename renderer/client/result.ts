/**
 * A call's answer: the contract's `{ ok, value | error }` envelope, with the
 * codes the client adds when the call never reached an answer, and what a
 * lost answer means.
 */
import type { ErrorCode } from '../../core/errors.js';
import { i18n } from '../i18n/index.js';
import { clientLang } from './session.js';

/** Codes the client adds to the contract's: the call never reached an answer. */
type TransportErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE' | 'NO_ACCESS_TOKEN';
type ClientErrorCode = ErrorCode | TransportErrorCode;

export interface ClientError {
  code: ClientErrorCode;
  message: string;
  details?: unknown;
}

export type ClientResult<T> = { ok: true; value: T } | { ok: false; error: ClientError };

export function transportError(code: TransportErrorCode, details?: unknown): { ok: false; error: ClientError } {
  const key = { NETWORK_ERROR: 'transport.network', BAD_RESPONSE: 'transport.badResponse', NO_ACCESS_TOKEN: 'transport.noAccessToken' }[code];
  const status = typeof details === 'object' && details !== null && 'status' in details ? String((details as { status: unknown }).status) : '';
  return { ok: false, error: { code, message: i18n.t(key, { status, lng: clientLang() }), details } };
}

export function isEnvelope(body: unknown): body is ClientResult<unknown> {
  if (typeof body !== 'object' || body === null || !('ok' in body)) return false;
  const b = body as { ok: unknown; value?: unknown; error?: unknown };
  if (b.ok === true) return 'value' in b;
  if (b.ok !== false || typeof b.error !== 'object' || b.error === null) return false;
  const e = b.error as { code?: unknown; message?: unknown };
  return typeof e.code === 'string' && typeof e.message === 'string';
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
