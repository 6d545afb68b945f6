/**
 * The roulette rules of the casino tables (Portaria 1441/95, sections IX and
 * X; SPEC 8): the single-zero layout and what each chance covers (X.18), the
 * legality of a bet, prizes (X.20) and the zero rule (X.21), the payment order
 * (X.22), the announcement (X.25), the limits proportions (X.27), the wheels
 * (X.9, IX.2) and the colour chips (IX.6-9). Pure functions, integer cents.
 */
import { KioskError } from '../refusal.js';
import type { Params } from '../catalogue.js';
import { formatCents } from '../money.js';
import { CHANCE_WORDS, type rouletteErrors } from './errors.js';

/** The bets X.18 permits, in its order. */
export const CHANCES = [
  'pleno',
  'cavalo',
  'rua',
  'quadro',
  'linha',
  'duzia',
  'coluna',
  'cavaloDuzia',
  'cavaloColuna',
  'par',
  'impar',
  'menor',
  'maior',
  'encarnado',
  'preto',
] as const;
export type Chance = (typeof CHANCES)[number];

/** The six simple chances (X.20, X.21): placed on a box of the cloth, not on numbers. */
export const SIMPLE_CHANCES = ['par', 'impar', 'menor', 'maior', 'encarnado', 'preto'] as const satisfies readonly Chance[];
export type SimpleChance = (typeof SIMPLE_CHANCES)[number];

/** The bets placed on numbers: every chance but the simple ones. */
type NumberChance = Exclude<Chance, SimpleChance>;

export interface Bet {
  chance: Chance;
  /** The numbers the bet covers; absent (or empty) for a simple chance. */
  numbers?: readonly number[];
}

export function isSimpleChance(chance: Chance): chance is SimpleChance {
  return (SIMPLE_CHANCES as readonly string[]).includes(chance);
}

/** How many numbers each chance covers (X.18; a simple chance: 18 of 1-36, never 0). */
export const NUMBERS_COVERED: Readonly<Record<Chance, number>> = {
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

// ---------------------------------------------------------------- layout

/** X.2: 36 numbers, 1 to 36, and one 0 (a single-zero table only). */
const HIGHEST_NUMBER = 36;

/** The red numbers of the single-zero layout; the other 18 of 1-36 are black (X.7), 0 neither (X.8). */
export const RED_NUMBERS = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36] as const;
const RED = new Set<number>(RED_NUMBERS);

/**
 * X.8: the 0 is neither red nor black. **Decision**: it is called 'verde'
 * (green), the colour of the 0 on cloths and wheels and what the pagador
 * announces (X.17).
 */
export type Colour = 'verde' | 'encarnado' | 'preto';

/** A number of the wheel: an integer 0-36 (X.2), else ROULETTE_NUMBER_INVALID. */
export function checkNumber(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > HIGHEST_NUMBER) refuse('ROULETTE_NUMBER_INVALID', { number: String(n), article: 'X.2' });
  return n;
}

/** The colour of a number (X.7, X.8), as the pagador announces it (X.17). */
export function colourOf(n: number): Colour {
  checkNumber(n);
  if (n === 0) return 'verde';
  return RED.has(n) ? 'encarnado' : 'preto';
}

/** The cloth's 12 rows of three (the ruas), top to bottom: [1, 2, 3] … [34, 35, 36]. */
const ROWS: readonly (readonly number[])[] = Array.from({ length: 12 }, (_, r) => [3 * r + 1, 3 * r + 2, 3 * r + 3]);
/** The three columns, left to right: [1, 4, … 34], [2, 5, … 35], [3, 6, … 36]. */
const COLUMNS = [0, 1, 2].map((c) => ROWS.map((row) => row[c]!));
/** The three dozens: 1-12, 13-24, 25-36 (four rows each). */
const DOZENS = [0, 1, 2].map((d) => ROWS.slice(4 * d, 4 * d + 4).flat());

const sorted = (ns: readonly number[]) => [...ns].sort((a, b) => a - b);
const keyOf = (ns: readonly number[]) => ns.join('-');

/**
 * Every legal bet of each chance placed on numbers, as sorted number lists.
 * X.18 defines the chances by how many numbers they cover and X.19 lets a
 * player mark "todos os cavalos, ruas, quadros e linhas que sejam possíveis"
 * on the cloth: a cavalo is two numbers side by side (in a row or a column),
 * a rua a row of three, a quadro a 2x2 square, a linha two rows one after the
 * other, a dúzia 1-12, 13-24 or 25-36, a coluna one of the three columns, and
 * a cavalo de dúzia or de coluna two adjacent dozens or columns.
 *
 * **Decision** (zero bets): the Portaria does not draw the cloth; on the
 * single-zero cloth the 0 sits above the three columns, next to 1, 2 and 3,
 * so the possible bets with it (X.19) are the pleno 0, the cavalos 0-1, 0-2
 * and 0-3, the ruas 0-1-2 and 0-2-3 and the quadro 0-1-2-3. They are
 * accepted: X.20 pays each chance by the count of its numbers (36 / count - 1
 * times the stake), so a bet holding the 0 is paid as fairly as any other, and
 * X.21 makes only the simple chances, dozens, columns and their cavalos lose
 * on 0, so these win on it. There is no linha, dúzia or coluna with the 0.
 */
const LEGAL: Readonly<Record<NumberChance, readonly (readonly number[])[]>> = (() => {
  const pairs = (lists: readonly (readonly number[])[]) => lists.slice(0, -1).map((list, i) => sorted([...list, ...lists[i + 1]!]));
  const cavalos: number[][] = [
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  const quadros: number[][] = [[0, 1, 2, 3]];
  ROWS.forEach((row, r) => {
    for (let c = 0; c < 3; c++) {
      if (c < 2) cavalos.push([row[c]!, row[c + 1]!]);
      const below = ROWS[r + 1];
      if (below) cavalos.push([row[c]!, below[c]!]);
      if (below && c < 2) quadros.push(sorted([row[c]!, row[c + 1]!, below[c]!, below[c + 1]!]));
    }
  });
  return {
    pleno: Array.from({ length: HIGHEST_NUMBER + 1 }, (_, n) => [n]),
    cavalo: cavalos.map(sorted),
    rua: [[0, 1, 2], [0, 2, 3], ...ROWS],
    quadro: quadros,
    linha: pairs(ROWS),
    duzia: DOZENS,
    coluna: COLUMNS,
    cavaloDuzia: pairs(DOZENS),
    cavaloColuna: pairs(COLUMNS),
  };
})();

const LEGAL_KEYS = new Map<Chance, Set<string>>(Object.entries(LEGAL).map(([chance, bets]) => [chance as Chance, new Set(bets.map(keyOf))]));

/** What each simple chance covers: 0 is none of them (X.18, X.21). */
const SIMPLE: Readonly<Record<SimpleChance, readonly number[]>> = (() => {
  const all = Array.from({ length: HIGHEST_NUMBER }, (_, i) => i + 1);
  return {
    par: all.filter((n) => n % 2 === 0),
    impar: all.filter((n) => n % 2 === 1),
    menor: all.filter((n) => n <= 18),
    maior: all.filter((n) => n >= 19),
    encarnado: all.filter((n) => RED.has(n)),
    preto: all.filter((n) => !RED.has(n)),
  };
})();

/** Every legal bet of a chance (sorted numbers), e.g. to draw the cloth; a simple chance has one. */
export function legalBets(chance: Chance): number[][] {
  if (isSimpleChance(chance)) return [[...SIMPLE[chance]]];
  return LEGAL[chance].map((ns) => [...ns]);
}

/** The cloth's three rows as drawn left to right: the top row 3, 6, … 36, then 2, 5, … 35, then 1, 4, … 34. */
export const CLOTH_ROWS: readonly (readonly number[])[] = [2, 1, 0].map((c) => ROWS.map((row) => row[c]!));
/** The dozens (1-12, 13-24, 25-36) and columns (1-34, 2-35, 3-36) as drawn on the cloth. */
export const CLOTH_DOZENS: readonly (readonly number[])[] = DOZENS;
export const CLOTH_COLUMNS: readonly (readonly number[])[] = COLUMNS;

/**
 * The bet that covers exactly these numbers, as the fiscal marks it on the
 * drawn cloth (X.18, X.19): a set of numbers has at most one chance (every
 * chance placed on numbers covers its own count of them, and where two share
 * a count, a dúzia and a coluna, their sets differ). Null when the numbers
 * are no bet (two numbers that do not touch, five numbers…).
 */
export function betOfNumbers(numbers: readonly number[]): { chance: NumberChance; numbers: number[] } | null {
  const key = keyOf(sorted(numbers));
  for (const chance of Object.keys(LEGAL) as NumberChance[]) {
    if (LEGAL_KEYS.get(chance)!.has(key)) return { chance, numbers: sorted(numbers) };
  }
  return null;
}

/** Why a set of the right size is not a bet of its chance. */
const SHAPE_REASON: Readonly<Record<NumberChance, string>> = {
  pleno: 'out-of-range',
  cavalo: 'not-adjacent',
  rua: 'not-a-row',
  quadro: 'not-a-square',
  linha: 'not-two-rows',
  duzia: 'not-a-dozen',
  coluna: 'not-a-column',
  cavaloDuzia: 'not-two-dozens',
  cavaloColuna: 'not-two-columns',
};

/** The numbers as typed, quoted back in a refusal (cut to 80 characters). */
function shownNumbers(numbers: readonly unknown[] | undefined): string {
  const text = (numbers ?? []).map(String).join('-');
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * A bet's legality (X.18, X.19; numbers 0-36, X.2), returning the sorted
 * numbers it covers. A simple chance carries no numbers (an empty list is
 * taken as none); every other chance lists all the numbers it covers (a dúzia
 * its 12). Checked in this order, each refusal ROULETTE_BET_ILLEGAL {chance,
 * numbers (as typed, '-'-joined), reason, article}: a known chance;
 * numbers on a simple chance ('numbers-on-simple') or none on another
 * ('numbers-missing'); each an integer 0-36 ('out-of-range', X.2); none
 * repeated ('repeated'); the count of X.18 ('count', with `expected`); the
 * shape on the cloth (see LEGAL; 'not-adjacent', 'not-a-row', …).
 */
export function checkBet(bet: Bet): number[] {
  const chance = bet.chance;
  const given = bet.numbers ?? [];
  const illegal = (reason: string, article = 'X.18', extra: Params = {}): never =>
    refuse('ROULETTE_BET_ILLEGAL', { chance: String(chance), numbers: shownNumbers(given), reason, article, ...extra });
  if (!(CHANCES as readonly string[]).includes(chance)) return illegal('unknown-chance');
  if (isSimpleChance(chance)) {
    if (given.length > 0) illegal('numbers-on-simple');
    return [...SIMPLE[chance]];
  }
  if (given.length === 0) illegal('numbers-missing');
  if (!given.every((n) => Number.isInteger(n) && n >= 0 && n <= HIGHEST_NUMBER)) illegal('out-of-range', 'X.2');
  const numbers = sorted(given);
  if (new Set(numbers).size !== numbers.length) illegal('repeated');
  if (numbers.length !== NUMBERS_COVERED[chance]) illegal('count', 'X.18', { expected: NUMBERS_COVERED[chance] });
  if (!LEGAL_KEYS.get(chance)!.has(keyOf(numbers))) illegal(SHAPE_REASON[chance]);
  return numbers;
}

/** Does a legal bet cover the number (0-36)? */
export function covers(bet: Bet, n: number): boolean {
  checkNumber(n);
  return checkBet(bet).includes(n);
}

// ---------------------------------------------------------------- prizes

/**
 * X.20: a winning bet is paid this many times its value. Each is 36 / (numbers
 * covered) - 1, so every chance, the zero bets included, pays the same odds.
 */
export const PAYOUT_MULTIPLE: Readonly<Record<Chance, number>> = {
  pleno: 35,
  cavalo: 17,
  rua: 11,
  quadro: 8,
  linha: 5,
  duzia: 2,
  coluna: 2,
  cavaloDuzia: 0.5,
  cavaloColuna: 0.5,
  par: 1,
  impar: 1,
  menor: 1,
  maior: 1,
  encarnado: 1,
  preto: 1,
};

/**
 * The chances X.21 makes lose when the 0 comes out: "todas as apostas feitas
 * nas chances simples, nas dúzias, nas colunas e respectivos cavalos". They
 * lose outright: the Portaria has no "prison" or halving of the simple
 * chances, so nothing of them is kept or returned.
 */
export const LOST_ON_ZERO: readonly Chance[] = [...SIMPLE_CHANCES, 'duzia', 'coluna', 'cavaloDuzia', 'cavaloColuna'];

/** The chances paid 1/2 of their value (X.20): their stake must be even cents. */
const HALF_PRIZE: readonly Chance[] = ['cavaloDuzia', 'cavaloColuna'];

/** A stake is whole cents, more than zero (a RangeError otherwise: the contract validates it). */
function checkCents(what: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`${what} must be whole cents, more than zero: ${cents}`);
}

/**
 * A cavalo de dúzia or de coluna pays 1/2 of its value (X.20). **Decision**:
 * rather than round a half cent away from the player or the bank, such a
 * stake must be an even number of cents, so the prize is exact
 * (ROULETTE_STAKE_ODD {chance, amountCents, article: 'X.20'}); chips never make an
 * odd-cent stake in practice.
 */
function checkHalfPrizeStake(chance: Chance, amountCents: number): void {
  if (HALF_PRIZE.includes(chance) && amountCents % 2 !== 0) {
    refuse('ROULETTE_STAKE_ODD', { chance, amountCents, article: 'X.20' });
  }
}

export interface Settlement {
  won: boolean;
  /** The prize (X.20): the multiple of the stake; 0 when lost. */
  prizeCents: number;
  /** What goes back to the player: the prize and the stake, which stays the player's (X.20); 0 when lost. */
  returnedCents: number;
}

/**
 * One bet settled on the number that came out: a bet covering it wins
 * PAYOUT_MULTIPLE x its value and keeps its stake (X.20: "continuam a
 * pertencer aos seus donos"); on 0 the chances of LOST_ON_ZERO lose (X.21);
 * every other bet loses its stake. The bet is checked (checkBet), the number
 * too (checkNumber), the stake is whole cents > 0 (RangeError) and even on a
 * cavalo de dúzia or de coluna (ROULETTE_STAKE_ODD). A "golpe nulo" (X.16) is
 * no number: nothing is settled, the ball is thrown again.
 */
export function settleBet(bet: Bet, amountCents: number, number: number): Settlement {
  const numbers = checkBet(bet);
  checkNumber(number);
  checkCents('a stake', amountCents);
  checkHalfPrizeStake(bet.chance, amountCents);
  const won = number === 0 && LOST_ON_ZERO.includes(bet.chance) ? false : numbers.includes(number);
  if (!won) return { won: false, prizeCents: 0, returnedCents: 0 };
  const prizeCents = amountCents * PAYOUT_MULTIPLE[bet.chance];
  if (!Number.isSafeInteger(prizeCents + amountCents)) throw new RangeError(`prize out of range: ${amountCents} x ${PAYOUT_MULTIPLE[bet.chance]}`);
  return { won: true, prizeCents, returnedCents: prizeCents + amountCents };
}

// ---------------------------------------------------------------- payment order

/**
 * X.22: the prizes are paid "pela ordem seguinte: colunas, dúzias, chances
 * simples, linhas, ruas, quadros, cavalos e plenos". **Decision**: the
 * cavalos de coluna and de dúzia, not named there, are paid right after the
 * colunas and the dúzias, their own kind (X.21 groups them the same way:
 * "nas dúzias, nas colunas e respectivos cavalos"). The six simple chances
 * are one rank, as X.22 names them.
 */
const PAYMENT_RANKS: readonly (readonly Chance[])[] = [
  ['coluna'],
  ['cavaloColuna'],
  ['duzia'],
  ['cavaloDuzia'],
  SIMPLE_CHANCES,
  ['linha'],
  ['rua'],
  ['quadro'],
  ['cavalo'],
  ['pleno'],
];

const RANK = new Map<Chance, number>(PAYMENT_RANKS.flatMap((chances, rank) => chances.map((c) => [c, rank] as const)));

/**
 * The indices of `bets` in the order the pagador pays them (X.22), stable
 * within a rank (the order the bets were entered). The caller passes the
 * winning bets (the losing ones are collected first, X.22); simultaneous
 * payments to one player (X.24) are the fiscal's to group.
 */
export function paymentOrder(bets: readonly { chance: Chance }[]): number[] {
  return bets
    .map((bet, index) => ({ index, rank: RANK.get(bet.chance) ?? PAYMENT_RANKS.length }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((e) => e.index);
}

/**
 * The X.25 announcement of one payment: "identificado pela aposta, seu
 * valor, cor e prémio, segundo a sequência «pleno de ...$00, verde, total de
 * ...$00»", e.g. 'pleno de 10,00 €, verde, total de 350,00 €'. The colour is
 * the chips' (the table colour chips, IX.3); **Decision**: a bet in
 * face-value chips (IX.8) has no colour (null) and the colour is left out;
 * "total" is the prize, as the example shows (35 x 10 = 350), the stake
 * staying on the cloth (X.20); the bet is named by its chance only, as in the
 * Portaria's sequence.
 */
export function announcement(bet: { chance: Chance }, amountCents: number, colour: string | null, prizeCents: number): string {
  const parts = [`${CHANCE_WORDS[bet.chance]!.pt} de ${formatCents(amountCents)}`];
  if (colour !== null && colour.trim() !== '') parts.push(colour.trim());
  parts.push(`total de ${formatCents(prizeCents)}`);
  return parts.join(', ');
}

// ---------------------------------------------------------------- limits

/** A table sets one minimum per group: each chance placed on numbers, and one for the six simple chances. */
export const LIMIT_GROUPS = ['pleno', 'cavalo', 'rua', 'quadro', 'linha', 'duzia', 'coluna', 'cavaloDuzia', 'cavaloColuna', 'simples'] as const;
export type LimitGroup = (typeof LIMIT_GROUPS)[number];

export function limitGroupOf(chance: Chance): LimitGroup {
  return isSimpleChance(chance) ? 'simples' : chance;
}

/**
 * X.27: the maximum is this many times the minimum. Each listed proportion is
 * 10 x the numbers the chance covers (pleno 1 → 10, cavalo 2 → 20, rua 3 →
 * 30, linha 6 → 60, dúzia and coluna 12 → 120, simple chances 18 → 180,
 * cavalos de dúzia and de coluna 24 → 240). **Decision**: the quadro, not
 * listed, follows the same rule: 4 numbers → 40, between the cavalo (20) and
 * the rua (30) below and the linha (60) above, as its prize (8) lies between
 * theirs.
 */
export const MAX_TO_MIN: Readonly<Record<LimitGroup, number>> = {
  pleno: 10,
  cavalo: 20,
  rua: 30,
  quadro: 40,
  linha: 60,
  duzia: 120,
  coluna: 120,
  cavaloDuzia: 240,
  cavaloColuna: 240,
  simples: 180,
};

export interface Limits {
  minimumCents: number;
  maximumCents: number;
}
export type TableLimits = Record<LimitGroup, Limits>;

/**
 * A table's limits from its minima (X.27: maximum = minimum x MAX_TO_MIN).
 * Minima are whole cents > 0 (RangeError otherwise); those of the cavalos de
 * dúzia and de coluna even (ROULETTE_STAKE_ODD, X.20), so a bet of the
 * minimum is payable.
 */
export function limitsFor(minimumsCents: Readonly<Record<LimitGroup, number>>): TableLimits {
  const limits = {} as TableLimits;
  for (const group of LIMIT_GROUPS) {
    const minimumCents = minimumsCents[group];
    checkCents(`the ${group} minimum`, minimumCents);
    if (group !== 'simples') checkHalfPrizeStake(group, minimumCents);
    const maximumCents = minimumCents * MAX_TO_MIN[group];
    if (!Number.isSafeInteger(maximumCents)) throw new RangeError(`the ${group} maximum is out of range: ${minimumCents} x ${MAX_TO_MIN[group]}`);
    limits[group] = { minimumCents, maximumCents };
  }
  return limits;
}

/**
 * A stake within the table's limits for its chance, both ends included (X.19,
 * X.27), else ROULETTE_STAKE_OUT_OF_LIMITS {chance, amountCents, minimumCents,
 * maximumCents, article: 'X.27'}; then even cents on a cavalo de dúzia or de coluna
 * (ROULETTE_STAKE_ODD). The stake is whole cents > 0 (RangeError otherwise).
 */
export function checkStake(chance: Chance, amountCents: number, limits: TableLimits): void {
  checkCents('a stake', amountCents);
  const { minimumCents, maximumCents } = limits[limitGroupOf(chance)];
  if (amountCents < minimumCents || amountCents > maximumCents) {
    refuse('ROULETTE_STAKE_OUT_OF_LIMITS', {
      chance,
      amountCents,
      minimumCents,
      maximumCents,
      article: 'X.27',
    });
  }
  checkHalfPrizeStake(chance, amountCents);
}

// ---------------------------------------------------------------- wheels

/** X.9: the French wheel, clockwise from 0. */
export const FRENCH_WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;

/**
 * IX.2: the American numbering (single zero), starting from 0. IX.2 prints it
 * "2, 14, 35, … 9, 28 e 0"; a wheel is a circle, so this is the same sequence
 * started at its 0. **Decision**: the printed order is read as clockwise, as
 * the French numbering printed beside it is (X.9). (IX.2's French line has a
 * misprint, "24, 6, 33" for X.9's 24-16-33; FRENCH_WHEEL follows X.9.)
 */
export const AMERICAN_NUMBERING = [
  0, 2, 14, 35, 23, 4, 16, 33, 21, 6, 18, 31, 19, 8, 12, 29, 25, 10, 27, 1, 13, 36, 24, 3, 15, 34, 22, 5, 17, 32, 20, 7, 11, 30, 26, 9, 28,
] as const;

export const WHEELS = { french: FRENCH_WHEEL, american: AMERICAN_NUMBERING } as const;
export type Wheel = keyof typeof WHEELS;

/**
 * A wheel holds the 37 numbers 0-36, each once (X.2, X.6), so a misprinted
 * sequence (IX.2's "24, 6, 33") is refused, ROULETTE_WHEEL_INVALID with the
 * first fault: 'length' {count}, 'out-of-range' {value}, or 'repeated'
 * {number: the first repeated, missing: the numbers absent, ', '-joined}.
 */
export function checkWheel(sequence: readonly number[]): void {
  if (sequence.length !== HIGHEST_NUMBER + 1) refuse('ROULETTE_WHEEL_INVALID', { reason: 'length', count: sequence.length });
  const bad = sequence.find((n) => !Number.isInteger(n) || n < 0 || n > HIGHEST_NUMBER);
  if (bad !== undefined) refuse('ROULETTE_WHEEL_INVALID', { reason: 'out-of-range', value: String(bad) });
  const seen = new Set<number>();
  for (const n of sequence) {
    if (seen.has(n)) {
      const missing = Array.from({ length: HIGHEST_NUMBER + 1 }, (_, i) => i).filter((i) => !sequence.includes(i));
      refuse('ROULETTE_WHEEL_INVALID', { reason: 'repeated', number: n, missing: missing.join(', ') });
    }
    seen.add(n);
  }
}

// ---------------------------------------------------------------- colour chips

/**
 * IX.6: the value a player gives the chips without face value "pode oscilar
 * entre o mínimo e o máximo para uma aposta em pleno nessa mesa", both ends
 * included; else ROULETTE_CHIP_VALUE_INVALID {valueCents, minimumCents, maximumCents,
 * article: 'IX.6'}. Amounts are whole cents > 0 (RangeError otherwise).
 */
export function checkColourChipValue(valueCents: number, tableMinimumPlenoCents: number, tableMaximumPlenoCents: number): number {
  checkCents('a chip value', valueCents);
  checkCents('the pleno minimum', tableMinimumPlenoCents);
  checkCents('the pleno maximum', tableMaximumPlenoCents);
  if (valueCents < tableMinimumPlenoCents || valueCents > tableMaximumPlenoCents) {
    refuse('ROULETTE_CHIP_VALUE_INVALID', {
      valueCents,
      minimumCents: tableMinimumPlenoCents,
      maximumCents: tableMaximumPlenoCents,
      article: 'IX.6',
    });
  }
  return valueCents;
}

/**
 * The value of a colour chip: the one marked (checked by IX.6), or, for a
 * chip presented late ('late'), "o valor mínimo da banca" (IX.9).
 * **Decision**: the table's minimum is its pleno minimum, the floor IX.6
 * sets for the colour chips' values.
 */
export function colourChipValue(valueCents: number | 'late', tableMinimumPlenoCents: number, tableMaximumPlenoCents: number): number {
  if (valueCents === 'late') {
    checkCents('the pleno minimum', tableMinimumPlenoCents);
    return tableMinimumPlenoCents;
  }
  return checkColourChipValue(valueCents, tableMinimumPlenoCents, tableMaximumPlenoCents);
}

/** A colour of the table's chips without face value as marked now (its newest marking, IX.7). */
export interface MarkedColour {
  colour: string;
  valueCents: number;
  /** Marked at the table minimum as a chip presented late (IX.9). */
  late: boolean;
}

/** A bet's stake in colour chips: how many chips of which colour, at what value each. */
interface ColourStake {
  colour: string;
  chips: number;
  valueCents: number;
  late: boolean;
  amountCents: number;
}

/**
 * The stake of a bet placed in colour chips (IX.3, IX.6, IX.7). The chips of
 * a table are played only at it, at the value the fiscal marked for their
 * colour (IX.6, IX.7; a late chip's marking is the table minimum, IX.9): the
 * colour must be one marked at this table (`marked`: each colour's newest
 * marking), compared exactly as marked, else ROULETTE_COLOUR_NOT_MARKED
 * {colour, table, marked: each colour and its value in cents, tab-separated,
 * one a line ('azul\t500\nverde\t1000', or ''), article}. The
 * bet gives its chips (the stake is chips x value) or its stake, which must
 * then be a whole number of chips, else ROULETTE_COLOUR_STAKE_NOT_WHOLE
 * {colour, amountCents, valueCents, fewer, more, article}
 * (the whole numbers of chips either side). A count of chips is a whole
 * number > 0, a stake whole cents > 0 (RangeError otherwise: the contract
 * validates them); one of them is given.
 */
export function colourChipStake(
  bet: { colour: string; chips?: number | undefined; amountCents?: number | undefined },
  marked: readonly MarkedColour[],
  tableCode: string,
): ColourStake {
  const mark = marked.find((m) => m.colour === bet.colour);
  if (!mark) {
    refuse('ROULETTE_COLOUR_NOT_MARKED', {
      colour: bet.colour,
      table: tableCode,
      marked: marked.map((m) => `${m.colour}\t${m.valueCents}`).join('\n'),
      article: 'IX.6, IX.7',
    });
  }
  checkCents('a chip value', mark.valueCents);
  const stake = { colour: mark.colour, valueCents: mark.valueCents, late: mark.late };
  if (bet.chips !== undefined) {
    if (!Number.isSafeInteger(bet.chips) || bet.chips <= 0) throw new RangeError(`a count of chips must be a whole number, more than zero: ${bet.chips}`);
    const amountCents = bet.chips * mark.valueCents;
    if (!Number.isSafeInteger(amountCents)) throw new RangeError(`a stake out of range: ${bet.chips} x ${mark.valueCents}`);
    return { ...stake, chips: bet.chips, amountCents };
  }
  if (bet.amountCents === undefined) throw new RangeError('a bet in colour chips gives its chips or its stake');
  checkCents('a stake', bet.amountCents);
  if (bet.amountCents % mark.valueCents !== 0) {
    const fewer = Math.floor(bet.amountCents / mark.valueCents);
    refuse('ROULETTE_COLOUR_STAKE_NOT_WHOLE', {
      colour: mark.colour,
      amountCents: bet.amountCents,
      valueCents: mark.valueCents,
      fewer,
      more: fewer + 1,
      article: 'IX.7',
    });
  }
  return { ...stake, chips: bet.amountCents / mark.valueCents, amountCents: bet.amountCents };
}

// ---------------------------------------------------------------- launches

/**
 * X.15: "O lançamento da bola far-se-á alternada e obrigatoriamente da
 * esquerda para a direita e da direita para a esquerda" (the wheel turning
 * the other way).
 */
export const LAUNCH_DIRECTIONS = ['left_to_right', 'right_to_left'] as const;
export type LaunchDirection = (typeof LAUNCH_DIRECTIONS)[number];

/** A launch in the table's log: a spin, or a golpe nulo (X.16); its direction null when logged before directions were. */
export interface Launch {
  kind: 'spin' | 'null_spin';
  direction: LaunchDirection | null;
}

export function oppositeDirection(d: LaunchDirection): LaunchDirection {
  return d === 'left_to_right' ? 'right_to_left' : 'left_to_right';
}

/**
 * The direction of the table's next launch, from its last one (X.15): the
 * other way after a spin. **Decision**: after a golpe nulo (X.16) the ball
 * "volta ao número do golpe anterior" and is launched again: the null launch
 * is undone and redone, so the new launch goes the same way as the null one
 * (the null launch does not count in the alternation). Null when the table
 * has no launch yet (or its last was logged without a direction): the
 * fiscal gives it.
 */
export function nextLaunchDirection(last: Launch | null): LaunchDirection | null {
  if (last === null || last.direction === null) return null;
  return last.kind === 'null_spin' ? last.direction : oppositeDirection(last.direction);
}

/**
 * The direction a launch is logged with: the one expected (nextLaunchDirection);
 * a direction given that is not it is refused, ROULETTE_LAUNCH_DIRECTION
 * {expected, given, after: the last launch's kind, article}. With nothing
 * expected (the first launch) the direction must be given,
 * ROULETTE_LAUNCH_DIRECTION_REQUIRED {article: 'X.15'}.
 */
export function launchDirection(last: Launch | null, given: LaunchDirection | undefined): LaunchDirection {
  const expected = nextLaunchDirection(last);
  if (expected === null) {
    if (given === undefined) refuse('ROULETTE_LAUNCH_DIRECTION_REQUIRED', { article: 'X.15' });
    return given;
  }
  if (given !== undefined && given !== expected) {
    refuse('ROULETTE_LAUNCH_DIRECTION', { expected, given, after: last!.kind, article: last!.kind === 'null_spin' ? 'X.15, X.16' : 'X.15' });
  }
  return expected;
}

// ---------------------------------------------------------------- refusals

/** Throws the KioskError of one of this domain's codes (./errors.ts). */
function refuse(code: keyof typeof rouletteErrors, params: Params): never {
  throw new KioskError(code, params);
}

/** X.12 and X.28: the balls and the dealer change hour by hour. */
const CHANGE_EVERY_MINUTES = 60;

/**
 * Whether an hourly change is due: an hour since the last one, or since the
 * table's first entry when there was none yet; never before the table is used.
 */
export function changeDue(lastChangeAt: string | null, firstEntryAt: string | null, now: Date): boolean {
  const since = lastChangeAt ?? firstEntryAt;
  return since !== null && now.getTime() - new Date(since).getTime() >= CHANGE_EVERY_MINUTES * 60_000;
}
