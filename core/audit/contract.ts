/** The audit domain's slice of the contract: the checks of the audit chain and of the books. */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from '../idempotency.js';
import { pageFields, pageSchema } from '../paging.js';
import { channel, empty, isoTime, MANAGERS } from '../schema.js';
import { CLOCK_SYNC_SOURCES, CLOCK_SYNC_STATES } from './clock.js';

/** The database's storage: writing, or refused because the disk is full or failing (writes resume by themselves). */
const storageStateSchema = z.object({
  storage: z.enum(['ok', 'full', 'io_error']),
  /** When the current trouble began (null while all is well). */
  since: isoTime.nullable(),
});

/** The journal shipper's state as the hall's screens see it: where the group's copy of this hall's journal stands. */
const journalStateSchema = z.object({
  /**
   * shipping: entries on their way; caught-up: the group holds them all; unreachable: PostgreSQL does not answer
   * (the hall sells on, the backlog grows); diverged: the group holds another history of this hall, nothing is sent;
   * behind: this file is older than the group's copy (an old backup restored).
   */
  state: z.enum(['starting', 'shipping', 'caught-up', 'unreachable', 'diverged', 'behind']),
  /** Entries the hall holds that the group does not yet. */
  backlog: z.number().int().nonnegative(),
  /** The newest seq the group holds of this hall (null before the first answer). */
  groupHead: z.number().int().nonnegative().nullable(),
  /** When the shipper last moved the group's head. */
  lastShippedAt: isoTime.nullable(),
  /** The time of the newest entry the group holds. */
  lastEntryAt: isoTime.nullable(),
  /** Since when the current state holds (unreachable, diverged: since when the trouble began). */
  since: isoTime.nullable(),
  /** Diverged: the first entry where the hall's history and the group's part. */
  divergedSeq: z.number().int().positive().nullable(),
  /** Unreachable: the cause (ECONNREFUSED...). */
  cause: z.string().nullable(),
});
export type JournalState = z.infer<typeof journalStateSchema>;

/** The kiosk's health: its disk, and its journal's copy in the group's PostgreSQL (null where no group database is set). */
const healthSchema = storageStateSchema.extend({ journal: journalStateSchema.nullable() });

/**
 * A command a counter sent whose answer was lost, as the counter knows it (issue 37): unknown until the hall
 * answers for its key (the command's own answer, or command.outcome once the link is back), then done or not done.
 */
const keyOutcomeSchema = z.object({
  key: z.string(),
  channel: z.string(),
  state: z.enum(['unknown', 'done', 'not_done']),
  /** When its answer was first lost. */
  since: isoTime,
  /** When the hall's answer settled it (null while unknown). */
  settledAt: isoTime.nullable(),
  /** Done: the command's answer as the hall kept it (null when the hall lost it: the act stands). */
  value: z.unknown().optional(),
});
export type KeyOutcome = z.infer<typeof keyOutcomeSchema>;

/** A counter's link to the hall server (main/counter/): every call is carried there; down, every call is refused (HALL_UNREACHABLE). */
const linkStateSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('standalone') }),
  z.object({
    mode: z.literal('counter'),
    link: z.enum(['up', 'down']),
    /** When the link last went down (down) or came up (up); null before the first answer. */
    since: isoTime.nullable(),
    /** The last failure's cause (ECONNREFUSED, timeout...), kept after the link is back. */
    lastError: z.string().nullable(),
    /** The counter's clock minus the hall's, from the last answer's Date header (null before any). */
    skewMs: z.number().int().nullable(),
    /** More than CLOCK_SKEW_LIMIT_MS apart: the screens say so. */
    clockOff: z.boolean(),
    /** This post as enrolled: its terminal, the hall it is carried to, and the confirmation code both screens show. */
    post: z.object({ terminalId: z.string(), hallUrl: z.string(), serverFingerprint: z.string(), confirmation: z.string() }).nullable().optional(),
    /** The commands whose outcome is unknown, and the latest settled by the hall's answer (bounded), newest first. */
    outcomes: z.array(keyOutcomeSchema).optional(),
  }),
]);
export type LinkState = z.infer<typeof linkStateSchema>;

/** How far a counter's clock may be from the hall server's before the screens say so (issue 24). */
export const CLOCK_SKEW_LIMIT_MS = 30_000;

const postingSchema = z.object({ account: z.string(), amountCents: z.number().int() });

const booksFindingSchema = z.object({
  problem: z.enum([
    'transaction_missing',
    'transaction_differs',
    'transaction_duplicated',
    'transaction_unexplained',
    'audit_missing',
    'document_missing',
    'audit_shared',
    'operator_changed_outside_commands',
    'operator_unrecorded',
  ]),
  document: z.object({ type: z.string(), id: z.number().int() }).nullable(),
  transactionId: z.number().int().nullable(),
  kind: z.string().nullable(),
  expected: z.array(postingSchema).nullable(),
  actual: z.array(postingSchema).nullable(),
});

/** One row of the audit log as audit.list shows it: what was done, when, by whom, where, and its values (cut to a summary). */
const auditEntrySchema = z.object({
  seq: z.number().int().positive(),
  at: isoTime,
  channel: z.string(),
  outcome: z.enum(['ok', 'refused']),
  /** The operator's username (null: before any login, e.g. the hall's setup). */
  operator: z.string().nullable(),
  terminalId: z.string(),
  /** The input, the values before and after as logged (JSON), each cut to its first 300 characters and `…`. */
  input: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

/** What the hall holds of a key its terminal sent (command.outcome): one fact, never a guess. */
const commandOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('done'),
    /** The command the key was used for. */
    channel: z.string(),
    /** Its answer as first given; null with answerLost when a slow answer was lost with the hall's process (the act stands). */
    value: z.unknown(),
    answerLost: z.boolean(),
  }),
  z.object({ outcome: z.literal('not_done') }),
]);
export type CommandOutcome = z.infer<typeof commandOutcomeSchema>;

export const auditContract = {
  'audit.list': channel({
    summary:
      'The audit log, newest first, a page at a time (keyset paging by instant and sequence number; cursor: the seq of the last row of the page before; at most 500 a page): by period [from, to) and channel.',
    kind: 'query',
    // Every command appends a row: the page is fetched again on the screen's own request, not on every sale.
    topics: [],
    roles: MANAGERS,
    input: z
      .object({
        from: isoTime.optional(),
        to: isoTime.optional(),
        channel: z
          .string()
          .regex(/^[a-z][A-Za-z]*(\.[A-Za-z]+)+$/, 'um canal, ex.: sale.create')
          .max(60)
          .optional(),
        ...pageFields,
      })
      .strict(),
    output: pageSchema('entries', auditEntrySchema),
  }),
  'system.health': channel({
    summary:
      "The kiosk's health for every screen's alert: the database's disk full or failing (writes refused meanwhile), or well; and where the group's copy of the hall's journal stands (backlog, last shipped, out of reach, diverged).",
    kind: 'query',
    topics: ['health'],
    roles: 'public',
    input: empty,
    output: healthSchema,
  }),
  'system.clock': channel({
    summary:
      "Whether the hall server's clock is kept synchronised (NTP), as its system says (timedatectl, timesyncd, chrony), for the managers' screens: unknown where no source answers, never read as synchronised.",
    kind: 'query',
    topics: ['health'],
    roles: MANAGERS,
    input: empty,
    output: z.object({
      sync: z.enum(CLOCK_SYNC_STATES),
      source: z.enum(CLOCK_SYNC_SOURCES).nullable(),
      /** When the system was last asked (null: this post does not ask). */
      checkedAt: isoTime.nullable(),
    }),
  }),
  'link.status': channel({
    summary:
      "This post's link to the hall server, for every screen's banner: a standalone kiosk (or the hall server itself) answers standalone; a counter answers from its own link, without asking the hall (up or down since when, the last error, its clock against the hall's).",
    kind: 'query',
    topics: ['link'],
    roles: 'public',
    input: empty,
    output: linkStateSchema,
  }),
  'command.outcome': channel({
    unkeyed: true,
    summary:
      "What became of a command this terminal sent and whose answer was lost, by its Idempotency-Key (a look-up, never a resend): done (its kept answer), or not done; a key the hall never received is given up in this same transaction, so the command, arriving later, is refused (COMMAND_GIVEN_UP) and 'not done' stays true. The terminal is the transport's; no operator needed (the hall may have restarted).",
    kind: 'command',
    topics: [],
    roles: 'public',
    input: z.object({ key: z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'uma chave de idempotência'), channel: z.string().regex(/^[a-z][A-Za-z]*(\.[A-Za-z]+)+$/).max(60) }).strict(),
    output: commandOutcomeSchema,
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
      /** The newest backup's head (kept beside the copy) against this file: a file cut or rewritten since that backup says so. */
      backup: z
        .object({ file: z.string(), seq: z.number().int(), hash: z.string(), anchor: z.enum(['ok', 'truncated', 'rewritten']) })
        .nullable(),
    }),
  }),
  'books.verify': channel({
    summary:
      'Check the books one document at a time: each sale, void, refund, prize paid, guia, chip exchange, drawer and fund movement against its ledger transactions (rebuilt from the document) and the audit row of the command that wrote it (bound to it by identity); every accepted command with its documents; every transaction explained by a document; every change of an operator made by an audited command.',
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    input: empty,
    output: z.object({
      ok: z.boolean(),
      documents: z.number().int(),
      transactions: z.number().int(),
      operators: z.number().int(),
      /** The first findings (at most 100); `findingsTotal` counts them all. */
      findings: z.array(booksFindingSchema),
      findingsTotal: z.number().int(),
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
