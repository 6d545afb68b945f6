/**
 * A drawer belongs to its operator (issue 41, item 4): on a terminal shared
 * by the cashier and the caixa, the caixa's payments never come out of the
 * cashier's drawer; chips taken for cards (DN 80/85, art. 19.º) are held in
 * the drawer that took them, shown on its X and Z and counted at its blind
 * close; they reach the caixa by a recorded handover. Every refusal leaves
 * the file as it was; the books hold after every test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot, TEST_FLOAT, TEST_FLOAT_CENTS, type TerminalCalls } from '../../../test/harness.js';
import { checkBooks } from '../../../db/books.js';
import { drawerExpectedCash, openDrawers } from '../../../db/drawers.js';
import { journalDocuments, journalHead } from '../../../db/journal.js';

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

describe('chips handed to the caixa', () => {
  it('a recorded handover out of the drawer that took them into the caixa\'s, by value, confirmed by the caixa\'s PIN', async () => {
    await t.h.ok('sale.create', chipsSale(25), t.cashier);
    const caixaT2 = await t.t2.login('caixa2', '4444');
    await t.t2.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, caixaT2);
    const handed = await t.h.ok('chips.handover', { chips: [{ valueCents: 1_000, count: 2 }], receiver: { username: 'caixa2', pin: '4444' } }, t.cashier);
    expect(handed).toMatchObject({ totalCents: 2_000, chips: [{ valueCents: 1_000, count: 2 }], fromTerminal: 'T1', toTerminal: 'T2', receivedBy: 'caixa2' });
    const cashierX = await t.h.ok('report.x', {}, t.manager);
    expect(!cashierX.blind && cashierX.chips).toMatchObject({ movements: { cards: 2_500, handedOver: 2_000 }, expectedCents: 500 });
    // In the caixa's drawer by value: he can sell them on.
    await t.t2.ok('chips.sell', { chips: [{ valueCents: 1_000, count: 1 }], payment: { method: 'cash', tenderedCents: 1_000 } }, caixaT2);
    const caixaClose = await t.t2.ok('drawer.close', { countedByDenomination: { '2000': 5, '1000': 1 }, countedChipsByValue: { '1000': 1 } }, caixaT2);
    expect(caixaClose.chips).toEqual({ expectedCents: 1_000, countedCents: 1_000, varianceCents: 0 });
    const z = await t.h.ok('report.z', { drawerId: caixaClose.drawerId }, t.manager);
    expect(z.chips).toMatchObject({ movements: { received: 2_000, sold: 1_000 }, expectedCents: 1_000 });
    const closed = await t.h.ok('drawer.close', { countedByDenomination: TEST_FLOAT, countedChipsByValue: { '500': 1 } }, t.cashier);
    expect(closed.chips).toEqual({ expectedCents: 500, countedCents: 500, varianceCents: 0 });
    // A money document like the others: its two transactions explained by the books, its row shipped to the group with its entry.
    const db = t.h.kiosk.db;
    expect(checkBooks(db, 20).findings).toEqual([]);
    const shipped = [...journalDocuments(db, 0, journalHead(db)!.seq).values()].flatMap((d) => d.chip_handovers ?? []);
    expect(shipped).toHaveLength(1);
  });

  it('refuses more than the drawer took (blind), a receiver without a drawer, not at the caixa, himself or with a wrong PIN; nothing changes', async () => {
    const handover = (chips: { valueCents: number; count: number }[], receiver = { username: 'caixa2', pin: '4444' }) => ({ chips, receiver });
    expect((await refusedUnchanged('chips.handover', handover([{ valueCents: 500, count: 1 }]), t.cashier)).code).toBe('CHIPS_HANDOVER_NONE_HELD');
    await t.h.ok('sale.create', chipsSale(5), t.cashier);
    expect(await refusedUnchanged('chips.handover', handover([{ valueCents: 500, count: 1 }]), t.cashier)).toEqual({
      code: 'CHIPS_HANDOVER_NO_DRAWER',
      message: 'Caixa Dois não tem gaveta aberta: a caixa abre a sua gaveta antes de receber as fichas (DN 80/85, art. 19.º). Nada foi registado.',
    });
    await t.h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, t.caixa);
    expect(await refusedUnchanged('chips.handover', handover([{ valueCents: 500, count: 2 }]), t.cashier)).toEqual({
      code: 'CHIPS_HANDOVER_EXCEEDS_DRAWER',
      message: 'As fichas a entregar (10,00 €) são mais do que as recebidas por esta gaveta em pagamento de cartões (DN 80/85, art. 19.º): conte-as de novo. Nada foi registado.',
    });
    expect((await refusedUnchanged('chips.handover', handover([{ valueCents: 500, count: 1 }], { username: 'caixa1', pin: '3333' }), t.cashier)).code).toBe(
      'CHIPS_HANDOVER_NOT_CAIXA',
    );
    expect((await t.h.refused('chips.handover', handover([{ valueCents: 500, count: 1 }], { username: 'caixa2', pin: '9999' }), t.cashier)).code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect(t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM chip_handovers`).pluck().get()).toBe(0);
    expect((await t.h.refused('chips.handover', handover([{ valueCents: 300, count: 1 }]), t.cashier)).code).toBe('CHIP_VALUE_UNKNOWN');
    await t.h.ok('chips.handover', handover([{ valueCents: 500, count: 1 }]), t.cashier);
  });
});
