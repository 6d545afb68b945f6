/**
 * Card faces (DN art. 3.4 and 4.5; SPEC section 2): the validator of a card and
 * of a whole series and the two face-file formats (JSON and CSV); the seeded
 * generator of series and the file writers are in tools/faces.
 * Pure: no I/O; the service reads the file, calls these, then writes.
 *
 * A face is 3 rows of 5 ascending numbers. Column k (1..9) of the card holds
 * the numbers 10(k-1)..10k-1, except column 1 (1-9) and column 9 (80-90).
 */
import { KioskError, type Lang } from '../errors.js';

export interface Face {
  card: number;
  rows: [number[], number[], number[]];
}

export type FaceRule =
  | 'format'
  | 'row_count'
  | 'row_size'
  | 'number_range'
  | 'row_order'
  | 'row_column_clash'
  | 'duplicate_number'
  | 'column_full'
  | 'column_empty'
  | 'card_out_of_range'
  | 'card_duplicate'
  | 'card_missing'
  | 'line_repeated'
  | 'card_repeated'
  | 'strip_incomplete';

/** The first rule a face file breaks: the card (0 if none can be named), the rule, what was found. */
export interface FaceViolation {
  card: number;
  rule: FaceRule;
  /** What was found, in pt-PT (the rule itself: `describeFaceRule`). */
  detail: string;
  /** The same in English. */
  detailEn: string;
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

const RULE_TEXT: Record<FaceRule, { pt: string; en: string }> = {
  format: {
    pt: 'o ficheiro segue o formato CSV (card,row,n1,...,n5) ou JSON ({"series", "cards"}) documentado',
    en: 'the file follows the documented CSV (card,row,n1,...,n5) or JSON ({"series", "cards"}) format',
  },
  row_count: { pt: 'cada cartão tem 3 filas, art. 3.º, n.º 4', en: 'each card has 3 rows, art. 3(4)' },
  row_size: {
    pt: 'cada fila tem exatamente 5 números, art. 3.º, n.º 4',
    en: 'each row holds exactly 5 numbers, art. 3(4)',
  },
  number_range: { pt: 'os números vão de 1 a 90, art. 3.º, n.º 4', en: 'the numbers run from 1 to 90, art. 3(4)' },
  row_order: {
    pt: 'os números de cada fila vêm por ordem crescente, da 1.ª à 9.ª coluna, art. 3.º, n.º 4',
    en: 'the numbers of each row come in ascending order, column 1 to 9, art. 3(4)',
  },
  row_column_clash: {
    pt: 'cada fila tem no máximo um número por coluna, art. 3.º, n.º 4',
    en: 'each row holds at most one number per column, art. 3(4)',
  },
  duplicate_number: {
    pt: 'os números de um cartão são todos diferentes, art. 3.º, n.º 4',
    en: 'the numbers of a card are all different, art. 3(4)',
  },
  column_full: {
    pt: 'cada coluna tem 1 ou 2 números, nunca 3, art. 3.º, n.º 4',
    en: 'each column holds 1 or 2 numbers, never 3, art. 3(4)',
  },
  column_empty: {
    pt: 'cada coluna tem 1 ou 2 números, nunca 0, art. 3.º, n.º 4',
    en: 'each column holds 1 or 2 numbers, never 0, art. 3(4)',
  },
  card_out_of_range: {
    pt: 'os cartões são numerados de 1 ao número de cartões da série, art. 3.º, n.º 2',
    en: "cards are numbered from 1 to the series' number of cards, art. 3(2)",
  },
  card_duplicate: {
    pt: 'cada cartão da série consta do ficheiro uma só vez, art. 3.º, n.º 2',
    en: 'each card of the series appears in the file once only, art. 3(2)',
  },
  card_missing: {
    pt: 'todos os cartões da série constam do ficheiro, art. 3.º, n.º 2',
    en: 'every card of the series appears in the file, art. 3(2)',
  },
  line_repeated: {
    pt: 'nenhuma combinação de linha se repete na mesma série, art. 3.º, n.º 4',
    en: 'no line combination repeats within a series, art. 3(4)',
  },
  card_repeated: {
    pt: 'nenhuma combinação de bingo (cartão completo) se repete na mesma série, art. 3.º, n.º 4',
    en: 'no bingo (full card) combination repeats within a series, art. 3(4)',
  },
  strip_incomplete: {
    pt: 'cada grupo de 6 cartões (1-6, 7-12, ...) contém todos os números de 1 a 90, uma só vez, art. 4.º, n.º 5',
    en: 'each group of 6 cards (1-6, 7-12, ...) holds every number 1 to 90 exactly once, art. 4(5)',
  },
};

/** The rule, in words, with its article. */
export function describeFaceRule(rule: FaceRule, lang: Lang = 'pt-PT'): string {
  const text = RULE_TEXT[rule];
  return lang === 'en' ? text.en : text.pt;
}

export function isFaceViolation(x: unknown): x is FaceViolation {
  return typeof x === 'object' && x !== null && 'rule' in x && 'detail' in x;
}

/** The refusal to throw for a violation: FACES_INVALID, or FACES_FILE_MALFORMED for 'format'. */
export function facesError(v: FaceViolation): KioskError {
  if (v.rule === 'format') {
    const where =
      v.line !== undefined ? `linha ${v.line}` : v.card > 0 ? `cartão n.º ${v.card}` : 'conteúdo';
    const whereEn = v.line !== undefined ? `line ${v.line}` : v.card > 0 ? `card no. ${v.card}` : 'content';
    return new KioskError('FACES_FILE_MALFORMED', { where, whereEn, detail: v.detail, detailEn: v.detailEn }, v);
  }
  return new KioskError(
    'FACES_INVALID',
    {
      card: v.card,
      rule: v.rule,
      detail: v.detail,
      detailEn: v.detailEn,
      ruleText: describeFaceRule(v.rule, 'pt-PT'),
      ruleTextEn: describeFaceRule(v.rule, 'en'),
    },
    v,
  );
}

function violation(card: number, rule: FaceRule, detail: string, detailEn: string, extra?: Partial<FaceViolation>): FaceViolation {
  return { card, rule, detail, detailEn, ...extra };
}

const ordinal = (k: number) => `${k}.ª`;
const ordinalEn = (k: number) => (k === 1 ? '1st' : k === 2 ? '2nd' : k === 3 ? '3rd' : `${k}th`);
const columnPt = (c: number) => `a ${ordinal(c + 1)} coluna (${COLUMN_LO[c]}-${COLUMN_HI[c]})`;
const columnEn = (c: number) => `the ${ordinalEn(c + 1)} column (${COLUMN_LO[c]}-${COLUMN_HI[c]})`;
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
    return violation(card, 'row_count', `tem ${n} filas em vez de 3`, `has ${n} rows instead of 3`);
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
      return violation(
        card,
        'row_size',
        `a ${ordinal(rowNo)} fila tem ${n} números em vez de 5`,
        `row ${rowNo} has ${n} numbers instead of 5`,
      );
    }
    for (let i = 0; i < NUMBERS_PER_ROW; i++) {
      const n = row[i] as unknown;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 90) {
        return violation(
          card,
          'number_range',
          `a ${ordinal(rowNo)} fila tem o número ${show(n)}, fora de 1 a 90`,
          `row ${rowNo} holds ${show(n)}, outside 1 to 90`,
        );
      }
    }
    const nums = row as number[];
    for (let i = 1; i < NUMBERS_PER_ROW; i++) {
      const a = nums[i - 1]!;
      const b = nums[i]!;
      if (a === b) {
        return violation(
          card,
          'duplicate_number',
          `o número ${a} aparece duas vezes na ${ordinal(rowNo)} fila`,
          `number ${a} appears twice in row ${rowNo}`,
        );
      }
      if (a > b) {
        return violation(
          card,
          'row_order',
          `a ${ordinal(rowNo)} fila não está por ordem crescente (${a} antes de ${b})`,
          `row ${rowNo} is not in ascending order (${a} before ${b})`,
        );
      }
      if (columnOf(a) === columnOf(b)) {
        return violation(
          card,
          'row_column_clash',
          `a ${ordinal(rowNo)} fila tem ${a} e ${b} na mesma coluna, ${columnPt(columnOf(a))}`,
          `row ${rowNo} has ${a} and ${b} in the same column, ${columnEn(columnOf(a))}`,
        );
      }
    }
  }
  for (let r = 0; r < ROWS; r++) {
    const nums = rows[r] as number[];
    for (let i = 0; i < NUMBERS_PER_ROW; i++) {
      const n = nums[i]!;
      if (seenStamp[n] === stamp) {
        const first = seenRow[n]! + 1;
        return violation(
          card,
          'duplicate_number',
          `o número ${n} aparece na ${ordinal(first)} e na ${ordinal(r + 1)} fila`,
          `number ${n} appears in rows ${first} and ${r + 1}`,
        );
      }
      seenStamp[n] = stamp;
      seenRow[n] = r;
      perColumn[columnOf(n)]!++;
    }
  }
  for (let c = 0; c < COLUMNS; c++) {
    if (perColumn[c]! > 2) {
      return violation(card, 'column_full', `${columnPt(c)} tem 3 números`, `${columnEn(c)} holds 3 numbers`);
    }
  }
  for (let c = 0; c < COLUMNS; c++) {
    if (perColumn[c] === 0) {
      return violation(card, 'column_empty', `${columnPt(c)} não tem nenhum número`, `${columnEn(c)} holds no number`);
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
      return violation(
        Number.isFinite(c) ? c : 0,
        'card_out_of_range',
        `está fora da série, numerada de 1 a ${size}`,
        `is outside the series, numbered 1 to ${size}`,
      );
    }
    if (byCard[c] !== undefined) {
      return violation(c, 'card_duplicate', 'aparece mais de uma vez no ficheiro', 'appears more than once in the file');
    }
    byCard[c] = face;
  }
  for (let c = 1; c <= size; c++) {
    if (byCard[c] === undefined) {
      return violation(c, 'card_missing', `falta no ficheiro (a série tem ${size} cartões)`, `is missing from the file (the series has ${size} cards)`);
    }
  }
  const strips = options.strips === true;
  if (strips && size % STRIP_CARDS !== 0) {
    const first = size - (size % STRIP_CARDS) + 1;
    return violation(
      first,
      'strip_incomplete',
      `a última tira (cartões ${first} a ${size}) tem só ${size % STRIP_CARDS} cartões; uma série em tiras tem um múltiplo de 6 cartões`,
      `the last strip (cards ${first} to ${size}) has only ${size % STRIP_CARDS} cards; a series of strips has a multiple of 6 cards`,
    );
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
        return violation(
          c,
          'line_repeated',
          `a ${ordinal(r + 1)} fila (${rowText(row)}) repete a ${ordinal(otherRow)} fila do cartão n.º ${other}`,
          `row ${r + 1} (${rowText(row)}) repeats row ${otherRow} of card no. ${other}`,
          { otherCard: other },
        );
      }
      lines.set(k0, k1, 0, c * 4 + r);
    }
    cardKey(face, ck);
    const twin = cards.get(ck[0]!, ck[1]!, ck[2]!);
    if (twin !== 0) {
      return violation(
        c,
        'card_repeated',
        `tem os mesmos 15 números que o cartão n.º ${twin}`,
        `holds the same 15 numbers as card no. ${twin}`,
        { otherCard: twin },
      );
    }
    cards.set(ck[0]!, ck[1]!, ck[2]!, c);
    if (strips) {
      if (c === stripStart) stripCard.fill(0);
      for (const row of face.rows) {
        for (const n of row) {
          const holder = stripCard[n]!;
          if (holder !== 0) {
            return violation(
              c,
              'strip_incomplete',
              `o número ${n} já está no cartão n.º ${holder} da mesma tira (cartões ${stripStart} a ${stripStart + 5})`,
              `number ${n} is already on card no. ${holder} of the same strip (cards ${stripStart} to ${stripStart + 5})`,
              { otherCard: holder },
            );
          }
          stripCard[n] = c;
        }
      }
      if (c === stripStart + STRIP_CARDS - 1) {
        // 6 valid faces of 15 distinct numbers with no number twice cover all 90; kept as a guard.
        for (let n = 1; n <= 90; n++) {
          if (stripCard[n] === 0) {
            return violation(
              stripStart,
              'strip_incomplete',
              `a tira dos cartões ${stripStart} a ${c} não tem o número ${n}`,
              `the strip of cards ${stripStart} to ${c} lacks number ${n}`,
            );
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

function formatError(detail: string, detailEn: string, where: { card?: number; line?: number } = {}): FaceViolation {
  const v: FaceViolation = { card: where.card ?? 0, rule: 'format', detail, detailEn };
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
    return formatError(`JSON inválido (${message})`, `invalid JSON (${message})`, where);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return formatError('o JSON deve ser um objeto {"series": ..., "cards": [...]}', 'the JSON must be an object {"series": ..., "cards": [...]}');
  }
  const obj = data as Record<string, unknown>;
  let seriesCode: string | undefined;
  if (obj.series !== undefined) {
    if (typeof obj.series !== 'string' || obj.series.trim() === '') {
      return formatError('"series" deve ser o código da série (texto)', '"series" must be the series code (text)');
    }
    seriesCode = obj.series.trim();
  }
  if (!Array.isArray(obj.cards)) {
    return formatError('falta a lista "cards"', 'the "cards" list is missing');
  }
  const faces: Face[] = [];
  for (let i = 0; i < obj.cards.length; i++) {
    const item = obj.cards[i] as unknown;
    const pos = i + 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return formatError(`o ${pos}.º elemento de "cards" não é um objeto`, `item ${pos} of "cards" is not an object`);
    }
    const entry = item as Record<string, unknown>;
    const card = entry.card;
    if (typeof card !== 'number' || !Number.isInteger(card)) {
      return formatError(
        `o ${pos}.º elemento de "cards" não tem um número de cartão inteiro em "card"`,
        `item ${pos} of "cards" has no whole card number in "card"`,
      );
    }
    const rows = entry.rows;
    if (!Array.isArray(rows) || !rows.every((row) => Array.isArray(row) && row.every((n) => typeof n === 'number' && Number.isInteger(n)))) {
      return formatError(
        '"rows" deve ser uma lista de filas, cada uma uma lista de números inteiros',
        '"rows" must be a list of rows, each a list of whole numbers',
        { card },
      );
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
    return formatError(
      `tem ${fields.length} campos em vez de 7 (card,row,n1,...,n5)`,
      `has ${fields.length} fields instead of 7 (card,row,n1,...,n5)`,
      { line: lineNo },
    );
  }
  const bad = Math.max(0, fields.findIndex((f) => !/^\d{1,9}$/.test(f)));
  return formatError(
    `o campo "${CSV_HEADER[bad]}" não é um número inteiro ("${fields[bad]}")`,
    `field "${CSV_HEADER[bad]}" is not a whole number ("${fields[bad]}")`,
    { line: lineNo },
  );
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
  if (headerLine === undefined) return formatError('o ficheiro está vazio', 'the file is empty');
  const sep = headerLine.includes(';') && !headerLine.includes(',') ? ';' : ',';
  const header = headerLine.split(sep).map((h) => h.trim().toLowerCase());
  if (header.length !== CSV_HEADER.length || header.some((h, i) => h !== CSV_HEADER[i])) {
    return formatError(
      `o cabeçalho deve ser "${CSV_HEADER.join(',')}"`,
      `the header must be "${CSV_HEADER.join(',')}"`,
      { line: lineNo },
    );
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
      return formatError(`a fila deve ser 1, 2 ou 3 (encontrado ${row})`, `the row must be 1, 2 or 3 (found ${row})`, { card, line: lineNo });
    }
    let entry = byCard.get(card);
    if (!entry) {
      entry = { rows: [undefined, undefined, undefined], line: lineNo };
      byCard.set(card, entry);
    }
    if (entry.rows[row - 1] !== undefined) {
      return formatError(
        `o cartão n.º ${card} já tem a ${ordinal(row)} fila`,
        `card no. ${card} already has row ${row}`,
        { card, line: lineNo },
      );
    }
    entry.rows[row - 1] = [values[2]!, values[3]!, values[4]!, values[5]!, values[6]!];
  }
  const faces: Face[] = [];
  const cardNumbers = [...byCard.keys()].sort((x, y) => x - y);
  for (const card of cardNumbers) {
    const entry = byCard.get(card)!;
    const missing = entry.rows.findIndex((r) => r === undefined);
    if (missing !== -1) {
      return formatError(
        `o cartão n.º ${card} não tem a ${ordinal(missing + 1)} fila`,
        `card no. ${card} lacks row ${missing + 1}`,
        { card, line: entry.line },
      );
    }
    faces.push({ card, rows: entry.rows as Face['rows'] });
  }
  return { faces };
}
