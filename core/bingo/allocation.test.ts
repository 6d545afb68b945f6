import { describe, it, expect } from 'vitest';
import { KioskError } from '../errors.js';
import {
  allocate,
  availableInGame,
  cardsLeft,
  checkSecondSeries,
  rangeCount,
  secondSeriesCap,
  secondSeriesLeft,
  type GamePlan,
  type SeriesState,
} from './allocation.js';

const series = (code: string, nextNumber: number, size = 10, priceCents = 100): SeriesState => ({ code, priceCents, size, nextNumber });

/** The refusal thrown by `fn`, or the test fails. */
function refusal(fn: () => unknown): KioskError {
  try {
    fn();
  } catch (e) {
    if (e instanceof KioskError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('cardsLeft', () => {
  it('counts from the next number to the end of the series', () => {
    expect(cardsLeft(series('A', 1))).toBe(10);
    expect(cardsLeft(series('A', 7))).toBe(4);
    expect(cardsLeft(series('A', 10))).toBe(1);
    expect(cardsLeft(series('A', 11))).toBe(0);
  });
});

describe('secondSeriesCap (art. 12.3 c)', () => {
  it('is S - 1', () => {
    expect(secondSeriesCap(7, series('B', 1))).toBe(6);
    expect(secondSeriesCap(2, series('B', 1))).toBe(1);
  });

  it('never exceeds the size of the second series', () => {
    expect(secondSeriesCap(271, series('B', 1, 100))).toBe(100);
  });

  it('is 0 when the first series started at 1', () => {
    expect(secondSeriesCap(1, series('B', 1))).toBe(0);
  });
});

describe('availableInGame', () => {
  it('is the rest of the first series when no second series is known', () => {
    const plan: GamePlan = { first: series('A', 7), firstStart: 7, second: null };
    expect(secondSeriesLeft(plan)).toBe(0);
    expect(availableInGame(plan)).toBe(4);
  });

  it('adds the second series up to S - 1', () => {
    expect(availableInGame({ first: series('A', 7), firstStart: 7, second: series('B', 1) })).toBe(10);
    expect(availableInGame({ first: series('A', 11), firstStart: 7, second: series('B', 4) })).toBe(3);
    expect(availableInGame({ first: series('A', 11), firstStart: 7, second: series('B', 7) })).toBe(0);
  });
});

describe('allocate', () => {
  it('takes the next contiguous numbers of the first series', () => {
    const plan: GamePlan = { first: series('A', 1, 300), firstStart: 1, second: null };
    expect(allocate(plan, 1)).toEqual([{ seriesCode: 'A', from: 1, to: 1 }]);
    expect(allocate(plan, 30)).toEqual([{ seriesCode: 'A', from: 1, to: 30 }]);
    expect(allocate({ ...plan, first: series('A', 271, 300) }, 30)).toEqual([{ seriesCode: 'A', from: 271, to: 300 }]);
  });

  it('spans the end of the first series and the start of the second', () => {
    const plan: GamePlan = { first: series('A', 9), firstStart: 7, second: series('B', 1) };
    expect(allocate(plan, 5)).toEqual([
      { seriesCode: 'A', from: 9, to: 10 },
      { seriesCode: 'B', from: 1, to: 3 },
    ]);
  });

  it('exhausting the first series exactly takes nothing from the second', () => {
    const plan: GamePlan = { first: series('A', 7), firstStart: 7, second: series('B', 1) };
    expect(allocate(plan, 4)).toEqual([{ seriesCode: 'A', from: 7, to: 10 }]);
  });

  it('sells from the second series alone once the first has run out, up to S - 1', () => {
    const plan: GamePlan = { first: series('A', 11), firstStart: 7, second: series('B', 4) };
    expect(allocate(plan, 3)).toEqual([{ seriesCode: 'B', from: 4, to: 6 }]);
  });

  it('refuses more than is left, with what is available and the cap', () => {
    const e = refusal(() => allocate({ first: series('A', 11), firstStart: 7, second: series('B', 4) }, 4));
    expect(e.code).toBe('NOT_ENOUGH_CARDS');
    expect(e.params).toEqual({ available: 3, requested: 4, cap: 6 });
    expect(e.message).toBe(
      'Só restam 3 cartões nesta jogada e foram pedidos 4. A segunda série só pode ser vendida até ao n.º 6 (art. 12.º, n.º 3).',
    );
  });

  it('refuses beyond the first series when there is no second series', () => {
    const e = refusal(() => allocate({ first: series('A', 7), firstStart: 7, second: null }, 5));
    expect(e.code).toBe('NOT_ENOUGH_CARDS');
    expect(e.params).toEqual({ available: 4, requested: 5, cap: 0 });
  });

  it('a game whose first series started at 1 cannot go beyond it (S = 1)', () => {
    const plan: GamePlan = { first: series('A', 1, 5), firstStart: 1, second: series('B', 1) };
    expect(availableInGame(plan)).toBe(5);
    const e = refusal(() => allocate(plan, 6));
    expect(e.params).toEqual({ available: 5, requested: 6, cap: 0 });
  });

  it('the numbers of a whole game tile the series without gap or overlap', () => {
    let first = series('A', 7);
    let second = series('B', 1);
    const sold: { seriesCode: string; from: number; to: number }[] = [];
    for (const q of [1, 2, 3, 1, 2, 1]) {
      const ranges = allocate({ first, firstStart: 7, second }, q);
      expect(rangeCount(ranges)).toBe(q);
      for (const r of ranges) {
        if (r.seriesCode === 'A') first = { ...first, nextNumber: r.to + 1 };
        else second = { ...second, nextNumber: r.to + 1 };
      }
      sold.push(...ranges);
    }
    const numbers = (code: string) => sold.filter((r) => r.seriesCode === code).flatMap((r) => Array.from({ length: r.to - r.from + 1 }, (_, i) => r.from + i));
    expect(numbers('A')).toEqual([7, 8, 9, 10]);
    expect(numbers('B')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(availableInGame({ first, firstStart: 7, second })).toBe(0);
  });
});

describe('checkSecondSeries (art. 12.3)', () => {
  const first = series('A', 7);

  it('accepts a fresh series of the same price when S > 1', () => {
    expect(() => checkSecondSeries(first, 7, series('B', 1))).not.toThrow();
  });

  it('refuses the first series itself', () => {
    const e = refusal(() => checkSecondSeries(first, 7, series('A', 7)));
    expect(e.code).toBe('SECOND_SERIES_SAME_AS_FIRST');
  });

  it('refuses any second series when S = 1', () => {
    const e = refusal(() => checkSecondSeries(series('A', 1), 1, series('B', 1)));
    expect(e.code).toBe('SECOND_SERIES_NOT_ALLOWED');
    expect(e.message).toBe('Não pode haver segunda série: a série A começa no n.º 1 nesta jogada (art. 12.º, n.º 3).');
  });

  it('refuses another price', () => {
    const e = refusal(() => checkSecondSeries(first, 7, series('C', 1, 10, 200)));
    expect(e.code).toBe('SECOND_SERIES_PRICE_MISMATCH');
    expect(e.params).toEqual({ code: 'C', expected: 100 });
  });

  it('refuses a series that was already sold from', () => {
    const e = refusal(() => checkSecondSeries(first, 7, series('D', 4)));
    expect(e.code).toBe('SECOND_SERIES_NOT_FRESH');
    expect(e.message).toBe(
      'A série D não pode ser a segunda série: tem de começar no n.º 1 e já foi vendida até ao n.º 3 (art. 12.º, n.º 3).',
    );
  });
});

describe('rangeCount', () => {
  it('counts the cards of the ranges', () => {
    expect(rangeCount([])).toBe(0);
    expect(
      rangeCount([
        { seriesCode: 'A', from: 9, to: 10 },
        { seriesCode: 'B', from: 1, to: 3 },
      ]),
    ).toBe(5);
  });
});
