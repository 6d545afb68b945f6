/**
 * Double-entry postings. Positive amounts are debits, negative are credits;
 * every transaction's postings sum to zero. Account names are stable strings:
 * `cash:<terminal>` (the terminal's drawer; each transaction of it names its
 * open drawer, ledger_transactions.drawer_id), `chips:<terminal>`,
 * `revenue:cards` (card sales owed to the game's prize pool and the house).
 */
export interface Posting {
  account: string;
  amountCents: number;
}

/** Every kind of ledger transaction the kiosk writes; each is built by one helper below. */
export type LedgerKind =
  | 'card_sale'
  | 'card_sale_void'
  | 'game_sale_closed'
  | 'special_prize_won'
  | 'special_fund_started'
  | 'game_annulled'
  | 'card_refund'
  | 'prize_paid'
  | 'pay_in'
  | 'pay_out'
  | 'drop'
  | 'guia_issued'
  | 'guia_voided'
  | 'guia_paid'
  | 'fund_contribution'
  | 'fund_transfer'
  | 'chips_sold'
  | 'chips_redeemed'
  | 'chips_filled'
  | 'chips_credited';

/** What a ledger transaction documents (ledger_transactions.ref_type). */
export type LedgerRef =
  | { type: 'sale'; id: number }
  | { type: 'game'; id: number }
  | { type: 'session'; id: number }
  | { type: 'winner'; id: number }
  | { type: 'drawer_movement'; id: number }
  | { type: 'guia'; id: number }
  | { type: 'fund_contribution'; id: number }
  | { type: 'fund_transfer'; id: number }
  | { type: 'chip_exchange'; id: number }
  | { type: 'chip_movement'; id: number };

/** A transaction ready to post: its kind, what it documents, and balanced postings. */
export interface LedgerEntry {
  kind: LedgerKind;
  ref: LedgerRef;
  postings: Posting[];
}

export const accounts = {
  cash: (terminalId: string) => `cash:${terminalId}`,
  chips: (terminalId: string) => `chips:${terminalId}`,
  /** The casino's chip vault, from which the caixas' chip floats are filled and to which they are credited. */
  chipVault: 'chips:vault',
  cardSales: 'revenue:cards',
  /** Line and bingo prizes announced and not yet paid (art. 15). */
  prizesPayable: 'liability:prizes',
  /** The accumulated special prize fund: held for the players (art. 10). */
  specialFund: 'liability:special_fund',
  stampDuty: 'liability:stamp_duty',
  /** The house's money put into the special prize fund to start it and restart it after a win (SPEC 4). */
  specialFundStart: 'expense:special_fund_start',
  /** Cash brought into a drawer by hand (change from the safe, a top-up): owed back to the house. */
  payIns: 'equity:pay_in',
  /** Cash paid out of a drawer by hand for an expense, with its reason. */
  payOuts: 'expense:pay_out',
  /** The safe, where drops from the drawers go. */
  safe: 'cash:safe',
  /** Guias issued and not yet paid: owed to the players (P, slot-machine rules n.º 13). */
  guiasPayable: 'liability:guias',
  /** The concessionaire's cheques handed to players, until the bank pays them. */
  chequesIssued: 'liability:cheques',
  /** Hand pays and credit claims the house pays at the caixa (n.º 14), outside any fund. */
  machinePrizes: 'expense:machine_prizes',
  /** The amounts played in the machines, from which the funds' shares are set aside (n.º 3, 4). */
  machinesPlayed: 'revenue:machines',
  /** A jackpot or superjackpot fund: the players' money held in custody (n.º 5). `fund`: machine:<n> | group:<code>. */
  jackpot: (fund: string) => `liability:jackpot:${fund}`,
} as const;

/**
 * Close of sale: of the cards' revenue, the prizes become owed to the players,
 * the special prize share goes to its fund and the stamp duty to the State.
 */
export function closeSalePostings(f: { prizesCents: number; specialShareCents: number; stampDutyCents: number }): Posting[] {
  const parts: Posting[] = [
    { account: accounts.prizesPayable, amountCents: -f.prizesCents },
    { account: accounts.specialFund, amountCents: -f.specialShareCents },
    { account: accounts.stampDuty, amountCents: -f.stampDutyCents },
  ].filter((p) => p.amountCents !== 0);
  const total = -parts.reduce((sum, p) => sum + p.amountCents, 0);
  return total === 0 ? [] : [{ account: accounts.cardSales, amountCents: total }, ...parts];
}

export class UnbalancedPostingsError extends Error {
  constructor(readonly sum: number) {
    super(`ledger postings do not sum to zero (sum ${sum})`);
  }
}

export function assertBalanced(postings: readonly Posting[]): void {
  let sum = 0;
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) {
      throw new UnbalancedPostingsError(Number.NaN);
    }
    sum += p.amountCents;
  }
  if (sum !== 0 || postings.length < 2) throw new UnbalancedPostingsError(sum);
}

/** A card sale: the drawer (cash or chips) receives the total; card sales are credited. */
export function cardSalePostings(totalCents: number, method: 'cash' | 'chips', terminalId: string): Posting[] {
  const drawer = method === 'cash' ? accounts.cash(terminalId) : accounts.chips(terminalId);
  return [
    { account: drawer, amountCents: totalCents },
    { account: accounts.cardSales, amountCents: -totalCents },
  ];
}

/** The reverse of a posting set (voids and corrections are new entries, never edits). */
export function reversal(postings: readonly Posting[]): Posting[] {
  return postings.map((p) => ({ account: p.account, amountCents: -p.amountCents }));
}

// ---- one builder per kind -------------------------------------------------------

export const ledger = {
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
  /** A guia issued: owed to the player, drawn on its fund (jackpot, superjackpot) or the house's (hand pay, credits). */
  guiaIssued: (guiaId: number, amountCents: number, fund: string | null): LedgerEntry => ({
    kind: 'guia_issued',
    ref: { type: 'guia', id: guiaId },
    postings: [
      { account: fund === null ? accounts.machinePrizes : accounts.jackpot(fund), amountCents },
      { account: accounts.guiasPayable, amountCents: -amountCents },
    ],
  }),
  /** A void gives back exactly what its issue took. */
  guiaVoided: (guiaId: number, issuePostings: readonly Posting[]): LedgerEntry => ({
    kind: 'guia_voided',
    ref: { type: 'guia', id: guiaId },
    postings: reversal(issuePostings),
  }),
  /** A guia paid: its cash part leaves the terminal's drawer, its cheque parts are the concessionaire's cheques. */
  guiaPaid: (guiaId: number, f: { cashCents: number; chequeCents: number }, terminalId: string): LedgerEntry => ({
    kind: 'guia_paid',
    ref: { type: 'guia', id: guiaId },
    postings: [
      { account: accounts.guiasPayable, amountCents: f.cashCents + f.chequeCents },
      { account: accounts.cash(terminalId), amountCents: -f.cashCents },
      { account: accounts.chequesIssued, amountCents: -f.chequeCents },
    ].filter((p) => p.amountCents !== 0),
  }),
  /** Face-value chips sold: cash into the drawer, chips out of the caixa's chip float (`chips:<terminal>`). */
  chipsSold: (exchangeId: number, cents: number, terminalId: string): LedgerEntry => ({
    kind: 'chips_sold',
    ref: { type: 'chip_exchange', id: exchangeId },
    postings: [
      { account: accounts.cash(terminalId), amountCents: cents },
      { account: accounts.chips(terminalId), amountCents: -cents },
    ],
  }),
  /** Face-value chips redeemed (IX.7): chips back into the float, cash out of the drawer. */
  chipsRedeemed: (exchangeId: number, cents: number, terminalId: string): LedgerEntry => ({
    kind: 'chips_redeemed',
    ref: { type: 'chip_exchange', id: exchangeId },
    postings: [
      { account: accounts.chips(terminalId), amountCents: cents },
      { account: accounts.cash(terminalId), amountCents: -cents },
    ],
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
  /** Into a fund, from the amounts played. */
  fundContribution: (contributionId: number, fund: string, amountCents: number): LedgerEntry => ({
    kind: 'fund_contribution',
    ref: { type: 'fund_contribution', id: contributionId },
    postings: [
      { account: accounts.machinesPlayed, amountCents },
      { account: accounts.jackpot(fund), amountCents: -amountCents },
    ],
  }),
  /** A fund moved whole to another machine or group of the same model and bet, or to the machines the inspectorate authorised (n.º 6). */
  fundTransfer: (transferId: number, from: string, to: string, amountCents: number): LedgerEntry => ({
    kind: 'fund_transfer',
    ref: { type: 'fund_transfer', id: transferId },
    postings: [
      { account: accounts.jackpot(from), amountCents },
      { account: accounts.jackpot(to), amountCents: -amountCents },
    ],
  }),
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
