/**
 * The casino caixa's money kinds (Portaria 1441/95): a guia issued, voided and
 * paid (its cash part out of the drawer), and the jackpot funds' contributions
 * and transfers.
 */
import { drawerAccounts, paymentAccounts, reversal, type LedgerEntry, type Posting } from '../ledger.js';
import type { DrawerLine, MoneyKind, PrintKind } from '../money-kinds.js';

export const CAIXA_MONEY_KINDS = [
  { kind: 'guia_issued', documents: ['guia'] },
  { kind: 'guia_voided', documents: ['guia'] },
  { kind: 'guia_paid', documents: ['guia'], cashLine: 'guias' },
  { kind: 'fund_contribution', documents: ['fund_contribution'] },
  { kind: 'fund_transfer', documents: ['fund_transfer'] },
] as const satisfies readonly MoneyKind[];

export const CAIXA_CASH_LINES: readonly DrawerLine[] = [{ key: 'guias', side: 'out', label: 'Guias', shown: 'always', order: 60 }];

/** The casino caixa's accounts (Portaria 1441/95). */
export const caixaAccounts = {
  /** Guias issued and not yet paid: owed to the players (n.º 13). */
  guiasPayable: 'liability:guias',
  /** Hand pays and credit claims the house pays at the caixa (n.º 14), outside any fund. */
  machinePrizes: 'expense:machine_prizes',
  /** The amounts played in the machines, from which the funds' shares are set aside (n.º 3, 4). */
  machinesPlayed: 'revenue:machines',
  /** A jackpot or superjackpot fund: the players' money held in custody (n.º 5). `fund`: machine:<n> | group:<code>. */
  jackpot: (fund: string) => `liability:jackpot:${fund}`,
} as const;
const accounts = { ...drawerAccounts, ...paymentAccounts, ...caixaAccounts };

// ---- one builder per kind: the postings each transaction of this domain makes ----

export const caixaLedger = {
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
};

// ---- the books check ----

export interface GuiaDocument {
  type: 'guia';
  id: number;
  amountCents: number;
  fund: string | null;
  voided: boolean;
  payment: { cashCents: number; chequeCents: number; terminalId: string } | null;
}

export interface FundContributionDocument {
  type: 'fund_contribution';
  id: number;
  fund: string;
  amountCents: number;
}

export interface FundTransferDocument {
  type: 'fund_transfer';
  id: number;
  fromFund: string;
  toFund: string;
  amountCents: number;
}

export const CAIXA_EVIDENCE = {
  guia: (doc: GuiaDocument) => {
    const issued = caixaLedger.guiaIssued(doc.id, doc.amountCents, doc.fund);
    return [issued, doc.voided ? caixaLedger.guiaVoided(doc.id, issued.postings) : null, doc.payment ? caixaLedger.guiaPaid(doc.id, doc.payment, doc.payment.terminalId) : null];
  },
  fund_contribution: (doc: FundContributionDocument) => [caixaLedger.fundContribution(doc.id, doc.fund, doc.amountCents)],
  fund_transfer: (doc: FundTransferDocument) => [caixaLedger.fundTransfer(doc.id, doc.fromFund, doc.toFund, doc.amountCents)],
};

// ---- what the caixa prints ----

/** A guia's two copies: the caixa's and the player's (n.º 13). */
const GUIA_COPIES = ['caixa', 'jogador'] as const;

export interface CaixaTitleParams {
  guia: { guiaNumber: number; copy: (typeof GUIA_COPIES)[number] };
}

export const CAIXA_PRINTS = {
  guia: { ref: 'guia', params: ['guiaNumber', 'copy'], variant: { param: 'copy', values: GUIA_COPIES } },
} as const satisfies { readonly [K in keyof CaixaTitleParams]: PrintKind & { params: readonly (keyof CaixaTitleParams[K])[] } };
