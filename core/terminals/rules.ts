/**
 * The terminals domain's rules: who may be enrolled, what an enrolment code
 * is and when it still works, and how often a terminal's last call is
 * written down. Pure: the clock and the rows come in.
 */
import { KioskError } from '../refusal.js';
import { isTerminalId } from '../terminal.js';

/** A post's roles (post.ts): a standalone kiosk, the hall server, a counter enrolled at it. */
export const POST_MODES = ['standalone', 'hall', 'counter'] as const;
export type PostMode = (typeof POST_MODES)[number];

/** The hall server's terminals port when the first-run screen is not told another. */
export const DEFAULT_TERMINALS_PORT = 7443;
/** The hall server listens on every address of the post unless told one. */
export const DEFAULT_TERMINALS_BIND = '0.0.0.0';

/**
 * The data folder the enrolment command shown to the admin gives a counter:
 * its own, named after its terminal, beside where the command runs (the
 * program's folder), so that a hall and a counter tried on one machine never
 * share one. Ignored by git like the kiosk's own `.kiosk-data`.
 */
export const counterDataDirOf = (name: string): string => `.kiosk-counter-${name}`;

/** An enrolment code works for 10 minutes after it is shown. */
export const ENROLMENT_CODE_TTL_MS = 10 * 60_000;

/** The hall server's certificate in its data folder (main/hall/pki.ts writes it; the settings screen shows its fingerprint). */
export const HALL_SERVER_CERT_FILE = 'hall-server.crt';

/**
 * Crockford's base 32 (no I, L, O, U): read aloud or typed from a screen
 * without confusing 0 and O. 12 symbols = 60 bits, shown XXXX-XXXX-XXXX.
 */
export const ENROLMENT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ENROLMENT_CODE_LENGTH = 12;

/** The code as typed (lower case, spaces or dashes between groups) to the form it is hashed in. */
export function normaliseEnrolmentCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** 12 symbols of the alphabet from random bytes (at least 12): each byte's low 5 bits. */
export function enrolmentCodeOf(random: Uint8Array): string {
  if (random.length < ENROLMENT_CODE_LENGTH) throw new Error('enrolmentCodeOf: 12 random bytes at least');
  return Array.from(random.subarray(0, ENROLMENT_CODE_LENGTH), (b) => ENROLMENT_CODE_ALPHABET[b & 31]).join('');
}

/** `ABCD-EFGH-JKMN`: how the screen shows it. */
export function formatEnrolmentCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

interface TerminalState {
  name: string;
  revokedAt: string | null;
}

/** May `name` be enrolled now? Refuses an invalid id, the hall server's own terminal, and a name enrolled and live. */
export function assertEnrollable(name: string, homeTerminalId: string, live: TerminalState | undefined): void {
  if (!isTerminalId(name)) throw new KioskError('TERMINAL_NAME_INVALID', { name: String(name).slice(0, 40) });
  if (name === homeTerminalId) throw new KioskError('TERMINAL_IS_HALL', { name });
  if (live && live.revokedAt === null) throw new KioskError('TERMINAL_ALREADY_ENROLLED', { name });
}

/** May the terminal found by `name` be revoked? The newest row of that name: unknown, or revoked already, refuses. */
export function assertRevocable(name: string, newest: TerminalState | undefined): void {
  if (!newest) throw new KioskError('TERMINAL_NOT_FOUND', { name: name.slice(0, 40) });
  if (newest.revokedAt !== null) throw new KioskError('TERMINAL_ALREADY_REVOKED', { name, revokedAt: newest.revokedAt });
}

interface EnrolmentCodeState {
  expiresAt: string;
  usedAt: string | null;
}

/** Does the code still work at `at`? Unknown, used, or expired (at or after its expiry) refuses. */
export function assertCodeRedeemable(code: EnrolmentCodeState | undefined, at: Date): void {
  if (!code) throw new KioskError('ENROLMENT_CODE_UNKNOWN');
  if (code.usedAt !== null) throw new KioskError('ENROLMENT_CODE_USED');
  if (at.getTime() >= new Date(code.expiresAt).getTime()) throw new KioskError('ENROLMENT_CODE_EXPIRED', { expiresAt: code.expiresAt });
}

export function enrolmentExpiry(at: Date): string {
  return new Date(at.getTime() + ENROLMENT_CODE_TTL_MS).toISOString();
}

/** A terminal's last call is written at most once a minute: not one write per call. */
const LAST_SEEN_EVERY_MS = 60_000;

export function lastSeenDue(lastWrittenMs: number | undefined, nowMs: number): boolean {
  return lastWrittenMs === undefined || nowMs - lastWrittenMs >= LAST_SEEN_EVERY_MS;
}
