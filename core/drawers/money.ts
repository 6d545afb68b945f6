/** The drawers' own money kinds: cash brought in by hand, paid out with its reason, and dropped to the safe. */
import { drawerAccounts, type LedgerEntry } from '../ledger.js';
import type { DrawerLine, MoneyKind, PrintKind } from '../money-kinds.js';

export const DRAWER_MONEY_KINDS = [
  { kind: 'pay_in', documents: ['drawer_movement'], cashLine: 'payIns' },
  { kind: 'pay_out', documents: ['drawer_movement'], cashLine: 'payOuts' },
  { kind: 'drop', documents: ['drawer_movement'], cashLine: 'drops' },
] as const satisfies readonly MoneyKind[];

export const DRAWER_CASH_LINES: readonly DrawerLine[] = [
  { key: 'payIns', side: 'in', label: 'Entradas de numerário', shown: 'always', order: 20 },
  { key: 'payOuts', side: 'out', label: 'Saídas de numerário', shown: 'always', order: 70 },
  { key: 'drops', side: 'out', label: 'Recolhas para o cofre', shown: 'always', order: 80 },
];

/** The drawers' own accounts besides their cash. */
export const drawerMoneyAccounts = {
  /** Cash brought into a drawer by hand (change from the safe, a top-up): owed back to the house. */
  payIns: 'equity:pay_in',
  /** Cash paid out of a drawer by hand for an expense, with its reason. */
  payOuts: 'expense:pay_out',
  /** The safe, where drops from the drawers go. */
  safe: 'cash:safe',
} as const;
const accounts = { ...drawerAccounts, ...drawerMoneyAccounts };

// ---- one builder per kind: the postings each transaction of this domain makes ----

export const drawerLedger = {
  /** Cash brought into the drawer by hand (SPEC 9). */
  payIn: (movementId: number, amountCents: number, terminalId: string): LedgerEntry => ({
    kind: 'pay_in',
    ref: { type: 'drawer_movement', id: movementId },
    postings: [
      { account: accounts.cash(terminalId), amountCents },
      { account: accounts.payIns, amountCents: -amountCents },
    ],
  }),
  /** Cash paid out of the drawer by hand, with its reason (SPEC 9). */
  payOut: (movementId: number, amountCents: number, terminalId: string): LedgerEntry => ({
    kind: 'pay_out',
    ref: { type: 'drawer_movement', id: movementId },
    postings: [
      { account: accounts.payOuts, amountCents },
      { account: accounts.cash(terminalId), amountCents: -amountCents },
    ],
  }),
  /** Cash taken from the drawer to the safe: it leaves the drawer, not the house. */
  drop: (movementId: number, amountCents: number, terminalId: string): LedgerEntry => ({
    kind: 'drop',
    ref: { type: 'drawer_movement', id: movementId },
    postings: [
      { account: accounts.safe, amountCents },
      { account: accounts.cash(terminalId), amountCents: -amountCents },
    ],
  }),
};

// ---- the books check ----

export interface DrawerMovementDocument {
  type: 'drawer_movement';
  id: number;
  kind: 'pay_in' | 'pay_out' | 'drop';
  amountCents: number;
  terminalId: string;
}

export const DRAWER_EVIDENCE = {
  drawer_movement: (doc: DrawerMovementDocument) => {
    const build = doc.kind === 'pay_in' ? drawerLedger.payIn : doc.kind === 'pay_out' ? drawerLedger.payOut : drawerLedger.drop;
    return [build(doc.id, doc.amountCents, doc.terminalId)];
  },
};

// ---- what the drawers print ----

export interface DrawerTitleParams {
  x_report: { drawerId: number };
  z_report: { zNumber: number };
  drawer_kick: { terminalId: string };
}

export const DRAWER_PRINTS = {
  x_report: { ref: 'drawer', params: ['drawerId'] },
  z_report: { ref: 'drawer', params: ['zNumber'] },
  drawer_kick: { ref: 'drawer', params: ['terminalId'] },
} as const satisfies { readonly [K in keyof DrawerTitleParams]: PrintKind & { params: readonly (keyof DrawerTitleParams[K])[] } };
