/**
 * The roulette rules (Portaria 1441/95, IX and X; SPEC 8), checked against a
 * second formulation written here from row and column arithmetic on the 3x12
 * cloth, not from the rule code's lists: which bets are legal, the whole
 * prize table (every bet against every number 0-36), the zero rule, the
 * payment order, the limits, the wheels and the misprint, the announcement
 * and the colour chips.
 */
import { describe, expect, it } from 'vitest';
import { KioskError } from '../errors.js';
import type { Params } from '../catalogue.js';
import { CHANCE_WORDS, rouletteErrors } from './errors.js';
import {
  AMERICAN_NUMBERING,
  announcement,
  betOfNumbers,
  CLOTH_COLUMNS,
  CLOTH_DOZENS,
  CLOTH_ROWS,
  CHANCES,
  checkBet,
  checkColourChipValue,
  checkNumber,
  checkStake,
  checkWheel,
  colourChipStake,
  colourChipValue,
  colourOf,
  covers,
  FRENCH_WHEEL,
  isSimpleChance,
  LAUNCH_DIRECTIONS,
  launchDirection,
  LIMIT_GROUPS,
  legalBets,
  limitGroupOf,
  limitsFor,
  LOST_ON_ZERO,
  MAX_TO_MIN,
  NUMBERS_COVERED,
  PAYOUT_MULTIPLE,
  nextLaunchDirection,
  oppositeDirection,
  paymentOrder,
  RED_NUMBERS,
  settleBet,
  SIMPLE_CHANCES,
  WHEELS,
  type Bet,
  type Chance,
  type LimitGroup,
  type MarkedColour,
} from './rules.js';

type RouletteCode = keyof typeof rouletteErrors;

/** The KioskError a call throws (fails if it does not throw one). */
const refusal = (fn: () => unknown): KioskError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof KioskError) return e;
    throw e;
  }
  throw new Error('not refused');
};

/** Refused with exactly this code (one of ./errors.ts) and these parameters. */
const expectRefusal = (fn: () => unknown, code: RouletteCode, params: Params): KioskError => {
  const e = refusal(fn);
  expect(e.code as string).toBe(code);
  expect(e.params).toEqual(params);
  return e;
};

// ------------------------------------------------ the second formulation

const ALL = Array.from({ length: 37 }, (_, n) => n);
/** A number's row (1-12) and column (1-3) on the cloth, by arithmetic. */
const rowOf = (n: number) => Math.ceil(n / 3);
const colOf = (n: number) => n - 3 * (rowOf(n) - 1);
const dozenOf = (n: number) => Math.ceil(n / 12);
const distinct = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);
const consecutive = (xs: number[]) => xs.every((x, i) => i === 0 || x === xs[i - 1]! + 1);
/** Each value taken exactly `times` times. */
const evenly = (xs: number[], times: number) => distinct(xs).every((v) => xs.filter((x) => x === v).length === times);

/** The X.9 text, copied from the Portaria. */
const X9 = '0-32-15-19-4-21-2-25-17-34-6-27-13-36-11-30-8-23-10-5-24-16-33-1-20-14-31-9-22 -18-29-7-28-12-35-3-26';
const X9_SEQUENCE = X9.split('-').map((s) => Number(s.trim()));
/** IX.2 as printed, both numberings. */
const IX2_FRENCH_AS_PRINTED = '0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 6, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3 e 26';
const IX2_AMERICAN_AS_PRINTED = '2, 14, 35, 23, 4, 16, 33, 21, 6, 18, 31, 19, 8, 12, 29, 25, 10, 27, 1, 13, 36, 24, 3, 15, 34, 22, 5, 17, 32, 20, 7, 11, 30, 26, 9, 28 e 0';
const parseIX2 = (text: string) => text.split(/, | e /).map(Number);

/**
 * Red by X.7: on the French wheel the numbers alternate red and black; the
 * 32, next to the 0 clockwise, is red on the single-zero layout.
 */
const RED_BY_WHEEL = new Set(X9_SEQUENCE.slice(1).filter((_, i) => i % 2 === 0));

/** Is this sorted set of numbers a legal bet of the chance? Written from the grid arithmetic. */
function legalHere(chance: Chance, s: number[]): boolean {
  const zero = s[0] === 0;
  const rest = zero ? s.slice(1) : s;
  const rows = rest.map(rowOf);
  const cols = rest.map(colOf);
  switch (chance) {
    case 'pleno':
      return s.length === 1;
    case 'cavalo':
      if (s.length !== 2) return false;
      if (zero) return rowOf(s[1]!) === 1;
      return (
        (rows[0] === rows[1] && Math.abs(cols[0]! - cols[1]!) === 1) || (cols[0] === cols[1] && Math.abs(rows[0]! - rows[1]!) === 1)
      );
    case 'rua':
      if (s.length !== 3) return false;
      if (zero) return rows.every((r) => r === 1) && consecutive(rest);
      return rows.every((r) => r === rows[0]);
    case 'quadro':
      if (s.length !== 4) return false;
      if (zero) return rows.every((r) => r === 1);
      return distinct(rows).length === 2 && consecutive(distinct(rows)) && distinct(cols).length === 2 && consecutive(distinct(cols)) && evenly(rows, 2);
    case 'linha':
      return s.length === 6 && !zero && distinct(rows).length === 2 && consecutive(distinct(rows)) && evenly(rows, 3);
    case 'duzia':
      return s.length === 12 && !zero && distinct(rest.map(dozenOf)).length === 1;
    case 'coluna':
      return s.length === 12 && !zero && distinct(cols).length === 1;
    case 'cavaloDuzia': {
      const d = distinct(rest.map(dozenOf));
      return s.length === 24 && !zero && d.length === 2 && consecutive(d);
    }
    case 'cavaloColuna': {
      const c = distinct(cols);
      return s.length === 24 && !zero && c.length === 2 && consecutive(c);
    }
    default:
      return false;
  }
}

/** What a simple chance covers, from its definition (X.18). */
function simpleHere(chance: Chance, n: number): boolean {
  if (n === 0) return false;
  switch (chance) {
    case 'par':
      return n % 2 === 0;
    case 'impar':
      return n % 2 === 1;
    case 'menor':
      return n <= 18;
    case 'maior':
      return n >= 19;
    case 'encarnado':
      return RED_BY_WHEEL.has(n);
    case 'preto':
      return !RED_BY_WHEEL.has(n);
    default:
      throw new Error(chance);
  }
}

/** Every k-subset of 0-36, sorted, passed to `visit`. */
function subsets(k: number, visit: (s: number[]) => void): void {
  const acc: number[] = [];
  const rec = (start: number) => {
    if (acc.length === k) {
      visit([...acc]);
      return;
    }
    for (let i = start; i <= 37 - (k - acc.length); i++) {
      acc.push(i);
      rec(i + 1);
      acc.pop();
    }
  };
  rec(0);
}

/** The legal bets of a chance placed on numbers, found here without the rule code. */
function expectedLegal(chance: Chance): number[][] {
  const k = NUMBER_COUNT[chance];
  const found: number[][] = [];
  if (k <= 6) subsets(k, (s) => legalHere(chance, s) && found.push(s));
  else {
    // 12 and 24 numbers: the sets the arithmetic defines, then filtered by the predicate.
    const byDozen = [1, 2, 3].map((d) => ALL.filter((n) => n > 0 && dozenOf(n) === d));
    const byColumn = [1, 2, 3].map((c) => ALL.filter((n) => n > 0 && colOf(n) === c));
    const unions = (groups: number[][]) => groups.flatMap((a, i) => groups.slice(i + 1).map((b) => distinct([...a, ...b])));
    for (const s of [...byDozen, ...byColumn, ...unions(byDozen), ...unions(byColumn)]) if (legalHere(chance, s)) found.push(s);
  }
  return found;
}

/** X.18's counts, typed here again. */
const NUMBER_COUNT: Record<Chance, number> = {
  pleno: 1,
  cavalo: 2,
  rua: 3,
  quadro: 4,
  linha: 6,
  duzia: 12,
  coluna: 12,
  cavaloDuzia: 24,
  cavaloColuna: 24,
  par: 18,
  impar: 18,
  menor: 18,
  maior: 18,
  encarnado: 18,
  preto: 18,
};

const NUMBER_CHANCES = CHANCES.filter((c) => !isSimpleChance(c));

/** Every legal bet of every chance, by the second formulation (simple chances: one each). */
const EVERY_BET: Bet[] = [...NUMBER_CHANCES.flatMap((chance) => expectedLegal(chance).map((numbers) => ({ chance, numbers }))), ...SIMPLE_CHANCES.map((chance) => ({ chance }))];

/** A small seeded generator, so the random samples are the same on every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const sample = (k: number, rnd: () => number) => distinct(ALL.slice().sort(() => rnd() - 0.5).slice(0, k));

// ------------------------------------------------ tests

describe('chances and layout', () => {
  it('lists the 15 chances of X.18 and the six simple ones', () => {
    expect(CHANCES).toEqual(['pleno', 'cavalo', 'rua', 'quadro', 'linha', 'duzia', 'coluna', 'cavaloDuzia', 'cavaloColuna', 'par', 'impar', 'menor', 'maior', 'encarnado', 'preto']);
    expect(SIMPLE_CHANCES).toEqual(['par', 'impar', 'menor', 'maior', 'encarnado', 'preto']);
    expect(CHANCES.filter(isSimpleChance)).toEqual([...SIMPLE_CHANCES]);
    expect(NUMBERS_COVERED).toEqual(NUMBER_COUNT);
  });

  it('has 18 red numbers, those that alternate with black on the X.9 wheel (X.7)', () => {
    expect(RED_NUMBERS).toHaveLength(18);
    expect([...RED_NUMBERS]).toEqual(distinct([...RED_BY_WHEEL]));
  });

  it('colours every number: 0 verde (X.8), the rest encarnado or preto', () => {
    expect(colourOf(0)).toBe('verde');
    for (const n of ALL.slice(1)) expect(colourOf(n), String(n)).toBe(RED_BY_WHEEL.has(n) ? 'encarnado' : 'preto');
    expect(ALL.filter((n) => colourOf(n) === 'preto')).toHaveLength(18);
  });

  it('knows only the numbers 0-36 (X.2)', () => {
    expect(checkNumber(0)).toBe(0);
    expect(checkNumber(36)).toBe(36);
    for (const n of [-1, 37, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expectRefusal(() => colourOf(n), 'ROULETTE_NUMBER_INVALID', { number: String(n), article: 'X.2' });
    }
  });
});

describe('legal bets (X.18, X.19)', () => {
  const COUNTS: Record<Chance, number> = {
    pleno: 36 + 1, // 1-36 and the 0
    cavalo: 57 + 3, // 24 side by side in a row, 33 in a column; 0-1, 0-2, 0-3
    rua: 12 + 2, // the 12 rows; 0-1-2 and 0-2-3
    quadro: 22 + 1, // 11 pairs of rows x 2; 0-1-2-3
    linha: 11,
    duzia: 3,
    coluna: 3,
    cavaloDuzia: 2,
    cavaloColuna: 2,
    par: 1,
    impar: 1,
    menor: 1,
    maior: 1,
    encarnado: 1,
    preto: 1,
  };

  it.each(NUMBER_CHANCES)('%s: the rule enumerates exactly the bets found here, and counts them', (chance) => {
    const expected = expectedLegal(chance);
    expect(expected).toHaveLength(COUNTS[chance]);
    expect(legalBets(chance)).toEqual(expected);
  });

  it('the bets with the 0 are pleno 0, cavalos 0-1/0-2/0-3, ruas 0-1-2/0-2-3 and quadro 0-1-2-3', () => {
    const withZero = CHANCES.flatMap((chance) => legalBets(chance).filter((ns) => ns.includes(0)).map((ns) => `${chance} ${ns.join('-')}`));
    expect(withZero).toEqual(['pleno 0', 'cavalo 0-1', 'cavalo 0-2', 'cavalo 0-3', 'rua 0-1-2', 'rua 0-2-3', 'quadro 0-1-2-3']);
  });

  it.each(SIMPLE_CHANCES)('%s covers 18 numbers of 1-36 and never 0', (chance) => {
    const covered = ALL.filter((n) => simpleHere(chance, n));
    expect(covered).toHaveLength(18);
    expect(checkBet({ chance })).toEqual(covered);
    expect(checkBet({ chance, numbers: [] })).toEqual(covered);
    expect(legalBets(chance)).toEqual([covered]);
  });

  it.each([1, 2, 3, 4])('every set of %i numbers of 0-36: accepted exactly when legal here, for every chance', (k) => {
    const chances = NUMBER_CHANCES.filter((c) => NUMBER_COUNT[c] === k);
    let legal = 0;
    subsets(k, (s) => {
      for (const chance of chances) {
        if (legalHere(chance, s)) {
          legal++;
          // Given in any order: the covered numbers come back sorted.
          expect(checkBet({ chance, numbers: [...s].reverse() })).toEqual(s);
        } else {
          const e = refusal(() => checkBet({ chance, numbers: s }));
          expect(e.code as string).toBe('ROULETTE_BET_ILLEGAL');
        }
      }
    });
    expect(legal).toBe({ 1: 37, 2: 60, 3: 14, 4: 23 }[k]);
  });

  it('linhas: every 6-set is legal here exactly 11 times; the rule agrees on those, on every 6-set within 9 consecutive numbers, and on 3000 random ones', () => {
    const legal: number[][] = [];
    subsets(6, (s) => legalHere('linha', s) && legal.push(s));
    expect(legal).toHaveLength(11);
    for (const s of legal) expect(checkBet({ chance: 'linha', numbers: s })).toEqual(s);
    const near: number[][] = [];
    subsets(6, (s) => s[5]! - s[0]! <= 8 && near.push(s));
    const rnd = seeded(6);
    const random = Array.from({ length: 3000 }, () => sample(6, rnd));
    for (const s of [...near, ...random]) {
      const accepted = (() => {
        try {
          checkBet({ chance: 'linha', numbers: s });
          return true;
        } catch (e) {
          expect(e).toBeInstanceOf(KioskError);
          return false;
        }
      })();
      expect(accepted, s.join('-')).toBe(legalHere('linha', s));
    }
  });

  it.each(['duzia', 'coluna', 'cavaloDuzia', 'cavaloColuna'] as const)('%s: refuses 12/24-sets one number off, windows and steps of 3, and random ones', (chance) => {
    const k = NUMBER_COUNT[chance];
    const candidates: number[][] = [];
    for (let start = 0; start + k - 1 <= 36; start++) candidates.push(ALL.slice(start, start + k));
    for (let start = 0; start <= 2; start++) {
      const step3 = ALL.filter((n) => n >= start && (n - start) % 3 === 0).slice(0, k);
      if (step3.length === k) candidates.push(step3);
    }
    for (const legal of expectedLegal(chance)) {
      candidates.push(legal);
      // Swap one number for one outside the bet.
      for (const out of ALL.filter((n) => !legal.includes(n))) candidates.push(distinct([...legal.slice(1), out]));
    }
    const rnd = seeded(k);
    for (let i = 0; i < 500; i++) candidates.push(sample(k, rnd));
    let accepted = 0;
    for (const s of candidates) {
      const here = legalHere(chance, s);
      if (here) {
        accepted++;
        expect(checkBet({ chance, numbers: s })).toEqual(s);
      } else {
        const e = refusal(() => checkBet({ chance, numbers: s }));
        expect(e.params.reason, s.join('-')).toBe({ duzia: 'not-a-dozen', coluna: 'not-a-column', cavaloDuzia: 'not-two-dozens', cavaloColuna: 'not-two-columns' }[chance]);
      }
    }
    expect(accepted).toBeGreaterThan(0);
  });

  const illegal: [string, Bet, Params][] = [
    ['cavalo of two far numbers', { chance: 'cavalo', numbers: [1, 5] }, { reason: 'not-adjacent', article: 'X.18' }],
    ['cavalo across the end of a row', { chance: 'cavalo', numbers: [3, 4] }, { reason: 'not-adjacent', article: 'X.18' }],
    ['cavalo diagonal', { chance: 'cavalo', numbers: [1, 5] }, { reason: 'not-adjacent', article: 'X.18' }],
    ['cavalo 0-4', { chance: 'cavalo', numbers: [0, 4] }, { reason: 'not-adjacent', article: 'X.18' }],
    ['cavalo of three', { chance: 'cavalo', numbers: [1, 2, 3] }, { reason: 'count', article: 'X.18', expected: 2 }],
    ['cavalo repeated', { chance: 'cavalo', numbers: [7, 7] }, { reason: 'repeated', article: 'X.18' }],
    ['cavalo with 37', { chance: 'cavalo', numbers: [36, 37] }, { reason: 'out-of-range', article: 'X.2' }],
    ['cavalo with -1', { chance: 'cavalo', numbers: [-1, 0] }, { reason: 'out-of-range', article: 'X.2' }],
    ['cavalo with 1.5', { chance: 'cavalo', numbers: [1.5, 2] }, { reason: 'out-of-range', article: 'X.2' }],
    ['cavalo with no numbers', { chance: 'cavalo' }, { reason: 'numbers-missing', article: 'X.18' }],
    ['cavalo with an empty list', { chance: 'cavalo', numbers: [] }, { reason: 'numbers-missing', article: 'X.18' }],
    ['pleno of two', { chance: 'pleno', numbers: [1, 2] }, { reason: 'count', article: 'X.18', expected: 1 }],
    ['rua across two rows', { chance: 'rua', numbers: [2, 3, 4] }, { reason: 'not-a-row', article: 'X.18' }],
    ['rua 0-1-3', { chance: 'rua', numbers: [0, 1, 3] }, { reason: 'not-a-row', article: 'X.18' }],
    ['rua down a column', { chance: 'rua', numbers: [1, 4, 7] }, { reason: 'not-a-row', article: 'X.18' }],
    ['quadro of a row and one', { chance: 'quadro', numbers: [1, 2, 3, 4] }, { reason: 'not-a-square', article: 'X.18' }],
    ['quadro across the end of a row', { chance: 'quadro', numbers: [3, 4, 6, 7] }, { reason: 'not-a-square', article: 'X.18' }],
    ['quadro 0-1-3-4', { chance: 'quadro', numbers: [0, 1, 3, 4] }, { reason: 'not-a-square', article: 'X.18' }],
    ['linha not starting a row', { chance: 'linha', numbers: [2, 3, 4, 5, 6, 7] }, { reason: 'not-two-rows', article: 'X.18' }],
    ['linha of two rows apart', { chance: 'linha', numbers: [1, 2, 3, 7, 8, 9] }, { reason: 'not-two-rows', article: 'X.18' }],
    ['linha with the 0', { chance: 'linha', numbers: [0, 1, 2, 3, 4, 5] }, { reason: 'not-two-rows', article: 'X.18' }],
    ['linha of five', { chance: 'linha', numbers: [1, 2, 3, 4, 5] }, { reason: 'count', article: 'X.18', expected: 6 }],
    ['dúzia 2-13', { chance: 'duzia', numbers: ALL.slice(2, 14) }, { reason: 'not-a-dozen', article: 'X.18' }],
    ['coluna from 0', { chance: 'coluna', numbers: ALL.filter((n) => n % 3 === 0).slice(0, 12) }, { reason: 'not-a-column', article: 'X.18' }],
    ['dúzia of 13', { chance: 'duzia', numbers: ALL.slice(1, 14) }, { reason: 'count', article: 'X.18', expected: 12 }],
    ['cavalo de dúzia 1-12 and 25-36', { chance: 'cavaloDuzia', numbers: [...ALL.slice(1, 13), ...ALL.slice(25)] }, { reason: 'not-two-dozens', article: 'X.18' }],
    ['cavalo de coluna, first and third', { chance: 'cavaloColuna', numbers: ALL.filter((n) => n > 0 && n % 3 !== 2) }, { reason: 'not-two-columns', article: 'X.18' }],
    ['par with a number', { chance: 'par', numbers: [2] }, { reason: 'numbers-on-simple', article: 'X.18' }],
    ['encarnado with its numbers', { chance: 'encarnado', numbers: [...RED_NUMBERS] }, { reason: 'numbers-on-simple', article: 'X.18' }],
    ['an unknown chance', { chance: 'orphelins' as Chance, numbers: [1] }, { reason: 'unknown-chance', article: 'X.18' }],
  ];

  it.each(illegal)('refuses %s, naming the bet, the reason and the article', (_, bet, params) => {
    expectRefusal(() => checkBet(bet), 'ROULETTE_BET_ILLEGAL', { chance: bet.chance, numbers: (bet.numbers ?? []).join('-'), ...params });
  });

  it('quotes at most 80 characters of what was typed', () => {
    const numbers = Array.from({ length: 40 }, (_, i) => 100 + i);
    const e = refusal(() => checkBet({ chance: 'duzia', numbers }));
    expect(e.params).toMatchObject({ reason: 'out-of-range', article: 'X.2' });
    expect(String(e.params.numbers)).toHaveLength(80);
    expect(String(e.params.numbers).endsWith('…')).toBe(true);
  });

  it('covers: a legal bet and a number; refuses an illegal bet or number', () => {
    expect(covers({ chance: 'cavalo', numbers: [17, 20] }, 20)).toBe(true);
    expect(covers({ chance: 'cavalo', numbers: [17, 20] }, 18)).toBe(false);
    expect(covers({ chance: 'preto', numbers: [] }, 0)).toBe(false);
    expectRefusal(() => covers({ chance: 'pleno', numbers: [1] }, 37), 'ROULETTE_NUMBER_INVALID', { number: '37', article: 'X.2' });
    expect(refusal(() => covers({ chance: 'cavalo', numbers: [17, 21] }, 17)).params.reason).toBe('not-adjacent');
  });
});

describe('the drawn cloth: the numbers marked give the bet', () => {
  it('every legal bet of this file, marked number by number, is read back as its chance; shuffled too', () => {
    for (const bet of EVERY_BET.filter((b) => b.numbers)) {
      expect(betOfNumbers(bet.numbers!), `${bet.chance} ${bet.numbers!.join('-')}`).toEqual({ chance: bet.chance, numbers: bet.numbers });
      expect(betOfNumbers([...bet.numbers!].reverse())?.chance).toBe(bet.chance);
    }
  });

  it('numbers that are no bet give none: apart, five of them, a dozen and a column mixed, the 0 with a linha, nothing', () => {
    const rnd = seeded(7);
    let none = 0;
    for (let i = 0; i < 3000; i++) {
      const s = sample(1 + Math.floor(rnd() * 24), rnd);
      const legal = NUMBER_CHANCES.some((c) => NUMBER_COUNT[c] === s.length && legalHere(c, s));
      expect(betOfNumbers(s) !== null, s.join('-')).toBe(legal);
      if (!legal) none++;
    }
    expect(none).toBeGreaterThan(2500);
    for (const s of [[1, 3], [0, 4], [1, 2, 3, 4, 5], [], [0, 1, 2, 3, 4, 5], [...CLOTH_DOZENS[0]!.slice(1), 13]]) expect(betOfNumbers(s)).toBeNull();
  });

  it('draws the rows 3…36, 2…35, 1…34 left to right, the dozens and the columns as the bets of those chances', () => {
    expect(CLOTH_ROWS.map((r) => [r[0], r[11]])).toEqual([
      [3, 36],
      [2, 35],
      [1, 34],
    ]);
    expect(CLOTH_ROWS.flat().sort((a, b) => a - b)).toEqual(ALL.slice(1));
    expect(CLOTH_DOZENS.map((d) => betOfNumbers([...d])?.chance)).toEqual(['duzia', 'duzia', 'duzia']);
    expect(CLOTH_COLUMNS.map((c) => betOfNumbers([...c])?.chance)).toEqual(['coluna', 'coluna', 'coluna']);
    expect(CLOTH_COLUMNS[0]!.slice(0, 3)).toEqual([1, 4, 7]);
    expect(betOfNumbers([...CLOTH_DOZENS[1]!, ...CLOTH_DOZENS[2]!])?.chance).toBe('cavaloDuzia');
    expect(betOfNumbers([...CLOTH_COLUMNS[0]!, ...CLOTH_COLUMNS[1]!])?.chance).toBe('cavaloColuna');
    expect(betOfNumbers([0, 1, 2, 3])).toEqual({ chance: 'quadro', numbers: [0, 1, 2, 3] });
  });
});

describe('the prize table (X.20, X.21): every bet against every number 0-36', () => {
  const STAKE = 1000;

  it.each(CHANCES)('%s', (chance) => {
    const bets = EVERY_BET.filter((b) => b.chance === chance);
    let wins = 0;
    for (const bet of bets) {
      const set = new Set(bet.numbers ?? ALL.filter((n) => simpleHere(chance, n)));
      // X.20 pays 36 / (numbers covered) - 1 times the stake; X.21: zero makes the outside chances lose.
      const multiple = 36 / set.size - 1;
      const outside = isSimpleChance(chance) || set.size >= 12;
      for (const n of ALL) {
        const won = set.has(n) && !(n === 0 && outside);
        const prize = won ? STAKE * multiple : 0;
        const got = settleBet(bet, STAKE, n);
        expect(got, `${chance} ${[...set].join('-')} on ${n}`).toEqual({ won, prizeCents: prize, returnedCents: won ? prize + STAKE : 0 });
        expect(covers(bet, n)).toBe(set.has(n));
        if (won) wins++;
      }
    }
    // Each bet wins on exactly the numbers it covers (a simple chance: 18).
    expect(wins).toBe(bets.reduce((a, b) => a + (b.numbers ?? []).length, 0) || 18);
    expect(PAYOUT_MULTIPLE[chance]).toBe(36 / NUMBER_COUNT[chance] - 1);
  });

  it('pays the X.20 multiples, by hand', () => {
    const on17: [Bet, number][] = [
      [{ chance: 'pleno', numbers: [17] }, 35000],
      [{ chance: 'cavalo', numbers: [17, 20] }, 17000],
      [{ chance: 'rua', numbers: [16, 17, 18] }, 11000],
      [{ chance: 'quadro', numbers: [13, 14, 16, 17] }, 8000],
      [{ chance: 'linha', numbers: [13, 14, 15, 16, 17, 18] }, 5000],
      [{ chance: 'duzia', numbers: ALL.slice(13, 25) }, 2000],
      [{ chance: 'coluna', numbers: ALL.filter((n) => n % 3 === 2) }, 2000],
      [{ chance: 'cavaloDuzia', numbers: ALL.slice(1, 25) }, 500],
      [{ chance: 'cavaloColuna', numbers: ALL.filter((n) => n % 3 !== 0) }, 500],
      [{ chance: 'impar' }, 1000],
      [{ chance: 'menor' }, 1000],
      [{ chance: 'preto' }, 1000],
    ];
    for (const [bet, prize] of on17) expect(settleBet(bet, 1000, 17), bet.chance).toEqual({ won: true, prizeCents: prize, returnedCents: prize + 1000 });
    for (const chance of ['par', 'maior', 'encarnado'] as const) expect(settleBet({ chance }, 1000, 17)).toEqual({ won: false, prizeCents: 0, returnedCents: 0 });
  });

  it('zero (X.21): the simple chances, dozens, columns and their cavalos all lose, wholly; the bets holding the 0 win', () => {
    expect([...LOST_ON_ZERO].sort()).toEqual(['cavaloColuna', 'cavaloDuzia', 'coluna', 'duzia', 'encarnado', 'impar', 'maior', 'menor', 'par', 'preto']);
    for (const bet of EVERY_BET.filter((b) => LOST_ON_ZERO.includes(b.chance))) {
      expect(settleBet(bet, 1000, 0), bet.chance).toEqual({ won: false, prizeCents: 0, returnedCents: 0 });
    }
    expect(settleBet({ chance: 'pleno', numbers: [0] }, 1000, 0)).toEqual({ won: true, prizeCents: 35000, returnedCents: 36000 });
    expect(settleBet({ chance: 'cavalo', numbers: [2, 0] }, 1000, 0)).toEqual({ won: true, prizeCents: 17000, returnedCents: 18000 });
    expect(settleBet({ chance: 'rua', numbers: [0, 2, 3] }, 1000, 0)).toEqual({ won: true, prizeCents: 11000, returnedCents: 12000 });
    expect(settleBet({ chance: 'quadro', numbers: [0, 1, 2, 3] }, 1000, 0)).toEqual({ won: true, prizeCents: 8000, returnedCents: 9000 });
    expect(settleBet({ chance: 'linha', numbers: [1, 2, 3, 4, 5, 6] }, 1000, 0)).toEqual({ won: false, prizeCents: 0, returnedCents: 0 });
  });

  it('a cavalo de dúzia or de coluna pays exactly half: an odd-cent stake is refused (X.20)', () => {
    expect(settleBet({ chance: 'cavaloDuzia', numbers: ALL.slice(13) }, 2, 36)).toEqual({ won: true, prizeCents: 1, returnedCents: 3 });
    for (const chance of ['cavaloDuzia', 'cavaloColuna'] as const) {
      const bet = { chance, numbers: legalBets(chance)[0]! };
      expectRefusal(() => settleBet(bet, 1001, 1), 'ROULETTE_STAKE_ODD', { chance, amountCents: 1001, article: 'X.20' });
    }
    expect(settleBet({ chance: 'duzia', numbers: ALL.slice(1, 13) }, 1001, 1)).toEqual({ won: true, prizeCents: 2002, returnedCents: 3003 });
  });

  it('refuses an illegal bet or number; a stake not whole cents > 0 is a programming error', () => {
    expect(refusal(() => settleBet({ chance: 'cavalo', numbers: [1, 36] }, 100, 1)).params.reason).toBe('not-adjacent');
    expectRefusal(() => settleBet({ chance: 'par' }, 100, 37), 'ROULETTE_NUMBER_INVALID', { number: '37', article: 'X.2' });
    for (const stake of [0, -100, 10.5, Number.NaN]) expect(() => settleBet({ chance: 'par' }, stake, 2)).toThrow(RangeError);
  });
});

describe('payment order (X.22)', () => {
  it('pays colunas, dúzias, simple chances, linhas, ruas, quadros, cavalos and plenos; cavalos de coluna/dúzia after their kind', () => {
    const bets: { chance: Chance }[] = [
      { chance: 'pleno' }, // 0
      { chance: 'cavalo' }, // 1
      { chance: 'quadro' }, // 2
      { chance: 'rua' }, // 3
      { chance: 'linha' }, // 4
      { chance: 'preto' }, // 5
      { chance: 'par' }, // 6
      { chance: 'cavaloDuzia' }, // 7
      { chance: 'duzia' }, // 8
      { chance: 'cavaloColuna' }, // 9
      { chance: 'coluna' }, // 10
      { chance: 'menor' }, // 11
    ];
    expect(paymentOrder(bets)).toEqual([10, 9, 8, 7, 5, 6, 11, 4, 3, 2, 1, 0]);
  });

  it('keeps the order of entry within a chance, and the six simple chances as one rank', () => {
    const bets: { chance: Chance }[] = [{ chance: 'pleno' }, { chance: 'maior' }, { chance: 'pleno' }, { chance: 'encarnado' }, { chance: 'coluna' }, { chance: 'pleno' }, { chance: 'impar' }];
    expect(paymentOrder(bets)).toEqual([4, 1, 3, 6, 0, 2, 5]);
  });

  it('is a permutation for any bets; nothing to pay, nothing to order', () => {
    expect(paymentOrder([])).toEqual([]);
    const rnd = seeded(22);
    const bets = Array.from({ length: 200 }, () => ({ chance: CHANCES[Math.floor(rnd() * CHANCES.length)]! }));
    const order = paymentOrder(bets);
    expect([...order].sort((a, b) => a - b)).toEqual(bets.map((_, i) => i));
    const RANK = ['coluna', 'cavaloColuna', 'duzia', 'cavaloDuzia', 'simple', 'linha', 'rua', 'quadro', 'cavalo', 'pleno'];
    const rank = (c: Chance) => RANK.indexOf(isSimpleChance(c) ? 'simple' : c);
    for (let i = 1; i < order.length; i++) {
      const a = order[i - 1]!;
      const b = order[i]!;
      const ra = rank(bets[a]!.chance);
      const rb = rank(bets[b]!.chance);
      expect(ra < rb || (ra === rb && a < b)).toBe(true);
    }
  });
});

describe('limits (X.27)', () => {
  const MINIMA: Record<LimitGroup, number> = {
    pleno: 500,
    cavalo: 500,
    rua: 500,
    quadro: 500,
    linha: 500,
    duzia: 1000,
    coluna: 1000,
    cavaloDuzia: 1000,
    cavaloColuna: 1000,
    simples: 1000,
  };
  const limits = limitsFor(MINIMA);

  it('maximum = minimum x 10 pleno, 20 cavalo, 30 rua, 40 quadro (decision), 60 linha, 120 dúzia and coluna, 180 simple, 240 cavalos de dúzia/coluna', () => {
    expect(MAX_TO_MIN).toEqual({ pleno: 10, cavalo: 20, rua: 30, quadro: 40, linha: 60, duzia: 120, coluna: 120, cavaloDuzia: 240, cavaloColuna: 240, simples: 180 });
    // The listed proportions are 10 x the numbers the chance covers; the quadro follows it.
    for (const chance of CHANCES) expect(MAX_TO_MIN[limitGroupOf(chance)]).toBe(10 * NUMBER_COUNT[chance]);
    expect(limits).toEqual({
      pleno: { minimumCents: 500, maximumCents: 5000 },
      cavalo: { minimumCents: 500, maximumCents: 10000 },
      rua: { minimumCents: 500, maximumCents: 15000 },
      quadro: { minimumCents: 500, maximumCents: 20000 },
      linha: { minimumCents: 500, maximumCents: 30000 },
      duzia: { minimumCents: 1000, maximumCents: 120000 },
      coluna: { minimumCents: 1000, maximumCents: 120000 },
      cavaloDuzia: { minimumCents: 1000, maximumCents: 240000 },
      cavaloColuna: { minimumCents: 1000, maximumCents: 240000 },
      simples: { minimumCents: 1000, maximumCents: 180000 },
    });
    expect(Object.keys(limits)).toEqual([...LIMIT_GROUPS]);
  });

  it.each(CHANCES)('%s: accepts the exact minimum and maximum, refuses a cent outside', (chance) => {
    const { minimumCents, maximumCents } = limits[limitGroupOf(chance)];
    expect(() => checkStake(chance, minimumCents, limits)).not.toThrow();
    expect(() => checkStake(chance, maximumCents, limits)).not.toThrow();
    const params = (amountCents: number) => ({ chance, amountCents, minimumCents, maximumCents, article: 'X.27' });
    expectRefusal(() => checkStake(chance, minimumCents - 1, limits), 'ROULETTE_STAKE_OUT_OF_LIMITS', params(minimumCents - 1));
    expectRefusal(() => checkStake(chance, maximumCents + 1, limits), 'ROULETTE_STAKE_OUT_OF_LIMITS', params(maximumCents + 1));
  });

  it('words the amounts: a quadro a cent below', () => {
    const e = expectRefusal(() => checkStake('quadro', 499, limits), 'ROULETTE_STAKE_OUT_OF_LIMITS', {
      chance: 'quadro',
      amountCents: 499,
      minimumCents: 500,
      maximumCents: 20000,
      article: 'X.27',
    });
    expect(e.message).toBe('Aposta de 4,99 € em quadro fora dos limites da banca: mínimo 5,00 €, máximo 200,00 € (X.27).');
    expect(rouletteErrors.ROULETTE_STAKE_OUT_OF_LIMITS.en(e.params)).toBe(
      "A €4.99 bet on corner (quadro) is outside the table's limits: minimum €5.00, maximum €200.00 (X.27).",
    );
  });

  it('on a cavalo de dúzia or de coluna, a stake within the limits must still be even cents', () => {
    expect(() => checkStake('cavaloDuzia', 1002, limits)).not.toThrow();
    expectRefusal(() => checkStake('cavaloColuna', 1001, limits), 'ROULETTE_STAKE_ODD', { chance: 'cavaloColuna', amountCents: 1001, article: 'X.20' });
    // Outside the limits comes first.
    expect(refusal(() => checkStake('cavaloDuzia', 999, limits)).code as string).toBe('ROULETTE_STAKE_OUT_OF_LIMITS');
    expect(() => checkStake('par', 1001, limits)).not.toThrow();
  });

  it('minima: whole cents > 0, even for the cavalos de dúzia and de coluna', () => {
    expectRefusal(() => limitsFor({ ...MINIMA, cavaloColuna: 1001 }), 'ROULETTE_STAKE_ODD', { chance: 'cavaloColuna', amountCents: 1001, article: 'X.20' });
    expect(limitsFor({ ...MINIMA, simples: 1001, pleno: 1 }).simples).toEqual({ minimumCents: 1001, maximumCents: 180180 });
    for (const bad of [0, -500, 500.5, Number.NaN]) expect(() => limitsFor({ ...MINIMA, rua: bad })).toThrow(RangeError);
    expect(() => limitsFor({ ...MINIMA, cavaloDuzia: 2 ** 52 })).toThrow(RangeError);
    for (const bad of [0, -1, 1.5]) expect(() => checkStake('pleno', bad, limits)).toThrow(RangeError);
  });
});

describe('wheels (X.9, IX.2)', () => {
  it('the French wheel is X.9, clockwise from 0, and valid', () => {
    expect([...FRENCH_WHEEL]).toEqual(X9_SEQUENCE);
    expect(() => checkWheel(FRENCH_WHEEL)).not.toThrow();
    expect(WHEELS.french).toBe(FRENCH_WHEEL);
  });

  it('its colours alternate red and black (X.7)', () => {
    for (let i = 2; i < FRENCH_WHEEL.length; i++) expect(colourOf(FRENCH_WHEEL[i]!)).not.toBe(colourOf(FRENCH_WHEEL[i - 1]!));
    expect(colourOf(FRENCH_WHEEL[1]!)).toBe('encarnado');
    expect(colourOf(FRENCH_WHEEL[36]!)).toBe('preto');
  });

  it('refuses the French numbering as printed in IX.2 ("24, 6, 33"): the 6 twice, no 16', () => {
    const printed = parseIX2(IX2_FRENCH_AS_PRINTED);
    expect(printed).toHaveLength(37);
    expectRefusal(() => checkWheel(printed), 'ROULETTE_WHEEL_INVALID', { reason: 'repeated', number: 6, missing: '16' });
  });

  it('accepts it corrected to 24, 16, 33, which is X.9', () => {
    const corrected = parseIX2(IX2_FRENCH_AS_PRINTED.replace('24, 6, 33', '24, 16, 33'));
    expect(() => checkWheel(corrected)).not.toThrow();
    expect(corrected).toEqual([...FRENCH_WHEEL]);
  });

  it('the American numbering is IX.2 as printed, started at its 0, and valid', () => {
    const printed = parseIX2(IX2_AMERICAN_AS_PRINTED);
    expect(printed.at(-1)).toBe(0);
    expect([...AMERICAN_NUMBERING]).toEqual([0, ...printed.slice(0, -1)]);
    expect(() => checkWheel(printed)).not.toThrow();
    expect(() => checkWheel(AMERICAN_NUMBERING)).not.toThrow();
    expect(WHEELS.american).toBe(AMERICAN_NUMBERING);
    expect(AMERICAN_NUMBERING.filter((n) => colourOf(n) === 'encarnado')).toHaveLength(18);
  });

  it('refuses a wrong length, a number outside 0-36, a repeat', () => {
    expectRefusal(() => checkWheel(FRENCH_WHEEL.slice(1)), 'ROULETTE_WHEEL_INVALID', { reason: 'length', count: 36 });
    expectRefusal(() => checkWheel([...FRENCH_WHEEL, 37]), 'ROULETTE_WHEEL_INVALID', { reason: 'length', count: 38 });
    expectRefusal(() => checkWheel([]), 'ROULETTE_WHEEL_INVALID', { reason: 'length', count: 0 });
    expectRefusal(() => checkWheel([...FRENCH_WHEEL.slice(0, 36), 37]), 'ROULETTE_WHEEL_INVALID', { reason: 'out-of-range', value: '37' });
    expectRefusal(() => checkWheel([...FRENCH_WHEEL.slice(0, 36), 2.5]), 'ROULETTE_WHEEL_INVALID', { reason: 'out-of-range', value: '2.5' });
    expectRefusal(() => checkWheel([...FRENCH_WHEEL.slice(0, 35), 0, 0]), 'ROULETTE_WHEEL_INVALID', { reason: 'repeated', number: 0, missing: '3, 26' });
  });
});

describe('announcement (X.25)', () => {
  it('names the bet, its value, the chips colour and the prize', () => {
    expect(announcement({ chance: 'pleno' }, 1000, 'verde', 35000)).toBe('pleno de 10,00 €, verde, total de 350,00 €');
    expect(announcement({ chance: 'cavaloDuzia' }, 2000, 'azul', 1000)).toBe('cavalo de dúzia de 20,00 €, azul, total de 10,00 €');
    expect(announcement({ chance: 'impar' }, 150000, 'amarelo', 150000)).toBe('ímpar de 1 500,00 €, amarelo, total de 1 500,00 €');
  });

  it('leaves the colour out for face-value chips', () => {
    expect(announcement({ chance: 'duzia' }, 500, null, 1000)).toBe('dúzia de 5,00 €, total de 10,00 €');
    expect(announcement({ chance: 'duzia' }, 500, ' ', 1000)).toBe('dúzia de 5,00 €, total de 10,00 €');
  });

  it('follows a settlement: the prize, not the stake returned', () => {
    const bet: Bet = { chance: 'cavalo', numbers: [0, 3] };
    const { prizeCents } = settleBet(bet, 250, 3);
    expect(announcement(bet, 250, 'verde', prizeCents)).toBe('cavalo de 2,50 €, verde, total de 42,50 €');
  });
});

describe('colour chips (IX.6-9)', () => {
  it('take a value between the table minimum and the maximum of a pleno, both included', () => {
    expect(checkColourChipValue(500, 500, 5000)).toBe(500);
    expect(checkColourChipValue(5000, 500, 5000)).toBe(5000);
    expect(colourChipValue(2000, 500, 5000)).toBe(2000);
    expectRefusal(() => checkColourChipValue(499, 500, 5000), 'ROULETTE_CHIP_VALUE_INVALID', { valueCents: 499, minimumCents: 500, maximumCents: 5000, article: 'IX.6' });
    expectRefusal(() => colourChipValue(5001, 500, 5000), 'ROULETTE_CHIP_VALUE_INVALID', { valueCents: 5001, minimumCents: 500, maximumCents: 5000, article: 'IX.6' });
    for (const bad of [0, -1, 1.5]) expect(() => checkColourChipValue(bad, 500, 5000)).toThrow(RangeError);
  });

  it('a late chip gets the table minimum (IX.9)', () => {
    expect(colourChipValue('late', 500, 5000)).toBe(500);
  });
});

describe('a bet in colour chips (IX.3, IX.6, IX.7, IX.9)', () => {
  const MARKED: MarkedColour[] = [
    { colour: 'azul', valueCents: 500, late: true },
    { colour: 'verde', valueCents: 500, late: false },
  ];

  it('counts its chips at the colour marked at the table: 2 green chips of 5,00 € are a 10,00 € stake', () => {
    expect(colourChipStake({ colour: 'verde', chips: 2 }, MARKED, 'R1')).toEqual({ colour: 'verde', chips: 2, valueCents: 500, late: false, amountCents: 1_000 });
    // A late chip counts at the table minimum its marking gave it (IX.9).
    expect(colourChipStake({ colour: 'azul', chips: 3 }, MARKED, 'R1')).toEqual({ colour: 'azul', chips: 3, valueCents: 500, late: true, amountCents: 1_500 });
  });

  it('takes a stake that is a whole number of chips, and counts them', () => {
    expect(colourChipStake({ colour: 'verde', amountCents: 1_000 }, MARKED, 'R1')).toMatchObject({ chips: 2, amountCents: 1_000 });
    expect(colourChipStake({ colour: 'verde', amountCents: 500 }, MARKED, 'R1')).toMatchObject({ chips: 1, amountCents: 500 });
  });

  it('refuses 7,00 € in green chips marked at 5,00 €, naming the whole numbers either side', () => {
    const e = expectRefusal(() => colourChipStake({ colour: 'verde', amountCents: 700 }, MARKED, 'R1'), 'ROULETTE_COLOUR_STAKE_NOT_WHOLE', {
      colour: 'verde',
      amountCents: 700,
      valueCents: 500,
      fewer: 1,
      more: 2,
      article: 'IX.7',
    });
    expect(e.message).toBe(
      'Aposta de 7,00 € em fichas «verde» recusada: cada ficha «verde» vale 5,00 € nesta mesa e 7,00 € não é um número inteiro de fichas (1 ficha é 5,00 €, 2 fichas são 10,00 €) (IX.7).',
    );
    expect(rouletteErrors.ROULETTE_COLOUR_STAKE_NOT_WHOLE.en(e.params)).toBe(
      'A €7.00 bet in "verde" chips is refused: each "verde" chip is worth €5.00 at this table and €7.00 is not a whole number of chips (1 chip is €5.00, 2 chips are €10.00) (IX.7).',
    );
    // Less than one chip: only the first chip is named; one cent over two chips is refused too.
    expect(refusal(() => colourChipStake({ colour: 'verde', amountCents: 499 }, MARKED, 'R1')).message).toContain('(1 ficha é 5,00 €) (IX.7)');
    const over = refusal(() => colourChipStake({ colour: 'verde', amountCents: 1_001 }, MARKED, 'R1'));
    expect(over.params).toMatchObject({ fewer: 2, more: 3 });
    expect(over.message).toContain('(2 fichas são 10,00 €, 3 fichas são 15,00 €) (IX.7)');
  });

  it('refuses a colour never marked at the table, naming the colours that are', () => {
    const e = expectRefusal(() => colourChipStake({ colour: 'rosa', chips: 1 }, MARKED, 'R1'), 'ROULETTE_COLOUR_NOT_MARKED', {
      colour: 'rosa',
      table: 'R1',
      marked: 'azul\t500\nverde\t500',
      article: 'IX.6, IX.7',
    });
    expect(e.message).toBe('As fichas «rosa» não estão marcadas na mesa R1: só se jogam nela as cores que o fiscal lá marcou (azul 5,00 €, verde 5,00 €) (IX.6, IX.7).');
    expect(rouletteErrors.ROULETTE_COLOUR_NOT_MARKED.en(e.params)).toBe(
      '"rosa" chips are not marked at table R1: only the colours the fiscal marked there are played at it (azul €5.00, verde €5.00) (IX.6, IX.7).',
    );
    // Exactly as marked: another spelling is another colour.
    expect(refusal(() => colourChipStake({ colour: 'Verde', chips: 1 }, MARKED, 'R1')).code).toBe('ROULETTE_COLOUR_NOT_MARKED');
    const none = expectRefusal(() => colourChipStake({ colour: 'verde', chips: 1 }, [], 'R2'), 'ROULETTE_COLOUR_NOT_MARKED', {
      colour: 'verde',
      table: 'R2',
      marked: '',
      article: 'IX.6, IX.7',
    });
    expect(none.message).toBe(
      'As fichas «verde» não estão marcadas na mesa R2, que não tem nenhuma cor marcada: o fiscal marca primeiro o valor das fichas sem valor facial (IX.6, IX.7).',
    );
  });

  it('refuses the colour before the stake: an unmarked colour is named even with a stake of no whole chips', () => {
    expect(refusal(() => colourChipStake({ colour: 'rosa', amountCents: 701 }, MARKED, 'R1')).code).toBe('ROULETTE_COLOUR_NOT_MARKED');
  });

  it('a count or a stake that is not whole and positive is a programming error (the contract validates it)', () => {
    for (const chips of [0, -1, 1.5]) expect(() => colourChipStake({ colour: 'verde', chips }, MARKED, 'R1')).toThrow(RangeError);
    for (const amountCents of [0, -500, 2.5]) expect(() => colourChipStake({ colour: 'verde', amountCents }, MARKED, 'R1')).toThrow(RangeError);
    expect(() => colourChipStake({ colour: 'verde' }, MARKED, 'R1')).toThrow(RangeError);
  });
});

describe('launches (X.15, X.16)', () => {
  it('alternate: the other way after a spin', () => {
    expect(LAUNCH_DIRECTIONS).toEqual(['left_to_right', 'right_to_left']);
    expect(oppositeDirection('left_to_right')).toBe('right_to_left');
    expect(oppositeDirection('right_to_left')).toBe('left_to_right');
    expect(nextLaunchDirection({ kind: 'spin', direction: 'left_to_right' })).toBe('right_to_left');
    expect(nextLaunchDirection({ kind: 'spin', direction: 'right_to_left' })).toBe('left_to_right');
  });

  it('a golpe nulo is launched again the same way (X.16: the ball goes back to the previous number)', () => {
    expect(nextLaunchDirection({ kind: 'null_spin', direction: 'left_to_right' })).toBe('left_to_right');
    expect(nextLaunchDirection({ kind: 'null_spin', direction: 'right_to_left' })).toBe('right_to_left');
  });

  it('nothing is expected before the first launch, or after one logged without a direction', () => {
    expect(nextLaunchDirection(null)).toBeNull();
    expect(nextLaunchDirection({ kind: 'spin', direction: null })).toBeNull();
  });

  it('a launch is logged the way expected; given, it must be that way', () => {
    const last = { kind: 'spin' as const, direction: 'left_to_right' as const };
    expect(launchDirection(last, undefined)).toBe('right_to_left');
    expect(launchDirection(last, 'right_to_left')).toBe('right_to_left');
    const e = expectRefusal(() => launchDirection(last, 'left_to_right'), 'ROULETTE_LAUNCH_DIRECTION', {
      expected: 'right_to_left',
      given: 'left_to_right',
      after: 'spin',
      article: 'X.15',
    });
    expect(e.message).toBe(
      'Lançamento da esquerda para a direita recusado: o lançamento anterior foi da esquerda para a direita, por isso este é da direita para a esquerda: a bola lança-se alternadamente num sentido e no outro (X.15).',
    );
    expect(rouletteErrors.ROULETTE_LAUNCH_DIRECTION.en(e.params)).toBe(
      'A launch from left to right is refused: the previous launch was from left to right, so this one is from right to left: the ball is launched alternately one way and the other (X.15).',
    );
  });

  it('after a golpe nulo the other way is refused, citing X.16', () => {
    const e = expectRefusal(() => launchDirection({ kind: 'null_spin', direction: 'right_to_left' }, 'left_to_right'), 'ROULETTE_LAUNCH_DIRECTION', {
      expected: 'right_to_left',
      given: 'left_to_right',
      after: 'null_spin',
      article: 'X.15, X.16',
    });
    expect(e.message).toBe(
      'Lançamento da esquerda para a direita recusado: depois de um golpe nulo a bola volta ao número do golpe anterior e lança-se de novo no mesmo sentido, da direita para a esquerda (X.15, X.16).',
    );
  });

  it('the first launch goes the way the fiscal gives, which must be given', () => {
    expect(launchDirection(null, 'right_to_left')).toBe('right_to_left');
    expect(launchDirection({ kind: 'spin', direction: null }, 'left_to_right')).toBe('left_to_right');
    const e = expectRefusal(() => launchDirection(null, undefined), 'ROULETTE_LAUNCH_DIRECTION_REQUIRED', { article: 'X.15' });
    expect(e.message).toBe(
      'Indique o sentido do lançamento (da esquerda para a direita ou da direita para a esquerda): é o primeiro registado nesta mesa, e os seguintes alternam a partir dele (X.15).',
    );
  });
});

describe('messages (./errors.ts)', () => {
  const SAMPLES: Record<RouletteCode, Params> = {
    ROULETTE_BET_ILLEGAL: { chance: 'cavaloDuzia', numbers: '1-2', reason: 'count', expected: 24, article: 'X.18' },
    ROULETTE_NUMBER_INVALID: { number: '37', article: 'X.2' },
    ROULETTE_STAKE_OUT_OF_LIMITS: { chance: 'quadro', amountCents: 499, minimumCents: 500, maximumCents: 20000, article: 'X.27' },
    ROULETTE_STAKE_ODD: { chance: 'cavaloColuna', amountCents: 1001, article: 'X.20' },
    ROULETTE_WHEEL_INVALID: { reason: 'repeated', number: 6, missing: '16' },
    ROULETTE_CHIP_VALUE_INVALID: { valueCents: 499, minimumCents: 500, maximumCents: 5000, article: 'IX.6' },
    ROULETTE_COLOUR_NOT_MARKED: { colour: 'rosa', table: 'R1', marked: 'verde\t500', article: 'IX.6, IX.7' },
    ROULETTE_COLOUR_STAKE_NOT_WHOLE: { colour: 'verde', amountCents: 700, valueCents: 500, fewer: 1, more: 2, article: 'IX.7' },
    ROULETTE_LAUNCH_DIRECTION: { expected: 'right_to_left', given: 'left_to_right', after: 'spin', article: 'X.15' },
    ROULETTE_LAUNCH_DIRECTION_REQUIRED: { article: 'X.15' },
  };

  it.each(Object.keys(SAMPLES) as RouletteCode[])('%s is worded in pt and en, naming the article', (code) => {
    const { pt, en } = rouletteErrors[code];
    for (const text of [pt(SAMPLES[code]), en(SAMPLES[code])]) {
      expect(text).toMatch(/\b(IX|X)\.\d+/);
      expect(text).not.toMatch(/undefined/);
    }
  });

  it('words the examples', () => {
    expect(rouletteErrors.ROULETTE_BET_ILLEGAL.pt(SAMPLES.ROULETTE_BET_ILLEGAL)).toBe('Aposta recusada: cavalo de dúzia 1-2: cobre 24 números (X.18).');
    expect(rouletteErrors.ROULETTE_BET_ILLEGAL.en(SAMPLES.ROULETTE_BET_ILLEGAL)).toBe('Bet refused: two dozens (cavalo de dúzia) 1-2: it covers 24 numbers (X.18).');
    expect(rouletteErrors.ROULETTE_STAKE_OUT_OF_LIMITS.pt(SAMPLES.ROULETTE_STAKE_OUT_OF_LIMITS)).toBe(
      'Aposta de 4,99 € em quadro fora dos limites da banca: mínimo 5,00 €, máximo 200,00 € (X.27).',
    );
    expect(rouletteErrors.ROULETTE_WHEEL_INVALID.pt(SAMPLES.ROULETTE_WHEEL_INVALID)).toBe(
      'Sequência da roleta recusada: o 6 aparece duas vezes e falta o 16; uma roleta tem os 37 números de 0 a 36, cada um uma vez (X.2, X.6).',
    );
  });

  it('words every reason checkBet and checkWheel give, and every chance', () => {
    const betReasons = ['unknown-chance', 'numbers-missing', 'numbers-on-simple', 'out-of-range', 'repeated', 'count', 'not-adjacent', 'not-a-row', 'not-a-square', 'not-two-rows', 'not-a-dozen', 'not-a-column', 'not-two-dozens', 'not-two-columns'];
    for (const reason of betReasons) {
      const p = { chance: 'rua', numbers: '1', reason, expected: 3, article: 'X.18' };
      // Not the raw reason code, which is what an unworded reason falls back to.
      expect(rouletteErrors.ROULETTE_BET_ILLEGAL.pt(p)).not.toContain(`: ${reason} (`);
      expect(rouletteErrors.ROULETTE_BET_ILLEGAL.en(p)).not.toContain(`: ${reason} (`);
    }
    for (const reason of ['length', 'out-of-range', 'repeated']) {
      const p = { reason, count: 36, value: '37', number: 6, missing: '16' };
      expect(rouletteErrors.ROULETTE_WHEEL_INVALID.pt(p)).not.toContain(`: ${reason};`);
      expect(rouletteErrors.ROULETTE_WHEEL_INVALID.en(p)).not.toContain(`: ${reason};`);
    }
    for (const chance of [...CHANCES, 'simples']) expect(CHANCE_WORDS[chance], chance).toBeDefined();
    expect(rouletteErrors.ROULETTE_BET_ILLEGAL.pt({ chance: 'par', numbers: '', reason: 'unknown-chance', article: 'X.18' })).toBe(
      'Aposta recusada: par: não é uma das apostas permitidas (X.18).',
    );
  });

  it('every refusal carries a code of ./errors.ts', () => {
    const e = refusal(() => checkBet({ chance: 'rua', numbers: [1, 2] }));
    expect(Object.keys(rouletteErrors)).toContain(e.code);
    expect(e).toBeInstanceOf(Error);
  });
});
