/** A guia's payment as typed at the caixa: a cash part and cheque parts that must add up exactly to the amount (Portaria 1441/95, n.º 13). */
import { splitVerdict } from '../../core/caixa/rules.js';
import { parseEuroText } from './money.js';

export interface ChequeFields {
  amount: string;
  number: string;
  bank: string;
}

/**
 * The caixa's drawer as its user may see it (drawer.cash): null when none is
 * open; open with its cash for a manager, or with `cashCents` null for the
 * counter, whose close is blind (the kiosk then refuses a cash part the
 * drawer does not hold, without saying how much it holds).
 */
export type DrawerCash = { cashCents: number | null } | null;

type SplitCheck =
  | { ok: true; cashCents: number; cheques: { amountCents: number; number: string; bank: string }[]; remainingCents: 0 }
  | { ok: false; reason: 'cash' | 'cheque' | 'chequeFields' | 'over' | 'under' | 'cashOverDrawer' | 'noDrawer'; remainingCents: number };

/**
 * What is still to split (positive) or too much (negative), and whether the
 * split can be sent: amounts readable, the parts and their sum judged by
 * core's rule (splitVerdict, the one the kiosk refuses with), each cheque with
 * its number and bank, the cash part within the drawer's cash.
 */
export function checkGuiaSplit(amountCents: number, cashText: string, cheques: readonly ChequeFields[], drawer: DrawerCash): SplitCheck {
  const cashCents = cashText.trim() === '' ? 0 : parseEuroText(cashText);
  const parsed = cheques.map((c) => ({ amountCents: parseEuroText(c.amount), number: c.number.trim(), bank: c.bank.trim() }));
  // A cheque whose amount is still blank is being typed: what is left to split says more than "invalid".
  const blank = (i: number) => cheques[i]!.amount.trim() === '';
  const typed = parsed.flatMap((c, i) => (blank(i) || c.amountCents === null ? [] : [{ amountCents: c.amountCents }]));
  const verdict = splitVerdict(amountCents, cashCents ?? 0, typed);
  const { remainingCents } = verdict;
  if (cashCents === null) return { ok: false, reason: 'cash', remainingCents };
  if (parsed.some((c, i) => !blank(i) && c.amountCents === null)) return { ok: false, reason: 'cheque', remainingCents };
  if (!verdict.ok) return { ok: false, reason: verdict.reason, remainingCents };
  if (parsed.some((_, i) => blank(i))) return { ok: false, reason: 'cheque', remainingCents };
  if (parsed.some((c) => c.number === '' || c.bank === '')) return { ok: false, reason: 'chequeFields', remainingCents };
  if (cashCents > 0 && drawer === null) return { ok: false, reason: 'noDrawer', remainingCents };
  if (cashCents > 0 && drawer !== null && drawer.cashCents !== null && cashCents > drawer.cashCents) return { ok: false, reason: 'cashOverDrawer', remainingCents };
  return { ok: true, cashCents, cheques: parsed.map((c) => ({ amountCents: c.amountCents!, number: c.number, bank: c.bank })), remainingCents: 0 };
}

/**
 * The cash part offered first: the whole amount when the drawer holds it (or
 * when its cash is not shown: the kiosk says if it does not), else what the
 * drawer holds, the rest by cheque; nothing without an open drawer.
 */
export function defaultCashCents(amountCents: number, drawer: DrawerCash): number {
  if (drawer === null) return 0;
  return Math.max(0, Math.min(amountCents, drawer.cashCents ?? amountCents));
}

