/**
 * Roving sellers ("caixas volantes") and the one order of a game's cards (DN 80/85, art. 12.º, n.º 2 and
 * 13.º): the caixa hands each seller a block of the next cards, the counters sell from the same order, the
 * surplus comes back before the close of sale, and only the top of the order may stay unsold.
 *
 * Pure: everything is derived from facts the service loads (the cards sold, the blocks still out), never
 * from a counter kept apart, so a return at the top of the order gives those cards back to the top by itself
 * and a return from the middle leaves them as cards to sell again first.
 *
 * Cards are placed on one line, the game's order: the first series from the number it started at to its
 * end, then the second series from 1 to its cap (art. 12.º, n.º 3). A position is a card's place on it.
 */
import { KioskError } from '../refusal.js';
import { secondSeriesCap, type CardRange, type GamePlan } from './allocation.js';
import { secondGameShare } from './double.js';

export interface Card {
  seriesCode: string;
  number: number;
}

/** The game's order: its segments, one per series, in the order they are sold. */
export type GameOrder = readonly CardRange[];

/** An inclusive span of positions on the order. */
type Span = readonly [number, number];

/** The order of a game: the first series from where it started, then the second up to its cap. */
export function gameOrder(plan: Pick<GamePlan, 'first' | 'firstStart' | 'second'>): GameOrder {
  const order: CardRange[] = [];
  if (plan.firstStart <= plan.first.size) order.push({ seriesCode: plan.first.code, from: plan.firstStart, to: plan.first.size });
  if (plan.second) {
    const cap = secondSeriesCap(plan.firstStart, plan.second);
    if (cap >= 1) order.push({ seriesCode: plan.second.code, from: 1, to: cap });
  }
  return order;
}

function orderSize(order: GameOrder): number {
  return order.reduce((n, s) => n + s.to - s.from + 1, 0);
}

/** A card's position on the order, or null when the game's order does not hold it. */
export function positionOf(order: GameOrder, card: Card): number | null {
  let base = 0;
  for (const s of order) {
    if (s.seriesCode === card.seriesCode && card.number >= s.from && card.number <= s.to) return base + card.number - s.from;
    base += s.to - s.from + 1;
  }
  return null;
}

function spanOf(order: GameOrder, range: CardRange): Span {
  const from = positionOf(order, { seriesCode: range.seriesCode, number: range.from });
  const to = positionOf(order, { seriesCode: range.seriesCode, number: range.to });
  if (from === null || to === null || to < from) throw new KioskError('CARDS_OUTSIDE_ORDER', { code: range.seriesCode, cards: cardsLabel([range]) });
  return [from, to];
}

/** Sorted, overlapping and touching spans joined. */
function merged(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** What of `spans` lies outside `minus` (both merged). */
function without(spans: readonly Span[], minus: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const [from, to] of spans) {
    let at = from;
    for (const [mFrom, mTo] of minus) {
      if (mTo < at || mFrom > to) continue;
      if (mFrom > at) out.push([at, mFrom - 1]);
      at = Math.max(at, mTo + 1);
    }
    if (at <= to) out.push([at, to]);
  }
  return out;
}

/** Spans back to ranges of cards, split where the order passes from one series to the next. */
function rangesOf(order: GameOrder, spans: readonly Span[]): CardRange[] {
  const out: CardRange[] = [];
  for (const [from, to] of spans) {
    let base = 0;
    for (const s of order) {
      const size = s.to - s.from + 1;
      const lo = Math.max(from, base);
      const hi = Math.min(to, base + size - 1);
      if (lo <= hi) out.push({ seriesCode: s.seriesCode, from: s.from + lo - base, to: s.from + hi - base });
      base += size;
    }
  }
  return out;
}

const spanCount = (spans: readonly Span[]) => spans.reduce((n, [a, b]) => n + b - a + 1, 0);

/** "A 41-47, B 1-3": cards as people read them in a message. */
export function cardsLabel(ranges: readonly CardRange[]): string {
  return ranges.map((r) => `${r.seriesCode} ${r.from === r.to ? r.from : `${r.from}-${r.to}`}`).join(', ');
}

/** Where the game's cards are: sold (at a counter or by a seller), out (in a seller's hands), or not. */
export interface OrderState {
  /** The first position neither sold nor out above every sold or out card: the top of the order. */
  top: number;
  /** Cards below the top neither sold nor out: handed back from the middle, sold again first. */
  toSellFirst: CardRange[];
  /** Cards from the top up: never taken. */
  above: number;
  sold: number;
  out: number;
}

/**
 * The state of the order from the cards sold and the blocks out. A card both sold and out, or given twice,
 * is a fault of the books, never of the operator: refused as such.
 */
export function orderState(order: GameOrder, sold: readonly CardRange[], out: readonly CardRange[]): OrderState {
  const soldSpans = sold.map((r) => spanOf(order, r));
  const outSpans = out.map((r) => spanOf(order, r));
  const all = [...soldSpans, ...outSpans];
  const taken = merged(all);
  if (spanCount(taken) !== spanCount(all)) throw new KioskError('CARDS_GIVEN_TWICE', { cards: cardsLabel(rangesOf(order, taken)) });
  const top = taken.length === 0 ? 0 : taken[taken.length - 1]![1] + 1;
  const gaps = top === 0 ? [] : without([[0, top - 1]], taken);
  return { top, toSellFirst: rangesOf(order, gaps), above: orderSize(order) - top, sold: spanCount(soldSpans), out: spanCount(outSpans) };
}

/**
 * The next `quantity` cards of the one order, for a counter's sale or a seller's block alike: the cards
 * handed back from the middle first (in their order), then from the top. Refused as NOT_ENOUGH_CARDS when
 * the game has fewer, nothing taken.
 */
export function takeNext(order: GameOrder, sold: readonly CardRange[], out: readonly CardRange[], quantity: number, cap = 0): CardRange[] {
  const state = orderState(order, sold, out);
  const first = merged(state.toSellFirst.map((r) => spanOf(order, r)));
  const available = spanCount(first) + state.above;
  if (quantity > available) throw new KioskError('NOT_ENOUGH_CARDS', { available, requested: quantity, cap }, { available, requested: quantity });
  const taken: Span[] = [];
  let left = quantity;
  for (const [from, to] of first) {
    if (left === 0) break;
    const n = Math.min(left, to - from + 1);
    taken.push([from, from + n - 1]);
    left -= n;
  }
  if (left > 0) taken.push([state.top, state.top + left - 1]);
  return rangesOf(order, merged(taken));
}

/** The next number of each series after the top of the order: what the series' counters read. */
export function nextNumbers(order: GameOrder, top: number): Record<string, number> {
  const next: Record<string, number> = {};
  let base = 0;
  for (const s of order) {
    const size = s.to - s.from + 1;
    next[s.seriesCode] = top >= base + size ? s.to + 1 : top <= base ? s.from : s.from + top - base;
    base += size;
  }
  return next;
}

/** A block's cards in their order. */
function cardsOf(block: readonly CardRange[]): Card[] {
  return block.flatMap((r) => Array.from({ length: r.to - r.from + 1 }, (_, i) => ({ seriesCode: r.seriesCode, number: r.from + i })));
}

function rangesOfCards(cards: readonly Card[]): CardRange[] {
  const out: CardRange[] = [];
  for (const c of cards) {
    const last = out[out.length - 1];
    if (last && last.seriesCode === c.seriesCode && last.to + 1 === c.number) last.to = c.number;
    else out.push({ seriesCode: c.seriesCode, from: c.number, to: c.number });
  }
  return out;
}

/**
 * A seller's block come back, read as its first unsold card (null: all sold): what was sold is every card
 * before it in the block's order, what comes back is it and every card after. A card not of the block is
 * refused (it was misread, or belongs to another seller's block).
 */
export function blockReturn(block: readonly CardRange[], firstUnsold: Card | null, seller = ''): { sold: CardRange[]; returned: CardRange[] } {
  const cards = cardsOf(block);
  if (firstUnsold === null) return { sold: rangesOfCards(cards), returned: [] };
  const at = cards.findIndex((c) => c.seriesCode === firstUnsold.seriesCode && c.number === firstUnsold.number);
  if (at < 0) throw new KioskError('SELLER_RETURN_NOT_IN_BLOCK', { code: firstUnsold.seriesCode, card: firstUnsold.number, seller, cards: cardsLabel(block) });
  return { sold: rangesOfCards(cards.slice(0, at)), returned: rangesOfCards(cards.slice(at)) };
}

/**
 * The close of sale (art. 13.º): refused while a seller still holds a block, or while cards handed back
 * from the middle of the order are unsold (the announcement would show a gap). Otherwise the ranges to
 * announce, one per series, from the cards really sold.
 */
export function closeOfSale(order: GameOrder, sold: readonly CardRange[], out: readonly { seller: string; cards: readonly CardRange[] }[]): CardRange[] {
  const holding = out.filter((b) => b.cards.length > 0);
  if (holding.length > 0) throw new KioskError('SALE_CLOSE_BLOCKS_OUT', { sellers: [...new Set(holding.map((b) => b.seller))].join(', ') });
  const state = orderState(order, sold, []);
  if (state.toSellFirst.length > 0) throw new KioskError('SALE_CLOSE_CARDS_TO_RESELL', { cards: cardsLabel(state.toSellFirst) });
  return announcedRanges(order, sold);
}

/** The cards sold joined into ranges, in the order: one per series once nothing is left in the middle. */
export function announcedRanges(order: GameOrder, sold: readonly CardRange[]): CardRange[] {
  return rangesOf(order, merged(sold.map((r) => spanOf(order, r))));
}

/** What a seller owes for a game's cards and what the count says: accepted by a manager above the hall's threshold. */
export interface SellerSettlement {
  cardsSold: number;
  owedCents: number;
  countedCents: number;
  /** Counted less owed: negative when money is missing. */
  differenceCents: number;
  needsAcceptance: boolean;
}

export function sellerSettlement(o: { sold: readonly CardRange[]; priceCents: number; countedCents: number; thresholdCents: number }): SellerSettlement {
  const cardsSold = o.sold.reduce((n, r) => n + r.to - r.from + 1, 0);
  const owedCents = cardsSold * o.priceCents;
  const differenceCents = o.countedCents - owedCents;
  return { cardsSold, owedCents, countedCents: o.countedCents, differenceCents, needsAcceptance: Math.abs(differenceCents) > o.thresholdCents };
}

/**
 * A card presented for its refund after an annulment: refunded once, against its number in what the game
 * sold, whoever sold it (a counter or a seller).
 */
export function checkCardRefund(o: { card: Card; sold: readonly CardRange[]; refunded: readonly Card[]; gameNumber: number }): void {
  const { card } = o;
  const wasSold = o.sold.some((r) => r.seriesCode === card.seriesCode && card.number >= r.from && card.number <= r.to);
  if (!wasSold) throw new KioskError('CARD_REFUND_NOT_SOLD', { code: card.seriesCode, card: card.number, number: o.gameNumber });
  if (o.refunded.some((c) => c.seriesCode === card.seriesCode && c.number === card.number)) {
    throw new KioskError('CARD_ALREADY_REFUNDED', { code: card.seriesCode, card: card.number, number: o.gameNumber });
  }
}

/**
 * What one card of a sale gives back (art. 16.3: in full, no deduction): the sale's amount for the annulled game
 * (the whole, or a double pair's second half) shared by its cards, the cents that do not divide carried by the last
 * cards refunded, so that its cards refunded one by one give back exactly what the sale refunded whole would.
 */
export function cardRefundCents(o: { totalCents: number; quantity: number; refundedBefore: number; secondOfPair: boolean }): number {
  const share = o.secondOfPair ? secondGameShare(o.totalCents) : o.totalCents;
  const base = Math.floor(share / o.quantity);
  const left = share - base * o.quantity;
  return base + (o.refundedBefore >= o.quantity - left ? 1 : 0);
}
