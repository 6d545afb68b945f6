/**
 * Development and test tools for card faces: a seeded generator of valid
 * series made of strips of 6 cards (art. 3.4, 4.5) and the writers of the two
 * face-file formats, as a card printer delivers them. The demo hall's series
 * (seed.ts) and the tests' and benchmarks' are made with it.
 */
import { COLUMN_LO, COLUMNS, CSV_HEADER, NUMBERS_PER_ROW, ROWS, STRIP_CARDS, TupleMap, type Face } from '../../core/bingo/faces.js';

const byCardNumber = (faces: readonly Face[]) => [...faces].sort((a, b) => a.card - b.card);

/** The CSV face file: header, then rows 1-3 of each card, by card number. */
export function formatFacesCsv(faces: readonly Face[]): string {
  const out: string[] = [CSV_HEADER.join(',')];
  for (const face of byCardNumber(faces)) {
    for (let r = 0; r < ROWS; r++) out.push(`${face.card},${r + 1},${face.rows[r]!.join(',')}`);
  }
  return `${out.join('\n')}\n`;
}

/** The JSON face file, one card per line. */
export function formatFacesJson(seriesCode: string, faces: readonly Face[]): string {
  const cards = byCardNumber(faces).map((f) => JSON.stringify({ card: f.card, rows: f.rows }));
  return `{"series":${JSON.stringify(seriesCode)},"cards":[\n${cards.join(',\n')}\n]}\n`;
}

// ---------------------------------------------------------------------------
// Generator

/** A uniform number in [0, 1). */
type Rng = () => number;

/**
 * A small seeded PRNG: a 128-bit state seeded by a splitmix-style mixer, then
 * advanced with add-rotate-xor steps. Not for security; same seed, same stream.
 * A string seed (e.g. a series code) is hashed first.
 */
export function seededRandom(seed: number | string): Rng {
  let h = 0x811c9dc5 | 0;
  if (typeof seed === 'string') {
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  } else {
    h = Math.imul(h ^ (seed | 0), 0x01000193) ^ Math.imul((seed / 4294967296) | 0, 0x85ebca6b);
  }
  let s = h >>> 0;
  const mix = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) | 0;
  };
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix() | 1;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 0x6d2b79f5) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next();
  return () => next() / 4294967296;
}

const COLUMN_SIZE = [9, 10, 10, 10, 10, 10, 10, 10, 11] as const;

/**
 * The ways a card's 3 single-number columns can sit in the rows: o[r] of them
 * in row r, sum 3. Row r then misses o[r] + 1 of the 6 two-number columns.
 * Weighted by how many layouts each gives, so each layout is equally likely.
 */
const LAYOUTS: { ones: [number, number, number]; weight: number }[] = (() => {
  const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
  const out: { ones: [number, number, number]; weight: number }[] = [];
  for (let o0 = 0; o0 <= 3; o0++) {
    for (let o1 = 0; o0 + o1 <= 3; o1++) {
      const o2 = 3 - o0 - o1;
      const weight =
        (fact(6) / (fact(o0 + 1) * fact(o1 + 1) * fact(o2 + 1))) * (fact(3) / (fact(o0) * fact(o1) * fact(o2)));
      out.push({ ones: [o0, o1, o2], weight });
    }
  }
  return out;
})();
const LAYOUT_TOTAL = LAYOUTS.reduce((s, l) => s + l.weight, 0);

const randInt = (rng: Rng, n: number) => (rng() * n) | 0;

function shuffle(rng: Rng, a: Int32Array, length: number): void {
  for (let i = length - 1; i > 0; i--) {
    const j = (rng() * (i + 1)) | 0;
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}

const CARD_NUMBERS = ROWS * NUMBERS_PER_ROW;
// Scratch space for fillStrip, reused: allocation, not arithmetic, is what costs here.
const gExtra = new Uint8Array(STRIP_CARDS * COLUMNS);
const gNeed = new Int32Array(STRIP_CARDS);
const gOrder = new Int32Array(COLUMNS);
const gCards = new Int32Array(STRIP_CARDS);
const gLo = new Int32Array(STRIP_CARDS * COLUMNS);
const gHi = new Int32Array(STRIP_CARDS * COLUMNS);
const gPool = new Int32Array(11);
const gTwoRows = new Int32Array(6);
const gOneRows = new Int32Array(3);
const gRowLen = new Int32Array(ROWS);

/**
 * One strip into `out`: card k (0-5), row r, place i at out[k * 15 + r * 5 + i].
 */
function fillStrip(rng: Rng, out: Int32Array): void {
  // 1. How many numbers each card takes from each column: 1, plus an extra 1
  // for 6 columns per card. Column k has COLUMN_SIZE[k] - 6 extras to share
  // (3, 4 x 7, 5). Each column, in random order, gives its extras to the cards
  // that still need the most, ties broken at random: for a 0/1 matrix with
  // feasible sums this greedy always completes (Gale-Ryser).
  const extra = gExtra;
  const need = gNeed;
  const cards = gCards;
  extra.fill(0);
  need.fill(6);
  for (let i = 0; i < COLUMNS; i++) gOrder[i] = i;
  shuffle(rng, gOrder, COLUMNS);
  for (let ci = 0; ci < COLUMNS; ci++) {
    const col = gOrder[ci]!;
    for (let i = 0; i < STRIP_CARDS; i++) cards[i] = i;
    shuffle(rng, cards, STRIP_CARDS);
    // stable insertion sort by need, descending: the random order stays among ties
    for (let i = 1; i < STRIP_CARDS; i++) {
      const v = cards[i]!;
      let j = i - 1;
      while (j >= 0 && need[cards[j]!]! < need[v]!) {
        cards[j + 1] = cards[j]!;
        j--;
      }
      cards[j + 1] = v;
    }
    const k = COLUMN_SIZE[col]! - 6;
    for (let i = 0; i < k; i++) {
      const card = cards[i]!;
      if (need[card]! <= 0) throw new Error('generateStrip: column distribution failed');
      need[card]!--;
      extra[card * COLUMNS + col] = 1;
    }
  }
  // A few random 2x2 exchanges (same row and column sums) to mix further.
  for (let i = 0; i < 12; i++) {
    const p = randInt(rng, STRIP_CARDS) * COLUMNS;
    const q = randInt(rng, STRIP_CARDS) * COLUMNS;
    const x = randInt(rng, COLUMNS);
    const y = randInt(rng, COLUMNS);
    if (extra[p + x] === 1 && extra[p + y] === 0 && extra[q + x] === 0 && extra[q + y] === 1) {
      extra[p + x] = 0;
      extra[p + y] = 1;
      extra[q + x] = 1;
      extra[q + y] = 0;
    }
  }

  // 2. Deal each column's numbers, shuffled, to the cards.
  const lo = gLo; // the card's smaller (or only) number of the column
  const hi = gHi; // the larger, 0 if one number
  const pool = gPool;
  for (let col = 0; col < COLUMNS; col++) {
    const size = COLUMN_SIZE[col]!;
    const first = COLUMN_LO[col]!;
    for (let i = 0; i < size; i++) pool[i] = first + i;
    shuffle(rng, pool, size);
    let at = 0;
    for (let card = 0; card < STRIP_CARDS; card++) {
      const idx = card * COLUMNS + col;
      if (extra[idx] === 1) {
        const u = pool[at++]!;
        const v = pool[at++]!;
        lo[idx] = u < v ? u : v;
        hi[idx] = u < v ? v : u;
      } else {
        lo[idx] = pool[at++]!;
        hi[idx] = 0;
      }
    }
  }

  // 3. Lay each card out in 3 rows of 5: a two-number column misses one row,
  // a one-number column sits in one; row r has 5 when it misses o[r] + 1
  // two-number columns and holds o[r] one-number columns.
  for (let card = 0; card < STRIP_CARDS; card++) {
    let pick = rng() * LAYOUT_TOTAL;
    let layout = LAYOUTS[LAYOUTS.length - 1]!;
    for (const l of LAYOUTS) {
      pick -= l.weight;
      if (pick < 0) {
        layout = l;
        break;
      }
    }
    let nTwo = 0;
    let nOne = 0;
    for (let r = 0; r < ROWS; r++) {
      const o = layout.ones[r]!;
      for (let i = 0; i <= o; i++) gTwoRows[nTwo++] = r; // the row a two-number column misses
      for (let i = 0; i < o; i++) gOneRows[nOne++] = r; // the row a one-number column sits in
    }
    shuffle(rng, gTwoRows, nTwo);
    shuffle(rng, gOneRows, nOne);
    gRowLen.fill(0);
    const base = card * CARD_NUMBERS;
    let t = 0;
    let o = 0;
    for (let col = 0; col < COLUMNS; col++) {
      const idx = card * COLUMNS + col;
      if (hi[idx] !== 0) {
        const miss = gTwoRows[t++]!;
        const top = miss === 0 ? 1 : 0;
        const bottom = miss === 2 ? 1 : 2;
        out[base + top * NUMBERS_PER_ROW + gRowLen[top]!++] = lo[idx]!;
        out[base + bottom * NUMBERS_PER_ROW + gRowLen[bottom]!++] = hi[idx]!;
      } else {
        const row = gOneRows[o++]!;
        out[base + row * NUMBERS_PER_ROW + gRowLen[row]!++] = lo[idx]!;
      }
    }
  }
}

function faceAt(numbers: Int32Array, k: number, card: number): Face {
  const b = k * CARD_NUMBERS;
  const n = numbers;
  return {
    card,
    rows: [
      [n[b]!, n[b + 1]!, n[b + 2]!, n[b + 3]!, n[b + 4]!],
      [n[b + 5]!, n[b + 6]!, n[b + 7]!, n[b + 8]!, n[b + 9]!],
      [n[b + 10]!, n[b + 11]!, n[b + 12]!, n[b + 13]!, n[b + 14]!],
    ],
  };
}

/**
 * Six cards that together hold every number 1-90 once (art. 4.5), each a valid
 * face (art. 3.4), numbered 1-6. Column numbers ascend from top to bottom.
 */
export function generateStrip(rng: Rng): Face[] {
  const numbers = new Int32Array(STRIP_CARDS * CARD_NUMBERS);
  fillStrip(rng, numbers);
  const faces: Face[] = [];
  for (let k = 0; k < STRIP_CARDS; k++) faces.push(faceAt(numbers, k, k + 1));
  return faces;
}

/**
 * A series of `size` cards numbered 1..size from consecutive strips (so with
 * a multiple of 6 it is a series of strips, art. 4.5), with no line and no
 * full card repeated (art. 3.4): a strip that would repeat one is drawn again.
 * The same size and seed give the same series.
 */
export function generateSeries(size: number, seed: number | string): Face[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`series size must be a positive integer, got ${size}`);
  const rng = seededRandom(seed);
  const lines = new TupleMap(size * ROWS);
  const cards = new TupleMap(size);
  const numbers = new Int32Array(STRIP_CARDS * CARD_NUMBERS);
  const out: Face[] = [];
  let redraws = 0;
  while (out.length < size) {
    fillStrip(rng, numbers);
    const take = Math.min(STRIP_CARDS, size - out.length);
    // A strip's own lines and cards never repeat each other: its numbers are all different.
    let clash = false;
    for (let k = 0; k < take && !clash; k++) {
      const b = k * CARD_NUMBERS;
      for (let r = 0; r < ROWS; r++) {
        const i = b + r * NUMBERS_PER_ROW;
        if (lines.get(stripLine0(numbers, i), stripLine1(numbers, i), 0) !== 0) clash = true;
      }
      stripCardKey(numbers, b);
      if (cards.get(gKey[0]!, gKey[1]!, gKey[2]!) !== 0) clash = true;
    }
    if (clash) {
      if (++redraws > 1000 + size) throw new Error('generateSeries: too many repeated lines; series too large');
      continue;
    }
    for (let k = 0; k < take; k++) {
      const card = out.length + 1;
      const b = k * CARD_NUMBERS;
      for (let r = 0; r < ROWS; r++) {
        const i = b + r * NUMBERS_PER_ROW;
        lines.set(stripLine0(numbers, i), stripLine1(numbers, i), 0, card);
      }
      stripCardKey(numbers, b);
      cards.set(gKey[0]!, gKey[1]!, gKey[2]!, card);
      out.push(faceAt(numbers, k, card));
    }
  }
  return out;
}

const stripLine0 = (n: Int32Array, i: number) => (n[i]! << 14) | (n[i + 1]! << 7) | n[i + 2]!;
const stripLine1 = (n: Int32Array, i: number) => (n[i + 3]! << 7) | n[i + 4]!;
const gKey = new Int32Array(3);
function stripCardKey(n: Int32Array, b: number): void {
  let w0 = 0;
  let w1 = 0;
  let w2 = 0;
  for (let i = b; i < b + CARD_NUMBERS; i++) {
    const x = n[i]!;
    if (x <= 30) w0 |= 1 << (x - 1);
    else if (x <= 60) w1 |= 1 << (x - 31);
    else w2 |= 1 << (x - 61);
  }
  gKey[0] = w0;
  gKey[1] = w1;
  gKey[2] = w2;
}
