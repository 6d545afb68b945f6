/**
 * The books check, one document at a time (issue 12, part 3): every ledger
 * transaction must be the one its document calls for, built by the same
 * helper of core/ledger.ts from the document as stored, and every document
 * must have its transactions. A balanced transaction written by hand, a sale
 * whose amount was edited after its posting, or a posting that vanished are
 * each named, where `ledger.verify` (which only adds up) sees nothing.
 */
import type { LedgerEntry, Posting } from '../ledger.js';
import { ledger, type LedgerRef } from '../money-registry.js';

/** What a ledger transaction documents: its `ref_type`. */
export type DocumentType = LedgerRef['type'];

/** One document as stored, with everything its postings are built from. */
export type BookDocument =
  | {
      type: 'sale';
      id: number;
      totalCents: number;
      method: 'cash' | 'chips';
      terminalId: string;
      voided: boolean;
      /** A refund after its game was annulled (art. 16.3). */
      refund: { amountCents: number; terminalId: string } | null;
    }
  | {
      type: 'game';
      id: number;
      closure: { prizesCents: number; specialShareCents: number; stampDutyCents: number } | null;
      annulled: boolean;
      /** Line and bingo prizes paid from the close's provision (the special prize excluded). */
      paidFromProvisionCents: number;
      /** The special prize won at this game (the fund as it stood), or 0. */
      specialWonCents: number;
      /** The fund's restart after that win (the acta's special_fund_started), or 0. */
      specialRestartCents: number;
    }
  | { type: 'session'; id: number; specialStartCents: number }
  | { type: 'winner'; id: number; paidCents: number; terminalId: string }
  | { type: 'drawer_movement'; id: number; kind: 'pay_in' | 'pay_out' | 'drop'; amountCents: number; terminalId: string }
  | {
      type: 'guia';
      id: number;
      amountCents: number;
      fund: string | null;
      voided: boolean;
      payment: { cashCents: number; chequeCents: number; terminalId: string } | null;
    }
  | { type: 'fund_contribution'; id: number; fund: string; amountCents: number }
  | { type: 'fund_transfer'; id: number; fromFund: string; toFund: string; amountCents: number }
  | { type: 'chip_exchange'; id: number; kind: 'sell' | 'redeem'; totalCents: number; terminalId: string }
  | { type: 'chip_movement'; id: number; kind: 'fill' | 'credit'; totalCents: number; terminalId: string };

/** A ledger transaction as stored. */
export interface StoredTransaction {
  id: number;
  kind: string;
  refType: string | null;
  refId: number | null;
  postings: Posting[];
}

export type BooksProblem =
  /** The document calls for a transaction the ledger does not have. */
  | 'transaction_missing'
  /** The transaction's postings are not what its document calls for. */
  | 'transaction_differs'
  /** A second transaction of the same kind for one document. */
  | 'transaction_duplicated'
  /** A transaction no document calls for (no such document, or not of that kind). */
  | 'transaction_unexplained'
  /**
   * A document no audited command wrote: the audit row bound to it (the row
   * after the log's last one when it was written) is not an accepted command
   * of its kind at its instant, or it is bound to none.
   */
  | 'audit_missing'
  /** An accepted command's audit row with no document of its kind bound to it: the document was never written, or rebound. */
  | 'document_missing'
  /** More documents bound to one command's audit row than that command writes: each of them is named. */
  | 'audit_shared'
  /** An operator's identity or authority changed with no audited command behind it. */
  | 'operator_changed_outside_commands'
  /** An operator differs from their last recorded change: changed with the record switched off. */
  | 'operator_unrecorded';

export interface BooksFinding {
  problem: BooksProblem;
  document: { type: string; id: number } | null;
  transactionId: number | null;
  kind: string | null;
  expected: Posting[] | null;
  actual: Posting[] | null;
}

const entries = (...list: (LedgerEntry | null)[]): LedgerEntry[] => list.filter((e): e is LedgerEntry => e !== null);

/** The transactions a document calls for, built by the helpers that posted them. */
export function expectedEntries(doc: BookDocument): LedgerEntry[] {
  switch (doc.type) {
    case 'sale':
      return entries(
        ledger.cardSale(doc.id, doc.totalCents, doc.method, doc.terminalId),
        doc.voided ? ledger.cardSaleVoid(doc.id, ledger.cardSale(doc.id, doc.totalCents, doc.method, doc.terminalId).postings) : null,
        doc.refund ? ledger.cardRefund(doc.id, doc.refund.amountCents, doc.refund.terminalId) : null,
      );
    case 'game':
      return entries(
        doc.closure ? ledger.gameSaleClosed(doc.id, doc.closure) : null,
        doc.specialWonCents > 0 ? ledger.specialPrizeWon(doc.id, doc.specialWonCents) : null,
        ledger.specialFundStarted({ type: 'game', id: doc.id }, doc.specialRestartCents),
        doc.annulled && doc.closure
          ? ledger.gameAnnulled(doc.id, { unpaidPrizesCents: doc.closure.prizesCents - doc.paidFromProvisionCents, stampDutyCents: doc.closure.stampDutyCents })
          : null,
      );
    case 'session':
      return entries(ledger.specialFundStarted({ type: 'session', id: doc.id }, doc.specialStartCents));
    case 'winner':
      return entries(ledger.prizePaid(doc.id, doc.paidCents, doc.terminalId));
    case 'drawer_movement': {
      const build = doc.kind === 'pay_in' ? ledger.payIn : doc.kind === 'pay_out' ? ledger.payOut : ledger.drop;
      return [build(doc.id, doc.amountCents, doc.terminalId)];
    }
    case 'guia': {
      const issued = ledger.guiaIssued(doc.id, doc.amountCents, doc.fund);
      return entries(
        issued,
        doc.voided ? ledger.guiaVoided(doc.id, issued.postings) : null,
        doc.payment ? ledger.guiaPaid(doc.id, doc.payment, doc.payment.terminalId) : null,
      );
    }
    case 'fund_contribution':
      return [ledger.fundContribution(doc.id, doc.fund, doc.amountCents)];
    case 'fund_transfer':
      return [ledger.fundTransfer(doc.id, doc.fromFund, doc.toFund, doc.amountCents)];
    case 'chip_exchange':
      return [(doc.kind === 'sell' ? ledger.chipsSold : ledger.chipsRedeemed)(doc.id, doc.totalCents, doc.terminalId)];
    case 'chip_movement':
      return [(doc.kind === 'fill' ? ledger.chipsFilled : ledger.chipsCredited)(doc.id, doc.totalCents, doc.terminalId)];
  }
}

/** Postings compared as a set of (account, amount), whatever their order. */
function samePostings(a: readonly Posting[], b: readonly Posting[]): boolean {
  const key = (ps: readonly Posting[]) =>
    ps
      .map((p) => `${p.account}\u0000${p.amountCents}`)
      .sort()
      .join('\u0001');
  return a.length === b.length && key(a) === key(b);
}

/**
 * The findings of one document against the transactions that name it
 * (`stored`: every transaction whose ref is this document, of any kind).
 */
export function checkDocument(doc: BookDocument, stored: readonly StoredTransaction[]): BooksFinding[] {
  const findings: BooksFinding[] = [];
  const document = { type: doc.type, id: doc.id };
  const expected = expectedEntries(doc);
  const expectedKinds = new Set<string>(expected.map((e) => e.kind));
  for (const e of expected) {
    const [first, ...more] = stored.filter((t) => t.kind === e.kind);
    if (!first) {
      findings.push({ problem: 'transaction_missing', document, transactionId: null, kind: e.kind, expected: e.postings, actual: null });
      continue;
    }
    if (!samePostings(e.postings, first.postings)) {
      findings.push({ problem: 'transaction_differs', document, transactionId: first.id, kind: e.kind, expected: e.postings, actual: first.postings });
    }
    for (const extra of more) {
      findings.push({ problem: 'transaction_duplicated', document, transactionId: extra.id, kind: e.kind, expected: null, actual: extra.postings });
    }
  }
  for (const t of stored) {
    if (!expectedKinds.has(t.kind)) findings.push(unexplained(t));
  }
  return findings;
}

/** A transaction no document calls for. */
export function unexplained(t: StoredTransaction): BooksFinding {
  return {
    problem: 'transaction_unexplained',
    document: t.refType !== null && t.refId !== null ? { type: t.refType, id: t.refId } : null,
    transactionId: t.id,
    kind: t.kind,
    expected: null,
    actual: t.postings,
  };
}

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  'sale',
  'game',
  'session',
  'winner',
  'drawer_movement',
  'guia',
  'fund_contribution',
  'fund_transfer',
  'chip_exchange',
  'chip_movement',
];

/** An operator's recorded state: {username, name, roles, active}. */
export interface OperatorState {
  username: string;
  name: string;
  roles: string[];
  active: boolean;
}

/** The audited commands that may change an operator, by the kind of change the trigger recorded. */
export const OPERATOR_CHANNELS: Readonly<Record<'created' | 'updated', readonly string[]>> = {
  created: ['setup.init', 'users.create'],
  // pins.sealed: a PIN hash of before the PIN key, sealed under it at start (main/services/shared/credentials.ts).
  updated: ['users.update', 'users.resetPin', 'auth.recover', 'pins.sealed'],
};

/** The commands whose change is a new PIN (and only that). */
const PIN_CHANNELS: readonly string[] = ['users.resetPin', 'auth.recover', 'pins.sealed'];

/** A change of an operator as the trigger recorded it (operator_changes). */
export interface OperatorChange {
  id: number;
  operatorId: number;
  change: 'baseline' | 'created' | 'updated';
  after: OperatorState;
  pinChanged: boolean;
}

/** The audit row written right after a change (its command's own row), if any. */
export interface AuditRowAfter {
  channel: string;
  outcome: string;
  /** The command's recorded result: the operator as it left them. */
  after: unknown;
}

/** The operator a command's audit row names: users.* record them whole, setup.init as `admin`. */
function operatorRecorded(channel: string, after: unknown): (Partial<OperatorState> & { id?: unknown; pinChanged?: unknown }) | null {
  if (!after || typeof after !== 'object') return null;
  const record = channel === 'setup.init' ? (after as { admin?: unknown }).admin : after;
  return record && typeof record === 'object' ? (record as Partial<OperatorState> & { id?: unknown }) : null;
}

/**
 * A recorded change stands when the audit row right after it is an accepted
 * command that may make that change and records the operator exactly as the
 * change left them (a PIN reset changes only the PIN).
 */
export function operatorChangeExplained(c: OperatorChange, audit: AuditRowAfter | null): boolean {
  if (c.change === 'baseline') return true;
  if (!audit || audit.outcome !== 'ok' || !OPERATOR_CHANNELS[c.change].includes(audit.channel)) return false;
  const r = operatorRecorded(audit.channel, audit.after);
  if (!r || r.id !== c.operatorId) return false;
  if (r.username !== c.after.username || r.name !== c.after.name || JSON.stringify(r.roles) !== JSON.stringify(c.after.roles)) return false;
  if (r.active !== undefined && r.active !== c.after.active) return false;
  return PIN_CHANNELS.includes(audit.channel) ? c.pinChanged : !(c.change === 'updated' && c.pinChanged);
}

/** At most this many findings are returned (the count is always whole): the first ones say where to look. */
export const BOOKS_FINDINGS_SHOWN = 100;

/**
 * What a document's audit row must be, by the document's type (the types
 * books.verify names in its findings): the channels of the commands that
 * write it; null for a ledger transaction, which any accepted command may
 * post. Each document is bound to its command's row by the database as it is
 * written (migration 0018, `document_audit`).
 */
export const AUDITED_DOCUMENTS = {
  sale: ['sale.create'],
  sale_void: ['sale.voidLast'],
  refund: ['refund.pay'],
  prize_payment: ['prize.pay'],
  game_closure: ['game.closeSale', 'game.open'],
  guia: ['guia.issue'],
  guia_payment: ['guia.pay'],
  guia_void: ['guia.void'],
  chip_exchange: ['chips.sell', 'chips.redeem'],
  chip_movement: ['chips.move'],
  drawer_movement: ['drawer.move'],
  fund_contribution: ['meters.record', 'jackpot.contribute'],
  fund_transfer: ['jackpot.transfer'],
  ledger_transaction: null,
} as const satisfies Record<string, readonly string[] | null>;

export type AuditedDocument = keyof typeof AUDITED_DOCUMENTS;

/**
 * The other way: how many documents of a type each accepted command writes.
 * A second game's closure is written at its opening (double cards), a
 * meter reading contributes to none, one or both of its funds.
 */
export const COMMAND_DOCUMENTS: readonly { channel: string; document: AuditedDocument; min: number; max: number }[] = [
  { channel: 'sale.create', document: 'sale', min: 1, max: 1 },
  { channel: 'sale.voidLast', document: 'sale_void', min: 1, max: 1 },
  { channel: 'refund.pay', document: 'refund', min: 1, max: 1 },
  { channel: 'prize.pay', document: 'prize_payment', min: 1, max: 1 },
  { channel: 'game.closeSale', document: 'game_closure', min: 1, max: 1 },
  { channel: 'game.open', document: 'game_closure', min: 0, max: 1 },
  { channel: 'guia.issue', document: 'guia', min: 1, max: 1 },
  { channel: 'guia.pay', document: 'guia_payment', min: 1, max: 1 },
  { channel: 'guia.void', document: 'guia_void', min: 1, max: 1 },
  { channel: 'chips.sell', document: 'chip_exchange', min: 1, max: 1 },
  { channel: 'chips.redeem', document: 'chip_exchange', min: 1, max: 1 },
  { channel: 'chips.move', document: 'chip_movement', min: 1, max: 1 },
  { channel: 'drawer.move', document: 'drawer_movement', min: 1, max: 1 },
  { channel: 'jackpot.contribute', document: 'fund_contribution', min: 1, max: 1 },
  { channel: 'meters.record', document: 'fund_contribution', min: 0, max: 2 },
  { channel: 'jackpot.transfer', document: 'fund_transfer', min: 1, max: 1 },
];

/**
 * The findings of one accepted command's audit row (seq) against the
 * documents of a type bound to it at its instant: too few is a document
 * missing, too many names each of them.
 */
export function commandDocumentsFindings(
  spec: { channel: string; document: AuditedDocument; min: number; max: number },
  seq: number,
  documentIds: readonly number[],
): BooksFinding[] {
  const none = { transactionId: null, expected: null, actual: null };
  if (documentIds.length < spec.min) return [{ problem: 'document_missing', document: { type: 'audit', id: seq }, kind: spec.channel, ...none }];
  if (documentIds.length > spec.max) {
    return documentIds.map((id) => ({ problem: 'audit_shared', document: { type: spec.document, id }, kind: spec.channel, ...none }));
  }
  return [];
}
