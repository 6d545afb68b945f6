/** Words and figures as they go on paper (pt-PT, hall time zone). */
import { formatCents } from '../../core/money.js';
import type { Block } from '../layout.js';

/** A run of consecutive cards of one series, as in core/contract.ts (cardRangeSchema). */
export interface CardRange {
  seriesCode: string;
  from: number;
  to: number;
}

/** Receipts print the hall's clock with core's one formatter (byte for byte what the PDFs print). */
export { hallDate as formatHallDate, hallDateTime as formatHallDateTime } from '../../core/time.js';

/** `Série A: n.º 271 a 275` (one card: `Série A: n.º 271`). */
export function rangeText(r: CardRange): string {
  return r.from === r.to ? `Série ${r.seriesCode}: n.º ${r.from}` : `Série ${r.seriesCode}: n.º ${r.from} a ${r.to}`;
}

export function cardsInRanges(ranges: readonly CardRange[]): number {
  return ranges.reduce((n, r) => n + (r.to - r.from + 1), 0);
}

export function checkRanges(ranges: readonly CardRange[]): void {
  if (ranges.length < 1 || ranges.length > 2) throw new RangeError(`a sale has one or two card ranges, not ${ranges.length}`);
  for (const r of ranges) {
    if (!Number.isInteger(r.from) || !Number.isInteger(r.to) || r.from < 1 || r.to < r.from) {
      throw new RangeError(`invalid card range ${r.seriesCode} ${r.from}-${r.to}`);
    }
  }
}

export function checkCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be integer cents, not ${value}`);
}

/** `1 cartão` / `5 cartões` */
export function cardsWord(n: number): string {
  return n === 1 ? '1 cartão' : `${n} cartões`;
}

export const euros = formatCents;

/** The hall header: name (bold, centred) and licence. */
export function hallHeader(hallName: string, licence: string | null | undefined): Block[] {
  const blocks: Block[] = [{ kind: 'text', text: hallName, align: 'center', bold: true }];
  if (licence) blocks.push({ kind: 'text', text: `Licença: ${licence}`, align: 'center' });
  return blocks;
}

/**
 * The program that made the document, with its version, last on the paper
 * (issue 40: a regulator asks which version wrote a document). ASCII, so any
 * code page prints it; it wraps on 58 mm paper.
 */
export function softwareFooter(software: string): Block[] {
  return [{ kind: 'blank' }, { kind: 'text', text: `Programa: ${software}`, align: 'center' }];
}

/** A document title line: bold, centred. */
export function heading(text: string): Block {
  return { kind: 'text', text, align: 'center', bold: true };
}

export function pair(left: string, right: string | number, extra: { bold?: boolean; large?: boolean } = {}): Block {
  return { kind: 'pair', left, right: String(right), ...extra };
}
