/**
 * Card faces (DN art. 3.4 and 4.5; SPEC section 2): the validator of a card and
 * of a whole series and the two face-file formats (JSON and CSV); the seeded
 * generator of series and the file writers are in main/demo/faces.ts.
 * Pure: no I/O; the service reads the file, calls these, then writes.
 *
 * A face is 3 rows of 5 ascending numbers. Column k (1..9) of the card holds
 * the numbers 10(k-1)..10k-1, except column 1 (1-9) and column 9 (80-90).
 */
import type { Lang, Params } from '../catalogue.js';
import { KioskError } from '../refusal.js';
import { FACE_RULE_WORDS, faceProblemText } from './errors.js';

export interface Face {
  card: number;
  rows: [number[], number[], number[]];
}

export type { FaceRule } from './face-rules.js';
import type { FaceRule } from './face-rules.js';

/**
 * The first rule a face file breaks: the card (0 if none can be named), the
 * rule, what was found: a code (`problem`, worded per language in
 * ./errors.ts: `describeViolation`) with its data (the row, the numbers...).
 */
export interface FaceViolation {
  card: number;
  rule: FaceRule;
  /** What was found, a code: 'row_size', 'line_repeated', 'json_invalid'... */
  problem: string;
  /** What the problem names: numbers, the row, the text found. */
  data: Params;
  /** The other card involved (a repeated line or card, a number twice in a strip). */
  otherCard?: number;
  /** The line of the file (1-based), when the file is malformed and the line is known. */
  line?: number;
}

export interface ParsedFaces {
  seriesCode?: string;
  faces: Face[];
}

export const ROWS = 3;
export const NUMBERS_PER_ROW = 5;
export const COLUMNS = 9;
export const STRIP_CARDS = 6;

/** The column (0-based) of a number 1-90. */
export function columnOf(n: number): number {
  return n === 90 ? 8 : (n / 10) | 0;
}

export const COLUMN_LO = [1, 10, 20, 30, 40, 50, 60, 70, 80] as const;
export const COLUMN_HI = [9, 19, 29, 39, 49, 59, 69, 79, 90] as const;

/** The rule, in words, with its article. */
export function describeFaceRule(rule: FaceRule, lang: Lang = 'pt-PT'): string {
  const text = FACE_RULE_WORDS[rule];
  return lang === 'en' ? text.en : text.pt;
}

/** The parameters of a violation's refusal: the card, the rule, the problem and its data (and the file's line, the other card). */
function violationParams(v: FaceViolation): Params {
  return {
    card: v.card,
    rule: v.rule,
    problem: v.problem,
    ...v.data,
    ...(v.otherCard !== undefined ? { otherCard: v.otherCard } : {}),
    ...(v.line !== undefined ? { line: v.line } : {}),
  };
}

/** What a violation found, in words: "a 1.ª fila tem 4 números em vez de 5" (pt-PT), "row 1 has 4 numbers instead of 5" (en). */
export function describeViolation(v: FaceViolation, lang: Lang = 'pt-PT'): string {
  return faceProblemText(violationParams(v), lang);
}

export function isFaceViolation(x: unknown): x is FaceViolation {
  return typeof x === 'object' && x !== null && 'rule' in x && 'problem' in x;
}

/** The refusal to throw for a violation: FACES_INVALID, or FACES_FILE_MALFORMED for 'format'. */
export function facesError(v: FaceViolation): KioskError {
  return new KioskError(v.rule === 'format' ? 'FACES_FILE_MALFORMED' : 'FACES_INVALID', violationParams(v), v);
}

function violation(card: number, rule: FaceRule, problem: string, data: Params = {}, extra?: Partial<FaceViolation>): FaceViolation {
  return { card, rule, problem, data, ...extra };
}

const show = (x: unknown) => (typeof x === 'number' || typeof x === 'string' ? String(x) : JSON.stringify(x) ?? String(x));

// Scratch space for validateFace: which row holds each number in this call (stamped, never cleared).
const seenStamp = new Int32Array(91);
const seenRow = new Int8Array(91);
let stamp = 0;

/** Art. 3.4 for one face: the first rule broken, or null. */
export function validateFace(face: Face): FaceViolation | null {
  const card = face.card;
  const rows = face.rows as unknown;
  if (!Array.isArray(rows) || rows.length !== ROWS) {
    const n = Array.isArray(rows) ? rows.length : 0;
    return violation(card, 'row_count', 'row_count', { rows: n });
  }
  stamp = (stamp + 1) | 0;
  if (stamp === 0) {
    seenStamp.fill(0);
    stamp = 1;
  }
  const perColumn = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let r = 0; r < ROWS; r++) {
    const row = rows[r] as unknown;
    const rowNo = r + 1;
    if (!Array.isArray(row) || row.length !== NUMBERS_PER_ROW) {
      const n = Array.isArray(row) ? row.length : 0;
      return violation(card, 'row_size', 'row_size', { row: rowNo, count: n });
    }
    for (let i = 0; i < NUMBERS_PER_ROW; i++) {
      const n = row[i] as unknown;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 90) {
        return violation(card, 'number_range', 'number_range', { row: rowNo, found: show(n) });
      }
    }
    const nums = row as number[];
    for (let i = 1; i < NUMBERS_PER_ROW; i++) {
      const a = nums[i - 1]!;
      const b = nums[i]!;
      if (a === b) {
        return violation(card, 'duplicate_number', 'number_twice_in_row', { number: a, row: rowNo });
      }
      if (a > b) {
        return violation(card, 'row_order', 'row_order', { row: rowNo, a, b });
      }
      if (columnOf(a) === columnOf(b)) {
        return violation(card, 'row_column_clash', 'row_column_clash', { row: rowNo, a, b, column: columnOf(a) + 1 });
      }
    }
  }
  for (let r = 0; r < ROWS; r++) {
    const nums = rows[r] as number[];
    for (let i = 0; i < NUMBERS_PER_ROW; i++) {
      const n = nums[i]!;
      if (seenStamp[n] === stamp) {
        const first = seenRow[n]! + 1;
        return violation(card, 'duplicate_number', 'number_in_two_rows', { number: n, row: first, otherRow: r + 1 });
      }
      seenStamp[n] = stamp;
      seenRow[n] = r;
      perColumn[columnOf(n)]!++;
    }
  }
  for (let c = 0; c < COLUMNS; c++) {
    if (perColumn[c]! > 2) {
      return violation(card, 'column_full', 'column_full', { column: c + 1 });
    }
  }
  for (let c = 0; c < COLUMNS; c++) {
    if (perColumn[c] === 0) {
      return violation(card, 'column_empty', 'column_empty', { column: c + 1 });
    }
  }
  return null;
}

/**
 * An open-addressing hash map from a tuple of three 32-bit integers to a
 * positive integer (0 = absent), in typed arrays: a series of 60,000 cards has
 * 180,000 lines, and a Map of strings or big doubles is several times slower.
 */
export class TupleMap {
  private readonly keys: Int32Array;
  private readonly values: Int32Array;
  private readonly mask: number;
  constructor(expected: number) {
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.mask = cap - 1;
    this.keys = new Int32Array(cap * 3);
    this.values = new Int32Array(cap);
  }
  private slot(k0: number, k1: number, k2: number): number {
    let h = Math.imul(k0 ^ 0x27d4eb2f, 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 15) ^ k1, 0x85ebca77);
    h = Math.imul(h ^ (h >>> 13) ^ k2, 0xc2b2ae3d);
    h ^= h >>> 16;
    let i = h & this.mask;
    const keys = this.keys;
    const values = this.values;
    while (values[i] !== 0 && (keys[i * 3] !== k0 || keys[i * 3 + 1] !== k1 || keys[i * 3 + 2] !== k2)) {
      i = (i + 1) & this.mask;
    }
    return i;
  }
  get(k0: number, k1: number, k2: number): number {
    return this.values[this.slot(k0, k1, k2)]!;
  }
  /** Sets the value; value must be > 0. */
  set(k0: number, k1: number, k2: number, value: number): void {
    const i = this.slot(k0, k1, k2);
    this.keys[i * 3] = k0;
    this.keys[i * 3 + 1] = k1;
    this.keys[i * 3 + 2] = k2;
    this.values[i] = value;
  }
}

/** A row's five ascending numbers (7 bits each) as two integers. */
const lineKey0 = (row: readonly number[]) => (row[0]! << 14) | (row[1]! << 7) | row[2]!;
const lineKey1 = (row: readonly number[]) => (row[3]! << 7) | row[4]!;

/** A card's set of 15 numbers (its bingo combination) as three 30-bit masks, written into `out`. */
function cardKey(face: Face, out: Int32Array): void {
  let w0 = 0;
  let w1 = 0;
  let w2 = 0;
  for (const row of face.rows) {
    for (const n of row) {
      if (n <= 30) w0 |= 1 << (n - 1);
      else if (n <= 60) w1 |= 1 << (n - 31);
      else w2 |= 1 << (n - 61);
    }
  }
  out[0] = w0;
  out[1] = w1;
  out[2] = w2;
}

const rowText = (row: readonly number[]) => row.join(' ');

/**
 * A whole series: every card 1..size once, each face valid (art. 3.4), no line
 * and no full card repeated (art. 3.4), and with `strips`, each group of 6
 * cards (1-6, 7-12, ...) holding every number 1-90 once (art. 4.5).
 * The first violation in card order, or null.
 */
export function validateSeries(
  faces: readonly Face[],
  size: number,
  options: { strips?: boolean } = {},
): FaceViolation | null {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`series size must be a positive integer, got ${size}`);
  const byCard: (Face | undefined)[] = new Array<Face | undefined>(size + 1);
  for (const face of faces) {
    const c = face.card;
    if (!Number.isInteger(c) || c < 1 || c > size) {
      return violation(Number.isFinite(c) ? c : 0, 'card_out_of_range', 'card_out_of_range', { size });
    }
    if (byCard[c] !== undefined) {
      return violation(c, 'card_duplicate', 'card_duplicate');
    }
    byCard[c] = face;
  }
  for (let c = 1; c <= size; c++) {
    if (byCard[c] === undefined) {
      return violation(c, 'card_missing', 'card_missing', { size });
    }
  }
  const strips = options.strips === true;
  if (strips && size % STRIP_CARDS !== 0) {
    const first = size - (size % STRIP_CARDS) + 1;
    return violation(first, 'strip_incomplete', 'strip_short', { first, last: size, cards: size % STRIP_CARDS });
  }

  const lines = new TupleMap(size * ROWS); // line -> card * 4 + row index
  const cards = new TupleMap(size); // number set -> card
  const ck = new Int32Array(3);
  const stripCard = new Int32Array(91); // within the current strip: the card holding each number
  let stripStart = 1;
  for (let c = 1; c <= size; c++) {
    const face = byCard[c]!;
    const bad = validateFace(face);
    if (bad) return bad.card === c ? bad : { ...bad, card: c };
    for (let r = 0; r < ROWS; r++) {
      const row = face.rows[r]!;
      const k0 = lineKey0(row);
      const k1 = lineKey1(row);
      const seen = lines.get(k0, k1, 0);
      if (seen !== 0) {
        const other = seen >> 2;
        const otherRow = (seen & 3) + 1;
        return violation(c, 'line_repeated', 'line_repeated', { row: r + 1, numbers: rowText(row), otherRow }, { otherCard: other });
      }
      lines.set(k0, k1, 0, c * 4 + r);
    }
    cardKey(face, ck);
    const twin = cards.get(ck[0]!, ck[1]!, ck[2]!);
    if (twin !== 0) {
      return violation(c, 'card_repeated', 'card_repeated', {}, { otherCard: twin });
    }
    cards.set(ck[0]!, ck[1]!, ck[2]!, c);
    if (strips) {
      if (c === stripStart) stripCard.fill(0);
      for (const row of face.rows) {
        for (const n of row) {
          const holder = stripCard[n]!;
          if (holder !== 0) {
            return violation(c, 'strip_incomplete', 'number_twice_in_strip', { number: n, first: stripStart, last: stripStart + 5 }, { otherCard: holder });
          }
          stripCard[n] = c;
        }
      }
      if (c === stripStart + STRIP_CARDS - 1) {
        // 6 valid faces of 15 distinct numbers with no number twice cover all 90; kept as a guard.
        for (let n = 1; n <= 90; n++) {
          if (stripCard[n] === 0) {
            return violation(stripStart, 'strip_incomplete', 'strip_lacks_number', { number: n, first: stripStart, last: c });
          }
        }
        stripStart = c + 1;
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// Face files

function formatError(problem: string, data: Params = {}, where: { card?: number; line?: number } = {}): FaceViolation {
  const v: FaceViolation = { card: where.card ?? 0, rule: 'format', problem, data };
  if (where.line !== undefined) v.line = where.line;
  return v;
}

function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** `{"series": "A", "cards": [{"card": 1, "rows": [[5 numbers], [..], [..]]}, ...]}`. */
export function parseFacesJson(text: string): ParsedFaces | FaceViolation {
  const source = stripBom(text);
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(message);
    const where = pos ? { line: lineAt(source, Number(pos[1])) } : {};
    return formatError('json_invalid', { message }, where);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return formatError('json_not_object');
  }
  const obj = data as Record<string, unknown>;
  let seriesCode: string | undefined;
  if (obj.series !== undefined) {
    if (typeof obj.series !== 'string' || obj.series.trim() === '') {
      return formatError('series_not_text');
    }
    seriesCode = obj.series.trim();
  }
  if (!Array.isArray(obj.cards)) {
    return formatError('cards_missing');
  }
  const faces: Face[] = [];
  for (let i = 0; i < obj.cards.length; i++) {
    const item = obj.cards[i] as unknown;
    const pos = i + 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return formatError('item_not_object', { item: pos });
    }
    const entry = item as Record<string, unknown>;
    const card = entry.card;
    if (typeof card !== 'number' || !Number.isInteger(card)) {
      return formatError('item_card_not_whole', { item: pos });
    }
    const rows = entry.rows;
    if (!Array.isArray(rows) || !rows.every((row) => Array.isArray(row) && row.every((n) => typeof n === 'number' && Number.isInteger(n)))) {
      return formatError('rows_not_numbers', {}, { card });
    }
    faces.push({ card, rows: rows as Face['rows'] });
  }
  return seriesCode === undefined ? { faces } : { seriesCode, faces };
}

export const CSV_HEADER = ['card', 'row', 'n1', 'n2', 'n3', 'n4', 'n5'];

const isSpace = (c: number) => c === 32 || c === 9 || c === 13;

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (!isSpace(line.charCodeAt(i))) return false;
  return true;
}

/** Why a data line is malformed (the slow path, only for a line the fast scan did not accept). */
function csvLineError(line: string, sep: string, lineNo: number): FaceViolation {
  const fields = line.split(sep).map((f) => f.trim());
  if (fields.length !== CSV_HEADER.length) {
    return formatError('field_count', { count: fields.length }, { line: lineNo });
  }
  const bad = Math.max(0, fields.findIndex((f) => !/^\d{1,9}$/.test(f)));
  return formatError('field_not_whole', { field: CSV_HEADER[bad]!, value: fields[bad]! }, { line: lineNo });
}

/**
 * Header `card,row,n1,n2,n3,n4,n5` (or with `;`), then three lines per card,
 * rows 1 to 3, in any order. Blank lines, blanks around fields and CRLF line
 * ends are accepted. Faces come out by card number.
 */
export function parseFacesCsv(text: string): ParsedFaces | FaceViolation {
  const src = stripBom(text);
  const len = src.length;
  let pos = 0;
  let lineNo = 1;
  let headerLine: string | undefined;
  while (pos <= len) {
    const nl = src.indexOf('\n', pos);
    const end = nl === -1 ? len : nl;
    const line = src.slice(pos, end);
    pos = end + 1;
    if (!isBlank(line)) {
      headerLine = line;
      break;
    }
    lineNo++;
  }
  if (headerLine === undefined) return formatError('file_empty');
  const sep = headerLine.includes(';') && !headerLine.includes(',') ? ';' : ',';
  const header = headerLine.split(sep).map((h) => h.trim().toLowerCase());
  if (header.length !== CSV_HEADER.length || header.some((h, i) => h !== CSV_HEADER[i])) {
    return formatError('header_invalid', { header: CSV_HEADER.join(',') }, { line: lineNo });
  }
  const sepCode = sep.charCodeAt(0);
  const values = [0, 0, 0, 0, 0, 0, 0];
  const byCard = new Map<number, { rows: (number[] | undefined)[]; line: number }>();
  // One pass over the characters: a 60,000-card file has 180,000 lines, and a
  // string per line and per field costs more than the parsing itself.
  while (pos < len) {
    lineNo++;
    const nl = src.indexOf('\n', pos);
    const end = nl === -1 ? len : nl;
    const start = pos;
    pos = end + 1;
    let fields = 0;
    let value = 0;
    let digits = 0;
    let trailing = false; // blanks after the digits of this field
    let ok = true;
    let blank = true;
    for (let i = start; i < end; i++) {
      const c = src.charCodeAt(i);
      if (c === sepCode) {
        blank = false;
        if (digits === 0 || digits > 9 || fields >= 7) ok = false;
        else values[fields] = value;
        fields++;
        value = 0;
        digits = 0;
        trailing = false;
      } else if (isSpace(c)) {
        if (digits > 0) trailing = true;
      } else {
        blank = false;
        const d = c - 48;
        if (d < 0 || d > 9 || trailing) ok = false;
        else {
          value = value * 10 + d;
          digits++;
        }
      }
    }
    if (blank) continue;
    if (digits === 0 || digits > 9 || fields !== 6) ok = false;
    else values[6] = value;
    if (!ok) return csvLineError(src.slice(start, end), sep, lineNo);

    const card = values[0]!;
    const row = values[1]!;
    if (row < 1 || row > ROWS) {
      return formatError('row_invalid', { row }, { card, line: lineNo });
    }
    let entry = byCard.get(card);
    if (!entry) {
      entry = { rows: [undefined, undefined, undefined], line: lineNo };
      byCard.set(card, entry);
    }
    if (entry.rows[row - 1] !== undefined) {
      return formatError('row_repeated', { row }, { card, line: lineNo });
    }
    entry.rows[row - 1] = [values[2]!, values[3]!, values[4]!, values[5]!, values[6]!];
  }
  const faces: Face[] = [];
  const cardNumbers = [...byCard.keys()].sort((x, y) => x - y);
  for (const card of cardNumbers) {
    const entry = byCard.get(card)!;
    const missing = entry.rows.findIndex((r) => r === undefined);
    if (missing !== -1) {
      return formatError('row_missing', { row: missing + 1 }, { card, line: entry.line });
    }
    faces.push({ card, rows: entry.rows as Face['rows'] });
  }
  return { faces };
}
