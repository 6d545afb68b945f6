/**
 * The building blocks of every domain's slice of the contract: JSON-only
 * scalars (integer cents, ISO-8601 times), the channel definition and the
 * role groups. Each domain declares its channels with `channel(...)` in
 * core/<domain>/contract.ts; core/contract.ts merges them into one map.
 */
import { z } from 'zod';
import type { Topic } from './events.js';
import { ROLES, type Role } from './roles.js';
import { TERMINAL_ID_PATTERN } from './terminal.js';

export const cents = z.number().int().nonnegative();
export const isoTime = z.iso.datetime({ offset: true });
export const id = z.number().int().positive();
export const empty = z.object({}).strict();
export const username = z.string().trim().min(2).max(32).regex(/^[a-z0-9._-]+$/i, 'letras, algarismos, . _ -');
export const pin = z.string();
/** A terminal of the hall (core/terminal.ts): it names a drawer, a printer's post and a certificate. */
export const terminalId = z.string().regex(TERMINAL_ID_PATTERN, 'letras, algarismos, . _ - (até 32)');
export const seriesCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,3}$/, 'uma a três letras');

/**
 * A reason that will be printed (a Z report, a slip): letters (with the accents of
 * pt-PT), digits and common punctuation only, so every receipts printer's code
 * page (WPC1252, PC858) can print it and no control or bidi character gets in.
 */
export const reasonText = z
  .string()
  .trim()
  .min(3)
  .max(200)
  .regex(/^[A-Za-zÀ-ÖØ-öø-ÿ0-9 .,;:!?'"()/&%+#*=@€ºª-]*$/u, 'letras, algarismos e pontuação');

/**
 * Control characters (NUL included), the C1 range, and the marks that reorder
 * text (bidi overrides and isolates, LRM/RLM, the BOM): never part of a name
 * or a note, and on a receipt or the acta they hide or reorder what is read.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;
// eslint-disable-next-line no-control-regex
const HIDDEN_OR_NEWLINE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

/**
 * Free text typed by a person (a hall's name, an operator's, a note): trimmed,
 * its length bounded, and refused with a control, NUL or bidi character in
 * it. `multiline` lets line breaks through (an incident's text).
 */
export function plainText(min: number, max: number, options: { multiline?: boolean } = {}) {
  const hidden = options.multiline ? HIDDEN : HIDDEN_OR_NEWLINE;
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((text) => !hidden.test(text), { message: 'sem caracteres de controlo nem de direção do texto' });
}

/**
 * A cheque of the concessionaire's handed to a player (a guia's, chips'; Lei n.º 83/2017, art. 76.º, n.º 3 and 4),
 * or a player's cheque taken for chips: its amount, number and bank.
 */
export const chequeSchema = z
  .object({ amountCents: z.number().int().positive().max(100_000_000), number: z.string().trim().regex(/^[0-9A-Za-z-]{1,30}$/, 'n.º do cheque'), bank: plainText(1, 40) })
  .strict();

/**
 * A CSV file of the books (export.*): its name, its text (UTF-8, BOM first,
 * `;` between cells, CRLF; core/csv.ts) and how many rows it holds under its header.
 */
export const csvFileSchema = z.object({ filename: z.string(), content: z.string(), rows: z.number().int().nonnegative() });

/** A period [from, to) of instants, as the reports and the lists take it. */
export const periodFields = { from: isoTime, to: isoTime };

/** A manager's username and PIN given at the counter for an act that needs approval. */
export const approvalSchema = z.object({ username, pin }).strict();

type Access = 'public' | readonly Role[];

interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** 'public' channels need no operator (empty database setup, login). */
  roles: Access;
  /** Commands change state: run in one transaction, audited, pushed as events. */
  kind: 'command' | 'query';
  /**
   * A command: what its commit changes, named in the event pushed to every
   * screen. A query: what its answer depends on; a screen fetches it again
   * only after an event naming one of these.
   */
  topics: readonly Topic[];
  summary: string;
  /**
   * Its answer holds a secret (a session token, a recovery code, a board's
   * token): never kept with an Idempotency-Key (the key is ignored; sent
   * again, it is a new act, which these may be).
   */
  secretAnswer?: true;
  /**
   * A command whose answer is not kept with a key, though it holds no
   * secret: one that asks about another command's key (command.outcome: each
   * asking answers what the hall holds then), or one whose answer is too
   * large to keep (session.export: the ZIP; sent again, it is another
   * export, audited again).
   */
  unkeyed?: true;
}

export function channel<I extends z.ZodType, O extends z.ZodType>(def: ChannelDef<I, O>): ChannelDef<I, O> {
  return def;
}

export const EVERYONE: readonly Role[] = ROLES;
export const MANAGERS: readonly Role[] = ['manager', 'admin'];
/** Who reads personal data (Lei n.º 83/2017): the managers and the compliance officer. */
export const PERSONAL_DATA_READERS: readonly Role[] = ['manager', 'admin', 'compliance'];
export const CASHIERS: readonly Role[] = ['cashier'];
export const COUNTER: readonly Role[] = ['cashier', 'manager', 'admin'];
/** The casino caixa's desk: caixa staff and managers (guias, meter readings). */
export const CAIXA_DESK: readonly Role[] = ['caixa', 'manager', 'admin'];

/** A signed checkpoint as the screens, the Z and the acta show it. */
/** Shared by the domains that print one (the Z, the acta) and the audit domain that makes them. */
export const signedCheckpointSchema = z.object({
  id: z.number().int(),
  at: isoTime,
  /** Entries 1..size of the audit log. */
  size: z.number().int(),
  /** The tree's root, hexadecimal (the note holds it in base64). */
  rootHash: z.string(),
  /** The signing key's id, 8 hexadecimal digits. */
  keyId: z.string(),
  /** The C2SP signed note, exactly as signed. */
  note: z.string(),
});
