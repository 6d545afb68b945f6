/**
 * Roving sellers on a real SQLite file (issue 42; DN 80/85, art. 12.º, n.º 2, and 13.º): three sellers and the
 * counter in one game, worked by hand; a block handed back from the middle sold again first, one at the top given
 * back to the series; the close of sale refused while a block is out or cards are left in the middle; each refusal
 * changes nothing; the books hold.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockReturn } from '../../../core/bingo/sellers.js';
import { drawerExpectedCash, openDrawersAt } from '../../../db/drawers.js';
import { journalDocuments, journalHead } from '../../../db/journal.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { snapshot, TEST_FLOAT_CENTS, type Harness } from '../../../test/harness.js';

const CLOSE_AT = '2026-12-01T02:00:00.000Z';
let h: Harness;
let t: { manager: string; cashier: string };
let gameId: number;
const seller: Record<string, number> = {};

beforeEach(async () => {
  const hall = await createTestHall();
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  const admin = await h.login('admin', '1111');
  for (const [username, name] of [
    ['ana', 'Ana Lopes'],
    ['bruno', 'Bruno Reis'],
    ['carla', 'Carla Dias'],
  ] as const) {
    await h.ok('users.create', { username, name, roles: ['cashier'], pin: '5678' }, admin);
    seller[username] = (h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = ?`).get(username) as { id: number }).id;
  }
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
  gameId = (await h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
}, 60_000);

afterEach(() => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
  }
});

const handOut = (name: string, quantity: number) => h.ok('seller.handOut', { gameId, sellerId: seller[name]!, quantity }, t.cashier);
/** Cents as a seller hands them over: the largest notes and coins first. */
function notes(cents: number): Record<string, number> {
  const counted: Record<string, number> = {};
  for (const d of [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) {
    if (cents >= d) counted[String(d)] = Math.floor(cents / d);
    cents %= d;
  }
  return counted;
}
const returnOf = (blockId: number, firstUnsold: number | null, countedCents: number) => ({
  blockId,
  firstUnsold: firstUnsold === null ? null : { seriesCode: 'A', number: firstUnsold },
  countedByDenomination: notes(countedCents),
});
/** A block collected with exactly what its cards sold owe (1,00 € a card). */
const collect = (block: { blockId: number; ranges: { seriesCode: string; from: number; to: number }[] }, firstUnsold: number | null) => {
  const { sold } = blockReturn(block.ranges, firstUnsold === null ? null : { seriesCode: 'A', number: firstUnsold });
  const cards = sold.reduce((n, r) => n + r.to - r.from + 1, 0);
  return h.ok('seller.return', returnOf(block.blockId, firstUnsold, cards * 100), t.cashier);
};
const sell = (quantity: number) => h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);
const nextNumber = () => (h.kiosk.db.prepare(`SELECT next_number FROM series WHERE code = 'A'`).pluck().get() as number);
const cash = () => drawerExpectedCash(h.kiosk.db, openDrawersAt(h.kiosk.db, 'T1')[0]!);
const A = (from: number, to: number) => ({ seriesCode: 'A', from, to });

describe('roving sellers and the counter in one game', () => {
  it('hands out in order, resells a block handed back from the middle first, and announces one range', async () => {
    const ana = await handOut('ana', 40);
    expect(ana).toMatchObject({ seller: { name: 'Ana Lopes' }, cards: 40, ranges: [A(1, 40)], returned: null });
    const bruno = await handOut('bruno', 40);
    expect(bruno.ranges).toEqual([A(41, 80)]);
    expect((await sell(5)).ranges).toEqual([A(81, 85)]);
    const carla = await handOut('carla', 40);
    expect(carla.ranges).toEqual([A(86, 125)]);
    expect(nextNumber()).toBe(126);

    // Ana sold 33 and hands back 7 from A 34: in the middle of the order.
    const anaBack = await collect(ana, 34);
    expect(anaBack.returned).toMatchObject({ soldCards: 33, returnedCards: 7, owedCents: 3_300, countedCents: 3_300, differenceCents: 0, acceptedBy: null });
    expect((await h.ok('seller.list', { gameId }, t.cashier)).toSellFirst).toEqual([A(34, 40)]);
    // The counter's next 10: the seven handed back first, then A 126-128.
    expect((await sell(10)).ranges).toEqual([A(34, 40), A(126, 128)]);
    expect(nextNumber()).toBe(129);

    await collect(bruno, null);
    const carlaBack = await collect(carla, 111);
    expect(carlaBack.returned).toMatchObject({ soldCards: 25, returnedCards: 15 });

    // A 111-125 sit below A 126-128 (sold): the close of sale shows them and refuses; nothing changes.
    const before = snapshot(h.kiosk);
    const gap = await h.refused('game.closeSale', { gameId }, t.manager);
    expect(gap.code).toBe('SALE_CLOSE_CARDS_TO_RESELL');
    expect(gap.message).toContain('os cartões A 111-125 ficaram por vender no meio da ordem');
    expect(snapshot(h.kiosk)).toEqual(before);

    // Handed to Ana again, all sold; the close of sale announces A 1-128.
    const anaAgain = await handOut('ana', 15);
    expect(anaAgain.ranges).toEqual([A(111, 125)]);
    await collect(anaAgain, null);
    const closed = await h.ok('game.closeSale', { gameId }, t.manager);
    expect(closed).toMatchObject({ cardsSold: 128, totalCents: 12_800, ranges: [A(1, 128)] });
    expect(closed.announcement).toContain('Venderam-se 128 cartões da série A, do n.º 1 ao n.º 128.');

    // The caixa's drawer: the float, the counter's 15 cards and the sellers' 33 + 40 + 25 + 15 = 113: 128,00 €.
    expect(cash()).toBe(TEST_FLOAT_CENTS + 12_800);
    // Each seller's cards are their own sale: Ana 33 and 15, Bruno 40, Carla 25.
    const bySeller = h.kiosk.db
      .prepare(`SELECT o.username AS seller, SUM(s.quantity) AS cards FROM sales s JOIN operators o ON o.id = s.operator_id GROUP BY o.username ORDER BY o.username`)
      .all();
    expect(bySeller).toEqual([
      { seller: 'ana', cards: 48 },
      { seller: 'bruno', cards: 40 },
      { seller: 'caixa1', cards: 15 },
      { seller: 'carla', cards: 25 },
    ]);
    // The blocks, their cards and their returns travel to the group with their entries.
    const shipped = new Map<string, number>();
    for (const docs of journalDocuments(h.kiosk.db, 0, journalHead(h.kiosk.db)!.seq).values()) {
      for (const [table, rows] of Object.entries(docs)) shipped.set(table, (shipped.get(table) ?? 0) + rows.length);
    }
    expect([shipped.get('seller_blocks'), shipped.get('seller_block_ranges'), shipped.get('seller_returns')]).toEqual([4, 4, 4]);
  });

  it('a block handed back at the top gives its cards back to the series: the next sale takes them', async () => {
    const block = await handOut('ana', 50);
    expect(nextNumber()).toBe(51);
    await collect(block, 31);
    expect(nextNumber()).toBe(31);
    expect((await sell(2)).ranges).toEqual([A(31, 32)]);
    expect((await h.ok('game.closeSale', { gameId }, t.manager)).ranges).toEqual([A(1, 32)]);
  });

  it('refuses the close while a seller holds a block, a return read on another block, a block collected twice, and an empty block; nothing changes', async () => {
    const ana = await handOut('ana', 10);
    const bruno = await handOut('bruno', 10);
    let before = snapshot(h.kiosk);
    const out = await h.refused('game.closeSale', { gameId }, t.manager);
    expect(out.code).toBe('SALE_CLOSE_BLOCKS_OUT');
    expect(out.message).toBe(
      'A venda não pode fechar: Ana Lopes, Bruno Reis ainda não entregou os cartões excedentes; terminada a venda, o caixa recolhe os cartões excedentes (DN 80/85, art. 13.º).',
    );
    const misread = await h.refused('seller.return', returnOf(ana.blockId, 15, 1_400), t.cashier);
    expect(misread.code).toBe('SELLER_RETURN_NOT_IN_BLOCK');
    expect(misread.message).toBe('O cartão A 15 não é do bloco entregue a Ana Lopes (A 1-10): leia o primeiro cartão por vender do bloco (DN 80/85, art. 13.º). Nada foi registado.');
    const empty = await h.refused('seller.handOut', { gameId, sellerId: seller.carla, quantity: 0 }, t.cashier);
    expect(empty.code).toBe('QUANTITY_OUT_OF_RANGE');
    expect(snapshot(h.kiosk)).toEqual(before);

    await collect(ana, 5);
    before = snapshot(h.kiosk);
    const twice = await h.refused('seller.return', returnOf(ana.blockId, null, 1_000), t.cashier);
    expect(twice.code).toBe('SELLER_BLOCK_RETURNED');
    expect(snapshot(h.kiosk)).toEqual(before);
    await collect(bruno, null);
    // A 5-10, handed back below Bruno's cards, are the counter's next.
    expect((await sell(6)).ranges).toEqual([A(5, 10)]);
  });

  it("settles each seller's cash: a difference within the hall's threshold recorded on the drawer, one over it accepted by a manager with a reason", async () => {
    const ana = await handOut('ana', 40);
    const bruno = await handOut('bruno', 20);
    // Ana sold 33 (33,00 €) and hands 32,50 €: 0,50 € short, within the 5,00 € threshold.
    const anaBack = await h.ok('seller.return', returnOf(ana.blockId, 34, 3_250), t.cashier);
    expect(anaBack.returned).toMatchObject({ owedCents: 3_300, countedCents: 3_250, differenceCents: -50, acceptedBy: null });
    // Bruno sold 20 (20,00 €) and hands 14,00 €: 6,00 € short, over it: refused, nothing recorded.
    const before = snapshot(h.kiosk);
    const over = await h.refused('seller.return', returnOf(bruno.blockId, null, 1_400), t.cashier);
    expect(over.code).toBe('SELLER_DIFFERENCE_NEEDS_MANAGER');
    expect(over.message).toBe(
      'O dinheiro de Bruno Reis (14,00 €) difere do que os cartões vendidos devem (20,00 €) em -6,00 €, acima do limite da sala: um gerente aceita a diferença com um motivo. Nada foi registado.',
    );
    expect(snapshot(h.kiosk)).toEqual(before);
    const noReason = await h.refused('seller.return', { ...returnOf(bruno.blockId, null, 1_400), approval: { username: 'gerente', pin: '2222' } }, t.cashier);
    expect(noReason.code).toBe('VARIANCE_REASON_REQUIRED');
    const accepted = await h.ok('seller.return', { ...returnOf(bruno.blockId, null, 1_400), approval: { username: 'gerente', pin: '2222' }, reason: 'Perdeu uma nota' }, t.cashier);
    expect(accepted.returned).toMatchObject({ soldCards: 20, owedCents: 2_000, countedCents: 1_400, differenceCents: -600, acceptedBy: 'Gerente' });
    // The caixa's drawer holds what was handed over: the float, 32,50 € and 14,00 €.
    expect(cash()).toBe(TEST_FLOAT_CENTS + 3_250 + 1_400);
    // A 34-40 (Ana's, below Bruno's) are the counter's next.
    expect((await sell(7)).ranges).toEqual([A(34, 40)]);
  });
});
