/**
 * The caixa's books an inspector takes away (issue 20): guia.list a page at
 * a time (newest first, by period and status) with guias issued between the
 * reads; the guias of a period and the machines' return as CSV files, parsed
 * back to exactly the cents the channels give; refusals change nothing.
 */
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel, ChannelOutput } from '../../../core/contract.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';
import { softwareLabel } from '../../version.js';
import { csvTime } from '../../../core/csv.js';
import { identified } from '../../../test/fixtures/persons.js';

let t: TestHall & { caixa: string };
beforeEach(async () => {
  const hall = await createTestHall();
  const admin = await hall.h.login('admin', '1111');
  await hall.h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['caixa'], pin: '4444' }, admin);
  t = { ...hall, caixa: await hall.h.login('caixa2', '4444') };
  // The caixa pays out of his own drawer (SPEC 9), beside the cashier's on T1.
  await t.h.ok('drawer.open', { floatByDenomination: { '2000': 5 } }, t.caixa);
  await t.h.ok('machine.register', { number: '7', model: 'Lucky 7', betCents: 50, location: 'Sala A' }, t.manager);
  await t.h.ok('machine.register', { number: '9', model: 'Fruit; Party', betCents: 100 }, t.manager);
});
afterEach(() => {
  try {
    expectBooksHold(t.h.kiosk.db);
  } finally {
    t.h.close();
  }
});

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);

const cents = (text: string): number => {
  const m = /^(-?)(\d+),(\d{2})$/.exec(text);
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};
const rows = (content: string) => parse(content, { delimiter: ';', bom: true, columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
const issue = (amountCents: number, machineNumber = '9', notes?: string) =>
  t.h.ok('guia.issue', { machineNumber, amountCents, kind: 'hand_pay', ...(notes ? { notes } : {}) }, t.caixa);

describe('guia.list', () => {
  it('pages newest first: every guia once across pages while more are issued between the reads', async () => {
    for (let i = 1; i <= 7; i++) await issue(100 * i);
    const seen: number[] = [];
    let cursor: number | null = null;
    for (let page = 1; ; page++) {
      const p: ChannelOutput<'guia.list'> = await t.h.ok('guia.list', { cursor, limit: 3 }, t.caixa);
      seen.push(...p.guias.map((g) => g.number));
      if (p.nextCursor === null) break;
      cursor = p.nextCursor;
      // Issued between two reads: it is the newest, above the pages read; it repeats nothing and hides nothing.
      if (page === 1) await issue(999);
    }
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect((await t.h.ok('guia.list', {}, t.caixa)).guias.map((g) => g.number)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('filters by period and status, and refuses a period backwards, a page over 500 and a cashier, changing nothing', async () => {
    await issue(1_000);
    const from = t.h.clock.now().toISOString();
    t.h.clock.advanceMinutes(10);
    const g2 = await issue(2_000);
    await issue(3_000);
    t.h.clock.advanceMinutes(10);
    const to = t.h.clock.now().toISOString();
    await issue(4_000);
    // The clock moved past the idle lock: everyone logs in again.
    t.caixa = await t.h.login('caixa2', '4444');
    t.cashier = await t.h.login('caixa1', '3333');
    t.manager = await t.h.login('gerente', '2222');
    await t.h.ok('guia.pay', { guiaId: g2.guiaId, cashCents: 2_000, cheques: [] }, t.caixa);
    const inPeriod = await t.h.ok('guia.list', { from: new Date(Date.parse(from) + 1).toISOString(), to }, t.caixa);
    expect([inPeriod.guias.map((g) => g.number), inPeriod.total, inPeriod.nextCursor]).toEqual([[3, 2], 2, null]);
    expect((await t.h.ok('guia.list', { from, to, status: 'paid' }, t.caixa)).guias.map((g) => g.number)).toEqual([2]);
    expect((await t.h.ok('guia.list', { status: 'unpaid', limit: 2 }, t.caixa)).guias.map((g) => g.number)).toEqual([4, 3]);
    expect(await refusedUnchanged('guia.list', { from: to, to: from }, t.caixa)).toEqual({ code: 'REPORT_PERIOD_INVALID', message: 'Período inválido: o início tem de ser anterior ao fim.' });
    expect((await refusedUnchanged('guia.list', { limit: 501 }, t.caixa)).code).toBe('PAGE_LIMIT_TOO_LARGE');
    expect((await refusedUnchanged('guia.list', {}, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('export.guias', { from, to }, t.caixa)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('export.machineReturn', { from, to }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('export.guias', { from: to, to: from }, t.manager)).code).toBe('REPORT_PERIOD_INVALID');
    expect((await refusedUnchanged('export.machineReturn', { from: to, to: from }, t.manager)).code).toBe('REPORT_PERIOD_INVALID');
  });
});

describe('export.guias and export.machineReturn', () => {
  it('write the guias of a period in number order with the cents guia.list gives', async () => {
    const from = t.h.clock.now().toISOString();
    const g1 = await issue(40_000, '9', '=SOMA(A1:A9)');
    await t.h.ok('guia.pay', { guiaId: g1.guiaId, cashCents: 5_000, cheques: [{ amountCents: 35_000, number: '0012345', bank: 'CGD' }], personId: await identified(t.h, t.caixa) }, t.caixa);
    const g2 = await issue(1_234, '7');
    await t.h.ok('guia.void', { guiaId: g2.guiaId, reason: 'Engano; valor errado', approval: { username: 'gerente', pin: '2222' } }, t.caixa);
    await issue(99, '7');
    t.h.clock.advanceMinutes(5);
    const to = t.h.clock.now().toISOString();
    const file = await t.h.ok('export.guias', { from, to }, t.manager);
    expect(file).toMatchObject({ filename: 'guias-2026-11-30-a-2026-11-30.csv', rows: 3 });
    const lines = rows(file.content);
    expect(Object.keys(lines[0]!)).toEqual([
      'Guia n.º',
      'Emitida em',
      'Máquina',
      'Modelo',
      'Tipo',
      'Valor (€)',
      'Fundo',
      'Emitida por',
      'Estado',
      'Paga em',
      'Paga por',
      'Numerário (€)',
      'Cheques (€)',
      'Cheques (n.º, banco, valor)',
      'Motivo da anulação',
      'Observações',
      'Programa',
      'Gerado em',
    ]);
    // The program that made the file and when, on every row (issue 40).
    expect(new Set(lines.map((l) => `${l.Programa} ${l['Gerado em']}`))).toEqual(new Set([`${softwareLabel()} ${csvTime(to, 'Europe/Lisbon')}`]));
    const listed = (await t.h.ok('guia.list', { from, to }, t.manager)).guias.reverse();
    expect(lines.map((l) => [Number(l['Guia n.º']), cents(l['Valor (€)']!)])).toEqual(listed.map((g) => [g.number, g.amountCents]));
    expect(lines[0]).toMatchObject({
      'Emitida em': '30/11/2026 20:00:00',
      Máquina: '9',
      Modelo: 'Fruit; Party',
      Tipo: 'Pagamento manual',
      'Valor (€)': '400,00',
      Estado: 'Paga',
      'Paga por': 'caixa2',
      'Numerário (€)': '50,00',
      'Cheques (€)': '350,00',
      'Cheques (n.º, banco, valor)': '0012345 (CGD) 350,00',
      // A note that a spreadsheet would run as a formula is kept as text.
      Observações: "'=SOMA(A1:A9)",
    });
    expect(cents(lines[0]!['Numerário (€)']!) + cents(lines[0]!['Cheques (€)']!)).toBe(listed[0]!.amountCents);
    expect(lines[1]).toMatchObject({ Estado: 'Anulada', 'Valor (€)': '12,34', 'Motivo da anulação': 'Engano; valor errado', 'Paga em': '', 'Numerário (€)': '' });
    expect(lines[2]).toMatchObject({ Estado: 'Por pagar', 'Valor (€)': '0,99' });
    expect((await t.h.ok('export.guias', { from, to, status: 'unpaid' }, t.manager)).filename).toBe('guias-2026-11-30-a-2026-11-30-unpaid.csv');
  });

  it('write the return to players with report.machineReturn\'s figures', async () => {
    for (const n of ['7', '9']) await t.h.ok('meters.record', { machineNumber: n, coinsIn: 0, prizesPaid: 0, coinsCollected: 0 }, t.caixa);
    const from = t.h.clock.now().toISOString();
    t.h.clock.advanceMinutes(60);
    t.caixa = await t.h.login('caixa2', '4444');
    await t.h.ok('meters.record', { machineNumber: '7', coinsIn: 1_000, prizesPaid: 700, coinsCollected: 0 }, t.caixa);
    await issue(6_000, '7');
    await t.h.ok('meters.record', { machineNumber: '9', coinsIn: 1_001, prizesPaid: 750, coinsCollected: 0 }, t.caixa);
    t.h.clock.advanceMinutes(60);
    const manager = await t.h.login('gerente', '2222');
    const to = t.h.clock.now().toISOString();
    const report = await t.h.ok('report.machineReturn', { from, to }, manager);
    const file = await t.h.ok('export.machineReturn', { from, to }, manager);
    expect(file).toMatchObject({ filename: 'retorno-maquinas-2026-11-30-a-2026-11-30.csv', rows: 2 });
    const lines = rows(file.content);
    expect(Object.keys(lines[0]!)).toEqual(['Máquina', 'Modelo', 'Jogado (€)', 'Prémios pagos pela máquina (€)', 'Guias (€)', 'Retorno (%)', 'Abaixo do mínimo', 'Leituras', 'Programa', 'Gerado em']);
    expect(lines.map((l) => [l['Máquina'], cents(l['Jogado (€)']!), cents(l['Prémios pagos pela máquina (€)']!), cents(l['Guias (€)']!), cents(l['Retorno (%)']!), l['Abaixo do mínimo'], Number(l.Leituras)])).toEqual(
      report.machines.map((m) => [m.number, m.playedCents, m.machinePrizesCents, m.guiasCents, m.returnBasisPoints, m.below ? 'sim' : 'não', m.readings]),
    );
    expect(lines[1]).toMatchObject({ Máquina: '9', 'Jogado (€)': '1001,00', 'Retorno (%)': '74,92', 'Abaixo do mínimo': 'sim' });
  });
});
