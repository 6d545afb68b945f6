/** Words and figures as they go on paper (pt-PT, hall time zone). */
import { formatCents } from '../../core/money.js';
import { hallParts } from '../../core/time.js';
import type { Block } from '../layout.js';

/** A run of consecutive cards of one series, as in core/contract.ts (cardRangeSchema). */
export interface CardRange {
  seriesCode: string;
  from: number;
  to: number;
}

const parts = hallParts;

/** `2025-03-05T21:14:00Z` -> `05/03/2025 21:14` (Europe/Lisbon). */
export function formatHallDateTime(iso: string): string {
  const p = parts(iso);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** A calendar day (`2025-03-13`) or an instant -> `13/03/2025` (an instant is taken in Europe/Lisbon). */
export function formatHallDate(isoDateOrTime: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDateOrTime);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const p = parts(isoDateOrTime);
  return `${p.day}/${p.month}/${p.year}`;
}

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

/** A document title line: bold, centred. */
export function heading(text: string): Block {
  return { kind: 'text', text, align: 'center', bold: true };
}

export function pair(left: string, right: string | number, extra: { bold?: boolean; large?: boolean } = {}): Block {
  return { kind: 'pair', left, right: String(right), ...extra };
}
