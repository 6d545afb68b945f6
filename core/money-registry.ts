/**
 * Every money kind of the kiosk and every line of a drawer's X and Z, as the
 * domains declare them (core/<domain>/money.ts), merged once: a kind or a
 * line declared twice is refused at start.
 */
import { bingoAccounts, bingoLedger, BINGO_CASH_LINES, BINGO_CHIP_LINES, BINGO_MONEY_KINDS } from './bingo/money.js';
import { caixaAccounts, caixaLedger, CAIXA_CASH_LINES, CAIXA_MONEY_KINDS } from './caixa/money.js';
import { drawerLedger, drawerMoneyAccounts, DRAWER_CASH_LINES, DRAWER_MONEY_KINDS } from './drawers/money.js';
import { drawerAccounts, type LedgerEntry } from './ledger.js';
import { mergeDeclared, mergeNamed, type DrawerLine, type MoneyKind } from './money-kinds.js';
import { chipAccounts, chipLedger, CHIP_CASH_LINES, CHIP_FLOAT_LINES, CHIP_MONEY_KINDS } from './roulette/money.js';

type Declared = typeof BINGO_MONEY_KINDS | typeof DRAWER_MONEY_KINDS | typeof CAIXA_MONEY_KINDS | typeof CHIP_MONEY_KINDS;

/** Every kind of ledger transaction the kiosk writes: the domains' declared kinds. */
export type LedgerKind = Declared[number]['kind'];

/** What a ledger transaction documents (ledger_transactions.ref_type): the domains' documents. */
export type DocumentType = Declared[number]['documents'][number];

/** A transaction of a declared kind, documenting a declared document. */
export type LedgerRef = { type: DocumentType; id: number };

/** The accounts of every domain, by name. */
export const accounts = mergeNamed<typeof drawerAccounts & typeof bingoAccounts & typeof drawerMoneyAccounts & typeof caixaAccounts & typeof chipAccounts>([
  drawerAccounts,
  bingoAccounts,
  drawerMoneyAccounts,
  caixaAccounts,
  chipAccounts,
]);

/** The builders of every domain's transactions, by name (each in its domain's money.ts). */
export const ledger = mergeNamed<typeof bingoLedger & typeof drawerLedger & typeof caixaLedger & typeof chipLedger>([bingoLedger, drawerLedger, caixaLedger, chipLedger]);

// Each builder makes a kind its domain declares (the books check's samples prove it at run time).
export type { LedgerEntry };

export const MONEY_KINDS: readonly MoneyKind[] = mergeDeclared<MoneyKind>((k) => k.kind, [BINGO_MONEY_KINDS, DRAWER_MONEY_KINDS, CAIXA_MONEY_KINDS, CHIP_MONEY_KINDS]);

const byOrder = (a: DrawerLine, b: DrawerLine) => a.order - b.order;

/** The lines of a drawer's cash, in the report's order. */
export const CASH_LINES: readonly DrawerLine[] = mergeDeclared((l) => l.key, [BINGO_CASH_LINES, DRAWER_CASH_LINES, CAIXA_CASH_LINES, CHIP_CASH_LINES], byOrder);

/** The lines of a caixa's chips, in the report's order. */
export const CHIP_LINES: readonly DrawerLine[] = mergeDeclared((l) => l.key, [BINGO_CHIP_LINES, CHIP_FLOAT_LINES], byOrder);

/** A transaction of a kind no domain declares, or documenting what its kind does not: a builder out of step with its descriptor. */
export class UndeclaredMoneyKindError extends Error {}

export function assertDeclared(entry: Pick<LedgerEntry, 'kind' | 'ref'>): void {
  const d = MONEY_KINDS.find((k) => k.kind === entry.kind);
  if (!d) throw new UndeclaredMoneyKindError(`ledger kind "${entry.kind}" is not declared by any domain (core/<domain>/money.ts)`);
  if (!d.documents.includes(entry.ref.type)) throw new UndeclaredMoneyKindError(`ledger kind "${entry.kind}" does not document a ${entry.ref.type}`);
}
