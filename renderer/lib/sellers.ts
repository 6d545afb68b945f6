/**
 * The roving sellers' screen (DN 80/85, art. 12.º, n.º 2, and 13.º): what the caixa reads before an act, worked
 * out from what the kiosk said (seller.list, the game on sale). The kiosk decides; these only say beforehand what
 * it will do, and each seller's figures as the tiles and the settlements show them. Integer cents only.
 */
import type { SellerBlockView } from '../../core/bingo/sellers-contract.js';
import type { GameView } from '../../core/contract.js';
import { parseCardEntry, type CardRef } from './cardEntry.js';
import type { CardRange } from './ranges.js';

/** The usual blocks the caixa chooses from, once, on the screen. */
export const USUAL_BLOCKS = [10, 20, 40] as const;
const DEFAULT_BLOCK = 20;
/** Per terminal: the caixa at this counter keeps the block she chose across logins. */
export const USUAL_BLOCK_KEY = 'kiosk.sellers.usualBlock';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function loadUsualBlock(store: Store | undefined): number {
  const n = Number(store?.getItem(USUAL_BLOCK_KEY));
  return (USUAL_BLOCKS as readonly number[]).includes(n) ? n : DEFAULT_BLOCK;
}

export function saveUsualBlock(store: Store | undefined, quantity: number): void {
  try {
    store?.setItem(USUAL_BLOCK_KEY, String(quantity));
  } catch {
    // A full or refused storage only forgets the choice: the block is still handed out.
  }
}

const countOf = (ranges: readonly CardRange[]) => ranges.reduce((n, r) => n + r.to - r.from + 1, 0);

/** Touching ranges of one series joined: A 15-20 and A 21-24 read A 15-24. */
function joined(ranges: readonly CardRange[]): CardRange[] {
  const out: CardRange[] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && last.seriesCode === r.seriesCode && last.to + 1 === r.from) last.to = r.to;
    else out.push({ ...r });
  }
  return out;
}

/**
 * The cards a block of `quantity` will hold, as the kiosk takes them: the cards handed back from the middle first
 * (toSellFirst, in their order), then from the game's next card up: the rest of the first series, then the second
 * series up to its cap (art. 12.º, n.º 3). Null when the game has fewer cards (the kiosk refuses it).
 */
export function predictBlock(game: Pick<GameView, 'firstSeries' | 'secondSeries' | 'nextCard'>, toSellFirst: readonly CardRange[], quantity: number): CardRange[] | null {
  const sources: CardRange[] = [...toSellFirst];
  const next = game.nextCard;
  const second = game.secondSeries;
  if (next && next.seriesCode === game.firstSeries.code) {
    if (next.number <= game.firstSeries.size) sources.push({ seriesCode: next.seriesCode, from: next.number, to: game.firstSeries.size });
    if (second && second.cap >= 1) sources.push({ seriesCode: second.code, from: 1, to: second.cap });
  } else if (next && second && next.seriesCode === second.code && next.number <= second.cap) {
    sources.push({ seriesCode: second.code, from: next.number, to: second.cap });
  }
  const taken: CardRange[] = [];
  let left = quantity;
  for (const r of sources) {
    if (left === 0) break;
    const n = Math.min(left, r.to - r.from + 1);
    taken.push({ seriesCode: r.seriesCode, from: r.from, to: r.from + n - 1 });
    left -= n;
  }
  return left > 0 ? null : joined(taken);
}

/** A block's cards cut at its `sold` first cards: those sold, and those handed back (the block's order). */
export function splitBlock(ranges: readonly CardRange[], sold: number): { sold: CardRange[]; back: CardRange[] } {
  const out = { sold: [] as CardRange[], back: [] as CardRange[] };
  let left = sold;
  for (const r of ranges) {
    const n = Math.max(0, Math.min(left, r.to - r.from + 1));
    if (n > 0) out.sold.push({ seriesCode: r.seriesCode, from: r.from, to: r.from + n - 1 });
    if (n < r.to - r.from + 1) out.back.push({ seriesCode: r.seriesCode, from: r.from + n, to: r.to });
    left -= n;
  }
  return out;
}

/** What a tile says of one seller in this game: the blocks held now, and what the blocks collected sold and settled. */
export interface SellerFigures {
  held: SellerBlockView[];
  heldCards: number;
  returnedBlocks: number;
  soldCards: number;
  returnedCards: number;
  owedCents: number;
  countedCents: number;
  differenceCents: number;
}

export function sellerFigures(blocks: readonly SellerBlockView[], sellerId: number): SellerFigures {
  const mine = blocks.filter((b) => b.seller.id === sellerId);
  const held = mine.filter((b) => b.returned === null);
  const figures: SellerFigures = { held, heldCards: countOf(held.flatMap((b) => b.ranges)), returnedBlocks: 0, soldCards: 0, returnedCards: 0, owedCents: 0, countedCents: 0, differenceCents: 0 };
  for (const b of mine) {
    if (b.returned === null) continue;
    figures.returnedBlocks += 1;
    figures.soldCards += b.returned.soldCards;
    figures.returnedCards += b.returned.returnedCards;
    figures.owedCents += b.returned.owedCents;
    figures.countedCents += b.returned.countedCents;
    figures.differenceCents += b.returned.differenceCents;
  }
  return figures;
}

/** The settlements of the game, the latest first, and their totals. */
export function settlements(blocks: readonly SellerBlockView[]): { rows: (SellerBlockView & { returned: NonNullable<SellerBlockView['returned']> })[]; owedCents: number; countedCents: number; differenceCents: number; soldCards: number } {
  const rows = blocks.filter((b): b is SellerBlockView & { returned: NonNullable<SellerBlockView['returned']> } => b.returned !== null).sort((a, b) => (a.returned.at < b.returned.at ? 1 : a.returned.at > b.returned.at ? -1 : b.blockId - a.blockId));
  return {
    rows,
    soldCards: rows.reduce((n, b) => n + b.returned.soldCards, 0),
    owedCents: rows.reduce((n, b) => n + b.returned.owedCents, 0),
    countedCents: rows.reduce((n, b) => n + b.returned.countedCents, 0),
    differenceCents: rows.reduce((n, b) => n + b.returned.differenceCents, 0),
  };
}

/** The people the tiles show: the hall's staff who may sell (not a manager, who accepts their differences, nor the caixa herself), and anyone holding or having held a block of this game. */
export function sellerTiles(staff: readonly { id: number; username: string; name: string; approver: boolean }[], me: string | undefined, blocks: readonly SellerBlockView[]): { id: number; username: string; name: string }[] {
  const tiles = staff.filter((m) => !m.approver && m.username !== me).map(({ id, username, name }) => ({ id, username, name }));
  for (const b of blocks) if (!tiles.some((s) => s.id === b.seller.id)) tiles.push({ ...b.seller });
  return tiles;
}

/**
 * The first unsold card as typed on the keypad or read by a scanner ("A 34", "a34"); a number alone is of the
 * block's first series. Null when it reads as no card.
 */
export function readFirstUnsold(text: string, defaultSeries: string): CardRef | null {
  const s = text.trim();
  if (/^\d{1,6}$/.test(s)) return Number(s) >= 1 ? { seriesCode: defaultSeries, number: Number(s) } : null;
  const entry = parseCardEntry(s);
  return entry && 'card' in entry ? entry.card : null;
}

/** A key of the card keypad on the typed text: a digit, `back` (the last character), `clear`, or a series (`series:B`). */
export function cardKey(text: string, key: string, defaultSeries: string): string {
  const m = /^\s*([A-Za-z]{1,3})?\s*(\d*)\s*$/.exec(text);
  const series = (m?.[1] ?? '').toUpperCase() || defaultSeries;
  const digits = m ? m[2]! : '';
  if (key === 'clear') return `${series} `;
  if (key === 'back') return `${series} ${digits.slice(0, -1)}`;
  if (key.startsWith('series:')) return `${key.slice(7)} ${digits}`;
  if (/^\d$/.test(key)) return digits.length >= 6 || (digits === '' && key === '0') ? `${series} ${digits}` : `${series} ${digits}${key}`;
  return text;
}
