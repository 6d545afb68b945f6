/**
 * The face-value chips' money kinds at the caixa (IX.7-8): chips sold for
 * cash and redeemed for it, and the chip float filled from the vault and
 * credited back to it; chips taken for cards handed to the caixa; the lines
 * they move, of the drawer's cash and of its chips.
 */
import { drawerAccounts, paymentAccounts, type LedgerEntry, type Posting } from '../ledger.js';
import type { DrawerLine, MoneyKind, PrintKind } from '../money-kinds.js';

export const CHIP_MONEY_KINDS = [
  { kind: 'chips_sold', documents: ['chip_exchange'], cashLine: 'chipsSold', chipLine: 'sold' },
  { kind: 'chips_redeemed', documents: ['chip_exchange'], cashLine: 'chipsRedeemed', chipLine: 'redeemed' },
  { kind: 'chips_filled', documents: ['chip_movement'], chipLine: 'fills' },
  { kind: 'chips_credited', documents: ['chip_movement'], chipLine: 'credits' },
  // Chips taken for cards (DN 80/85, art. 19.º) handed by the drawer that took them to the caixa's (issue 41): out of one, into the other.
  { kind: 'chips_handed_over', documents: ['chip_handover'], chipLine: 'handedOver' },
  { kind: 'chips_received', documents: ['chip_handover'], chipLine: 'received' },
] as const satisfies readonly MoneyKind[];

export const CHIP_CASH_LINES: readonly DrawerLine[] = [
  { key: 'chipsSold', side: 'in', label: 'Fichas vendidas', shown: 'moved', order: 30 },
  { key: 'chipsRedeemed', side: 'out', label: 'Fichas trocadas', shown: 'moved', order: 90 },
];

/** The chips' own lines of a caixa's drawer (its chips:<terminal> account). */
export const CHIP_FLOAT_LINES: readonly DrawerLine[] = [
  { key: 'fills', side: 'in', label: 'Reforços do cofre', shown: 'moved', order: 10 },
  { key: 'received', side: 'in', label: 'Fichas recebidas do balcão', shown: 'moved', order: 15 },
  { key: 'redeemed', side: 'in', label: 'Fichas trocadas por dinheiro', shown: 'moved', order: 20 },
  { key: 'sold', side: 'out', label: 'Fichas vendidas', shown: 'moved', order: 40 },
  { key: 'handedOver', side: 'out', label: 'Fichas entregues à caixa', shown: 'moved', order: 45 },
  { key: 'credits', side: 'out', label: 'Entregas ao cofre', shown: 'moved', order: 50 },
];

/** The chips' accounts besides a caixa's float (chips:<terminal>). */
export const chipAccounts = {
  /** The casino's chip vault, from which the caixas' chip floats are filled and to which they are credited. */
  chipVault: 'chips:vault',
  /** Chips between two drawers within one handover: out of the giver's, into the caixa's; nothing stays on it. */
  chipsHandedOver: 'chips:handover',
  /** Chips paid by bank card, until the bank settles them (Lei n.º 83/2017, art. 76.º, n.º 4). */
  cardReceipts: 'asset:card_receipts',
  /** Players' cheques taken for chips, until they are deposited. */
  chequesReceived: 'asset:cheques_received',
} as const;
const accounts = { ...drawerAccounts, ...paymentAccounts, ...chipAccounts };

/** How an exchange was paid: cash through the drawer, a bank card (a sale only), cheques (the player's, or the concessionaire's). */
export interface ChipTenders {
  cashCents: number;
  cardCents: number;
  chequeCents: number;
}

const nonZero = (postings: Posting[]) => postings.filter((p) => p.amountCents !== 0);

// ---- one builder per kind: the postings each transaction of this domain makes ----

export const chipLedger = {
  /**
   * Face-value chips sold: chips out of the caixa's chip float (`chips:<terminal>`); cash into the drawer, a card's
   * amount to the bank's receivable, a player's cheque to the cheques received (only the cash is the drawer's).
   */
  chipsSold: (exchangeId: number, t: ChipTenders, terminalId: string): LedgerEntry => ({
    kind: 'chips_sold',
    ref: { type: 'chip_exchange', id: exchangeId },
    postings: nonZero([
      { account: accounts.cash(terminalId), amountCents: t.cashCents },
      { account: accounts.cardReceipts, amountCents: t.cardCents },
      { account: accounts.chequesReceived, amountCents: t.chequeCents },
      { account: accounts.chips(terminalId), amountCents: -(t.cashCents + t.cardCents + t.chequeCents) },
    ]),
  }),
  /** Face-value chips redeemed (IX.7): chips back into the float; cash out of the drawer, the rest in the concessionaire's cheques. */
  chipsRedeemed: (exchangeId: number, t: ChipTenders, terminalId: string): LedgerEntry => ({
    kind: 'chips_redeemed',
    ref: { type: 'chip_exchange', id: exchangeId },
    postings: nonZero([
      { account: accounts.chips(terminalId), amountCents: t.cashCents + t.chequeCents },
      { account: accounts.cash(terminalId), amountCents: -t.cashCents },
      { account: accounts.chequesIssued, amountCents: -t.chequeCents },
    ]),
  }),
  /** Chips brought to the caixa from the vault (a fill): the caixa's chip float grows. */
  chipsFilled: (movementId: number, cents: number, terminalId: string): LedgerEntry => ({
    kind: 'chips_filled',
    ref: { type: 'chip_movement', id: movementId },
    postings: [
      { account: accounts.chips(terminalId), amountCents: cents },
      { account: accounts.chipVault, amountCents: -cents },
    ],
  }),
  /** Chips sent back from the caixa to the vault (a credit). */
  chipsCredited: (movementId: number, cents: number, terminalId: string): LedgerEntry => ({
    kind: 'chips_credited',
    ref: { type: 'chip_movement', id: movementId },
    postings: [
      { account: accounts.chipVault, amountCents: cents },
      { account: accounts.chips(terminalId), amountCents: -cents },
    ],
  }),
  /** Chips out of the drawer that took them for cards (its own transaction, on its drawer). */
  chipsHandedOver: (handoverId: number, cents: number, terminalId: string): LedgerEntry => ({
    kind: 'chips_handed_over',
    ref: { type: 'chip_handover', id: handoverId },
    postings: [
      { account: accounts.chipsHandedOver, amountCents: cents },
      { account: accounts.chips(terminalId), amountCents: -cents },
    ],
  }),
  /** The same chips into the caixa's drawer (its own transaction, on the caixa's drawer). */
  chipsReceived: (handoverId: number, cents: number, terminalId: string): LedgerEntry => ({
    kind: 'chips_received',
    ref: { type: 'chip_handover', id: handoverId },
    postings: [
      { account: accounts.chips(terminalId), amountCents: cents },
      { account: accounts.chipsHandedOver, amountCents: -cents },
    ],
  }),
};

// ---- the books check ----

export interface ChipExchangeDocument {
  type: 'chip_exchange';
  id: number;
  kind: 'sell' | 'redeem';
  totalCents: number;
  /** Its parts as stored (cash is what card and cheques leave of the total). */
  tenders: ChipTenders;
  terminalId: string;
}

export interface ChipMovementDocument {
  type: 'chip_movement';
  id: number;
  kind: 'fill' | 'credit';
  totalCents: number;
  terminalId: string;
}

export interface ChipHandoverDocument {
  type: 'chip_handover';
  id: number;
  totalCents: number;
  fromTerminalId: string;
  toTerminalId: string;
}

export const CHIP_EVIDENCE = {
  chip_exchange: (doc: ChipExchangeDocument) => [(doc.kind === 'sell' ? chipLedger.chipsSold : chipLedger.chipsRedeemed)(doc.id, doc.tenders, doc.terminalId)],
  chip_movement: (doc: ChipMovementDocument) => [(doc.kind === 'fill' ? chipLedger.chipsFilled : chipLedger.chipsCredited)(doc.id, doc.totalCents, doc.terminalId)],
  chip_handover: (doc: ChipHandoverDocument) => [
    chipLedger.chipsHandedOver(doc.id, doc.totalCents, doc.fromTerminalId),
    chipLedger.chipsReceived(doc.id, doc.totalCents, doc.toTerminalId),
  ],
};

// ---- what the tables print ----

export interface ChipTitleParams {
  limits_sign: { tableCode: string };
  chip_cheque: { exchangeId: number };
}

/** The limits sign posted at a table (X.27), linked to no document of the ledger; the slip of chips paid by cheque. */
export const CHIP_PRINTS = {
  limits_sign: { ref: 'table', params: ['tableCode'] },
  /** The caixa's slip of chips paid back by cheque (Lei n.º 83/2017, art. 76.º, n.º 4), with its exchange. */
  chip_cheque: { ref: 'chip_exchange', params: ['exchangeId'] },
} as const satisfies { readonly [K in keyof ChipTitleParams]: PrintKind & { params: readonly (keyof ChipTitleParams[K])[] } };
