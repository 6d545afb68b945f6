/**
 * What a cashier types, or a barcode scanner types for them, in the prize's
 * card field and the refund's sale field (issue 13): a card as printed on it
 * ("A 17"), a sale receipt's QR payload (`BINGO|<licence>|V<saleId>|<check>`,
 * printing/check.ts), the text printed under that QR (`V6-1A2B3C4D`), or the
 * sale's number alone. The check value is verified by the kiosk.
 */

interface ReceiptRef {
  saleId: number;
  /** The receipt's 8-hex check value (upper case), or null when only the sale's number was typed. */
  check: string | null;
}

export interface CardRef {
  seriesCode: string;
  number: number;
}

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** The receipt's QR as a scanner types it; its licence part is any printable ASCII but '|'. */
const QR = /^BINGO\|[\x20-\x7b\x7d\x7e]*\|V([1-9]\d{0,14})\|([0-9A-F]{8})$/i;
/** The line printed under the QR: V<saleId>-<check>. */
const PRINTED = /^V([1-9]\d{0,14})[-\s]([0-9A-F]{8})$/i;
const SALE_NUMBER = /^([1-9]\d{0,14})$/;
/** A card as printed: the series' letters then its number ("A 17", "a17", "A-17", "A n.º 17"). */
const CARD = /^([A-Z]{1,3})\s*(?:-|n\.?\s*º|nº|n\.?o)?\s*([1-9]\d{0,5})$/i;

function id(text: string): number | null {
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

/** A receipt read or typed: the QR payload, the printed `V6-1A2B3C4D`, or the sale's number alone; null if it is none of them. */
export function parseReceipt(text: string): ReceiptRef | null {
  const s = text.trim();
  const m = QR.exec(s) ?? PRINTED.exec(s);
  if (m) {
    const saleId = id(m[1]!);
    return saleId === null ? null : { saleId, check: m[2]!.toUpperCase() };
  }
  const n = SALE_NUMBER.exec(s);
  if (n) {
    const saleId = id(n[1]!);
    return saleId === null ? null : { saleId, check: null };
  }
  return null;
}

/** A winning card presented: typed as printed on it, or the receipt that sold it read (with its check value); null otherwise. */
export function parseCardEntry(text: string): { card: CardRef } | { receipt: { saleId: number; check: string } } | null {
  const s = text.trim();
  const c = CARD.exec(s);
  if (c) return { card: { seriesCode: c[1]!.toUpperCase(), number: Number(c[2]) } };
  const r = parseReceipt(s);
  if (r && r.check !== null) return { receipt: { saleId: r.saleId, check: r.check } };
  return null;
}
