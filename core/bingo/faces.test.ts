import { describe, it, expect } from 'vitest';
import { errorMessage } from '../errors.js';
import {
  columnOf,
  describeFaceRule,
  describeViolation,
  facesError,
  isFaceViolation,
  parseFacesCsv,
  parseFacesJson,
  validateFace,
  validateSeries,
  type Face,
  type FaceRule,
  type FaceViolation,
  type ParsedFaces,
} from './faces.js';
import { formatFacesCsv, formatFacesJson, generateSeries, generateStrip, seededRandom } from '../../main/demo/faces.js';

/** A valid face, laid out by hand: columns 1,2,3,4,6,7 hold two numbers, 5,8,9 one. */
const BASE: Face['rows'] = [
  [1, 10, 20, 30, 40],
  [2, 11, 50, 60, 70],
  [21, 31, 51, 61, 80],
];

const clone = (rows: Face['rows']): Face['rows'] => [[...rows[0]], [...rows[1]], [...rows[2]]];
const face = (card: number, rows: Face['rows'] = BASE): Face => ({ card, rows: clone(rows) });
const cloneFaces = (faces: readonly Face[]): Face[] => faces.map((f) => face(f.card, f.rows));

function violationOf(x: ParsedFaces | FaceViolation): FaceViolation {
  if (!isFaceViolation(x)) throw new Error(`expected a violation, got ${JSON.stringify(x).slice(0, 200)}`);
  return x;
}
function parsed(x: ParsedFaces | FaceViolation): ParsedFaces {
  if (isFaceViolation(x)) throw new Error(`expected faces, got ${x.rule}: ${describeViolation(x)}`);
  return x;
}

describe('validateFace (art. 3.4)', () => {
  it('accepts a valid face, column 9 holding 80-90', () => {
    expect(validateFace(face(1))).toBeNull();
    expect(validateFace(face(2, [[1, 10, 20, 30, 40], [2, 11, 50, 60, 70], [21, 31, 51, 61, 90]]))).toBeNull();
    expect(columnOf(9)).toBe(0);
    expect(columnOf(10)).toBe(1);
    expect(columnOf(89)).toBe(8);
    expect(columnOf(90)).toBe(8);
  });

  const cases: [FaceRule, string, (rows: Face['rows']) => unknown][] = [
    ['row_count', 'tem 2 filas em vez de 3', (r) => r.slice(0, 2)],
    ['row_size', 'a 1.ª fila tem 4 números em vez de 5', (r) => (r[0] = [1, 10, 20, 30], r)],
    ['row_size', 'a 3.ª fila tem 6 números em vez de 5', (r) => (r[2] = [21, 31, 51, 61, 80, 90], r)],
    ['number_range', 'a 1.ª fila tem o número 0, fora de 1 a 90', (r) => (r[0][0] = 0, r)],
    ['number_range', 'a 3.ª fila tem o número 91, fora de 1 a 90', (r) => (r[2][4] = 91, r)],
    ['number_range', 'a 2.ª fila tem o número 2.5, fora de 1 a 90', (r) => (r[1][0] = 2.5, r)],
    ['row_order', 'a 1.ª fila não está por ordem crescente (10 antes de 1)', (r) => (r[0] = [10, 1, 20, 30, 40], r)],
    ['row_column_clash', 'a 1.ª fila tem 10 e 19 na mesma coluna, a 2.ª coluna (10-19)', (r) => (r[0][2] = 19, r)],
    ['duplicate_number', 'o número 20 aparece na 1.ª e na 3.ª fila', (r) => (r[2][0] = 20, r)],
    ['duplicate_number', 'o número 10 aparece duas vezes na 1.ª fila', (r) => (r[0] = [1, 10, 10, 30, 40], r)],
    ['column_full', 'a 1.ª coluna (1-9) tem 3 números', (r) => (r[2] = [3, 21, 31, 51, 61], r)],
    ['column_empty', 'a 5.ª coluna (40-49) não tem nenhum número', (r) => (r[0][4] = 71, r)],
  ];

  it.each(cases)('refuses %s with the card number: %s', (rule, detail, mutate) => {
    const rows = mutate(clone(BASE)) as Face['rows'];
    const v = validateFace({ card: 37, rows });
    expect(v).toMatchObject({ card: 37, rule });
    expect(describeViolation(v!)).toBe(detail);
    expect(describeViolation(v!, 'en').length).toBeGreaterThan(10);
    expect(describeViolation(v!, 'en')).not.toBe(v!.problem);
  });

  it('refuses mutations of generated faces too', () => {
    const [f] = generateStrip(seededRandom('mutations'));
    const base = f!;
    expect(validateFace(base)).toBeNull();
    const swapped = face(5, base.rows);
    [swapped.rows[1][0], swapped.rows[1][1]] = [swapped.rows[1][1]!, swapped.rows[1][0]!];
    expect(validateFace(swapped)).toMatchObject({ card: 5, rule: 'row_order' });
    const short = face(6, base.rows);
    short.rows[2].pop();
    expect(validateFace(short)).toMatchObject({ card: 6, rule: 'row_size' });
    const copied = face(7, base.rows);
    copied.rows[1] = [...copied.rows[0]];
    expect(validateFace(copied)).toMatchObject({ card: 7, rule: 'duplicate_number' });
  });
});

describe('describeFaceRule', () => {
  it('names the rule and its article in pt-PT and English', () => {
    expect(describeFaceRule('column_full')).toBe('cada coluna tem 1 ou 2 números, nunca 3, art. 3.º, n.º 4');
    expect(describeFaceRule('column_full', 'en')).toBe('each column holds 1 or 2 numbers, never 3, art. 3(4)');
    expect(describeFaceRule('strip_incomplete')).toContain('art. 4.º, n.º 5');
    expect(describeFaceRule('strip_incomplete', 'en')).toContain('art. 4(5)');
  });
});

describe('validateSeries', () => {
  const twelve = generateSeries(12, 'doze');

  it('accepts a generated series, with and without the strip rule', () => {
    expect(validateSeries(twelve, 12, { strips: true })).toBeNull();
    expect(validateSeries(twelve, 12)).toBeNull();
    expect(validateSeries([...twelve].reverse(), 12, { strips: true })).toBeNull();
  });

  it('refuses a missing card', () => {
    const faces = twelve.filter((f) => f.card !== 5);
    expect(validateSeries(faces, 12)).toMatchObject({ card: 5, rule: 'card_missing' });
  });

  it('refuses a card given twice', () => {
    expect(validateSeries([...twelve, face(3, twelve[8]!.rows)], 12)).toMatchObject({ card: 3, rule: 'card_duplicate' });
  });

  it('refuses a card outside 1..size', () => {
    expect(validateSeries([...twelve, face(13)], 12)).toMatchObject({ card: 13, rule: 'card_out_of_range' });
    const zero = cloneFaces(twelve);
    zero[0]!.card = 0;
    expect(validateSeries(zero, 12)).toMatchObject({ card: 0, rule: 'card_out_of_range' });
  });

  it('refuses an invalid face with its card number', () => {
    const faces = cloneFaces(twelve);
    faces[8]!.rows[0].reverse();
    expect(validateSeries(faces, 12)).toMatchObject({ card: 9, rule: 'row_order' });
  });

  it('finds a line repeated across two cards and names both', () => {
    const faces = cloneFaces(twelve);
    const c2 = faces[1]!.rows;
    faces[8] = { card: 9, rows: [c2[1], c2[0], c2[2]] }; // a valid face: the same rows in another order
    const v = validateSeries(faces, 12);
    expect(v).toMatchObject({ card: 9, rule: 'line_repeated', otherCard: 2 });
    expect(describeViolation(v!)).toBe(`a 1.ª fila (${c2[1].join(' ')}) repete a 2.ª fila do cartão n.º 2`);
    expect(describeViolation(v!, 'en')).toBe(`row 1 (${c2[1].join(' ')}) repeats row 2 of card no. 2`);
  });

  it('finds a full card repeated with different lines', () => {
    // The same 15 numbers as BASE, with column 1 and column 3 swapped between rows: every line differs.
    const twin: Face['rows'] = [
      [2, 10, 21, 30, 40],
      [1, 11, 50, 60, 70],
      [20, 31, 51, 61, 80],
    ];
    expect(validateFace(face(2, twin))).toBeNull();
    const v = validateSeries([face(1), face(2, twin)], 2);
    expect(v).toMatchObject({ card: 2, rule: 'card_repeated', otherCard: 1 });
    expect(describeViolation(v!)).toBe('tem os mesmos 15 números que o cartão n.º 1');
  });

  it('refuses a strip that does not hold 1-90 once (art. 4.5)', () => {
    // Cards 6 and 7 swapped: each face and line is still unique, but 1-6 and 7-12 are no longer strips.
    const faces = cloneFaces(twelve);
    faces[5]!.card = 7;
    faces[6]!.card = 6;
    expect(validateSeries(faces, 12)).toBeNull();
    const v = validateSeries(faces, 12, { strips: true });
    expect(v).toMatchObject({ card: 6, rule: 'strip_incomplete' });
    expect(v!.otherCard).toBeGreaterThanOrEqual(1);
    expect(v!.otherCard).toBeLessThanOrEqual(5);
    expect(describeViolation(v!)).toMatch(new RegExp(`^o número \\d+ já está no cartão n.º ${v!.otherCard} da mesma tira \\(cartões 1 a 6\\)$`));
    expect(describeViolation(v!, 'en')).toMatch(new RegExp(`^number \\d+ is already on card no. ${v!.otherCard} of the same strip \\(cards 1 to 6\\)$`));
  });

  it('words what the series lacks or repeats, in each language', () => {
    const words = (v: FaceViolation | null) => [describeViolation(v!), describeViolation(v!, 'en')];
    expect(words(validateSeries(twelve.filter((f) => f.card !== 5), 12))).toEqual(['falta no ficheiro (a série tem 12 cartões)', 'is missing from the file (the series has 12 cards)']);
    expect(words(validateSeries([...twelve, face(3, twelve[8]!.rows)], 12))).toEqual(['aparece mais de uma vez no ficheiro', 'appears more than once in the file']);
    expect(words(validateSeries([...twelve, face(13)], 12))).toEqual(['está fora da série, numerada de 1 a 12', 'is outside the series, numbered 1 to 12']);
    expect(words(validateSeries(generateSeries(10, 'dez'), 10, { strips: true }))).toEqual([
      'a última tira (cartões 7 a 10) tem só 4 cartões; uma série em tiras tem um múltiplo de 6 cartões',
      'the last strip (cards 7 to 10) has only 4 cards; a series of strips has a multiple of 6 cards',
    ]);
  });

  it('refuses a series of strips whose size is not a multiple of 6', () => {
    const ten = generateSeries(10, 'dez');
    expect(validateSeries(ten, 10)).toBeNull();
    expect(validateSeries(ten, 10, { strips: true })).toMatchObject({ card: 7, rule: 'strip_incomplete' });
  });

  it('reports the first violation in card order', () => {
    const faces = cloneFaces(twelve);
    faces[10]!.rows[0].reverse(); // card 11
    faces[3]!.rows[1] = faces[3]!.rows[1].slice(0, 4); // card 4
    expect(validateSeries(faces, 12)).toMatchObject({ card: 4, rule: 'row_size' });
  });
});

describe('facesError', () => {
  it('is FACES_INVALID naming the card, what was found and the rule', () => {
    const v = validateFace({ card: 12, rows: [[1, 10, 20, 30], BASE[1], BASE[2]] })!;
    const e = facesError(v);
    expect(e.code).toBe('FACES_INVALID');
    expect(e.details).toBe(v);
    expect(e.message).toBe(
      'Ficheiro de faces recusado: cartão n.º 12: a 1.ª fila tem 4 números em vez de 5 (regra: cada fila tem exatamente 5 números, art. 3.º, n.º 4). Nada foi importado.',
    );
    expect(errorMessage(e.code, e.params, 'en')).toBe(
      'Face file refused: card no. 12: row 1 has 4 numbers instead of 5 (rule: each row holds exactly 5 numbers, art. 3(4)). Nothing was imported.',
    );
  });

  it('is FACES_FILE_MALFORMED naming the line for a format error', () => {
    const v = violationOf(parseFacesCsv('card,row,n1,n2,n3,n4,n5\n1,1,1,10,20,30\n'));
    const e = facesError(v);
    expect(e.code).toBe('FACES_FILE_MALFORMED');
    expect(e.message).toBe(
      'Ficheiro de faces recusado: linha 2: tem 6 campos em vez de 7 (card,row,n1,...,n5). Nada foi importado.',
    );
    expect(errorMessage(e.code, e.params, 'en')).toBe(
      'Face file refused: line 2: has 6 fields instead of 7 (card,row,n1,...,n5). Nothing was imported.',
    );
  });
});

describe('parseFacesJson', () => {
  const series = generateSeries(12, 'json');

  it('reads what formatFacesJson writes', () => {
    const text = formatFacesJson('AB', series);
    const p = parsed(parseFacesJson(text));
    expect(p.seriesCode).toBe('AB');
    expect(p.faces).toEqual(series);
    expect(validateSeries(p.faces, 12, { strips: true })).toBeNull();
  });

  it('accepts the SPEC example shape, a byte-order mark and no series code', () => {
    const text = `\uFEFF${JSON.stringify({ cards: [{ card: 1, rows: BASE }] })}`;
    const p = parsed(parseFacesJson(text));
    expect(p.seriesCode).toBeUndefined();
    expect(p.faces).toEqual([{ card: 1, rows: BASE }]);
  });

  it('passes row shapes on to the validator, which names the card', () => {
    const p = parsed(parseFacesJson(JSON.stringify({ series: 'A', cards: [{ card: 1, rows: BASE }, { card: 2, rows: [[1, 10, 20, 30], BASE[1], BASE[2]] }] })));
    expect(validateSeries(p.faces, 2)).toMatchObject({ card: 2, rule: 'row_size' });
    expect(validateSeries(p.faces, 3)).toMatchObject({ card: 3, rule: 'card_missing' });
  });

  const bad: [string, string, Partial<FaceViolation>][] = [
    ['not JSON', '{"series": "A", "cards": [\n{"card": 1,,}]}', { card: 0 }],
    ['an array', '[1, 2]', { card: 0 }],
    ['no cards list', '{"series": "A"}', { card: 0 }],
    ['a series code that is not text', '{"series": 7, "cards": []}', { card: 0 }],
    ['a card that is not an object', '{"cards": [7]}', { card: 0 }],
    ['a card number that is not whole', '{"cards": [{"card": 1.5, "rows": [[1,2,3,4,5]]}]}', { card: 0 }],
    ['a card without a number', '{"cards": [{"rows": [[1,2,3,4,5]]}]}', { card: 0 }],
    ['rows that are not a list', '{"cards": [{"card": 3, "rows": "1 2 3"}]}', { card: 3 }],
    ['a number that is not whole', '{"cards": [{"card": 3, "rows": [[1,10,20,30,"40"],[],[]]}]}', { card: 3 }],
  ];

  it.each(bad)('refuses %s as a format error', (_name, text, expected) => {
    const v = violationOf(parseFacesJson(text));
    expect(v).toMatchObject({ rule: 'format', ...expected });
    expect(describeViolation(v).length).toBeGreaterThan(5);
    expect(describeViolation(v, 'en').length).toBeGreaterThan(5);
    expect(describeViolation(v, 'en')).not.toBe(describeViolation(v));
    // Worded: not the bare problem code an unknown problem falls back to.
    expect(describeViolation(v)).not.toBe(v.problem);
  });

  it('names the line of a JSON syntax error when the parser gives a position', () => {
    const v = violationOf(parseFacesJson('{"series": "A",\n"cards": [\n{"card": 1,,}]}'));
    expect(v).toMatchObject({ rule: 'format', line: 3 });
    expect(describeViolation(v)).toMatch(/^JSON inválido \(/);
    expect(describeViolation(v, 'en')).toMatch(/^invalid JSON \(/);
  });
});

describe('parseFacesCsv', () => {
  const series = generateSeries(12, 'csv');

  it('reads what formatFacesCsv writes', () => {
    const text = formatFacesCsv(series);
    expect(text.split('\n')[0]).toBe('card,row,n1,n2,n3,n4,n5');
    expect(text.split('\n')[1]).toBe(`1,1,${series[0]!.rows[0].join(',')}`);
    const p = parsed(parseFacesCsv(text));
    expect(p.seriesCode).toBeUndefined();
    expect(p.faces).toEqual(series);
  });

  it('accepts lines in any order, CRLF, a byte-order mark, blank lines, spaces and ";"', () => {
    const lines = formatFacesCsv(series).trim().split('\n');
    const [header, ...body] = lines;
    const rng = seededRandom(9);
    for (let i = body.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [body[i], body[j]] = [body[j]!, body[i]!];
    }
    const text = `\uFEFF${header}\r\n${body.join('\r\n')}\r\n\r\n`;
    expect(parsed(parseFacesCsv(text)).faces).toEqual(series);
    const semi = ['card;row;n1;n2;n3;n4;n5', ...body.map((l) => l.split(',').join(' ; '))].join('\n');
    expect(parsed(parseFacesCsv(semi)).faces).toEqual(series);
  });

  const header = 'card,row,n1,n2,n3,n4,n5';
  const bad: [string, string, Partial<FaceViolation>][] = [
    ['an empty file', '\n\n', { card: 0 }],
    ['a wrong header', 'cartao,fila,n1,n2,n3,n4,n5\n1,1,1,10,20,30,40', { line: 1 }],
    ['a short line', `${header}\n1,1,1,10,20,30,40\n1,2,2,11,50,60`, { line: 3 }],
    ['a long line', `${header}\n1,1,1,10,20,30,40,50`, { line: 2 }],
    ['a field that is not a whole number', `${header}\n1,1,1,10,20,30,4x`, { line: 2 }],
    ['an empty field', `${header}\n1,1,1,10,,30,40`, { line: 2 }],
    ['a negative card', `${header}\n-1,1,1,10,20,30,40`, { line: 2 }],
    ['a row outside 1-3', `${header}\n1,4,1,10,20,30,40`, { card: 1, line: 2 }],
    ['a row given twice', `${header}\n2,1,1,10,20,30,40\n2,2,2,11,50,60,70\n2,1,21,31,51,61,80`, { card: 2, line: 4 }],
    ['a card without its third row', `${header}\n1,1,1,10,20,30,40\n1,2,2,11,50,60,70`, { card: 1, line: 2 }],
  ];

  it.each(bad)('refuses %s as a format error naming the line', (_name, text, expected) => {
    const v = violationOf(parseFacesCsv(text));
    expect(v).toMatchObject({ rule: 'format', ...expected });
    expect(describeViolation(v)).not.toBe(v.problem);
    expect(describeViolation(v, 'en')).not.toBe(v.problem);
    expect(describeViolation(v, 'en')).not.toBe(describeViolation(v));
  });

  it('says which field is wrong and what it held', () => {
    const v = violationOf(parseFacesCsv(`${header}\n1,1,1,10,20,30,4x\n`));
    expect(v).toMatchObject({ line: 2, problem: 'field_not_whole', data: { field: 'n5', value: '4x' } });
    expect(describeViolation(v)).toBe('o campo "n5" não é um número inteiro ("4x")');
    expect(describeViolation(v, 'en')).toBe('field "n5" is not a whole number ("4x")');
    expect(describeViolation(violationOf(parseFacesCsv(`${header}\n1,1,1,1 0,20,30,40\n`)))).toBe(
      'o campo "n2" não é um número inteiro ("1 0")',
    );
  });

  it('passes number ranges and orders on to the validator', () => {
    const p = parsed(parseFacesCsv(`${header}\n5,1,0,10,20,30,40\n5,2,2,11,50,60,70\n5,3,21,31,51,61,80\n`));
    expect(validateFace(p.faces[0]!)).toMatchObject({ card: 5, rule: 'number_range' });
  });
});

describe('seededRandom', () => {
  it('is deterministic, in [0, 1), and depends on the seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    expect(seededRandom('A')()).toBe(seededRandom('A')());
    expect(seededRandom('A')()).not.toBe(seededRandom('B')());
  });
});

describe('generator', () => {
  it('makes 200 strips of 6 valid faces covering 1-90 exactly once', () => {
    const rng = seededRandom('strips');
    for (let s = 0; s < 200; s++) {
      const strip = generateStrip(rng);
      expect(strip.map((f) => f.card)).toEqual([1, 2, 3, 4, 5, 6]);
      for (const f of strip) {
        expect(validateFace(f)).toBeNull();
        for (let c = 0; c < 9; c++) {
          // conventional layout: a column's numbers ascend from top to bottom
          const col = f.rows.flatMap((row) => row.filter((n) => columnOf(n) === c));
          expect(col).toEqual([...col].sort((x, y) => x - y));
        }
      }
      const all = strip.flatMap((f) => f.rows.flat()).sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
      expect(validateSeries(strip, 6, { strips: true })).toBeNull();
    }
  });

  it('varies the layout: different column counts and row patterns across strips', () => {
    const rng = seededRandom('variety');
    const patterns = new Set<string>();
    for (let s = 0; s < 50; s++) {
      for (const f of generateStrip(rng)) {
        patterns.add(f.rows.map((row) => row.map(columnOf).join('')).join('|'));
      }
    }
    expect(patterns.size).toBeGreaterThan(200);
  });

  it('makes a series of 1,200 that passes validateSeries with strips', () => {
    const faces = generateSeries(1200, 'A-2024');
    expect(faces).toHaveLength(1200);
    expect(faces.map((f) => f.card)).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
    expect(validateSeries(faces, 1200, { strips: true })).toBeNull();
  });

  it('takes the first cards of the last strip for a size that is not a multiple of 6', () => {
    const faces = generateSeries(100, 7);
    expect(faces).toHaveLength(100);
    expect(validateSeries(faces, 100)).toBeNull();
    expect(validateSeries(faces.slice(0, 96), 96, { strips: true })).toBeNull();
  });

  it('is deterministic for a seed, and differs between seeds', () => {
    expect(generateSeries(60, 'B')).toEqual(generateSeries(60, 'B'));
    expect(generateSeries(60, 123)).toEqual(generateSeries(60, 123));
    expect(generateSeries(60, 123)).not.toEqual(generateSeries(60, 124));
    const rngA = seededRandom(5);
    const rngB = seededRandom(5);
    expect(generateStrip(rngA)).toEqual(generateStrip(rngB));
  });

  it('never repeats a line or a card, even where strips collide (a 12,000-card series)', () => {
    const faces = generateSeries(12_000, 'big');
    expect(validateSeries(faces, 12_000, { strips: true })).toBeNull();
    const lines = new Set(faces.flatMap((f) => f.rows.map((r) => r.join(','))));
    expect(lines.size).toBe(36_000);
  });

  it('refuses a bad size', () => {
    expect(() => generateSeries(0, 1)).toThrow(RangeError);
    expect(() => generateSeries(2.5, 1)).toThrow(RangeError);
    expect(() => validateSeries([], 0)).toThrow(RangeError);
  });
});
