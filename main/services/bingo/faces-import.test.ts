/**
 * series.importFaces on a real SQLite file (DN art. 3.4, 4.5; SPEC 2): the
 * printer's JSON and CSV files stored whole, or refused naming the card and
 * the rule with nothing stored; one import per series; the audit log keeps the
 * file's SHA-256, not the file.
 */
import { createHash } from 'node:crypto';
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { type Face } from '../../../core/bingo/faces.js';
import { formatFacesCsv, formatFacesJson, generateSeries } from '../../demo/faces.js';
import type { Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { verifyAudit } from '../../../db/audit.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { snapshot, type Harness } from '../../../test/harness.js';

const NOW = '2026-11-30T20:00:00.000Z';
const FACES = generateSeries(12, 'import-A');

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall();
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 12 }, t.manager);
});

afterEach(() => {
  try {
    expect(verifyAudit(h.kiosk.db)).toMatchObject({ valid: true, brokenAt: null });
  } finally {
    h.close();
  }
});

const clone = (faces: readonly Face[]): Face[] => faces.map((f) => ({ card: f.card, rows: [[...f.rows[0]], [...f.rows[1]], [...f.rows[2]]] }));
const importFaces = (input: { format: 'json' | 'csv'; content: string; strips?: boolean }) =>
  h.ok('series.importFaces', { seriesCode: 'A', ...input }, t.manager);
const storedFaces = (seriesCode = 'A') =>
  h.kiosk.db
    .prepare(`SELECT f.card, f.numbers FROM card_faces f JOIN series s ON s.id = f.series_id WHERE s.code = ? ORDER BY f.card`)
    .all(seriesCode) as { card: number; numbers: string }[];
const asStored = (faces: readonly Face[]) => faces.map((f) => ({ card: f.card, numbers: f.rows.flat().join(',') }));

async function refusedUnchanged(channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}
const refusedImport = (input: Record<string, unknown>) => refusedUnchanged('series.importFaces', { seriesCode: 'A', ...input }, t.manager);

describe('series.importFaces', () => {
  it('imports a JSON file: every face stored, the series marked', async () => {
    const content = formatFacesJson('A', FACES);
    expect(await importFaces({ format: 'json', content, strips: true })).toEqual({ seriesCode: 'A', cards: 12 });
    expect(storedFaces()).toEqual(asStored(FACES));
    expect(h.kiosk.db.prepare(`SELECT faces_imported_at FROM series WHERE code = 'A'`).pluck().get()).toBe(NOW);
  });

  it('imports a CSV file, the series code taken from the call', async () => {
    await h.ok('series.register', { code: 'BC', priceCents: 100, size: 18 }, t.manager);
    const faces = generateSeries(18, 'import-BC');
    expect(await h.ok('series.importFaces', { seriesCode: 'bc', format: 'csv', content: formatFacesCsv(faces), strips: true }, t.manager)).toEqual({
      seriesCode: 'BC',
      cards: 18,
    });
    expect(storedFaces('BC')).toEqual(asStored(faces));
    expect(storedFaces('A')).toEqual([]);
  });

  it('refuses a repeated line naming both cards, and stores nothing', async () => {
    const faces = clone(FACES);
    faces[6] = { card: 7, rows: clone([FACES[1]!])[0]!.rows }; // card 7 = card 2
    const row = FACES[1]!.rows[0].join(' ');
    const e = await refusedImport({ format: 'json', content: formatFacesJson('A', faces) });
    expect(e).toEqual({
      code: 'FACES_INVALID',
      message: `Ficheiro de faces recusado: cartão n.º 7: a 1.ª fila (${row}) repete a 1.ª fila do cartão n.º 2 (regra: nenhuma combinação de linha se repete na mesma série, art. 3.º, n.º 4). Nada foi importado.`,
      details: {
        card: 7,
        rule: 'line_repeated',
        problem: 'line_repeated',
        data: { row: 1, numbers: row, otherRow: 1 },
        otherCard: 2,
      },
    });
    // Nothing stored: the good file still goes in afterwards.
    expect(storedFaces()).toEqual([]);
    expect(await importFaces({ format: 'csv', content: formatFacesCsv(FACES) })).toEqual({ seriesCode: 'A', cards: 12 });
  });

  it('refuses a number in the wrong column and a column of three, naming the card', async () => {
    const clash = clone(FACES);
    clash[4] = { card: 5, rows: [[1, 5, 20, 30, 40], [2, 11, 50, 60, 70], [21, 31, 51, 61, 80]] };
    expect(await refusedImport({ format: 'csv', content: formatFacesCsv(clash) })).toMatchObject({
      code: 'FACES_INVALID',
      message:
        'Ficheiro de faces recusado: cartão n.º 5: a 1.ª fila tem 1 e 5 na mesma coluna, a 1.ª coluna (1-9) (regra: cada fila tem no máximo um número por coluna, art. 3.º, n.º 4). Nada foi importado.',
      details: { card: 5, rule: 'row_column_clash' },
    });
    const full = clone(FACES);
    full[10] = { card: 11, rows: [[1, 10, 20, 30, 40], [2, 11, 50, 60, 70], [3, 31, 51, 61, 80]] };
    expect(await refusedImport({ format: 'json', content: formatFacesJson('A', full) })).toMatchObject({
      code: 'FACES_INVALID',
      message:
        'Ficheiro de faces recusado: cartão n.º 11: a 1.ª coluna (1-9) tem 3 números (regra: cada coluna tem 1 ou 2 números, nunca 3, art. 3.º, n.º 4). Nada foi importado.',
      details: { card: 11, rule: 'column_full' },
    });
    expect(storedFaces()).toEqual([]);
  });

  it('refuses a CSV line with a wrong number of fields, naming the line', async () => {
    const lines = formatFacesCsv(FACES).split('\n');
    lines[9] = lines[9]!.split(',').slice(0, 6).join(','); // card 3, row 3, one number short
    expect(await refusedImport({ format: 'csv', content: lines.join('\n') })).toMatchObject({
      code: 'FACES_FILE_MALFORMED',
      message: 'Ficheiro de faces recusado: linha 10: tem 6 campos em vez de 7 (card,row,n1,...,n5). Nada foi importado.',
    });
  });

  it('refuses a file missing a card of the series, and strips that do not hold 1-90 when strips are declared', async () => {
    expect(await refusedImport({ format: 'json', content: formatFacesJson('A', FACES.slice(0, 11)) })).toMatchObject({
      code: 'FACES_INVALID',
      message:
        'Ficheiro de faces recusado: cartão n.º 12: falta no ficheiro (a série tem 12 cartões) (regra: todos os cartões da série constam do ficheiro, art. 3.º, n.º 2). Nada foi importado.',
      details: { card: 12, rule: 'card_missing' },
    });
    // Cards 6 and 7 exchanged: each face valid, no repeat, but the first strip no longer holds 1-90 once.
    const swapped = clone(FACES);
    swapped[5] = { card: 6, rows: clone([FACES[6]!])[0]!.rows };
    swapped[6] = { card: 7, rows: clone([FACES[5]!])[0]!.rows };
    const e = await refusedImport({ format: 'csv', content: formatFacesCsv(swapped), strips: true });
    expect(e).toMatchObject({ code: 'FACES_INVALID', details: { card: 6, rule: 'strip_incomplete' } });
    expect(e.message).toMatch(/^Ficheiro de faces recusado: cartão n\.º 6: o número \d+ já está no cartão n\.º [1-5] da mesma tira \(cartões 1 a 6\)/);
    // The same cards as a series of single cards are valid.
    expect(await importFaces({ format: 'csv', content: formatFacesCsv(swapped) })).toEqual({ seriesCode: 'A', cards: 12 });
  });

  it('refuses a second import of the same series, a file of another series, an unknown series, a cashier', async () => {
    expect(await refusedImport({ format: 'json', content: formatFacesJson('B', FACES) })).toEqual({
      code: 'FACES_SERIES_MISMATCH',
      message: 'O ficheiro é da série B, não da série A. Nada foi importado.',
    });
    await importFaces({ format: 'json', content: formatFacesJson('a', FACES) }); // the code's case does not matter
    expect(await refusedImport({ format: 'csv', content: formatFacesCsv(FACES) })).toEqual({
      code: 'FACES_ALREADY_IMPORTED',
      message: 'As faces da série A já foram importadas e não podem ser substituídas.',
    });
    expect(await refusedUnchanged('series.importFaces', { seriesCode: 'Z', format: 'csv', content: formatFacesCsv(FACES) }, t.manager)).toEqual({
      code: 'SERIES_NOT_FOUND',
      message: 'A série Z não está registada.',
    });
    expect((await refusedUnchanged('series.importFaces', { seriesCode: 'A', format: 'csv', content: 'x' }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('series.importFaces', { seriesCode: 'A', format: 'xml', content: 'x' }, t.manager)).code).toBe('VALIDATION_FAILED');
  });

  it('the audit log records the file by its SHA-256, not its content', async () => {
    const content = formatFacesCsv(FACES);
    await importFaces({ format: 'csv', content });
    const row = h.kiosk.db.prepare(`SELECT outcome, input, after FROM audit_log WHERE channel = 'series.importFaces'`).get() as {
      outcome: string;
      input: string;
      after: string;
    };
    const sha = createHash('sha256').update(content).digest('hex');
    expect(row.outcome).toBe('ok');
    expect(JSON.parse(row.input)).toEqual({ seriesCode: 'A', format: 'csv', content: `sha256:${sha}` });
    expect(JSON.parse(row.after)).toEqual({ seriesCode: 'A', cards: 12 });
    expect(row.input).not.toContain('card,row');
    const all = h.kiosk.db.prepare(`SELECT input, before, after FROM audit_log`).all() as Record<string, string | null>[];
    expect(all.some((r) => Object.values(r).some((v) => v?.includes(FACES[0]!.rows[0].join(','))))).toBe(false);
  });
});
