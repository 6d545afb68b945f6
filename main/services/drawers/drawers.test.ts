/**
 * Cash drawers on a real SQLite file (SPEC 9): a full shift in exact cents,
 * the X report mid-shift, the blind close and its Z report, Z numbers without
 * gaps, and every refusal leaving the database exactly as it was. The test
 * hall's T1 drawer is open with a float of 100,00 € (test/harness.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { verifyLedger } from '../../../db/ledger.js';
import { renderEscPos } from '../../../printing/escpos.js';
import { decodeEscPos } from '../../../tools/printer-emulator/decode.js';
import { softwareLabel } from '../../version.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { confirmByHand, type Harness, snapshot, TEST_FLOAT_CENTS } from '../../../test/harness.js';
import { managerX } from '../../../test/x-report.js';

const CLOSE_AT = '2026-12-01T02:00:00.000Z';
const APPROVAL = { username: 'gerente', pin: '2222' };

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall({ idleMs: 86_400_000, printRetryDelaysMs: [] });
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
});

afterEach(() => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
  }
});

// ---- helpers ----

const openGame = () => h.ok('game.open', { seriesCode: 'A' }, t.manager);
const sell = (gameId: number, quantity: number, tenderedCents = quantity * 100) =>
  h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents } }, t.cashier);
const confirmed = (gameId: number, kind: 'line' | 'bingo', card: number) =>
  confirmByHand(h, t.manager, { gameId, kind, seriesCode: 'A', card });
const cash = () => verifyLedger(h.kiosk.db).balances['cash:T1'] ?? 0;
const closeDrawer = (countedByDenomination: Record<string, number>, extra: Record<string, unknown> = {}, token = t.cashier) =>
  h.ok('drawer.close', { countedByDenomination, ...extra }, token);

async function refusedUnchanged(channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

/** A game of 30 cards (V = 30,00 €: line 1,50 €, bingo 15,00 €) with its line awarded to card 3. */
async function gameWithLine(): Promise<number> {
  const g = await openGame();
  await sell(g.id, 30);
  await h.ok('game.closeSale', { gameId: g.id }, t.manager);
  for (const n of [4, 18, 27, 49, 63]) await h.ok('game.drawBall', { gameId: g.id, number: n }, t.manager);
  await confirmed(g.id, 'line', 3);
  await h.ok('game.closeClaims', { gameId: g.id, kind: 'line' }, t.manager);
  return g.id;
}

// ---- a full shift ----

describe('a full shift', () => {
  it('expected cash = float + sales - void + pay-in - prizes - refunds - pay-out - drop, to the cent', async () => {
    const drawer = await h.ok('drawer.current', {}, t.cashier);
    expect(drawer).toMatchObject({ terminalId: 'T1', openedBy: 'caixa1', floatCents: TEST_FLOAT_CENTS, floatByDenomination: { '2000': 5 } });
    // Blind: the drawer as the operator sees it never carries the expected cash.
    expect(Object.keys(drawer!)).not.toContain('expectedCents');

    // Game 1: 10 + 20 cards (2,50 € tendered... 25,00 € for 20,00 €), and a card sold by mistake, voided.
    const g1 = await openGame();
    await sell(g1.id, 10);
    expect(await sell(g1.id, 20, 2500)).toMatchObject({ totalCents: 2000, changeCents: 500 });
    await sell(g1.id, 1);
    await h.ok('sale.voidLast', { gameId: g1.id, approval: APPROVAL }, t.cashier);
    // The cashier's X: no amount at all, neither the expected cash nor the float and lines it is the sum of (the close is blind);
    // the manager's: everything.
    expect(await h.ok('report.x', {}, t.cashier)).toEqual({
      blind: true,
      drawerId: drawer!.drawerId,
      terminalId: 'T1',
      operator: 'Caixa Um',
      openedAt: drawer!.openedAt,
      at: h.clock.now().toISOString(),
    });
    expect(managerX(await h.ok('report.x', {}, t.manager))).toMatchObject({
      blind: false,
      openingFloatCents: 10000,
      movements: { sales: 3000, prizes: 0, refunds: 0, guias: 0, payIns: 0, payOuts: 0, drops: 0 },
      expectedCents: 13000,
    });

    // V = 30,00 €: line 1,50 €, bingo 15,00 €, both paid at the counter.
    await h.ok('game.closeSale', { gameId: g1.id }, t.manager);
    for (const n of [4, 18, 27, 49, 63]) await h.ok('game.drawBall', { gameId: g1.id, number: n }, t.manager);
    await confirmed(g1.id, 'line', 3);
    const line = await h.ok('game.closeClaims', { gameId: g1.id, kind: 'line' }, t.manager);
    for (const n of [71, 2, 12, 22, 33, 35, 44, 53, 80, 85]) await h.ok('game.drawBall', { gameId: g1.id, number: n }, t.manager);
    await confirmed(g1.id, 'bingo', 5);
    const bingo = await h.ok('game.closeClaims', { gameId: g1.id, kind: 'bingo' }, t.manager);
    expect([...line.winners, ...bingo.winners].map((w) => w.prizeCents)).toEqual([150, 1500]);
    for (const w of [...line.winners, ...bingo.winners]) await h.ok('prize.pay', { winnerId: w.winnerId, card: { seriesCode: w.seriesCode, number: w.card } }, t.cashier);

    // Game 2: 3 cards, then annulled before its first ball and refunded in full.
    const g2 = await openGame();
    const s = await sell(g2.id, 3);
    await h.ok('game.suspend', { gameId: g2.id }, t.manager);
    h.clock.advanceMinutes(15);
    await h.ok('game.annul', { gameId: g2.id, reason: 'failure_before_draw' }, t.manager);
    await h.ok('refund.pay', { saleId: s.saleId }, t.cashier);

    // By hand: change from the safe, a paid expense, and a drop to the safe.
    await h.ok('drawer.move', { kind: 'pay_in', amountCents: 2000, reason: 'Trocos do cofre' }, t.cashier);
    await h.ok('drawer.move', { kind: 'pay_out', amountCents: 750, reason: 'Compra de papel térmico' }, t.cashier);
    const drop = await h.ok('drawer.move', { kind: 'drop', amountCents: 5000, reason: 'Recolha das 23h' }, t.cashier);
    expect(drop).toMatchObject({ drawerId: drawer!.drawerId, kind: 'drop', amountCents: 5000, reason: 'Recolha das 23h' });

    // 10000 + 3000 + 300 + 2000 - 150 - 1500 - 300 - 750 - 5000 = 7600.
    const x2 = managerX(await h.ok('report.x', {}, t.manager));
    expect(x2.movements).toEqual({ sales: 3300, sellerSurpluses: 0, sellerShortages: 0, prizes: 1650, refunds: 300, guias: 0, payIns: 2000, payOuts: 750, drops: 5000, chipsSold: 0, chipsRedeemed: 0 });
    expect(x2.expectedCents).toBe(7600);
    expect(cash()).toBe(7600 - TEST_FLOAT_CENTS);
    expect(verifyLedger(h.kiosk.db).balances).toMatchObject({ 'cash:safe': 5000, 'equity:pay_in': -2000, 'expense:pay_out': 750 });

    // The blind close: counted exactly.
    const closed = await closeDrawer({ '5000': 1, '2000': 1, '500': 1, '100': 1 });
    expect(closed).toEqual({
      status: 'closed',
      drawerId: drawer!.drawerId,
      zNumber: 1,
      expectedCents: 7600,
      countedCents: 7600,
      varianceCents: 0,
      thresholdCents: 500,
      closedAt: h.clock.now().toISOString(),
      acceptedBy: null,
      chips: null,
    });
    expect(await h.ok('drawer.current', {}, t.cashier)).toBeNull();
    const z = await h.ok('report.z', { drawerId: drawer!.drawerId }, t.manager);
    expect(z).toMatchObject({
      zNumber: 1,
      expectedCents: 7600,
      countedCents: 7600,
      varianceCents: 0,
      movements: x2.movements,
      counted: [
        { denominationCents: 5000, count: 1 },
        { denominationCents: 2000, count: 1 },
        { denominationCents: 500, count: 1 },
        { denominationCents: 100, count: 1 },
      ],
      varianceAcceptedBy: null,
      varianceReason: null,
      printJobId: null,
    });
    // Every cash transaction of the shift names the drawer.
    expect(
      h.kiosk.db.prepare(`SELECT COUNT(*) FROM ledger_transactions WHERE drawer_id IS NULL AND kind IN ('card_sale', 'card_sale_void', 'prize_paid', 'card_refund', 'pay_in', 'pay_out', 'drop')`).pluck().get(),
    ).toBe(0);
  });

  it('prints the X and Z reports on the receipts printer; the Z is reprinted as 2.ª via', async () => {
    await h.ok(
      'printer.configure',
      { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 },
      t.manager,
    );
    await h.ok('report.x', {}, t.cashier);
    await h.ok('report.x', {}, t.manager);
    // Read as printed: the cashier's slip leaves the expected cash out, the manager's has it.
    const slip = (id: number) =>
      decodeEscPos(renderEscPos(JSON.parse(h.kiosk.db.prepare(`SELECT document FROM print_jobs WHERE id = ?`).pluck().get(id) as string), { codepage: 'cp858', widthMm: 80 })).lines;
    // The cashier's slip, line by line: which drawer and when, and no amount (no '€', no figure but the drawer's number and the times).
    const blind = slip(1).map((l) => l.trim()).filter((l) => l !== '');
    expect(blind.filter((l) => !/^[-=]+$/.test(l))).toEqual([
      'Sala de Teste',
      'RELATÓRIO X',
      'Não fecha a gaveta',
      'Terminal                                      T1',
      'Gaveta n.º                                     1',
      'Operador                                Caixa Um',
      'Aberta em                       30/11/2026 20:00',
      'Data                            30/11/2026 20:00',
      'Contagem cega: conte a gaveta no fecho. Os',
      'valores aparecem depois de a contagem ficar',
      'registada.',
      `Programa: ${softwareLabel()}`,
    ]);
    expect(blind.join('\n')).not.toMatch(/€|\d,\d\d/);
    expect(slip(2)).toContain('Esperado na gaveta                      100,00 €');
    const closed = await closeDrawer({ '2000': 5 });
    const z = await h.ok('report.z', { drawerId: closed.drawerId }, t.cashier);
    const jobs = h.kiosk.db.prepare(`SELECT id, kind, title, ref_type AS refType, ref_id AS refId FROM print_jobs ORDER BY id`).all();
    expect(jobs).toEqual([
      { id: 1, kind: 'x_report', title: `Relatório X, gaveta n.º ${closed.drawerId}`, refType: 'drawer', refId: closed.drawerId },
      { id: 2, kind: 'x_report', title: `Relatório X, gaveta n.º ${closed.drawerId}`, refType: 'drawer', refId: closed.drawerId },
      { id: 3, kind: 'z_report', title: 'Relatório Z n.º 1', refType: 'drawer', refId: closed.drawerId },
    ]);
    expect(z.printJobId).toBe(3);
    const again = await h.ok('print.reprint', { jobId: 3 }, t.cashier);
    expect(again.title).toBe('Relatório Z n.º 1');
    // The Z carries the audit chain's head at the close, on paper: the file is checked against it later (issue 12).
    const head = h.kiosk.db.prepare(`SELECT id AS seq, hash FROM audit_log WHERE channel = 'drawer.close' ORDER BY id DESC LIMIT 1`).get() as { seq: number; hash: string };
    expect(z.auditHead).toEqual(h.kiosk.db.prepare(`SELECT id AS seq, hash FROM audit_log WHERE id = ?`).get(head.seq - 1));
    const printed = JSON.parse(h.kiosk.db.prepare(`SELECT document FROM print_jobs WHERE id = 3`).pluck().get() as string) as { blocks: { kind: string; left?: string; right?: string; text?: string }[] };
    expect(printed.blocks.find((b) => b.left === 'Auditoria n.º')?.right).toBe(String(z.auditHead!.seq));
    expect(printed.blocks.some((b) => b.text === `Cadeia: ${z.auditHead!.hash}`)).toBe(true);
    expect(await h.ok('audit.verify', { anchor: z.auditHead! }, t.manager)).toMatchObject({ valid: true, anchor: 'ok' });
  });
});

describe("a manager's X and the counter's blind close", () => {
  it('is neither read nor printed again by the cashier until the count is on record; the Z shows it all', async () => {
    await h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
    const g = await openGame();
    await sell(g.id, 7);
    await h.ok('report.x', {}, t.cashier);
    await h.ok('report.x', {}, t.manager);
    const preview = async (token: string, jobId: number) => (await h.ok('print.jobs', {}, token)).find((j) => j.jobId === jobId)!.preview;
    // After the game's announcement and the sale's receipt: the cashier's own X (job 3), no amount; the manager's (job 4), none to the
    // cashier, everything to him.
    expect(h.kiosk.db.prepare(`SELECT kind FROM print_jobs ORDER BY id`).pluck().all()).toEqual(['announcement', 'sale_receipt', 'x_report', 'x_report']);
    expect((await preview(t.cashier, 3)).join('\n')).not.toMatch(/€|\d,\d\d/);
    expect(await preview(t.cashier, 4)).toEqual(['Relatório X de um gerente: os valores ficam reservados até a contagem da gaveta ficar registada (fecho cego).']);
    expect(await preview(t.manager, 4)).toContain('Esperado na gaveta                      107,00 €');
    const refusal = {
      code: 'PRINT_JOB_BLIND_X',
      message:
        'O trabalho n.º 4 é o relatório X de um gerente, com o valor esperado na gaveta n.º 1: o fecho do balcão é cego, por isso só um gerente o imprime até a contagem ficar registada. Nada foi impresso.',
    };
    // Refused, and nothing queued (the queue works on meanwhile, so the jobs' number, not the whole database, is compared).
    const jobs = () => h.kiosk.db.prepare(`SELECT COUNT(*) FROM print_jobs`).pluck().get();
    expect(await h.refused('print.reprint', { jobId: 4 }, t.cashier)).toEqual(refusal);
    h.kiosk.db.prepare(`UPDATE print_jobs SET state = 'failed' WHERE id = 4`).run();
    expect(await h.refused('print.retry', { jobId: 4 }, t.cashier)).toEqual(refusal);
    expect(jobs()).toBe(4);
    // The cashier's own blind X is hers to print again.
    expect((await h.ok('print.reprint', { jobId: 3 }, t.cashier)).reprintOf).toBe(3);
    // The count on record (over the threshold): the figures are the cashier's now, and so is the manager's X.
    expect(await closeDrawer({ '2000': 5 })).toMatchObject({ status: 'awaiting_acceptance', expectedCents: 10_700 });
    expect(await preview(t.cashier, 4)).toContain('Esperado na gaveta                      107,00 €');
    expect((await h.ok('print.reprint', { jobId: 4 }, t.cashier)).reprintOf).toBe(4);
  });
});

// ---- the blind close over the threshold ----

describe('a variance over the hall threshold', () => {
  it('records the count as final before any figure is shown, shows the figures for the manager, and closes only with his acceptance', async () => {
    // Expected 100,00 €; counted 94,00 €: 6,00 € missing, over the 5,00 € default.
    const counted = { '2000': 4, '1000': 1, '200': 2 };
    const awaiting = await closeDrawer(counted);
    expect(awaiting).toEqual({
      status: 'awaiting_acceptance',
      drawerId: 1,
      zNumber: null,
      expectedCents: 10000,
      countedCents: 9400,
      varianceCents: -600,
      thresholdCents: 500,
      closedAt: null,
      acceptedBy: null,
      chips: null,
    });
    const recorded = () => h.kiosk.db.prepare(`SELECT drawer_id AS d, counts AS c, cents, expected_cents AS e, threshold_cents AS t FROM drawer_recorded_counts`).all();
    expect(recorded()).toEqual([{ d: 1, c: '{"200":2,"1000":1,"2000":4}', cents: 9400, e: 10000, t: 500 }]);
    expect(h.kiosk.db.prepare(`SELECT COUNT(*) FROM drawer_closes`).pluck().get()).toBe(0);
    expect((await h.ok('drawer.current', {}, t.cashier))!.recordedCount).toEqual({
      at: awaiting.closedAt ?? expect.any(String),
      countedBy: 'caixa1',
      countedByDenomination: { '200': 2, '1000': 1, '2000': 4 },
      countedCents: 9400,
      countedChipsByValue: null,
    });
    // The cashier cannot count again to match: another count is refused, naming his own count only.
    const recount = await refusedUnchanged('drawer.close', { countedByDenomination: { '2000': 5 } }, t.cashier);
    expect(recount.code).toBe('DRAWER_COUNT_RECORDED');
    expect(recount.message).toMatch(/^A contagem desta gaveta foi registada às \d\d:\d\d \(94,00 €\) e é a do fecho: falta só a aceitação da diferença pelo gerente\. Outra contagem exige a aprovação do gerente\.$/);
    expect(recount.message).not.toContain('100,00');
    // The same count again (a retry after a lost answer) gives the same figures and records nothing more.
    expect(await closeDrawer({ ...counted, '500': 0 })).toEqual(awaiting);
    expect(recorded()).toHaveLength(1);
    expect((await refusedUnchanged('drawer.close', { countedByDenomination: counted, approval: APPROVAL }, t.cashier)).code).toBe(
      'VARIANCE_REASON_REQUIRED',
    );
    // The manager closing the drawer cannot accept his own variance.
    expect((await refusedUnchanged('drawer.close', { countedByDenomination: counted, approval: APPROVAL, reason: 'Troco mal dado' }, t.manager)).code).toBe(
      'APPROVER_IS_OPERATOR',
    );
    const closed = await closeDrawer(counted, { approval: APPROVAL, reason: 'Troco mal dado' });
    expect(closed).toMatchObject({ status: 'closed', zNumber: 1, expectedCents: 10000, countedCents: 9400, varianceCents: -600, acceptedBy: 'gerente' });
    expect(await h.ok('report.z', { drawerId: closed.drawerId }, t.manager)).toMatchObject({
      varianceCents: -600,
      varianceAcceptedBy: 'Gerente',
      varianceReason: 'Troco mal dado',
    });
    const row = h.kiosk.db.prepare(`SELECT threshold_cents AS t, accept_reason AS r, variance_cents AS v FROM drawer_closes`).get();
    expect(row).toEqual({ t: 500, r: 'Troco mal dado', v: -600 });
  });

  it('at the threshold closes without a manager; the threshold is a hall setting', async () => {
    const closed = await closeDrawer({ '2000': 4, '1000': 1, '500': 1 }); // 95,00 €: exactly 5,00 € short
    expect(closed).toMatchObject({ varianceCents: -500, acceptedBy: null });
    await h.ok('settings.update', { drawerVarianceThresholdCents: 0 }, t.manager);
    await h.ok('drawer.open', { floatByDenomination: { '1000': 2 } }, t.cashier);
    expect(await closeDrawer({ '1000': 2, '1': 1 })).toMatchObject({ status: 'awaiting_acceptance', varianceCents: 1, thresholdCents: 0 });
    // The manager may let the count be redone: his approval covers the new count, and the first stays on record.
    const redone = await closeDrawer({ '1000': 2 }, { approval: APPROVAL, reason: 'Moeda de outra gaveta' });
    expect(redone).toMatchObject({ status: 'closed', countedCents: 2000, varianceCents: 0, acceptedBy: 'gerente' });
    expect(h.kiosk.db.prepare(`SELECT cents FROM drawer_recorded_counts WHERE drawer_id = ?`).pluck().get(redone.drawerId)).toBe(2001);
    expect(() => h.kiosk.db.prepare(`UPDATE drawer_recorded_counts SET cents = 0`).run()).toThrow(/append-only/);
    expect(() => h.kiosk.db.prepare(`DELETE FROM drawer_recorded_counts`).run()).toThrow(/append-only/);
  });
});

// ---- refusals ----

describe('refusals change nothing', () => {
  it('no open drawer: no cash sale, payout, movement, close or X report', async () => {
    const gameId = await gameWithLine();
    await closeDrawer({ '2000': 5, '1000': 3 }); // 130,00 €
    const before = cash();
    const noDrawer = {
      code: 'DRAWER_NOT_OPEN',
      message: 'Não há gaveta aberta neste terminal: abra a gaveta com o fundo de caixa contado antes de movimentar numerário.',
    };
    const g2 = await openGame();
    expect(await refusedUnchanged('sale.create', { gameId: g2.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier)).toEqual(noDrawer);
    expect(await refusedUnchanged('prize.pay', { winnerId: 1, card: { seriesCode: 'A', number: 3 } }, t.cashier)).toEqual(noDrawer);
    expect(await refusedUnchanged('drawer.move', { kind: 'pay_in', amountCents: 100, reason: 'Trocos' }, t.cashier)).toEqual(noDrawer);
    expect(await refusedUnchanged('drawer.close', { countedByDenomination: {} }, t.cashier)).toEqual(noDrawer);
    expect(await refusedUnchanged('report.x', {}, t.cashier)).toEqual(noDrawer);
    expect(cash()).toBe(before);
    expect(gameId).toBeGreaterThan(0);
  });

  it('a payout larger than the drawer cash: prize, pay-out, drop', async () => {
    await gameWithLine(); // cash 130,00 €, line 1,50 € to pay
    await h.ok('drawer.move', { kind: 'drop', amountCents: 12900, reason: 'Recolha' }, t.cashier); // 1,00 € left
    // The cashier closes blind: the refusal does not say what the drawer holds; a manager's does.
    expect(await refusedUnchanged('prize.pay', { winnerId: 1, card: { seriesCode: 'A', number: 3 } }, t.cashier)).toEqual({
      code: 'PAYOUT_EXCEEDS_DRAWER',
      message:
        'Pagamento de 1,50 € em numerário recusado: a gaveta não tem numerário que chegue. Registe uma entrada de dinheiro (Gaveta) ou, numa guia, pague parte em cheque.',
    });
    expect(await refusedUnchanged('drawer.move', { kind: 'pay_out', amountCents: 150, reason: 'Despesa' }, t.manager)).toEqual({
      code: 'PAYOUT_EXCEEDS_CASH',
      message: 'Pagamento de 1,50 € recusado: a gaveta só tem 1,00 € em numerário.',
    });
    expect((await refusedUnchanged('drawer.move', { kind: 'pay_out', amountCents: 101, reason: 'Despesa' }, t.cashier)).code).toBe('PAYOUT_EXCEEDS_DRAWER');
    expect((await refusedUnchanged('drawer.move', { kind: 'drop', amountCents: 101, reason: 'Recolha' }, t.manager)).code).toBe('PAYOUT_EXCEEDS_CASH');
    await h.ok('drawer.move', { kind: 'pay_in', amountCents: 50, reason: 'Trocos' }, t.cashier);
    expect((await h.ok('prize.pay', { winnerId: 1, card: { seriesCode: 'A', number: 3 } }, t.cashier)).status).toBe('paid');
    expect(managerX(await h.ok('report.x', {}, t.manager)).expectedCents).toBe(0);
  });

  it('unknown denominations and bad counts, at open and close', async () => {
    expect(await refusedUnchanged('drawer.close', { countedByDenomination: { '300': 1 } }, t.cashier)).toEqual({
      code: 'DENOMINATION_UNKNOWN',
      message: 'Denominação desconhecida: "300". Use o valor em cêntimos de uma nota (500 € a 5 €) ou moeda (2 € a 1 cêntimo), p. ex. "2000".',
    });
    expect((await refusedUnchanged('drawer.close', { countedByDenomination: { '2000': -1 } }, t.cashier)).code).toBe('DENOMINATION_COUNT_INVALID');
    expect((await refusedUnchanged('drawer.close', { countedByDenomination: { '2000': 1.5 } }, t.cashier)).code).toBe('DENOMINATION_COUNT_INVALID');
    await closeDrawer({ '2000': 5 });
    expect((await refusedUnchanged('drawer.open', { floatByDenomination: { '20.00': 5 } }, t.cashier)).code).toBe('DENOMINATION_UNKNOWN');
    expect((await refusedUnchanged('drawer.move', { kind: 'pay_in', amountCents: 0, reason: 'Trocos' }, t.cashier)).code).toBe('VALIDATION_FAILED');
  });

  it('a second open drawer of the same operator on the terminal', async () => {
    expect(await refusedUnchanged('drawer.open', { floatByDenomination: { '2000': 5 } }, t.cashier)).toEqual({
      code: 'DRAWER_ALREADY_OPEN',
      message: `Já há uma gaveta aberta neste terminal (n.º 1, aberta por caixa1): uma gaveta por operador, terminal e turno; feche-a antes de abrir outra.`,
    });
    const cashierId = h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = 'caixa1'`).pluck().get();
    expect(() => h.kiosk.db.prepare(`INSERT INTO drawers (terminal_id, opened_by, opened_at, float_counts, float_cents) VALUES ('T1', ?, 'x', '{}', 0)`).run(cashierId)).toThrow(
      /UNIQUE/,
    );
  });

  it('a void after the sale\'s drawer closed; a reason with control characters', async () => {
    const g = await openGame();
    await sell(g.id, 2);
    await closeDrawer({ '2000': 5, '200': 1 });
    await h.ok('drawer.open', { floatByDenomination: { '2000': 5 } }, t.cashier);
    expect((await refusedUnchanged('sale.voidLast', { gameId: g.id, approval: APPROVAL }, t.cashier)).code).toBe('DRAWER_CLOSED_FOR_VOID');
    expect((await refusedUnchanged('drawer.move', { kind: 'pay_in', amountCents: 100, reason: 'Trocos\u202e' }, t.cashier)).code).toBe('VALIDATION_FAILED');
  });
});

// ---- Z numbers ----

describe('Z reports', () => {
  it('are numbered without gaps, refusals taking no number; the records cannot change', async () => {
    const zs: number[] = [];
    zs.push((await closeDrawer({ '2000': 5 })).zNumber!);
    await h.ok('drawer.open', { floatByDenomination: { '1000': 1 } }, t.cashier);
    await refusedUnchanged('drawer.close', { countedByDenomination: { '7': 1 } }, t.cashier);
    zs.push((await closeDrawer({ '1000': 1 })).zNumber!);
    await h.ok('drawer.open', { floatByDenomination: {} }, t.manager);
    zs.push((await closeDrawer({}, {}, t.manager)).zNumber!);
    expect(zs).toEqual([1, 2, 3]);
    expect(h.kiosk.db.prepare(`SELECT z_number FROM drawer_closes ORDER BY drawer_id`).pluck().all()).toEqual([1, 2, 3]);
    expect((await h.refused('report.z', { drawerId: 99 }, t.manager)).code).toBe('DRAWER_NOT_FOUND');
    await h.ok('drawer.open', { floatByDenomination: {} }, t.cashier);
    expect((await h.refused('report.z', { drawerId: 4 }, t.manager)).code).toBe('DRAWER_NOT_CLOSED');
    const db = h.kiosk.db;
    expect(() => db.prepare(`UPDATE drawer_closes SET counted_cents = 0`).run()).toThrow(/append-only/);
    expect(() => db.prepare(`DELETE FROM drawer_closes`).run()).toThrow(/append-only/);
    expect(() => db.prepare(`UPDATE drawers SET float_cents = 0 WHERE id = 1`).run()).toThrow(/only the close/);
    expect(() => db.prepare(`UPDATE drawers SET closed = 1 WHERE id = 4`).run()).toThrow(/only the close/);
    expect(() => db.prepare(`DELETE FROM drawer_movements`).run()).not.toThrow(); // no rows: nothing to refuse
    expect(() =>
      db
        .prepare(
          `INSERT INTO drawer_closes (drawer_id, z_number, closed_at, closed_by, counted_counts, counted_cents, expected_cents, variance_cents, threshold_cents, report)
           VALUES (4, 5, 'x', 1, '{}', 0, 0, 0, 500, '{}')`,
        )
        .run(),
    ).toThrow(/without gaps/);
  });
});
