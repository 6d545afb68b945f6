/**
 * Serial allocation of card numbers within a game (DN art. 12).
 * Pure: the service loads the series' state, calls these, then writes.
 */
import { KioskError } from '../refusal.js';

export interface SeriesState {
  code: string;
  priceCents: number;
  size: number;
  /** The next number to sell; size + 1 when sold out. */
  nextNumber: number;
}

export interface CardRange {
  seriesCode: string;
  from: number;
  to: number;
}

export interface GamePlan<S extends SeriesState = SeriesState> {
  first: S;
  /** S: the first series' next number when the game was opened. */
  firstStart: number;
  /** The second series, once named or taken over; null if none can be found. */
  second: S | null;
}

export function cardsLeft(series: SeriesState): number {
  return Math.max(0, series.size - series.nextNumber + 1);
}

/** The highest number of the second series this game may sell: S - 1 (art. 12.3 c). */
export function secondSeriesCap(firstStart: number, second: SeriesState): number {
  return Math.min(firstStart - 1, second.size);
}

export function secondSeriesLeft(plan: GamePlan): number {
  if (!plan.second) return 0;
  return Math.max(0, secondSeriesCap(plan.firstStart, plan.second) - plan.second.nextNumber + 1);
}

export function availableInGame(plan: GamePlan): number {
  return cardsLeft(plan.first) + secondSeriesLeft(plan);
}

/**
 * Whether `candidate` may serve as the second series of a game whose first
 * series started at `firstStart` (art. 12.3): same price, fresh (starts at 1),
 * and a first series that did not start at 1.
 */
export function checkSecondSeries(first: SeriesState, firstStart: number, candidate: SeriesState): void {
  if (candidate.code === first.code) throw new KioskError('SECOND_SERIES_SAME_AS_FIRST');
  if (firstStart <= 1) throw new KioskError('SECOND_SERIES_NOT_ALLOWED', { code: first.code });
  if (candidate.priceCents !== first.priceCents) {
    throw new KioskError('SECOND_SERIES_PRICE_MISMATCH', {
      code: candidate.code,
      expected: first.priceCents,
    });
  }
  if (candidate.nextNumber !== 1) {
    throw new KioskError('SECOND_SERIES_NOT_FRESH', { code: candidate.code, soldTo: candidate.nextNumber - 1 });
  }
}

/**
 * The contiguous ranges for a sale of `quantity` cards: the rest of the first
 * series, then the second series from its next number up to S - 1.
 */
export function allocate(plan: GamePlan, quantity: number): CardRange[] {
  const available = availableInGame(plan);
  if (quantity > available) {
    throw new KioskError(
      'NOT_ENOUGH_CARDS',
      { available, requested: quantity, cap: plan.second ? secondSeriesCap(plan.firstStart, plan.second) : 0 },
      { available, requested: quantity },
    );
  }
  const ranges: CardRange[] = [];
  const fromFirst = Math.min(quantity, cardsLeft(plan.first));
  if (fromFirst > 0) {
    ranges.push({
      seriesCode: plan.first.code,
      from: plan.first.nextNumber,
      to: plan.first.nextNumber + fromFirst - 1,
    });
  }
  const fromSecond = quantity - fromFirst;
  if (fromSecond > 0 && plan.second) {
    ranges.push({
      seriesCode: plan.second.code,
      from: plan.second.nextNumber,
      to: plan.second.nextNumber + fromSecond - 1,
    });
  }
  return ranges;
}

export function rangeCount(ranges: readonly CardRange[]): number {
  return ranges.reduce((n, r) => n + r.to - r.from + 1, 0);
}
