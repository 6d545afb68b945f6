/**
 * A session's sales a page at a time (sale.page, keyset paging) and as a CSV
 * file (export.sales, in a worker on one snapshot): every sale exactly once
 * across pages while the counter keeps selling between page reads; the
 * limit and the roles refused with nothing changed; the file parsed back
 * with csv-parse holds exactly the cents the channel gives.
 */
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { PAGE_MAX } from '../../../core/paging.js';
import { SESSION_SALES_SQL } from '../../../db/bingo/sales.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { snapshot, type Harness } from '../../../test/harness.js';
import { softwareLabel } from '../../version.js';
import { csvTime } from '../../../core/csv.js';

const CLOSE_AT = '2026-12-01T02:00:00.000Z';
let h: Harness;
let t: { manager: string; cashier: string };
let sessionId: number;

beforeEach(async () => {
  const hall = await createTestHall();
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  sessionId = (await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager)).id;
  await h.ok('series.register', { code: 'A', priceCents: 125, size: 5000 }, t.manager);
});
afterEach(() => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
  }
});

const sell = (gameId: number, quantity: number) =>
  h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 125 + 50 } }, t.cashier);

async function refusedUnchanged(channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

/** "12,50" -> 1250, "-0,05" -> -5: a CSV amount back to cents, exactly. */
function cents(text: string): number {
  const m = /^(-?)(\d+),(\d{2})$/.exec(text);
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}

/** Two games: game 1 with 7 sales (its sale closed), game 2 selling with 5 more. */
async function twoGames(): Promise<{ g1: number; g2: number }> {
  const g1 = (await h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
  for (const q of [1, 2, 3, 4, 5, 6, 7]) await sell(g1, q);
  await h.ok('game.closeSale', { gameId: g1 }, t.manager);
  const g2 = (await h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
  for (const q of [2, 2, 2, 2, 3]) await sell(g2, q);
  return { g1, g2 };
}

describe('sale.page', () => {
  it('gives every sale of the session exactly once across pages, while sales are made between the reads', async () => {
    const { g2 } = await twoGames();
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    let sold = 12;
    for (;;) {
      const page: Awaited<ReturnType<typeof h.ok<'sale.page'>>> = await h.ok('sale.page', { sessionId, cursor, limit: 5 }, t.manager);
      pages++;
      seen.push(...page.sales.map((s) => s.saleId));
      // The total counts the session's sales as they stand at each read.
      expect(page.total).toBe(sold);
      if (page.nextCursor === null) break;
      expect(page.nextCursor).toBe(page.sales[page.sales.length - 1]!.saleId);
      cursor = page.nextCursor;
      // A counter sells between two reads: the new sale comes in a later page, nothing repeats, nothing is skipped.
      if (pages <= 2) {
        await sell(g2, 1);
        sold++;
      }
    }
    const all = h.kiosk.db.prepare(`SELECT id FROM sales ORDER BY id`).pluck().all() as number[];
    expect(all).toHaveLength(14);
    expect(seen).toEqual(all);
    expect(pages).toBe(3);
  });

  it('pages one game, with the game number and the cards of each sale, voids included', async () => {
    const { g1, g2 } = await twoGames();
    const p1 = await h.ok('sale.page', { sessionId, gameId: g2, limit: 2 }, t.manager);
    expect(p1.total).toBe(5);
    expect(p1.sales.map((s) => [s.gameNumber, s.quantity, s.totalCents, s.ranges])).toEqual([
      [2, 2, 250, [{ seriesCode: 'A', from: 29, to: 30 }]],
      [2, 2, 250, [{ seriesCode: 'A', from: 31, to: 32 }]],
    ]);
    const p3 = await h.ok('sale.page', { sessionId, gameId: g2, cursor: (await h.ok('sale.page', { sessionId, gameId: g2, cursor: p1.nextCursor, limit: 2 }, t.manager)).nextCursor, limit: 2 }, t.manager);
    expect(p3.sales.map((s) => s.quantity)).toEqual([3]);
    expect(p3.nextCursor).toBeNull();
    // The same sales as the sale screen's list of the game, newest first there.
    const list = await h.ok('sale.list', { gameId: g1, limit: 500 }, t.manager);
    const page = await h.ok('sale.page', { sessionId, gameId: g1, limit: 500 }, t.manager);
    expect(page.sales.map(({ gameNumber: _, cashierName: __, ...s }) => s)).toEqual([...list].reverse());
    expect(new Set(page.sales.map((s) => s.cashierName))).toEqual(new Set(['Caixa Um']));
  });

  it('refuses a page larger than 500, another session\'s game, an unknown session, and a cashier, changing nothing', async () => {
    const { g1 } = await twoGames();
    expect(await refusedUnchanged('sale.page', { sessionId, limit: PAGE_MAX + 1 }, t.manager)).toEqual({
      code: 'PAGE_LIMIT_TOO_LARGE',
      message: 'Uma página tem no máximo 500 linhas (pedidas: 501): peça as seguintes com o cursor da página (nextCursor).',
    });
    expect((await h.ok('sale.page', { sessionId, limit: PAGE_MAX }, t.manager)).sales).toHaveLength(12);
    expect(await refusedUnchanged('sale.page', { sessionId: sessionId + 1 }, t.manager)).toEqual({ code: 'SESSION_NOT_FOUND', message: `A sessão n.º ${sessionId + 1} não existe.` });
    expect((await refusedUnchanged('sale.page', { sessionId, limit: 0 }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('sale.page', { sessionId }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('export.sales', { sessionId }, t.cashier)).code).toBe('FORBIDDEN');
    expect(await refusedUnchanged('export.sales', { sessionId: 99 }, t.manager)).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(await refusedUnchanged('sale.page', { sessionId: 99, gameId: g1 }, t.manager)).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(await refusedUnchanged('export.sales', { sessionId, gameId: 999 }, t.manager)).toMatchObject({ code: 'GAME_NOT_FOUND' });
  });

  it('reads a page as a range of the sales key, never a scan and a sort', () => {
    const plan = (game: number | null) =>
      (h.kiosk.db.prepare(`EXPLAIN QUERY PLAN ${SESSION_SALES_SQL}`).all({ after: 0, hi: 10, session: 1, game, limit: 5 }) as { detail: string }[]).map((p) => p.detail);
    for (const game of [null, 3]) {
      expect(plan(game)[0]).toBe('SEARCH s USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)');
      expect(plan(game).join('\n')).not.toMatch(/TEMP B-TREE|SCAN/);
    }
  });
});

describe('export.sales', () => {
  it('writes the sales as the channel gives them: pt-PT headers, decimal commas, Lisbon times, BOM and CRLF', async () => {
    const { g2 } = await twoGames();
    // A sale voided: in the file, marked.
    await h.ok('sale.voidLast', { gameId: g2, approval: { username: 'gerente', pin: '2222' } }, t.cashier);
    const file = await h.ok('export.sales', { sessionId }, t.manager);
    expect(file.filename).toBe(`vendas-sessao-${sessionId}.csv`);
    expect(file.rows).toBe(12);
    expect(file.content.startsWith('\ufeffVenda n.º;Data e hora;Jogada;')).toBe(true);
    expect(file.content.split('\r\n')).toHaveLength(14);
    expect(file.content.replace(/\r\n/g, '')).not.toContain('\n');
    const records = parse(file.content, { delimiter: ';', bom: true, columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([
      'Venda n.º',
      'Data e hora',
      'Jogada',
      'Cartões',
      'Quantidade',
      'Preço unitário (€)',
      'Total (€)',
      'Pagamento',
      'Valor entregue (€)',
      'Troco (€)',
      'Operador',
      'Operador (utilizador)',
      'Terminal',
      'Anulada',
      'Programa',
      'Gerado em',
    ]);
    const page = await h.ok('sale.page', { sessionId, limit: 500 }, t.manager);
    expect(records.map((r) => [Number(r['Venda n.º']), cents(r['Total (€)']!), cents(r['Preço unitário (€)']!), cents(r['Valor entregue (€)']!), cents(r['Troco (€)']!)])).toEqual(
      page.sales.map((s) => [s.saleId, s.totalCents, s.unitPriceCents, s.tenderedCents, s.changeCents]),
    );
    // 20:00 UTC on 30 November is 20:00 in Lisbon (winter time).
    expect(records[0]).toMatchObject({ 'Data e hora': '30/11/2026 20:00:00', Jogada: '1', Cartões: 'A 1-1', Quantidade: '1', 'Total (€)': '1,25', 'Troco (€)': '0,50', Pagamento: 'numerário', Operador: 'Caixa Um', 'Operador (utilizador)': 'caixa1', Terminal: 'T1', Anulada: 'não' });
    // The whole line, cell by cell: the operator by name and by username, as the Z reports' file names each person.
    // Last on every line, the program that made the file and when (issue 40).
    const made = `${softwareLabel()};${csvTime(h.clock.now().toISOString(), 'Europe/Lisbon')}`;
    expect(file.content.split('\r\n')[1]).toBe(`1;30/11/2026 20:00:00;1;A 1-1;1;1,25;1,25;numerário;1,75;0,50;Caixa Um;caixa1;T1;não;${made}`);
    expect(new Set(records.map((r) => `${r.Programa};${r['Gerado em']}`))).toEqual(new Set([made]));
    expect(records[11]).toMatchObject({ Jogada: '2', Cartões: 'A 37-39', 'Total (€)': '3,75', Anulada: 'sim' });
    // Not voided, the figures add up to what the session sold.
    const sold = (await h.ok('session.overview', { sessionId }, t.manager)).games.reduce((s, g) => s + g.totalCents, 0);
    expect(records.filter((r) => r.Anulada === 'não').reduce((s, r) => s + cents(r['Total (€)']!), 0)).toBe(sold);
    // One game's file.
    const one = await h.ok('export.sales', { sessionId, gameId: g2 }, t.manager);
    expect(one).toMatchObject({ filename: `vendas-sessao-${sessionId}-jogada-${g2}.csv`, rows: 5 });
  });
});
