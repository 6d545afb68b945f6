/**
 * The text of a guia's QR code and how the caixa's scanner or keyboard finds
 * a guia: `GUIA|<number>`, or the number alone (typed, or read off the paper).
 */
const GUIA_QR_PREFIX = 'GUIA|';

export function guiaQrPayload(number: number): string {
  return `${GUIA_QR_PREFIX}${number}`;
}

/** The guia number in what was typed or scanned, or null. A scanner may add spaces or a trailing newline. */
export function guiaNumberOf(query: string): number | null {
  const q = query.trim();
  const m = /^(?:GUIA\|)?0*([1-9]\d{0,8})$/i.exec(q);
  return m ? Number(m[1]) : null;
}
