/** The enrolment's confirmation code, alone (node:crypto only): the hall's list and a counter's enrolment word it alike. */
import { createHash } from 'node:crypto';

/**
 * The short code both screens show after an enrolment: the first 6 decimal
 * digits of SHA-256(serverFingerprint + '\n' + terminalFingerprint) read as a
 * big integer, mod 10^6, written `123 456` (the wire protocol's).
 */
export function confirmationCode(serverFingerprint: string, terminalFingerprint: string): string {
  const digest = createHash('sha256').update(`${serverFingerprint}\n${terminalFingerprint}`).digest('hex');
  const n = (BigInt(`0x${digest}`) % 1_000_000n).toString().padStart(6, '0');
  return `${n.slice(0, 3)} ${n.slice(3)}`;
}
