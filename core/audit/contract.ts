/** The audit domain's slice of the contract: the checks of the audit chain and of the books. */
import { z } from 'zod';
import { channel, empty, MANAGERS } from '../schema.js';

export const auditContract = {
  'audit.verify': channel({
    summary: 'Check the hash chain of the audit log.',
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    input: empty,
    output: z.object({ valid: z.boolean(), entries: z.number().int(), brokenAt: z.number().int().nullable() }),
  }),
  'ledger.verify': channel({
    summary: 'Check that every ledger transaction sums to zero; balances per account.',
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    input: empty,
    output: z.object({
      balanced: z.boolean(),
      transactions: z.number().int(),
      unbalanced: z.array(z.number().int()),
      balances: z.record(z.string(), z.number().int()),
    }),
  }),
} as const;
