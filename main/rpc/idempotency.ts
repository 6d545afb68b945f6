/** What an Idempotency-Key stands for: sha256 of the channel, the operator and the input as parsed (core/idempotency.ts). */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/idempotency.js';

export function commandFingerprint(channel: string, operatorId: number | null, input: unknown): string {
  return createHash('sha256').update(`${channel}\u0000${operatorId ?? ''}\u0000${canonicalJson(input)}`).digest('hex');
}
