/** The cashier's sale form, checked before anything is sent; the recent sales updated from a sale's answer. */
import type { ChannelOutput, SaleView } from '../../core/contract.js';
import type { Cents } from '../../core/money.js';

type SaleCheck =
  | { ok: true; quantity: number; totalCents: Cents; changeCents: Cents }
  | { ok: false; reason: 'quantity'; totalCents: null }
  | { ok: false; reason: 'tendered'; quantity: number; totalCents: Cents; missingCents: Cents };

/** Whole number >= 1 typed in the quantity field, else null. */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 ? n : null;
}

export function checkSale(quantityText: string, priceCents: Cents, tenderedCents: Cents): SaleCheck {
  const quantity = parseQuantity(quantityText);
  if (quantity === null) return { ok: false, reason: 'quantity', totalCents: null };
  const totalCents = quantity * priceCents;
  if (tenderedCents < totalCents) {
    return { ok: false, reason: 'tendered', quantity, totalCents, missingCents: totalCents - tenderedCents };
  }
  return { ok: true, quantity, totalCents, changeCents: tenderedCents - totalCents };
}

/** What the screen knows of a sale it just made, besides the answer. */
interface SaleMade {
  gameId: number;
  unitPriceCents: Cents;
  paymentMethod: SaleView['paymentMethod'];
  cashier: string;
  terminalId: string;
  /** When the answer came (the answer does not carry the sale's time; the kiosk's clock is this machine's). */
  createdAt: string;
}

/** The recent-sales row of a sale from its `sale.create` answer. */
export function saleViewOf(answer: ChannelOutput<'sale.create'>, made: SaleMade): SaleView {
  return {
    saleId: answer.saleId,
    gameId: made.gameId,
    quantity: answer.quantity,
    ranges: answer.ranges,
    unitPriceCents: made.unitPriceCents,
    totalCents: answer.totalCents,
    paymentMethod: made.paymentMethod,
    tenderedCents: answer.tenderedCents,
    changeCents: answer.changeCents,
    cashier: made.cashier,
    terminalId: made.terminalId,
    createdAt: made.createdAt,
    voided: false,
  };
}

/** The list (newest first, at most `limit`) with `sale` in its place; unchanged if it is already there. */
export function withNewSale(list: readonly SaleView[], sale: SaleView, limit: number): SaleView[] {
  if (list.some((s) => s.saleId === sale.saleId)) return [...list];
  return [...list, sale].sort((a, b) => b.saleId - a.saleId).slice(0, limit);
}

/** The list with sale `saleId` voided, or null when it is not in the list (fetch it instead). */
export function withVoidedSale(list: readonly SaleView[], saleId: number): SaleView[] | null {
  if (!list.some((s) => s.saleId === saleId)) return null;
  return list.map((s) => (s.saleId === saleId ? { ...s, voided: true } : s));
}
