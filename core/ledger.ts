/**
 * Double-entry postings. Positive amounts are debits, negative are credits;
 * every transaction's postings sum to zero. Account names are stable strings:
 * `cash:<terminal>` (the terminal's drawer; each transaction of it names its
 * open drawer, ledger_transactions.drawer_id) and `chips:<terminal>` here;
 * each domain names its own accounts and builds its own transactions
 * (core/<domain>/money.ts), merged in core/money-registry.ts.
 */
export interface Posting {
  account: string;
  amountCents: number;
}

/** A transaction ready to post: its kind (a declared money kind), what it documents, and balanced postings. */
export interface LedgerEntry<Kind extends string = string, Ref extends string = string> {
  kind: Kind;
  ref: { type: Ref; id: number };
  postings: Posting[];
}

/** The drawers' own accounts: every domain's cash and chips go through them. */
export const drawerAccounts = {
  cash: (terminalId: string) => `cash:${terminalId}`,
  chips: (terminalId: string) => `chips:${terminalId}`,
} as const;

/** Accounts more than one domain pays through. */
export const paymentAccounts = {
  /** The concessionaire's cheques handed to players (a guia's, chips'), until the bank pays them. */
  chequesIssued: 'liability:cheques',
} as const;

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

/** The reverse of a posting set (voids and corrections are new entries, never edits). */
export function reversal(postings: readonly Posting[]): Posting[] {
  return postings.map((p) => ({ account: p.account, amountCents: -p.amountCents }));
}

