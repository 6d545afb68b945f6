/**
 * Checking claims against a card face and the balls drawn (DN art. 9.1, 15.4),
 * and finding every sold card that holds a line or a bingo after a ball.
 */
import { KioskError } from '../refusal.js';
import { COLUMN_HI, COLUMN_LO, COLUMNS, columnOf } from './faces.js';

/** A card's 15 numbers as three rows of five. */
export type Rows = readonly (readonly number[])[];

/** Balls drawn so far, as a lookup by number (index 1..90). */
export type Drawn = Uint8Array;

export function drawnSet(balls: readonly number[]): Drawn {
  const set = new Uint8Array(91);
  for (const b of balls) set[b] = 1;
  return set;
}

/** The rows (0-2) of a face whose five numbers were all drawn. */
export function completedRows(rows: Rows, drawn: Drawn): number[] {
  const done: number[] = [];
  rows.forEach((row, i) => {
    if (row.every((n) => drawn[n] === 1)) done.push(i);
  });
  return done;
}

export function hasBingo(rows: Rows, drawn: Drawn): boolean {
  return rows.every((row) => row.every((n) => drawn[n] === 1));
}

export type ClaimCheck =
  | { valid: true; rows: number[] }
  | { valid: false; reason: 'no_line' | 'no_bingo'; missing: number[] };

export function checkClaim(kind: 'line' | 'bingo', rows: Rows, drawn: Drawn): ClaimCheck {
  if (kind === 'line') {
    const done = completedRows(rows, drawn);
    if (done.length > 0) return { valid: true, rows: done };
    // The row closest to complete tells the player what is missing.
    const closest = [...rows].sort(
      (a, b) => a.filter((n) => !drawn[n]).length - b.filter((n) => !drawn[n]).length,
    )[0]!;
    return { valid: false, reason: 'no_line', missing: closest.filter((n) => !drawn[n]) };
  }
  const missing = rows.flat().filter((n) => drawn[n] !== 1);
  return missing.length === 0 ? { valid: true, rows: [0, 1, 2] } : { valid: false, reason: 'no_bingo', missing };
}

/** How many numbers a claim checked by hand names: a line's five, a card's fifteen (art. 9.1). */
export const MANUAL_CLAIM_NUMBERS = { line: 5, bingo: 15 } as const;

/**
 * A claim on a card whose face is not on record (SPEC 4): the manager reads
 * the card's numbers (the row for a line, the whole card for a bingo) and the
 * kiosk checks them against the balls drawn (art. 9.1). Refuses a wrong count
 * or a number outside 1-90 or repeated, numbers no card could hold (art. 3.4)
 * and, naming them, numbers not drawn.
 * Returns the numbers sorted.
 */
export function checkManualClaim(kind: 'line' | 'bingo', numbers: readonly number[], drawn: Drawn): number[] {
  const expected = MANUAL_CLAIM_NUMBERS[kind];
  if (numbers.length !== expected) throw new KioskError('MANUAL_CLAIM_NUMBERS_COUNT', { kind, expected, given: numbers.length });
  const bad = numbers.find((n, i) => !Number.isInteger(n) || n < 1 || n > 90 || numbers.indexOf(n) !== i);
  if (bad !== undefined) throw new KioskError('MANUAL_CLAIM_NUMBER_INVALID', { number: String(bad) });
  const sorted = [...numbers].sort((a, b) => a - b);
  // Numbers that no card could hold are a misreading, whatever the balls (art. 3.4).
  checkPossibleCard(kind, sorted);
  const missing = sorted.filter((n) => drawn[n] !== 1);
  if (missing.length > 0) throw new KioskError('MANUAL_CLAIM_NOT_DRAWN', { kind, missing: missing.join(', '), count: missing.length });
  return sorted;
}

/** A column as the card shows it: "1-9", "10-19", ..., "80-90". */
const columnName = (c: number) => `${COLUMN_LO[c]}-${COLUMN_HI[c]}`;

/**
 * Art. 3.4 on numbers read by hand: a line is five numbers of five different
 * columns; a card's fifteen hold one or two numbers in every column. Refuses
 * naming the columns that break it (`columns`: "1-9:1 2 3;80-90:", each
 * column with the numbers it was given).
 */
export function checkPossibleCard(kind: 'line' | 'bingo', sorted: readonly number[]): void {
  const byColumn: number[][] = Array.from({ length: COLUMNS }, () => []);
  for (const n of sorted) byColumn[columnOf(n)]!.push(n);
  const broken = byColumn
    .map((numbers, c) => ({ c, numbers }))
    .filter(({ numbers }) => (kind === 'line' ? numbers.length > 1 : numbers.length < 1 || numbers.length > 2));
  if (broken.length === 0) return;
  const columns = broken.map(({ c, numbers }) => `${columnName(c)}:${numbers.join(' ')}`).join(';');
  throw new KioskError(kind === 'line' ? 'MANUAL_LINE_NOT_A_ROW' : 'MANUAL_BINGO_NOT_A_CARD', { columns });
}

/** A card's numbers confirmed by hand before, in this or an earlier game of the series. */
export interface RecordedClaim {
  card: number;
  kind: 'line' | 'bingo';
  numbers: readonly number[];
  gameNumber: number;
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((n) => b.includes(n));

/**
 * Art. 3.4 across the series: the numbers read for a card must agree with
 * what was read for it before (its line is part of its bingo, two of its lines
 * never share a number unless they are the same line, its bingo is always the
 * same fifteen) and no other card of the series has the same line or bingo.
 */
export function checkAgainstRecorded(kind: 'line' | 'bingo', card: number, sorted: readonly number[], recorded: readonly RecordedClaim[]): void {
  for (const r of recorded) {
    if (r.card !== card) {
      if (r.kind === kind && sameSet(r.numbers, sorted)) throw new KioskError('MANUAL_CLAIM_OTHER_CARD', { kind, card: r.card, game: r.gameNumber });
      continue;
    }
    if (kind === 'bingo' && r.kind === 'bingo' && !sameSet(r.numbers, sorted)) {
      throw new KioskError('MANUAL_BINGO_DIFFERS', { card, game: r.gameNumber, numbers: r.numbers.join(', ') });
    }
    if (kind === 'bingo' && r.kind === 'line') {
      const missing = r.numbers.filter((n) => !sorted.includes(n));
      if (missing.length > 0) throw new KioskError('MANUAL_BINGO_WITHOUT_LINE', { card, game: r.gameNumber, line: r.numbers.join(', '), missing: missing.join(', ') });
    }
    if (kind === 'line' && r.kind === 'bingo') {
      const off = sorted.filter((n) => !r.numbers.includes(n));
      if (off.length > 0) throw new KioskError('MANUAL_LINE_OFF_CARD', { card, game: r.gameNumber, off: off.join(', ') });
    }
    if (kind === 'line' && r.kind === 'line' && !sameSet(r.numbers, sorted) && r.numbers.some((n) => sorted.includes(n))) {
      throw new KioskError('MANUAL_LINES_OVERLAP', { card, game: r.gameNumber, line: r.numbers.join(', ') });
    }
  }
}

export interface SoldCard {
  seriesCode: string;
  card: number;
  rows: Rows;
}

/**
 * Follows the sold cards of a game ball by ball: for each number, which
 * (card, row) pairs hold it, and how many numbers of each row are out. After
 * a ball only the rows holding that number are touched, so finding the new
 * lines and bingos among 10,000 cards costs a few thousand increments.
 */
export class WinnerTracker {
  private readonly cards: readonly SoldCard[];
  private readonly byNumber: Int32Array[];
  private readonly rowHits: Uint8Array;
  private readonly cardHits: Uint8Array;
  private readonly drawn = new Uint8Array(91);
  private readonly lines = new Set<number>();
  private readonly bingos = new Set<number>();

  constructor(cards: readonly SoldCard[]) {
    this.cards = cards;
    this.rowHits = new Uint8Array(cards.length * 3);
    this.cardHits = new Uint8Array(cards.length);
    const counts = new Int32Array(91);
    cards.forEach((c) => c.rows.forEach((row) => row.forEach((n) => counts[n]!++)));
    this.byNumber = Array.from({ length: 91 }, (_, n) => new Int32Array(counts[n]!));
    const fill = new Int32Array(91);
    cards.forEach((c, ci) =>
      c.rows.forEach((row, ri) =>
        row.forEach((n) => {
          this.byNumber[n]![fill[n]!++] = ci * 3 + ri;
        }),
      ),
    );
  }

  /** Record a ball; returns the indexes of cards that got a line / a bingo with it. */
  draw(ball: number): { newLines: number[]; newBingos: number[] } {
    const newLines: number[] = [];
    const newBingos: number[] = [];
    if (this.drawn[ball]) return { newLines, newBingos };
    this.drawn[ball] = 1;
    for (const slot of this.byNumber[ball]!) {
      const ci = (slot / 3) | 0;
      if (++this.rowHits[slot]! === 5 && !this.lines.has(ci)) {
        this.lines.add(ci);
        newLines.push(ci);
      }
      if (++this.cardHits[ci]! === 15) {
        this.bingos.add(ci);
        newBingos.push(ci);
      }
    }
    return { newLines, newBingos };
  }

  /** Every card holding a line / a bingo now. */
  winners(): { lines: SoldCard[]; bingos: SoldCard[] } {
    const pick = (set: Set<number>) => [...set].sort((a, b) => a - b).map((i) => this.cards[i]!);
    return { lines: pick(this.lines), bingos: pick(this.bingos) };
  }
}
