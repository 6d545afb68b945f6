/**
 * A bingo hall's players identified at the entrance or at the purchase of
 * cards, as the hall's setting says (Lei n.º 83/2017, art. 76.º, n.º 5): at
 * the purchase, each sale names its identified player (a sale to no one
 * refused in words, no block handed to a roving seller); at the entrance,
 * each entry recorded at the desk. Both listed in the managers' gaming-day
 * record, neither added to the threshold, the person on no receipt. A barred
 * person refused and the refusal recorded. Every refusal leaves the database
 * as it was; the books hold after every test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import { closeCaixaHall } from '../../../test/fixtures/caixa-hall.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { identified, TEST_PERSON } from '../../../test/fixtures/persons.js';
import { refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';

let t: TestHall;
let gameId: number;
beforeEach(async () => {
  t = await createTestHall();
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  gameId = (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
});
afterEach(() => closeCaixaHall(t));

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);
const cash = (cents: number) => ({ method: 'cash', tenderedCents: cents });
const presences = () => t.h.kiosk.db.prepare(`SELECT person_id AS personId, moment, sale_id AS saleId, gaming_day AS gamingDay FROM identified_presences ORDER BY id`).all();

describe('where the hall identifies its players at the purchase of cards (art. 76.º, n.º 5)', () => {
  it('a sale to no one is refused in words; sold to Maria, the sale is kept with her, not on the receipt, listed but not added up', async () => {
    await t.h.ok('settings.update', { identificationMoment: 'purchase' }, t.manager);
    expect(await refusedUnchanged('sale.create', { gameId, quantity: 5, payment: cash(500) }, t.cashier)).toEqual({
      code: 'PURCHASE_IDENTIFICATION_REQUIRED',
      message:
        'Identificação obrigatória: a sala identifica os jogadores na compra dos cartões (Lei n.º 83/2017, art. 76.º, n.º 5). Identifique o jogador (nome, documento verificado) e repita; os cartões (5,00 €) não foram vendidos.',
    });
    // Nor handed in a block to a roving seller, who could not identify each buyer on the floor.
    const seller = (await t.h.ok('users.create', { username: 'volante1', name: 'Vendedor Um', roles: ['cashier'], pin: '6666' }, await t.h.login('admin', '1111'))).id;
    expect((await refusedUnchanged('seller.handOut', { gameId, sellerId: seller, quantity: 10 }, t.cashier)).code).toBe('BLOCKS_NEED_COUNTER_PURCHASE');
    expect((await refusedUnchanged('sale.create', { gameId, quantity: 5, payment: cash(500), personId: 99 }, t.cashier)).code).toBe('PERSON_NOT_FOUND');

    const maria = await identified(t.h, t.cashier);
    const sale = await t.h.ok('sale.create', { gameId, quantity: 5, payment: cash(1_000), personId: maria }, t.cashier);
    expect(sale).toMatchObject({ quantity: 5, totalCents: 500, changeCents: 500, ranges: [{ seriesCode: 'A', from: 1, to: 5 }] });
    expect(presences()).toEqual([{ personId: maria, moment: 'card_purchase', saleId: sale.saleId, gamingDay: '2026-11-30' }]);
    // The receipt, the log and the kept answers name no one.
    for (const table of ['print_jobs', 'audit_log', 'idempotency_keys']) expect(JSON.stringify(t.h.kiosk.db.prepare(`SELECT * FROM ${table}`).all()), table).not.toMatch(/Maria|123456789|1980-05-17/);
    const day = await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, t.manager);
    expect(day.acts.map((a) => [a.act, a.refId, a.cents, a.cashCents, a.name, a.dayTotalCents, a.operator])).toEqual([['card_purchase', sale.saleId, 500, 500, 'Maria da Silva Teste', 0, 'caixa1']]);
    const csv = (await t.h.ok('export.complianceDay', { gamingDay: '2026-11-30' }, t.manager)).content.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[1]!.split(';').slice(1, 4)).toEqual(['Compra de cartões', String(sale.saleId), '5,00']);
  });

  it('a player the list in force bars is refused at the counter (the refusal recorded where the document is looked up); elsewhere a sale names no one', async () => {
    const maria = await identified(t.h, t.cashier);
    // Where the hall identifies at the entrance, a sale names no one: sold as ever.
    expect((await t.h.ok('sale.create', { gameId, quantity: 1, payment: cash(100) }, t.cashier)).quantity).toBe(1);
    await t.h.ok('settings.update', { identificationMoment: 'purchase' }, t.manager);
    const FILE = ['Nome;Tipo de documento;N.º do documento;País emissor;Data de nascimento;Válido de;Válido até', `${TEST_PERSON.name};cc;${TEST_PERSON.documentNumber};PT;1980-05-17;2026-01-01;`, ''].join('\r\n');
    await t.h.ok('barred.import', { content: FILE }, t.manager);
    // A screen that held her from before the import: refused inside the sale's transaction, nothing sold.
    expect((await refusedUnchanged('sale.create', { gameId, quantity: 1, payment: cash(100), personId: maria }, t.cashier)).code).toBe('PERSON_BARRED');
    // Identified again at the counter, as the screen does for every sale: refused, and the refusal kept for the manager.
    expect((await t.h.refused('person.identify', { person: TEST_PERSON, documentVerified: true }, t.cashier)).code).toBe('PERSON_BARRED');
    expect(t.h.kiosk.db.prepare(`SELECT (SELECT COUNT(*) FROM sales) AS sales, (SELECT COUNT(*) FROM barred_refusals) AS refusals, (SELECT COUNT(*) FROM identified_presences) AS presences`).get()).toEqual({ sales: 1, refusals: 1, presences: 0 });
  });
});

describe('where the hall identifies its players at the entrance (art. 76.º, n.º 5)', () => {
  it('each entry is recorded with the player, counted for the day, listed in the record and never added to the threshold', async () => {
    const maria = await identified(t.h, t.cashier);
    const first = await t.h.ok('person.enter', { personId: maria }, t.cashier);
    expect(first).toEqual({ entryId: 1, personId: maria, at: '2026-11-30T20:00:00.000Z', gamingDay: '2026-11-30', entriesToday: 1 });
    // She leaves and comes back: a second entry; identified again under the same document, still the same person.
    t.h.clock.advanceMinutes(30);
    const desk = await t.h.login('caixa1', '3333');
    const again = await identified(t.h, desk);
    expect((await t.h.ok('person.enter', { personId: again }, desk)).entriesToday).toBe(2);
    expect((await refusedUnchanged('person.enter', { personId: 99 }, desk)).code).toBe('PERSON_NOT_FOUND');
    expect((await refusedUnchanged('person.enter', {}, desk)).code).toBe('VALIDATION_FAILED');
    const day = await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, await t.h.login('gerente', '2222'));
    expect(day.acts.map((a) => [a.act, a.refId, a.cents, a.dayTotalCents, a.at])).toEqual([
      ['entry', 1, 0, 0, '2026-11-30T20:00:00.000Z'],
      ['entry', 2, 0, 0, '2026-11-30T20:30:00.000Z'],
    ]);
    // The record names her; the log keeps the entry's ids alone.
    expect(JSON.stringify(t.h.kiosk.db.prepare(`SELECT * FROM audit_log WHERE channel = 'person.enter'`).all())).not.toMatch(/Maria|123456789/);
  });

  it('an identification erased at the end of the legal period records no entry: refused, nothing recorded', async () => {
    const maria = await identified(t.h, t.cashier);
    t.h.clock.current = new Date('2033-12-01T20:00:00.000Z');
    const manager = await t.h.login('gerente', '2222');
    await t.h.ok('person.erase', { before: (await t.h.ok('person.erasurePreview', {}, manager)).before }, manager);
    const desk = await t.h.login('caixa1', '3333');
    expect((await refusedUnchanged('person.enter', { personId: maria }, desk)).code).toBe('PERSON_ERASED');
    expect(presences()).toEqual([]);
  });
});
