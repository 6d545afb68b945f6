/** The cashier's sale form, checked before anything is sent. */
import type { Cents } from '../../core/money.js';

export type SaleCheck =
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
