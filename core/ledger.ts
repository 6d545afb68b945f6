/**
 * Double-entry postings. Positive amounts are debits, negative are credits;
 * every transaction's postings sum to zero. Account names are stable strings:
 * `cash:<terminal>` (the drawer, later per shift), `chips:<terminal>`,
 * `revenue:cards` (card sales owed to the game's prize pool and the house).
 */
export interface Posting {
  account: string;
  amountCents: number;
}

export const accounts = {
  cash: (terminalId: string) => `cash:${terminalId}`,
  chips: (terminalId: string) => `chips:${terminalId}`,
  cardSales: 'revenue:cards',
  /** Line and bingo prizes announced and not yet paid (art. 15). */
  prizesPayable: 'liability:prizes',
  /** The accumulated special prize fund: held for the players (art. 10). */
  specialFund: 'liability:special_fund',
  stampDuty: 'liability:stamp_duty',
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
