/**
 * What a game has sold, for the screens: its cards, its cents and its sold
 * ranges. Every counter's screens fetch this again after each sale, so over
 * a long session reading it whole each time would cost more with every sale
 * (and once per screen). Sales and voids are only ever added: a query
 * carries the last figures it read forward by the sales made since
 * (gameSoldSince), and reads them whole again only when a sale was voided
 * meanwhile. Queries only, on committed snapshots (`memo` is the kiosk's):
 * a command reads inside its own transaction, where a sale not yet
 * committed may be rolled back, and never passes a memo.
 */
import type { CardRange } from '../../../core/bingo/allocation.js';
import type { ReadableDb } from '../../../db/connection.js';
import { gameById } from '../../../db/bingo/games.js';
import { gameSalesTotals, gameSoldMark, gameSoldRanges, gameSoldSince, type GameSoldMark } from '../../../db/bingo/sales.js';

interface GameSold {
  cards: number;
  cents: number;
  /** Per series, the span of numbers sold (not voided); the game's first series first. */
  ranges: CardRange[];
}

interface Kept {
  mark: GameSoldMark;
  cards: number;
  cents: number;
  series: Map<number, { seriesCode: string; from: number; to: number }>;
}

const kept = new WeakMap<object, Map<number, Kept>>();

export function rangesOf(firstSeriesId: number, series: Kept['series']): CardRange[] {
  return [...series.entries()]
    .sort(([a], [b]) => (a === firstSeriesId ? -1 : b === firstSeriesId ? 1 : a - b))
    .map(([, r]) => ({ seriesCode: r.seriesCode, from: r.from, to: r.to }));
}

export function gameSold(db: ReadableDb, gameId: number, memo?: object): GameSold {
  if (!memo) {
    const totals = gameSalesTotals(db, gameId);
    return { cards: totals.cards, cents: totals.cents, ranges: gameSoldRanges(db, gameId) };
  }
  const firstSeriesId = gameById(db, gameId)?.firstSeriesId ?? 0;
  let games = kept.get(memo);
  if (!games) kept.set(memo, (games = new Map()));
  const mark = gameSoldMark(db, gameId);
  const before = games.get(gameId);
  // Carried forward only from figures of the same voids and no later sale (a query on an older snapshot reads whole).
  const base = before && before.mark.voids === mark.voids && before.mark.lastSaleId <= mark.lastSaleId ? before : undefined;
  const since = gameSoldSince(db, gameId, base?.mark.lastSaleId ?? 0);
  const series = new Map(base?.series ?? []);
  for (const r of since.series) {
    const had = series.get(r.seriesId);
    series.set(r.seriesId, had ? { seriesCode: r.seriesCode, from: Math.min(had.from, r.from), to: Math.max(had.to, r.to) } : { seriesCode: r.seriesCode, from: r.from, to: r.to });
  }
  const now: Kept = { mark, cards: (base?.cards ?? 0) + since.cards, cents: (base?.cents ?? 0) + since.cents, series };
  if (!before || before.mark.lastSaleId <= mark.lastSaleId) games.set(gameId, now);
  return { cards: now.cards, cents: now.cents, ranges: rangesOf(firstSeriesId, series) };
}
