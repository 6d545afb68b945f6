/**
 * Every money kind of the kiosk and every line of a drawer's X and Z, as the
 * domains declare them (core/<domain>/money.ts), merged once: a kind or a
 * line declared twice is refused at start. What each domain prints is merged
 * by the print queue's own kinds (core/printing/jobs.ts).
 */
import {
  bingoAccounts,
  bingoLedger,
  BINGO_CASH_LINES,
  BINGO_CHIP_LINES,
  BINGO_EVIDENCE,
  BINGO_MONEY_KINDS,
} from './bingo/money.js';
import {
  caixaAccounts,
  caixaLedger,
  CAIXA_CASH_LINES,
  CAIXA_EVIDENCE,
  CAIXA_MONEY_KINDS,
} from './caixa/money.js';
import {
  drawerLedger,
  drawerMoneyAccounts,
  DRAWER_CASH_LINES,
  DRAWER_EVIDENCE,
  DRAWER_MONEY_KINDS,
} from './drawers/money.js';
import { BINGO_DOCUMENTS } from './bingo/documents.js';
import { CAIXA_DOCUMENTS } from './caixa/documents.js';
import { COMPLIANCE_DOCUMENTS } from './compliance/documents.js';
import { auditedDocuments, LEDGER_DOCUMENTS, mergeDocuments } from './documents.js';
import { DRAWER_DOCUMENTS } from './drawers/documents.js';
import { drawerAccounts, paymentAccounts, type LedgerEntry } from './ledger.js';
import { CHIP_DOCUMENTS } from './roulette/documents.js';
import { mergeUnique } from './merge.js';
import { mergeDeclared, type DrawerLine, type MoneyKind } from './money-kinds.js';
import {
  chipAccounts,
  chipLedger,
  CHIP_CASH_LINES,
  CHIP_EVIDENCE,
  CHIP_FLOAT_LINES,
  CHIP_MONEY_KINDS,
} from './roulette/money.js';

type Declared = typeof BINGO_MONEY_KINDS | typeof DRAWER_MONEY_KINDS | typeof CAIXA_MONEY_KINDS | typeof CHIP_MONEY_KINDS;

/** Every kind of ledger transaction the kiosk writes: the domains' declared kinds. */
export type LedgerKind = Declared[number]['kind'];

/** What a ledger transaction documents (ledger_transactions.ref_type): the domains' documents. */
export type DocumentType = Declared[number]['documents'][number];

/** A transaction of a declared kind, documenting a declared document. */
export type LedgerRef = { type: DocumentType; id: number };

/** The accounts of every domain, by name. */
export const accounts = mergeUnique('account', { drawerAccounts, paymentAccounts, bingoAccounts, drawerMoneyAccounts, caixaAccounts, chipAccounts });

/** The builders of every domain's transactions, by name (each in its domain's money.ts). */
export const ledger = mergeUnique('ledger builder', { bingoLedger, drawerLedger, caixaLedger, chipLedger });

// Each builder makes a kind its domain declares (the books check's samples prove it at run time).
export type { LedgerEntry };

export const MONEY_KINDS: readonly MoneyKind[] = mergeDeclared<MoneyKind>('money kind', (k) => k.kind, { BINGO_MONEY_KINDS, DRAWER_MONEY_KINDS, CAIXA_MONEY_KINDS, CHIP_MONEY_KINDS });

const byOrder = (a: DrawerLine, b: DrawerLine) => a.order - b.order;

/** The lines of a drawer's cash, in the report's order. */
export const CASH_LINES: readonly DrawerLine[] = mergeDeclared('cash line', (l) => l.key, { BINGO_CASH_LINES, DRAWER_CASH_LINES, CAIXA_CASH_LINES, CHIP_CASH_LINES }, byOrder);

/** The lines of a caixa's chips, in the report's order. */
export const CHIP_LINES: readonly DrawerLine[] = mergeDeclared('chip line', (l) => l.key, { BINGO_CHIP_LINES, CHIP_FLOAT_LINES }, byOrder);

/** A transaction of a kind no domain declares, or documenting what its kind does not: a builder out of step with its descriptor. */
class UndeclaredMoneyKindError extends Error {}

export function assertDeclared(entry: Pick<LedgerEntry, 'kind' | 'ref'>): void {
  const d = MONEY_KINDS.find((k) => k.kind === entry.kind);
  if (!d) throw new UndeclaredMoneyKindError(`ledger kind "${entry.kind}" is not declared by any domain (core/<domain>/money.ts)`);
  if (!d.documents.includes(entry.ref.type)) throw new UndeclaredMoneyKindError(`ledger kind "${entry.kind}" does not document a ${entry.ref.type}`);
}

// ---- the books check: each domain says what its documents call for ----

const EVIDENCE = mergeUnique('document', { BINGO_EVIDENCE, DRAWER_EVIDENCE, CAIXA_EVIDENCE, CHIP_EVIDENCE });

/** One document as stored, with everything its postings are built from: whatever each domain's evidence reads (its type declared there). */
export type BookDocument = { [T in keyof typeof EVIDENCE]: Parameters<(typeof EVIDENCE)[T]>[0] }[keyof typeof EVIDENCE];

/** Every document type the ledger's transactions name, in the order the books check reads them. */
export const DOCUMENT_TYPES = Object.keys(EVIDENCE) as DocumentType[];

/** The transactions a document calls for, built by the builders that posted them (its domain's evidence). */
export function expectedEntries(doc: BookDocument): LedgerEntry[] {
  const evidence = EVIDENCE[doc.type] as (d: BookDocument) => readonly (LedgerEntry | null)[];
  return evidence(doc).filter((e): e is LedgerEntry => e !== null);
}

// ---- the audit binding: which commands write each document ----

/**
 * Every row a command writes, as the domains declare it (core/<domain>/documents.ts): a type or a table
 * declared twice is refused at start. The journal's shipped tables, the binding's writers, the books check's
 * rows and the inspector's files are all read from here.
 */
export const DOCUMENTS = mergeDocuments({ BINGO_DOCUMENTS, CAIXA_DOCUMENTS, DRAWER_DOCUMENTS, CHIP_DOCUMENTS, COMPLIANCE_DOCUMENTS, LEDGER_DOCUMENTS });

/** The documents bound by document_audit (the rows of its `document_types`, migration 0033). */
export const BOUND_DOCUMENTS = auditedDocuments(DOCUMENTS);

type Written = Extract<(typeof BOUND_DOCUMENTS)[number], { writers: object }>;
const AUDITED = Object.fromEntries(BOUND_DOCUMENTS.filter((d): d is Written => 'writers' in d).map((d) => [d.type, d.writers])) as {
  readonly [D in Written as D['type']]: D['writers'];
};

/** An audited document's type: a domain's documents, and any ledger transaction. */
export type AuditedDocument = (typeof BOUND_DOCUMENTS)[number]['type'];

/**
 * What a document's audit row must be, by the document's type (the types
 * books.verify names in its findings): the channels of the commands that
 * write it; null for a ledger transaction, which any accepted command may
 * post. Each document is bound to its command's row by the database as it is
 * written (migration 0018, `document_audit`).
 */
export const AUDITED_DOCUMENTS = {
  ...(Object.fromEntries(Object.entries(AUDITED).map(([document, writers]) => [document, Object.keys(writers)])) as unknown as Record<keyof typeof AUDITED, readonly string[]>),
  ledger_transaction: null,
} as Readonly<Record<AuditedDocument, readonly string[] | null>>;

/** The other way: how many documents of a type each accepted command writes. */
export const COMMAND_DOCUMENTS: readonly { channel: string; document: AuditedDocument; min: number; max: number }[] = Object.entries(AUDITED).flatMap(
  ([document, writers]) => Object.entries(writers as Readonly<Record<string, readonly [number, number]>>).map(([channel, [min, max]]) => ({ channel, document: document as AuditedDocument, min, max })),
);
