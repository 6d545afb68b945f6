import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCents, csvFilename, csvPeriodName, csvText, csvTime, toCsv } from './csv.js';
import { pageLimit, pageOf } from './paging.js';

const STAMP = { software: 'bingo-caixa-kiosk 0.1.0 (e2add13a8618)', madeAt: '2026-12-07T03:30:00.000Z' };

describe('the books as CSV (pt-PT)', () => {
  it('writes cents with a decimal comma and no thousands separator, signed', () => {
    expect([0, 5, 50, 1250, -5, -1250, 123_456_789].map(csvCents)).toEqual(['0,00', '0,05', '0,50', '12,50', '-0,05', '-12,50', '1234567,89']);
  });

  it("writes instants in the hall's time zone, summer and winter", () => {
    expect(csvTime('2026-07-15T12:00:00.000Z', 'Europe/Lisbon')).toBe('15/07/2026 13:00:00');
    expect(csvTime('2026-11-30T23:59:59.000Z', 'Europe/Lisbon')).toBe('30/11/2026 23:59:59');
    expect(csvTime('2026-03-29T00:59:59.000Z', 'Europe/Lisbon')).toBe('29/03/2026 00:59:59');
    expect(csvTime('2026-03-29T01:00:00.000Z', 'Europe/Lisbon')).toBe('29/03/2026 02:00:00');
    expect(csvTime(null, 'Europe/Lisbon')).toBe('');
  });

  it('keeps a cell that a spreadsheet would run as a formula as text', () => {
    expect(['=1+1', '+351', '-x', '@SUM', 'normal', 'a=b'].map(csvText)).toEqual(["'=1+1", "'+351", "'-x", "'@SUM", 'normal', 'a=b']);
  });

  it('writes BOM, header, `;`, CRLF and quotes what needs it; csv-parse reads it back', () => {
    const text = toCsv(
      [
        { header: 'Nome', cell: (r: { a: string; b: number }) => csvText(r.a) },
        { header: 'Valor (€)', cell: (r: { a: string; b: number }) => csvCents(r.b) },
      ],
      [
        { a: 'Série; "A"', b: 1250 },
        { a: 'linha\nnova', b: -1 },
      ],
      'Europe/Lisbon',
      STAMP,
    );
    expect(text).toBe(
      '\ufeffNome;Valor (€);Programa;Gerado em\r\n' +
        `"Série; ""A""";12,50;${STAMP.software};07/12/2026 03:30:00\r\n` +
        `"linha\nnova";-0,01;${STAMP.software};07/12/2026 03:30:00\r\n`,
    );
    // The program and the time made are two more columns of the one table: a reader takes the file as it is.
    const made = { Programa: 'bingo-caixa-kiosk 0.1.0 (e2add13a8618)', 'Gerado em': '07/12/2026 03:30:00' };
    expect(parse(text, { delimiter: ';', bom: true, columns: true })).toEqual([
      { Nome: 'Série; "A"', 'Valor (€)': '12,50', ...made },
      { Nome: 'linha\nnova', 'Valor (€)': '-0,01', ...made },
    ]);
  });

  it("names files plainly, a period by the hall's days", () => {
    expect(csvFilename('vendas', 'sessao', 3)).toBe('vendas-sessao-3.csv');
    expect(csvFilename('guias', 'a/b c')).toBe('guias-a-b-c.csv');
    expect(csvPeriodName('2026-11-30T00:00:00.000Z', '2026-12-07T00:00:00.000Z', 'Europe/Lisbon')).toBe('2026-11-30-a-2026-12-06');
  });
});

describe('pages', () => {
  it('takes limit + 1 rows: the next cursor is the last key when there was one more, null at the end', () => {
    expect(pageOf([1, 2, 3], 2, (x) => x * 10)).toEqual({ items: [1, 2], nextCursor: 20 });
    expect(pageOf([1, 2], 2, (x) => x * 10)).toEqual({ items: [1, 2], nextCursor: null });
    expect(pageOf([], 2, (x: number) => x)).toEqual({ items: [], nextCursor: null });
  });

  it('defaults to 50 rows and refuses more than 500 with its own code', () => {
    expect(pageLimit(undefined)).toBe(50);
    expect(pageLimit(500)).toBe(500);
    expect(() => pageLimit(501)).toThrow(expect.objectContaining({ code: 'PAGE_LIMIT_TOO_LARGE', params: { limit: 501, max: 500 } }));
  });
});
