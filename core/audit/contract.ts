/** The audit domain's slice of the contract: the checks of the audit chain and of the books. */
import { z } from 'zod';
import { channel, empty, isoTime, MANAGERS } from '../schema.js';

/** The database's storage: writing, or refused because the disk is full or failing (writes resume by themselves). */
export const storageStateSchema = z.object({
  storage: z.enum(['ok', 'full', 'io_error']),
  /** When the current trouble began (null while all is well). */
  since: isoTime.nullable(),
});

export const auditContract = {
  'system.health': channel({
    summary: "The kiosk's health for every screen's alert: the database's disk full or failing (writes refused meanwhile), or well.",
    kind: 'query',
    topics: ['health'],
    roles: 'public',
    input: empty,
    output: storageStateSchema,
  }),
  'audit.verify': channel({
    summary: 'Check the hash chain of the audit log.',
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    input: z
      .object({
        /** A head printed earlier (a Z report, the acta): the chain must still hold that row with that hash. */
        anchor: z.object({ seq: z.number().int().positive(), hash: z.string().regex(/^[0-9a-f]{64}$/) }).strict().optional(),
      })
      .strict(),
    output: z.object({
      valid: z.boolean(),
      entries: z.number().int(),
      brokenAt: z.number().int().nullable(),
      head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
      anchor: z.enum(['ok', 'truncated', 'rewritten']).nullable(),
    }),
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

export type StorageState = z.output<typeof storageStateSchema>;
