/**
 * Each money kind described once (issue 23): a drawer that took every kind of
 * movement — cards sold (in cash and in chips) and one voided, a prize, a
 * refund (a sale's, and a card's by its number), a guia's cash part, a pay-in, a pay-out, a drop, chips filled,
 * sold, redeemed and credited, chips handed to the caixa — prints an X and a Z whose every line, whose
 * cash expected and whose variance are the ledger's, to the cent: read back
 * from the printed bytes and compared with the ledger's entries by kind.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONEY_KINDS } from '../../../core/money-registry.js';
import { renderEscPos } from '../../../printing/escpos.js';
import { decodeEscPos } from '../../../tools/printer-emulator/decode.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { confirmByHand, type Harness, TEST_FLOAT_CENTS } from '../../../test/harness.js';
import { drawerExpectedCash, openDrawersAt } from '../../../db/drawers.js';
import { identified } from '../../../test/fixtures/persons.js';

const APPROVAL = { username: 'gerente', pin: '2222' };
let h: Harness;
let t: { manager: string; cashier: string; counter: string };

beforeEach(async () => {
  const hall = await createTestHall({ idleMs: 86_400_000, printRetryDelaysMs: [] });
  h = hall.h;
  // One operator at the counter and the caixa (issue 41: each pays out of his own drawer only), so one drawer takes every kind.
  const admin = await h.login('admin', '1111');
  await h.ok('users.create', { username: 'balcao', name: 'Balcão', roles: ['cashier', 'caixa'], pin: '5555' }, admin);
  await h.ok('settings.update', { chipsAllowed: true }, admin);
  await h.ok('drawer.close', { countedByDenomination: { '2000': 5 } }, hall.cashier);
  const counter = await h.login('balcao', '5555');
  await h.ok('drawer.open', { floatByDenomination: { '2000': 5 } }, counter);
  t = { manager: hall.manager, cashier: hall.cashier, counter };
  await h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
});

afterEach(() => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
  }
});

/** The last print job of a kind, as the printer would print it (80 mm, cp858). */
function printed(kind: 'x_report' | 'z_report'): string[] {
  const doc = h.kiosk.db.prepare(`SELECT document FROM print_jobs WHERE kind = ? ORDER BY id DESC LIMIT 1`).pluck().get(kind) as string;
  return decodeEscPos(renderEscPos(JSON.parse(doc), { codepage: 'cp858', widthMm: 80 })).lines;
}

/** The amount printed on a line (its words, then the euros at the right), in cents; signed when printed with a sign. */
function amountOn(lines: readonly string[], label: string): number | undefined {
  const line = lines.find((l) => l.trim().startsWith(label) && /\d,\d\d €$/.test(l));
  if (!line) return undefined;
  const m = /([+-]?)([\d ]+),(\d\d) €$/.exec(line.slice(label.length + line.indexOf(label)))!;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]!.replace(/ /g, '')) * 100 + Number(m[3]));
}

/** The ledger's net on an account of the counter's drawer (T1) by kind. */
function ledgerNet(account: string, kinds: readonly string[]): number {
  const marks = kinds.map(() => '?').join(', ');
  return h.kiosk.db
    .prepare(
      `SELECT COALESCE(SUM(e.amount_cents), 0) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE e.account = ? AND t.drawer_id = (SELECT d.id FROM drawers d JOIN operators o ON o.id = d.opened_by WHERE o.username = 'balcao') AND t.kind IN (${marks})`,
    )
    .pluck()
    .get(account, ...kinds) as number;
}

describe('the X and Z of a drawer that took every kind of movement', () => {
  it('print each line, the cash expected and the variance as the ledger has them, to the cent', async () => {
    // Cards in cash (one voided), then a line prize paid at the counter.
    const g1 = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await h.ok('sale.create', { gameId: g1.id, quantity: 30, payment: { method: 'cash', tenderedCents: 3_000 } }, t.counter);
    await h.ok('sale.create', { gameId: g1.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, t.counter);
    await h.ok('sale.voidLast', { gameId: g1.id, approval: APPROVAL }, t.counter);
    // A roving seller's block of 5 (A 31-35), all sold, 4,50 € handed in for 5,00 €: 0,50 € short, within the threshold.
    const seller = (h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = 'gerente'`).get() as { id: number }).id;
    const block = await h.ok('seller.handOut', { gameId: g1.id, sellerId: seller, quantity: 5 }, t.counter);
    await h.ok('seller.return', { blockId: block.blockId, firstUnsold: null, countedByDenomination: { '200': 2, '50': 1 } }, t.counter);
    // Another of 2 (A 36-37), 2,30 € handed in for 2,00 €: 0,30 € over.
    const second = await h.ok('seller.handOut', { gameId: g1.id, sellerId: seller, quantity: 2 }, t.counter);
    await h.ok('seller.return', { blockId: second.blockId, firstUnsold: null, countedByDenomination: { '200': 1, '20': 1, '10': 1 } }, t.counter);
    await h.ok('game.closeSale', { gameId: g1.id }, t.manager);
    for (const n of [4, 18, 27, 49, 63]) await h.ok('game.drawBall', { gameId: g1.id, number: n }, t.manager);
    await confirmByHand(h, t.manager, { gameId: g1.id, kind: 'line', seriesCode: 'A', card: 3 });
    const line = await h.ok('game.closeClaims', { gameId: g1.id, kind: 'line' }, t.manager);
    for (const w of line.winners) await h.ok('prize.pay', { winnerId: w.winnerId, card: { seriesCode: w.seriesCode, number: w.card } }, t.counter);
    // A game annulled before its first ball: its sale refunded in full.
    const g2 = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    const refunded = await h.ok('sale.create', { gameId: g2.id, quantity: 3, payment: { method: 'cash', tenderedCents: 300 } }, t.counter);
    const oneCard = await h.ok('sale.create', { gameId: g2.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.counter);
    await h.ok('game.suspend', { gameId: g2.id }, t.manager);
    h.clock.advanceMinutes(15);
    await h.ok('game.annul', { gameId: g2.id, reason: 'failure_before_draw' }, t.manager);
    await h.ok('refund.pay', { saleId: refunded.saleId }, t.counter);
    // The other sale's card handed back and refunded by its number (issue 42): 1,00 € in, 1,00 € out.
    await h.ok('refund.payCard', { gameId: g2.id, seriesCode: oneCard.ranges[0]!.seriesCode, number: oneCard.ranges[0]!.from }, t.counter);
    // A third game's cards paid in chips (art. 19.º): they stay in the drawer that took them.
    const g3 = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await h.ok('sale.create', { gameId: g3.id, quantity: 5, payment: { method: 'chips', tenderedCents: 500 } }, t.counter);
    // By hand.
    await h.ok('drawer.move', { kind: 'pay_in', amountCents: 2_000, reason: 'Trocos do cofre' }, t.counter);
    await h.ok('drawer.move', { kind: 'pay_out', amountCents: 750, reason: 'Papel térmico' }, t.counter);
    await h.ok('drawer.move', { kind: 'drop', amountCents: 1_000, reason: 'Recolha' }, t.counter);
    // The caixa's acts on the same drawer: a guia's cash part, and face-value chips in and out.
    await h.ok('machine.register', { number: '9', model: 'Fruit Party', betCents: 100 }, t.manager);
    const guia = await h.ok('guia.issue', { machineNumber: '9', amountCents: 4_000, kind: 'hand_pay' }, t.manager);
    await h.ok('guia.pay', { guiaId: guia.guiaId, cashCents: 1_500, cheques: [{ amountCents: 2_500, number: '0012345', bank: 'CGD' }], personId: await identified(h, t.manager), approval: { username: 'admin', pin: '1111' } }, t.counter);
    await h.ok('chips.move', { kind: 'fill', chips: [{ valueCents: 500, count: 20 }], reason: 'Reforço do cofre' }, t.counter);
    await h.ok('chips.sell', { chips: [{ valueCents: 500, count: 6 }], payment: { method: 'cash', tenderedCents: 3_000 } }, t.counter);
    await h.ok('chips.redeem', { chips: [{ valueCents: 500, count: 2 }] }, t.counter);
    await h.ok('chips.move', { kind: 'credit', chips: [{ valueCents: 500, count: 4 }], reason: 'Entrega ao cofre' }, t.counter);
    // The chips taken for cards handed to the manager at his own drawer on T1, which he counts and closes.
    await h.ok('drawer.open', { floatByDenomination: { '2000': 5 } }, t.manager);
    await h.ok('chips.handover', { chips: [{ valueCents: 500, count: 1 }], receiver: { username: 'gerente', pin: '2222' } }, t.counter);
    await h.ok('drawer.close', { countedByDenomination: { '2000': 5 }, countedChipsByValue: { '500': 1 } }, t.manager);
    // Every kind that moves a drawer's cash or chips took part.
    const moved = h.kiosk.db
      .prepare(`SELECT DISTINCT t.kind FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id WHERE e.account IN ('cash:T1', 'chips:T1')`)
      .pluck()
      .all() as string[];
    expect([...moved].sort()).toEqual(MONEY_KINDS.filter((k) => k.cashLine || k.chipLine).map((k) => k.kind).sort());

    await h.ok('report.x', {}, t.manager);
    const x = printed('x_report');
    const cashKinds = (line: string) => MONEY_KINDS.filter((k) => k.cashLine === line).map((k) => k.kind);
    const expected = TEST_FLOAT_CENTS + ledgerNet('cash:T1', MONEY_KINDS.map((k) => k.kind));
    // The cash: each line as the ledger has it ('out' lines as what left), the expected the ledger's to the cent.
    expect({
      sales: amountOn(x, 'Vendas'),
      sellerSurpluses: amountOn(x, 'Sobras dos vendedores'),
      sellerShortages: amountOn(x, 'Faltas dos vendedores'),
      payIns: amountOn(x, 'Entradas de numerário'),
      chipsSold: amountOn(x, 'Fichas vendidas'),
      prizes: amountOn(x, 'Prémios'),
      refunds: amountOn(x, 'Devoluções'),
      guias: amountOn(x, 'Guias'),
      payOuts: amountOn(x, 'Saídas de numerário'),
      drops: amountOn(x, 'Recolhas para o cofre'),
      chipsRedeemed: amountOn(x, 'Fichas trocadas'),
      expected: amountOn(x, 'Esperado na gaveta'),
    }).toEqual({
      sales: ledgerNet('cash:T1', cashKinds('sales')),
      sellerSurpluses: ledgerNet('cash:T1', cashKinds('sellerSurpluses')),
      sellerShortages: -ledgerNet('cash:T1', cashKinds('sellerShortages')),
      payIns: ledgerNet('cash:T1', cashKinds('payIns')),
      chipsSold: ledgerNet('cash:T1', cashKinds('chipsSold')),
      prizes: -ledgerNet('cash:T1', cashKinds('prizes')),
      refunds: -ledgerNet('cash:T1', cashKinds('refunds')),
      guias: -ledgerNet('cash:T1', cashKinds('guias')),
      payOuts: -ledgerNet('cash:T1', cashKinds('payOuts')),
      drops: -ledgerNet('cash:T1', cashKinds('drops')),
      chipsRedeemed: -ledgerNet('cash:T1', cashKinds('chipsRedeemed')),
      expected,
    });
    // In figures: 100 + 41 (30 + 2 − 2 + 3 + 1 at the counter, 5 + 2 by the seller) + 20 + 30 − 1,85 (the line of 37,00 €) − 4 (3 + the card) − 15 − 7,50 − 10 − 10
    // − 0,50 (the seller short) + 0,30 (the seller over) = 142,45 €.
    expect(expected).toBe(14_245);
    expect(drawerExpectedCash(h.kiosk.db, openDrawersAt(h.kiosk.db, 'T1')[0]!)).toBe(expected);
    // The chips, signed as they moved: 20 in from the vault, 2 redeemed, 5 cards paid in chips, 6 sold, 4 credited and one handed to the caixa.
    const chipsFrom = x.indexOf('FICHAS (valor facial)');
    const chips = x.slice(chipsFrom);
    expect({
      fills: amountOn(chips, 'Reforços do cofre'),
      redeemed: amountOn(chips, 'Fichas trocadas por dinheiro'),
      cards: amountOn(chips, 'Cartões pagos em fichas'),
      sold: amountOn(chips, 'Fichas vendidas'),
      handedOver: amountOn(chips, 'Fichas entregues à caixa'),
      credits: amountOn(chips, 'Entregas ao cofre'),
      expected: amountOn(chips, 'Fichas esperadas'),
    }).toEqual({ fills: 10_000, redeemed: 1_000, cards: 500, sold: -3_000, handedOver: -500, credits: -2_000, expected: ledgerNet('chips:T1', MONEY_KINDS.map((k) => k.kind)) });

    // The Z: counted 133,00 € in cash (3,00 € short) and the 60,00 € of chips.
    // Within the hall's 5,00 € threshold: it closes at once.
    const closed = await h.ok('drawer.close', { countedByDenomination: { '5000': 2, '2000': 1, '1000': 1, '500': 1, '200': 2, '20': 2, '5': 1 }, countedChipsByValue: { '500': 12 } }, t.manager);
    expect(closed).toMatchObject({ status: 'closed', expectedCents: expected, countedCents: 13_945, varianceCents: -300 });
    const z = printed('z_report');
    expect([amountOn(z, 'Esperado na gaveta'), amountOn(z, 'Contado'), amountOn(z, 'Diferença')]).toEqual([expected, 13_945, -300]);
    expect(amountOn(z, 'Vendas')).toBe(amountOn(x, 'Vendas'));
  });
});
