/**
 * The cards themselves (DN 80/85, art. 3.º, n.os 1 and 2): each series' cards
 * received in boxes from the printer, handed to the counters and back, sold,
 * or destroyed by a manager's act. Pure rules over number ranges: a card is
 * in exactly one place, so received = in stock + at counters + sold +
 * destroyed, and a move that would put a card in two places is refused.
 *
 * Decisions (a hall's expectations):
 * - A series with no box received is not followed (series registered before
 *   the stock was kept): its sales go on and the start check says so. Once a
 *   box is received, the series' cards are sold only where received and not
 *   destroyed.
 * - Sold cards are the series' numbers below its next number (art. 12.º,
 *   n.º 2: sales follow the serial order and continue from it).
 * - Cards go to the counters from stock and come back to stock; a sold card
 *   never comes back, and is never destroyed here (a winning card is kept,
 *   art. 15.º). Destroyed cards are destroyed from stock: a card at a counter
 *   comes back first.
 */
import { KioskError } from '../refusal.js';

/** Inclusive range of card numbers. */
export interface NumberRange {
  from: number;
  to: number;
}

export const STOCK_MOVES = ['received', 'issued', 'returned', 'destroyed'] as const;
export type StockMoveKind = (typeof STOCK_MOVES)[number];

export interface StockMove extends NumberRange {
  kind: StockMoveKind;
}

/** A series as the stock sees it: its size and next number (the cards below it are sold). */
export interface StockSeries {
  code: string;
  size: number;
  nextNumber: number;
}

export interface StockFigures {
  received: number;
  inStock: number;
  atCounters: number;
  sold: number;
  destroyed: number;
  /** Cards sold that were never received (a series not followed, or sold before its box was recorded). */
  soldNotReceived: number;
}

/** Where each card is, as disjoint ascending ranges. */
export interface StockState {
  received: NumberRange[];
  inStock: NumberRange[];
  atCounters: NumberRange[];
  sold: NumberRange[];
  destroyed: NumberRange[];
}

// ---- range arithmetic (ascending, disjoint, merged) ----

export function count(ranges: readonly NumberRange[]): number {
  return ranges.reduce((n, r) => n + (r.to - r.from + 1), 0);
}

export function normalise(ranges: readonly NumberRange[]): NumberRange[] {
  const sorted = ranges.filter((r) => r.to >= r.from).map((r) => ({ ...r })).sort((a, b) => a.from - b.from);
  const out: NumberRange[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.from <= last.to + 1) last.to = Math.max(last.to, r.to);
    else out.push({ from: r.from, to: r.to });
  }
  return out;
}

export function union(a: readonly NumberRange[], b: readonly NumberRange[]): NumberRange[] {
  return normalise([...a, ...b]);
}

export function intersect(a: readonly NumberRange[], b: readonly NumberRange[]): NumberRange[] {
  const x = normalise(a);
  const y = normalise(b);
  const out: NumberRange[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const from = Math.max(x[i]!.from, y[j]!.from);
    const to = Math.min(x[i]!.to, y[j]!.to);
    if (from <= to) out.push({ from, to });
    if (x[i]!.to < y[j]!.to) i++;
    else j++;
  }
  return out;
}

export function subtract(a: readonly NumberRange[], b: readonly NumberRange[]): NumberRange[] {
  const out: NumberRange[] = [];
  const y = normalise(b);
  for (const r of normalise(a)) {
    let from = r.from;
    for (const s of y) {
      if (s.to < from || s.from > r.to) continue;
      if (s.from > from) out.push({ from, to: s.from - 1 });
      from = Math.max(from, s.to + 1);
    }
    if (from <= r.to) out.push({ from, to: r.to });
  }
  return out;
}

export function rangesText(ranges: readonly NumberRange[]): string {
  return ranges.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`)).join(', ');
}

// ---- the stock of one series ----

/** Where each card of a series is, from its moves in the order they were recorded and its next number. */
export function stockState(series: StockSeries, moves: readonly StockMove[]): StockState {
  let received: NumberRange[] = [];
  let destroyed: NumberRange[] = [];
  let counters: NumberRange[] = [];
  for (const m of moves) {
    const r = [{ from: m.from, to: m.to }];
    if (m.kind === 'received') received = union(received, r);
    else if (m.kind === 'destroyed') destroyed = union(destroyed, r);
    else if (m.kind === 'issued') counters = union(counters, r);
    else counters = subtract(counters, r);
  }
  const soldAll = series.nextNumber > 1 ? [{ from: 1, to: series.nextNumber - 1 }] : [];
  const sold = subtract(soldAll, destroyed);
  const atCounters = subtract(subtract(counters, sold), destroyed);
  const inStock = subtract(subtract(subtract(received, destroyed), sold), atCounters);
  return { received, inStock, atCounters, sold, destroyed };
}

export function stockFigures(state: StockState): StockFigures {
  return {
    received: count(state.received),
    inStock: count(state.inStock),
    atCounters: count(intersect(state.atCounters, state.received)),
    sold: count(intersect(state.sold, state.received)),
    destroyed: count(intersect(state.destroyed, state.received)),
    soldNotReceived: count(subtract(state.sold, state.received)),
  };
}

/** Whether the series' cards are followed: a box of it was received. */
export function followed(moves: readonly StockMove[]): boolean {
  return moves.some((m) => m.kind === 'received');
}

function checkRange(series: StockSeries, r: NumberRange): void {
  if (!Number.isInteger(r.from) || !Number.isInteger(r.to) || r.from < 1 || r.to < r.from || r.to > series.size) {
    throw new KioskError('STOCK_RANGE_INVALID', { code: series.code, from: r.from, to: r.to, size: series.size });
  }
}

/** The first cards of `range` found in `where`, to name in a refusal. */
function clash(range: NumberRange, where: readonly NumberRange[]): string | null {
  const hit = intersect([range], where);
  return hit.length ? rangesText(hit) : null;
}

/**
 * Checks a move against the series' stock; throws the refusal (nothing is
 * recorded) or returns. Boxes never overlap; cards go to the counters from
 * stock, come back from the counters, and are destroyed from stock.
 */
export function checkMove(series: StockSeries, moves: readonly StockMove[], move: StockMove): void {
  checkRange(series, move);
  const s = stockState(series, moves);
  const p = { code: series.code, from: move.from, to: move.to };
  if (move.kind === 'received') {
    const taken = clash(move, s.received);
    if (taken) throw new KioskError('STOCK_ALREADY_RECEIVED', { ...p, cards: taken });
    return;
  }
  const notReceived = clash(move, subtract([{ from: 1, to: series.size }], s.received));
  if (notReceived) throw new KioskError('STOCK_NOT_RECEIVED', { ...p, cards: notReceived });
  const destroyed = clash(move, s.destroyed);
  if (destroyed) throw new KioskError('STOCK_CARDS_DESTROYED', { ...p, cards: destroyed });
  const sold = clash(move, s.sold);
  if (sold) throw new KioskError('STOCK_CARDS_SOLD', { ...p, cards: sold });
  if (move.kind === 'returned') {
    const notOut = clash(move, s.inStock);
    if (notOut) throw new KioskError('STOCK_NOT_AT_COUNTERS', { ...p, cards: notOut });
    return;
  }
  const out = clash(move, s.atCounters);
  if (out) throw new KioskError('STOCK_AT_COUNTERS', { ...p, cards: out });
}

/**
 * A sale's cards of a followed series must have been received and not
 * destroyed (art. 3.º, n.º 1: only the cards of the authorised edition are
 * used); a series not followed sells as before.
 */
export function checkSale(series: StockSeries, moves: readonly StockMove[], range: NumberRange): void {
  if (!followed(moves)) return;
  const s = stockState(series, moves);
  const p = { code: series.code, from: range.from, to: range.to };
  const notReceived = clash(range, subtract([{ from: 1, to: series.size }], s.received));
  if (notReceived) throw new KioskError('SALE_CARDS_NOT_RECEIVED', { ...p, cards: notReceived });
  const destroyed = clash(range, s.destroyed);
  if (destroyed) throw new KioskError('SALE_CARDS_DESTROYED', { ...p, cards: destroyed });
}

/** A series' edition as authorised (art. 3.º, n.º 1) with its emission number (art. 3.º, n.º 2). */
export interface Edition {
  authorisationRef: string;
  /** YYYY-MM-DD. */
  authorisationDate: string;
  emission: string;
}

/** Refuses an edition whose date is not a real calendar date or lies after `today` (YYYY-MM-DD, the hall's day). */
export function checkEdition(edition: Edition, today: string): void {
  const d = edition.authorisationDate;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  const t = m === null ? Number.NaN : Date.parse(`${d}T00:00:00Z`);
  const real = !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  if (!real || d > today) throw new KioskError('EDITION_DATE_INVALID', { date: d });
  if (edition.authorisationRef.trim() === '') throw new KioskError('EDITION_REF_MISSING');
  if (edition.emission.trim() === '') throw new KioskError('EDITION_EMISSION_MISSING');
}
