/**
 * Two terminals of one hall on one SQLite file (issue 24, call identity): the
 * terminal comes with each call from its transport (h.at), and each terminal
 * has its own printers, its own drawer and X/Z, its own operators' sessions;
 * a sale is voided where it was made. T1 is the test hall's counter (caixa1's
 * drawer open with 100,00 €); T2 is a second counter opened here.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../core/contract.js';
import type { ErrorBody } from '../core/errors.js';
import { expectBooksHold } from './books.js';
import { createTestHall, type TestHall } from './fixtures/faces.js';
import { snapshot, TEST_FLOAT, type TerminalCalls } from './harness.js';
import { managerX } from './x-report.js';

const CLOSE_AT = '2026-12-01T02:00:00.000Z';
const APPROVAL = { username: 'gerente', pin: '2222' };

let t: TestHall;
let T2: TerminalCalls;
/** caixa2 logged in at T2, and the manager logged in at T2. */
let cashier2: string;
let manager2: string;
let gameId: number;

beforeEach(async () => {
  t = await createTestHall({ idleMs: 86_400_000, printerTransport: () => ({ send: async () => {} }), printRetryDelaysMs: [] });
  const admin = await t.h.login('admin', '1111');
  await t.h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['cashier'], pin: '4444' }, admin);
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
  gameId = (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
  T2 = t.h.at('T2');
  cashier2 = await T2.login('caixa2', '4444');
  manager2 = await T2.login('gerente', '2222');
});

afterEach(() => {
  try {
    expectBooksHold(t.h.kiosk.db);
  } finally {
    t.h.close();
  }
});

const cashSale = (quantity: number) => ({ gameId, quantity, payment: { method: 'cash' as const, tenderedCents: quantity * 100 } });
const receipts = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  role: 'receipts' as const,
  transport: 'tcp' as const,
  host: '127.0.0.1',
  port: 9100,
  codepage: 'cp858' as const,
  widthMm: 80 as const,
  drawerPin: 2 as const,
  ...extra,
});
const jobsOf = (refType: string) =>
  t.h.kiosk.db.prepare(`SELECT ref_id AS refId, printer_id AS printerId FROM print_jobs WHERE ref_type = ? ORDER BY id`).all(refType) as { refId: number; printerId: string }[];

async function refusedUnchanged(at: Pick<TerminalCalls, 'refused'>, channel: Channel, input: unknown, token: string): Promise<ErrorBody> {
  const before = snapshot(t.h.kiosk);
  const error = await at.refused(channel, input, token);
  expect(snapshot(t.h.kiosk)).toEqual(before);
  return error;
}

describe('printers per terminal', () => {
  it("each terminal has its receipts printer; a sale's receipt and a drawer kick go to the printer of the terminal that made them", async () => {
    // A manager at T1 configures T1's printer (the caller's terminal by default) and T2's (named).
    expect(await t.h.ok('printer.configure', receipts('balcao-1'), t.manager)).toMatchObject({ id: 'balcao-1', terminalId: 'T1' });
    expect(await t.h.ok('printer.configure', receipts('balcao-2', { terminalId: 'T2', host: '127.0.0.2' }), t.manager)).toMatchObject({ id: 'balcao-2', terminalId: 'T2' });
    expect((await t.h.ok('printer.list', {}, t.manager)).map((p) => [p.id, p.terminalId, p.role])).toEqual([
      ['balcao-1', 'T1', 'receipts'],
      ['balcao-2', 'T2', 'receipts'],
    ]);

    await T2.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier2);
    const atT1 = await t.h.ok('sale.create', cashSale(2), t.cashier);
    const atT2 = await T2.ok('sale.create', cashSale(3), cashier2);
    expect(jobsOf('sale')).toEqual([
      { refId: atT1.saleId, printerId: 'balcao-1' },
      { refId: atT2.saleId, printerId: 'balcao-2' },
    ]);
    await T2.ok('drawer.kick', { reason: 'Troco para uma nota de 50 €' }, manager2);
    expect(jobsOf('drawer').map((j) => j.printerId)).toEqual(['balcao-2']);
  });

  it('one printer per role at each terminal: a second receipts printer for T2 is refused naming T2, and nothing changes', async () => {
    await t.h.ok('printer.configure', receipts('balcao-1'), t.manager);
    await T2.ok('printer.configure', receipts('balcao-2', { host: '127.0.0.2' }), manager2);
    expect(await refusedUnchanged(T2, 'printer.configure', receipts('balcao-3', { host: '127.0.0.3' }), manager2)).toEqual({
      code: 'PRINTER_ROLE_TAKEN',
      message: 'O terminal T2 já tem uma impressora para receipts (balcao-2): altere essa ou escolha outra função.',
    });
    expect((await refusedUnchanged(t.h, 'printer.configure', receipts('balcao-3', { terminalId: 'T2' }), t.manager)).code).toBe('PRINTER_ROLE_TAKEN');
    // A terminal's id is what a certificate and a drawer are named by: no spaces, no accents.
    expect((await refusedUnchanged(t.h, 'printer.configure', receipts('balcao-3', { terminalId: 'Balcão 3' }), t.manager)).code).toBe('VALIDATION_FAILED');
  });

  it('with no receipts printer at T2, its drawer cannot be kicked there, even though T1 has one', async () => {
    await t.h.ok('printer.configure', receipts('balcao-1'), t.manager);
    await T2.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier2);
    expect((await refusedUnchanged(T2, 'drawer.kick', { reason: 'Troco' }, manager2)).code).toBe('DRAWER_KICK_NO_PRINTER');
  });
});

describe('drawers, X and Z per terminal', () => {
  it("a cash sale at T2 needs T2's own drawer; each X counts its own terminal's cash; the Zs are numbered across the hall", async () => {
    expect((await refusedUnchanged(T2, 'sale.create', cashSale(1), cashier2)).code).toBe('DRAWER_NOT_OPEN');
    await T2.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier2);
    await t.h.ok('sale.create', cashSale(2), t.cashier);
    await T2.ok('sale.create', cashSale(3), cashier2);
    await T2.ok('sale.create', cashSale(4), cashier2);

    const x1 = managerX(await t.h.ok('report.x', {}, t.manager));
    const x2 = managerX(await T2.ok('report.x', {}, manager2));
    expect([x1.terminalId, x1.expectedCents]).toEqual(['T1', 10_200]);
    expect([x2.terminalId, x2.expectedCents]).toEqual(['T2', 10_700]);
    // The cashier's X at T2 is blind, but it is T2's drawer.
    expect(await T2.ok('report.x', {}, cashier2)).toMatchObject({ blind: true, terminalId: 'T2', operator: 'Caixa Dois' });

    const z2 = await T2.ok('drawer.close', { countedByDenomination: { '2000': 5, '500': 1, '200': 1 } }, cashier2);
    expect(z2).toMatchObject({ drawerId: x2.drawerId, zNumber: 1, countedCents: 10_700, varianceCents: 0 });
    // T1's drawer is still open and untouched by T2's close.
    expect((await t.h.ok('drawer.current', {}, t.cashier))?.terminalId).toBe('T1');
    const z1 = await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5, '200': 1 } }, t.cashier);
    expect(z1).toMatchObject({ drawerId: x1.drawerId, zNumber: 2, countedCents: 10_200, varianceCents: 0 });
  });

  it("chips sold at T2 bring cash into T2's drawer only", async () => {
    const managerT1Drawer = managerX(await t.h.ok('report.x', {}, t.manager));
    await T2.ok('drawer.open', { floatByDenomination: TEST_FLOAT, chipFloatByValue: { '2500': 4 } }, manager2);
    expect(await T2.ok('chips.sell', { chips: [{ valueCents: 2_500, count: 2 }], payment: { method: 'cash', tenderedCents: 5_000 } }, manager2)).toMatchObject({
      totalCents: 5_000,
      drawerCashCents: 15_000,
    });
    expect(managerX(await t.h.ok('report.x', {}, t.manager)).expectedCents).toBe(managerT1Drawer.expectedCents);
  });
});

describe("an operator's session belongs to its terminal", () => {
  it('a token from T1 is refused at T2 and changes nothing there; it still works at T1', async () => {
    await T2.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier2);
    const error = await refusedUnchanged(T2, 'sale.create', cashSale(1), t.cashier);
    expect(error.code).toBe('NOT_AUTHENTICATED');
    expect(await t.h.ok('sale.create', cashSale(1), t.cashier)).toMatchObject({ totalCents: 100 });
  });
});

describe('the void of the last sale', () => {
  it('is done at the terminal that sold it: from T1 it is refused, at T2 the cash leaves T2’s drawer', async () => {
    await T2.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier2);
    await t.h.ok('sale.create', cashSale(2), t.cashier);
    const last = await T2.ok('sale.create', cashSale(3), cashier2);
    expect(await refusedUnchanged(t.h, 'sale.voidLast', { gameId, saleId: last.saleId, approval: APPROVAL }, t.cashier)).toEqual({
      code: 'VOID_AT_SALE_TERMINAL',
      message: `A venda n.º ${last.saleId} foi feita no terminal T2: anule-a nesse terminal, onde estão os cartões e o dinheiro da venda. Nada foi anulado.`,
    });
    await T2.ok('sale.voidLast', { gameId, saleId: last.saleId, approval: APPROVAL }, cashier2);
    expect(managerX(await T2.ok('report.x', {}, manager2)).expectedCents).toBe(10_000);
    expect(managerX(await t.h.ok('report.x', {}, t.manager)).expectedCents).toBe(10_200);
    // Its numbers went back: T1's next sale takes 3 onwards.
    const next = await t.h.ok('sale.create', cashSale(1), t.cashier);
    expect(next.ranges).toEqual([{ seriesCode: 'A', from: 3, to: 3 }]);
  });
});
