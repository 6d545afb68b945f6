/**
 * The check value printed in a sale receipt's QR code: CRC-32 (IEEE 802.3,
 * the zlib one) over the canonical fields of the sale, as 8 hex digits.
 * It catches a receipt whose id was mistyped or whose QR belongs to another
 * sale; it is not a signature (anyone can compute a CRC).
 *
 * QR payload: `BINGO|<licence>|V<saleId>|<check>`.
 */

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

const utf8 = new TextEncoder();

/** CRC-32 of the bytes, or of the UTF-8 encoding of a string (unsigned 32-bit). */
export function crc32(input: string | Uint8Array): number {
  const bytes = typeof input === 'string' ? utf8.encode(input) : input;
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i += 1) {
    crc = (TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The fields of a sale the check covers (the sale as stored). */
interface SaleCheckFields {
  licence: string | null;
  saleId: number;
  gameId: number;
  ranges: { seriesCode: string; from: number; to: number }[];
  unitPriceCents: number;
  totalCents: number;
  /** ISO-8601 instant; any offset, it is normalised to UTC. */
  createdAt: string;
}

/** The canonical text the CRC is computed over: one line, fields joined by '|'. */
export function saleCheckCanonical(sale: SaleCheckFields): string {
  const at = new Date(sale.createdAt);
  if (Number.isNaN(at.getTime())) throw new RangeError(`invalid createdAt: ${sale.createdAt}`);
  return [
    'SALE1',
    sale.licence ?? '',
    sale.saleId,
    sale.gameId,
    sale.ranges.map((r) => `${r.seriesCode}:${r.from}-${r.to}`).join(','),
    sale.unitPriceCents,
    sale.totalCents,
    at.toISOString(),
  ].join('|');
}

/** The 8-hex-digit check value (upper case) of a sale. */
export function saleCheck(sale: SaleCheckFields): string {
  return crc32(saleCheckCanonical(sale)).toString(16).toUpperCase().padStart(8, '0');
}

/** The licence as it goes into the QR payload: ASCII only ('º' -> 'o'), no '|'. */
export function qrLicence(licence: string | null): string {
  return (licence ?? '')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\|/g, '/')
    .trim();
}

/** `BINGO|<licence>|V<saleId>|<check>` */
export function receiptQrPayload(sale: SaleCheckFields): string {
  return `BINGO|${qrLicence(sale.licence)}|V${sale.saleId}|${saleCheck(sale)}`;
}

interface ReceiptQr {
  licence: string;
  saleId: number;
  check: string;
}

/** Read a receipt's QR payload; null if it is not one of ours. */
export function parseReceiptQr(payload: string): ReceiptQr | null {
  const m = /^BINGO\|([\x20-\x7b\x7d\x7e]*)\|V([1-9]\d{0,14})\|([0-9A-Fa-f]{8})$/.exec(payload.trim());
  if (!m) return null;
  return { licence: m[1] as string, saleId: Number(m[2]), check: (m[3] as string).toUpperCase() };
}

/** Whether a scanned payload belongs to this sale: same licence, same id, and the check matches. */
export function verifyReceiptCheck(payload: string, sale: SaleCheckFields): boolean {
  const qr = parseReceiptQr(payload);
  if (!qr) return false;
  return qr.saleId === sale.saleId && qr.licence === qrLicence(sale.licence) && qr.check === saleCheck(sale);
}
