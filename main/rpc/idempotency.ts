/**
 * What an Idempotency-Key stands for: the channel, the terminal, the operator
 * and the input as parsed less its secrets (core/idempotency.ts). It holds no
 * secret, so it needs no key: the same key sent again with another PIN is the
 * same command, answered as it was, and no PIN is ever tried through it.
 */
import { createHash } from 'node:crypto';
import { canonicalJson, withoutSecrets } from '../../core/idempotency.js';

export function commandFingerprint(channel: string, terminalId: string, operatorId: number | null, input: unknown): string {
  return createHash('sha256')
    .update(`${channel}\u0000${terminalId}\u0000${operatorId ?? ''}\u0000${canonicalJson(withoutSecrets(input))}`)
    .digest('hex');
}
