/**
 * The Z reports as a CSV file (export.zReports, issue 20): one line per Z of
 * a session (the drawers its night view lists) or of a period of closes,
 * with the figures report.z gives, parsed back to exactly the same cents.
 */
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';
import { softwareLabel } from '../../version.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => {
  try {
    expectBooksHold(t.h.kiosk.db);
  } finally {
    t.h.close();
  }
});

const cents = (text: string): number => {
  const m = /^(-?)(\d+),(\d{2})$/.exec(text);
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);

describe('export.zReports', () => {
  it("writes one line per Z of the session with report.z's figures, and the same for a period of closes", async () => {
    const from = t.h.clock.now().toISOString();
    const session = await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    await t.h.ok('series.register', { code: 'A', priceCents: 125, size: 300 }, t.manager);
    const game = await t.h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await t.h.ok('sale.create', { gameId: game.id, quantity: 4, payment: { method: 'cash', tenderedCents: 500 } }, t.cashier);
    // Expected 105,00 €; counted 104,00 €: 1,00 € short, within the hall's threshold.
    const z1 = await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5, '200': 2 } }, t.cashier);
    await t.h.ok('drawer.open', { floatByDenomination: { '1000': 3 } }, t.cashier);
    await t.h.ok('drawer.move', { kind: 'pay_in', amountCents: 1_250, reason: 'Reforço de trocos' }, t.cashier);
    const z2 = await t.h.ok('drawer.close', { countedByDenomination: { '1000': 4, '200': 1, '50': 1 } }, t.cashier);
    t.h.clock.advanceMinutes(1);
    const to = t.h.clock.now().toISOString();

    const file = await t.h.ok('export.zReports', { sessionId: session.id }, t.manager);
    expect(file).toMatchObject({ filename: `relatorios-z-sessao-${session.id}.csv`, rows: 2 });
    const lines = parse(file.content, { delimiter: ';', bom: true, columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    expect(Object.keys(lines[0]!)).toEqual([
      'Z n.º',
      'Gaveta n.º',
      'Terminal',
      'Operador',
      'Operador (utilizador)',
      'Aberta em',
      'Fechada em',
      'Fechada por',
      'Fechada por (utilizador)',
      'Fundo de caixa (€)',
      'Vendas (€)',
      'Sobras dos vendedores (€)',
      'Entradas de numerário (€)',
      'Fichas vendidas (€)',
      'Prémios (€)',
      'Faltas dos vendedores (€)',
      'Devoluções (€)',
      'Guias (€)',
      'Saídas de numerário (€)',
      'Recolhas para o cofre (€)',
      'Fichas trocadas (€)',
      'Esperado (€)',
      'Contado (€)',
      'Diferença (€)',
      'Diferença aceite por',
      'Diferença aceite por (utilizador)',
      'Motivo',
      'Fichas esperadas (€)',
      'Fichas contadas (€)',
      'Diferença em fichas (€)',
      'Auditoria n.º',
      'Programa',
      'Gerado em',
    ]);
    // The program that made the file, on every row (issue 40).
    expect(lines.map((l) => l.Programa)).toEqual(lines.map(() => softwareLabel()));
    const reports = [await t.h.ok('report.z', { drawerId: z1.drawerId }, t.manager), await t.h.ok('report.z', { drawerId: z2.drawerId }, t.manager)];
    const figures = (l: Record<string, string>) => [
      Number(l['Z n.º']),
      cents(l['Fundo de caixa (€)']!),
      cents(l['Vendas (€)']!),
      cents(l['Entradas de numerário (€)']!),
      cents(l['Esperado (€)']!),
      cents(l['Contado (€)']!),
      cents(l['Diferença (€)']!),
      Number(l['Auditoria n.º']),
    ];
    expect(lines.map(figures)).toEqual(
      reports.map((z) => [z.zNumber, z.openingFloatCents, z.movements.sales, z.movements.payIns, z.expectedCents, z.countedCents, z.varianceCents, z.auditHead!.seq]),
    );
    expect(lines.map((l) => [l['Z n.º'], l['Esperado (€)'], l['Contado (€)'], l['Diferença (€)']])).toEqual([
      ['1', '105,00', '104,00', '-1,00'],
      ['2', '42,50', '42,50', '0,00'],
    ]);
    expect(lines[0]).toMatchObject({ Terminal: 'T1', Operador: 'Caixa Um', 'Fechada por': 'Caixa Um', 'Fechada em': '30/11/2026 20:00:00', 'Fichas esperadas (€)': '' });
    // Each person by name and by username, as the sales file names its operator.
    expect(file.content.split('\r\n')[1]!.split(';').slice(0, 9)).toEqual(['1', String(z1.drawerId), 'T1', 'Caixa Um', 'caixa1', '30/11/2026 20:00:00', '30/11/2026 20:00:00', 'Caixa Um', 'caixa1']);
    expect(lines.map((l) => [l['Diferença aceite por'], l['Diferença aceite por (utilizador)']])).toEqual([
      ['', ''],
      ['', ''],
    ]);

    const period = await t.h.ok('export.zReports', { from, to }, t.manager);
    expect(period.filename).toBe('relatorios-z-2026-11-30-a-2026-11-30.csv');
    expect(period.content).toBe(file.content);
    expect((await t.h.ok('export.zReports', { from: to, to: new Date(Date.parse(to) + 60_000).toISOString() }, t.manager)).rows).toBe(0);
  });

  it('refuses a cashier, an unknown session and a period backwards, changing nothing', async () => {
    const now = t.h.clock.now().toISOString();
    expect((await refusedUnchanged('export.zReports', { sessionId: 1 }, t.cashier)).code).toBe('FORBIDDEN');
    expect(await refusedUnchanged('export.zReports', { sessionId: 7 }, t.manager)).toEqual({ code: 'SESSION_NOT_FOUND', message: 'A sessão n.º 7 não existe.' });
    expect((await refusedUnchanged('export.zReports', { from: now, to: now }, t.manager)).code).toBe('REPORT_PERIOD_INVALID');
    expect((await refusedUnchanged('export.zReports', { sessionId: 1, from: now }, t.manager)).code).toBe('VALIDATION_FAILED');
  });
});
