/**
 * Backups (issue 8, part 5), in the drawers domain: the day's close takes one;
 * a manager may take one at any time. This file is the backups' part of the
 * domain's contract slice and error codes; core/contract.ts and core/errors.ts
 * merge them.
 */
import { z } from 'zod';
import { channel, empty, isoTime, MANAGERS } from '../schema.js';
import { backupCopyStateSchema } from './backup-copies.js';

const backupSchema = z.object({
  /** The file's name in `<data>/backups`. */
  file: z.string(),
  bytes: z.number().int(),
  at: isoTime,
  /** `ok` after SQLite's integrity_check of the copy. */
  integrity: z.string(),
  /** Rows the copy holds in the tables that matter (sales, ledger, audit log...). */
  rows: z.record(z.string(), z.number().int()),
  /** The audit chain's head the copy holds, also kept beside it (`<file>.json`): audit.verify checks the live file against it. */
  auditHead: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
});

export const backupsContract = {
  'backup.create': channel({
    summary: "Copy the database to <data>/backups with SQLite's online backup, check the copy (integrity, audit chain, books) and keep the newest ones.",
    kind: 'command',
    topics: [],
    roles: MANAGERS,
    input: empty,
    output: backupSchema,
  }),
  'backup.copyStatus': channel({
    summary:
      "The second destination of the backups (issue 40): the folder the hall named, the last copy written and checked there (its time, size, sales), or why the last try failed (not mounted, read-only, full, not equal); retried by the hall server, never in a sale's way.",
    kind: 'query',
    topics: ['health', 'settings'],
    roles: MANAGERS,
    input: empty,
    output: backupCopyStateSchema,
  }),
} as const;

