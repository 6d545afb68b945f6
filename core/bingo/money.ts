/**
 * The bingo's money kinds (Despacho Normativo 80/85): a card sale and its void,
 * the close of sale's provisions, the special prize, an annulled game's
 * release, a refund and a prize paid; and the lines they move on a drawer's
 * X and Z.
 */
import { drawerAccounts, reversal, type LedgerEntry, type Posting } from '../ledger.js';
import type { DrawerLine, MoneyKind, PrintKind } from '../money-kinds.js';

export const BINGO_MONEY_KINDS = [
  // Paid in cash or in chips (art. 19): the same line of whichever the drawer took.
  { kind: 'card_sale', documents: ['sale'], cashLine: 'sales', chipLine: 'cards' },
  { kind: 'card_sale_void', documents: ['sale'], cashLine: 'sales', chipLine: 'cards' },
  { kind: 'game_sale_closed', documents: ['game'] },
  { kind: 'special_prize_won', documents: ['game'] },
  { kind: 'special_fund_started', documents: ['session', 'game'] },
  { kind: 'game_annulled', documents: ['game'] },
  { kind: 'card_refund', documents: ['sale'], cashLine: 'refunds' },
  // One card handed back after its game's annulment, refunded by its number whoever sold it (issue 42, art. 16.º, n.º 3).
  { kind: 'card_refunded', documents: ['refund_by_card'], cashLine: 'refunds' },
  { kind: 'prize_paid', documents: ['winner'], cashLine: 'prizes' },
  // A roving seller's cash counted at the block's return over, or under, what the cards sold owe (issue 42).
  { kind: 'seller_surplus', documents: ['seller_return'], cashLine: 'sellerSurpluses' },
  { kind: 'seller_shortage', documents: ['seller_return'], cashLine: 'sellerShortages' },
] as const satisfies readonly MoneyKind[];

export const BINGO_CASH_LINES: readonly DrawerLine[] = [
  { key: 'sales', side: 'in', label: 'Vendas', shown: 'always', order: 10 },
  { key: 'sellerSurpluses', side: 'in', label: 'Sobras dos vendedores', shown: 'moved', order: 15 },
  { key: 'sellerShortages', side: 'out', label: 'Faltas dos vendedores', shown: 'moved', order: 45 },
  { key: 'prizes', side: 'out', label: 'Prémios', shown: 'always', order: 40 },
  { key: 'refunds', side: 'out', label: 'Devoluções', shown: 'always', order: 50 },
];

export const BINGO_CHIP_LINES: readonly DrawerLine[] = [{ key: 'cards', side: 'in', label: 'Cartões pagos em fichas', shown: 'moved', order: 30 }];

/** The bingo's accounts (Despacho Normativo 80/85). */
export const bingoAccounts = {
  cardSales: 'revenue:cards',
  /** Line and bingo prizes announced and not yet paid (art. 15). */
  prizesPayable: 'liability:prizes',
  /** The accumulated special prize fund: held for the players (art. 10). */
  specialFund: 'liability:special_fund',
  stampDuty: 'liability:stamp_duty',
  /** The house's money put into the special prize fund to start it and restart it after a win. */
  specialFundStart: 'expense:special_fund_start',
  /** What roving sellers handed in over (credit) or under (debit) what their cards sold owed. */
  sellerDifferences: 'expense:seller_differences',
} as const;
const accounts = { ...drawerAccounts, ...bingoAccounts };

/**
 * Close of sale: of the cards' revenue, the prizes become owed to the players,
 * the special prize share goes to its fund and the stamp duty to the State.
 */
function closeSalePostings(f: { prizesCents: number; specialShareCents: number; stampDutyCents: number }): Posting[] {
  const parts: Posting[] = [
    { account: accounts.prizesPayable, amountCents: -f.prizesCents },
    { account: accounts.specialFund, amountCents: -f.specialShareCents },
    { account: accounts.stampDuty, amountCents: -f.stampDutyCents },
  ].filter((p) => p.amountCents !== 0);
  const total = -parts.reduce((sum, p) => sum + p.amountCents, 0);
  return total === 0 ? [] : [{ account: accounts.cardSales, amountCents: total }, ...parts];
}

/** A card sale: the drawer (cash or chips) receives the total; card sales are credited. */
export function cardSalePostings(totalCents: number, method: 'cash' | 'chips', terminalId: string): Posting[] {
  const drawer = method === 'cash' ? accounts.cash(terminalId) : accounts.chips(terminalId);
  return [
    { account: drawer, amountCents: totalCents },
    { account: accounts.cardSales, amountCents: -totalCents },
  ];
}


// ---- one builder per kind: the postings each transaction of this domain makes ----

export const bingoLedger = {
  cardSale: (saleId: number, totalCents: number, method: 'cash' | 'chips', terminalId: string): LedgerEntry => ({
    kind: 'card_sale',
    ref: { type: 'sale', id: saleId },
    postings: cardSalePostings(totalCents, method, terminalId),
  }),
  /** The void of a sale reverses exactly what the sale posted. */
  cardSaleVoid: (saleId: number, salePostings: readonly Posting[]): LedgerEntry => ({
    kind: 'card_sale_void',
    ref: { type: 'sale', id: saleId },
    postings: reversal(salePostings),
  }),
  /** Null when nothing is set aside (no prizes, share or duty). */
  gameSaleClosed: (gameId: number, f: { prizesCents: number; specialShareCents: number; stampDutyCents: number }): LedgerEntry | null => {
    const postings = closeSalePostings(f);
    return postings.length === 0 ? null : { kind: 'game_sale_closed', ref: { type: 'game', id: gameId }, postings };
  },
  /** The fund becomes a prize owed to the winners; it starts again from zero. */
  specialPrizeWon: (gameId: number, fundCents: number): LedgerEntry => ({
    kind: 'special_prize_won',
    ref: { type: 'game', id: gameId },
    postings: [
      { account: accounts.specialFund, amountCents: fundCents },
      { account: accounts.prizesPayable, amountCents: -fundCents },
    ],
  }),
  /**
   * The house puts the fund's starting amount in: on its first session (ref
   * the session) and after each win (ref the game won). Null when it is 0.
   */
  specialFundStarted: (ref: { type: 'session' | 'game'; id: number }, startingCents: number): LedgerEntry | null =>
    startingCents === 0
      ? null
      : {
          kind: 'special_fund_started',
          ref,
          postings: [
            { account: accounts.specialFundStart, amountCents: startingCents },
            { account: accounts.specialFund, amountCents: -startingCents },
          ],
        },
  /**
   * An annulled game gives back to card revenue the prizes set aside and not
   * paid, and the stamp duty (no sale of it stands). Null when nothing is left.
   */
  gameAnnulled: (gameId: number, f: { unpaidPrizesCents: number; stampDutyCents: number }): LedgerEntry | null => {
    const parts = [
      { account: accounts.prizesPayable, amountCents: f.unpaidPrizesCents },
      { account: accounts.stampDuty, amountCents: f.stampDutyCents },
    ].filter((p) => p.amountCents !== 0);
    if (parts.length === 0) return null;
    const total = parts.reduce((sum, p) => sum + p.amountCents, 0);
    return { kind: 'game_annulled', ref: { type: 'game', id: gameId }, postings: [...parts, { account: accounts.cardSales, amountCents: -total }] };
  },
  /** A refund in full, in cash, of a sale of an annulled game (art. 16.3). */
  cardRefund: (saleId: number, amountCents: number, terminalId: string): LedgerEntry => ({
    kind: 'card_refund',
    ref: { type: 'sale', id: saleId },
    postings: [
      { account: accounts.cardSales, amountCents },
      { account: accounts.cash(terminalId), amountCents: -amountCents },
    ],
  }),
  /** One card of an annulled game refunded in cash by its number (art. 16.3): its price, out of the payer's drawer. */
  cardRefundByCard: (refundId: number, amountCents: number, terminalId: string): LedgerEntry => ({
    kind: 'card_refunded',
    ref: { type: 'refund_by_card', id: refundId },
    postings: [
      { account: accounts.cardSales, amountCents },
      { account: accounts.cash(terminalId), amountCents: -amountCents },
    ],
  }),
  /** A seller's cash over (positive) or under (negative) what the block's cards sold owe. Null when it is exact. */
  sellerDifference: (blockId: number, differenceCents: number, terminalId: string): LedgerEntry | null =>
    differenceCents === 0
      ? null
      : {
          kind: differenceCents > 0 ? 'seller_surplus' : 'seller_shortage',
          ref: { type: 'seller_return', id: blockId },
          postings: [
            { account: accounts.cash(terminalId), amountCents: differenceCents },
            { account: accounts.sellerDifferences, amountCents: -differenceCents },
          ],
        },
  /** A prize paid in cash out of the drawer. Null for a prize of 0 cents (nothing moves). */
  prizePaid: (winnerId: number, prizeCents: number, terminalId: string): LedgerEntry | null =>
    prizeCents === 0
      ? null
      : {
          kind: 'prize_paid',
          ref: { type: 'winner', id: winnerId },
          postings: [
            { account: accounts.prizesPayable, amountCents: prizeCents },
            { account: accounts.cash(terminalId), amountCents: -prizeCents },
          ],
        },
};

// ---- the books check: each document as stored, and the transactions it calls for ----

export interface SaleDocument {
  type: 'sale';
  id: number;
  totalCents: number;
  method: 'cash' | 'chips';
  terminalId: string;
  voided: boolean;
  /** A refund after its game was annulled (art. 16.3). */
  refund: { amountCents: number; terminalId: string } | null;
}

export interface GameDocument {
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

export interface SessionDocument {
  type: 'session';
  id: number;
  specialStartCents: number;
}

export interface WinnerDocument {
  type: 'winner';
  id: number;
  paidCents: number;
  terminalId: string;
}

export interface SellerReturnDocument {
  type: 'seller_return';
  id: number;
  differenceCents: number;
  terminalId: string;
}

export interface CardRefundDocument {
  type: 'refund_by_card';
  id: number;
  amountCents: number;
  terminalId: string;
}

/** The transactions each bingo document calls for, built by the builders that posted them. */
export const BINGO_EVIDENCE = {
  sale: (doc: SaleDocument) => [
    bingoLedger.cardSale(doc.id, doc.totalCents, doc.method, doc.terminalId),
    doc.voided ? bingoLedger.cardSaleVoid(doc.id, cardSalePostings(doc.totalCents, doc.method, doc.terminalId)) : null,
    doc.refund ? bingoLedger.cardRefund(doc.id, doc.refund.amountCents, doc.refund.terminalId) : null,
  ],
  game: (doc: GameDocument) => [
    doc.closure ? bingoLedger.gameSaleClosed(doc.id, doc.closure) : null,
    doc.specialWonCents > 0 ? bingoLedger.specialPrizeWon(doc.id, doc.specialWonCents) : null,
    bingoLedger.specialFundStarted({ type: 'game', id: doc.id }, doc.specialRestartCents),
    doc.annulled && doc.closure
      ? bingoLedger.gameAnnulled(doc.id, { unpaidPrizesCents: doc.closure.prizesCents - doc.paidFromProvisionCents, stampDutyCents: doc.closure.stampDutyCents })
      : null,
  ],
  session: (doc: SessionDocument) => [bingoLedger.specialFundStarted({ type: 'session', id: doc.id }, doc.specialStartCents)],
  winner: (doc: WinnerDocument) => [bingoLedger.prizePaid(doc.id, doc.paidCents, doc.terminalId)],
  seller_return: (doc: SellerReturnDocument) => [bingoLedger.sellerDifference(doc.id, doc.differenceCents, doc.terminalId)],
  refund_by_card: (doc: CardRefundDocument) => [bingoLedger.cardRefundByCard(doc.id, doc.amountCents, doc.terminalId)],
};

// ---- what the bingo prints ----

/** The moments an announcement slip is printed (art. 11.º, n.º 2 before the sale; art. 13.º at its close; art. 14.º, n.º 5 when a game becomes the last at its draw). */
const ANNOUNCEMENT_MOMENTS = ['before_sale', 'close_of_sale', 'last_game'] as const;

/** The parameters of each bingo document's title (printing/documents/*.ts builds the pt-PT title from the same values). */
export interface BingoTitleParams {
  sale_receipt: { saleId: number };
  sale_void: { saleId: number };
  prize_payout: { payoutId: number };
  refund: { saleId: number };
  announcement: { gameNumber: number; moment: (typeof ANNOUNCEMENT_MOMENTS)[number] };
  /** A roving seller's settlement slip, printed at the block's return (issue 42). */
  seller_settlement: { blockId: number };
  /** One card refunded by its number after its game's annulment (art. 16.º, n.º 3). */
  refund_by_card: { refundId: number };
}

export const BINGO_PRINTS = {
  sale_receipt: { ref: 'sale', params: ['saleId'] },
  sale_void: { ref: 'sale', params: ['saleId'] },
  prize_payout: { ref: 'winner', params: ['payoutId'] },
  refund: { ref: 'refund', params: ['saleId'] },
  announcement: { ref: 'game', params: ['gameNumber', 'moment'], variant: { param: 'moment', values: ANNOUNCEMENT_MOMENTS } },
  seller_settlement: { ref: 'seller_return', params: ['blockId'] },
  refund_by_card: { ref: 'refund_by_card', params: ['refundId'] },
} as const satisfies { readonly [K in keyof BingoTitleParams]: PrintKind & { params: readonly (keyof BingoTitleParams[K])[] } };
