/**
 * What an Idempotency-Key stands for: the channel, the terminal, the operator and the input
 * as parsed (core/idempotency.ts), digested under the PIN key (an input may
 * hold a manager's PIN: a plain hash of it could be tried PIN by PIN).
 */
import { canonicalJson } from '../../core/idempotency.js';
import type { Pins } from '../services/shared/pin.js';

export function commandFingerprint(pins: Pick<Pins, 'digest'>, channel: string, terminalId: string, operatorId: number | null, input: unknown): string {
  return pins.digest(`${channel}\u0000${terminalId}\u0000${operatorId ?? ''}\u0000${canonicalJson(input)}`);
}
