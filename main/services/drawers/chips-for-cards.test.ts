/**
 * A drawer belongs to its operator (issue 41, item 4): on a terminal shared
 * by the cashier and the caixa, the caixa's payments never come out of the
 * cashier's drawer; chips taken for cards (DN 80/85, art. 19.º) are held in
 * the drawer that took them, shown on its X and Z and counted at its blind
 * close. Every refusal leaves the file as it was; the books hold after every
 * test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot, TEST_FLOAT, TEST_FLOAT_CENTS, type TerminalCalls } from '../../../test/harness.js';
import { drawerExpectedCash, openDrawers } from '../../../db/drawers.js';

let t: TestHall & { admin: string; caixa: string; t2: TerminalCalls; gameId: number };

beforeEach(async () => {
  const hall = await createTestHall();
  const admin = await hall.h.login('admin', '1111');
  await hall.h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['caixa'], pin: '4444' }, admin);
  await hall.h.ok('settings.update', { chipsAllowed: true }, admin);
  await hall.h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, hall.manager);
  await hall.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, hall.manager);
  const game = await hall.h.ok('game.open', { seriesCode: 'A' }, hall.manager);
  t = { ...hall, admin, caixa: await hall.h.login('caixa2', '4444'), t2: hall.h.at('T2'), gameId: game.id };
});
afterEach(() => {
  try {
    expectBooksHold(t.h.kiosk.db);
  } finally {
    t.h.close();
  }
});

type ErrorBody = Awaited<ReturnType<TestHall['h']['refused']>>;

async function refusedUnchanged(channel: Channel, input: unknown, token: string, at: TerminalCalls = t.h): Promise<ErrorBody> {
  const before = snapshot(t.h.kiosk);
  const error = await at.refused(channel, input, token);
  expect(snapshot(t.h.kiosk)).toEqual(before);
  return error;
}

const drawerOf = (username: string) => openDrawers(t.h.kiosk.db).find((d) => d.openedBy === username)!;
const chipsSale = (quantity: number) => ({ gameId: t.gameId, quantity, payment: { method: 'chips' as const, tenderedCents: quantity * 100 } });

describe('the caixa pays out of his own drawer only', () => {
  it("a manager at the caixa with no drawer of his own, the cashier's open on the terminal: refused in words, nothing moves; with his own, it pays", async () => {
    await t.h.ok('machine.register', { number: '9', model: 'Fruit Party', betCents: 100 }, t.manager);
    const g = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 3_000, kind: 'hand_pay' }, t.manager);
    const notYours = {
      code: 'DRAWER_NOT_YOURS',
      message:
        'A gaveta aberta neste terminal é de Caixa Um: cada operador recebe e paga só da sua própria gaveta. Abra a sua (ecrã Gaveta) com o fundo de caixa contado; nada foi registado.',
    };
    const pay = { guiaId: g.guiaId, cashCents: 3_000, cheques: [] };
    expect(await refusedUnchanged('guia.pay', pay, t.manager)).toEqual(notYours);
    expect(await refusedUnchanged('guia.pay', pay, t.caixa)).toEqual(notYours);
    expect(await refusedUnchanged('chips.redeem', { chips: [{ valueCents: 500, count: 1, faceValue: true }] }, t.manager)).toEqual(notYours);
    // The manager opens his own beside the cashier's: the guia's cash comes out of it alone.
    await t.h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, t.manager);
    await t.h.ok('guia.pay', pay, t.manager);
    expect(drawerExpectedCash(t.h.kiosk.db, drawerOf('gerente'))).toBe(TEST_FLOAT_CENTS - 3_000);
    expect(drawerExpectedCash(t.h.kiosk.db, drawerOf('caixa1'))).toBe(TEST_FLOAT_CENTS);
    expect(t.h.kiosk.db.prepare(`SELECT drawer_id FROM guia_payments`).pluck().get()).toBe(drawerOf('gerente').id);
  });
});

describe('chips taken for cards (art. 19.º)', () => {
  it('are held in the drawer that took them: on its X and Z, counted by value at its blind close', async () => {
    const sale = await t.h.ok('sale.create', chipsSale(7), t.cashier);
    expect(t.h.kiosk.db.prepare(`SELECT drawer_id FROM ledger_transactions WHERE kind = 'card_sale' AND ref_id = ?`).pluck().get(sale.saleId)).toBe(drawerOf('caixa1').id);
    expect(await t.h.ok('drawer.current', {}, t.cashier)).toMatchObject({ holdsChips: true });
    // The manager's X of the cashier's drawer: the cards paid in chips on their own line, the cash untouched.
    const x = await t.h.ok('report.x', {}, t.manager);
    expect(x.blind).toBe(false);
    if (x.blind) return;
    expect(x.expectedCents).toBe(TEST_FLOAT_CENTS);
    expect(x.chips).toMatchObject({ floatCents: 0, movements: { cards: 700 }, expectedCents: 700 });
    // Blind: the cash alone is not a close of a drawer that holds chips.
    expect((await refusedUnchanged('drawer.close', { countedByDenomination: TEST_FLOAT }, t.cashier)).code).toBe('CHIPS_COUNT_REQUIRED');
    const closed = await t.h.ok('drawer.close', { countedByDenomination: TEST_FLOAT, countedChipsByValue: { '500': 1, '100': 2 } }, t.cashier);
    expect(closed).toMatchObject({ status: 'closed', expectedCents: TEST_FLOAT_CENTS, varianceCents: 0, chips: { expectedCents: 700, countedCents: 700, varianceCents: 0 } });
    const z = await t.h.ok('report.z', { drawerId: closed.drawerId }, t.manager);
    expect(z.chips).toMatchObject({ movements: { cards: 700 }, expectedCents: 700 });
    expect(z.chipsCount).toEqual({ counted: [{ valueCents: 500, count: 1 }, { valueCents: 100, count: 2 }], countedCents: 700, varianceCents: 0 });
  });

  it('need the seller\'s own open drawer; a void gives them back out of it', async () => {
    await t.h.ok('drawer.close', { countedByDenomination: TEST_FLOAT }, t.cashier);
    expect((await refusedUnchanged('sale.create', chipsSale(2), t.cashier)).code).toBe('DRAWER_NOT_OPEN');
    await t.h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, t.cashier);
    await t.h.ok('sale.create', chipsSale(3), t.cashier);
    await t.h.ok('sale.create', chipsSale(2), t.cashier);
    await t.h.ok('sale.voidLast', { gameId: t.gameId, approval: { username: 'gerente', pin: '2222' } }, t.cashier);
    const x = await t.h.ok('report.x', {}, t.manager);
    expect(!x.blind && x.chips).toMatchObject({ movements: { cards: 300 }, expectedCents: 300 });
  });
});

