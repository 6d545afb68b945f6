/**
 * The roving sellers in the books (issue 42, items 3 and 4; DN 80/85, art. 13.º and 16.º, n.º 3), on a real
 * SQLite file with the counter's receipts printer on the loopback printer emulator: each block's settlement slip
 * as printed (ESC/POS decoded), reprinted; three sellers and the counter in one game, a block handed back from the
 * middle and sold again, each seller's cash to the cent, the Z's figures per seller, the acta's cards per seller
 * (data and PDF) and the sellers' CSV; after an annulment a card refunded once by its number, whoever sold it, and
 * every refusal changing nothing; the books hold and the inspector's export checks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawerExpectedCash, openDrawersAt } from '../../../db/drawers.js';
import { checkBooks } from '../../../db/books.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { snapshot, TEST_FLOAT_CENTS, type Harness } from '../../../test/harness.js';
import { pdfPages } from '../../../test/pdf.js';
import { decodeEscPos } from '../../../tools/printer-emulator/decode.js';
import { startPrinterEmulator, type PrinterEmulator } from '../../../tools/printer-emulator/server.js';
import { wrapText } from '../../../printing/preview.js';
import { buildSessionExport } from '../../inspector/export.js';
import { verifyExport } from '../../inspector/verify.js';
import { softwareLabel } from '../../version.js';

const CLOSE_AT = '2026-12-01T02:00:00.000Z';
let h: Harness;
let t: { manager: string; cashier: string };
let emulator: PrinterEmulator;
let gameId: number;
let sessionId: number;
const seller: Record<string, number> = {};

beforeEach(async () => {
  emulator = await startPrinterEmulator({ port: 0 });
  const hall = await createTestHall({ idleMs: 86_400_000, printRetryDelaysMs: [] });
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: emulator.port, codepage: 'cp858', widthMm: 80, drawerPin: 2 }, t.manager);
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
  sessionId = (await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager)).id;
  gameId = (await h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
}, 60_000);

afterEach(async () => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
    await emulator.close();
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
/** A block collected read at its first unsold card (null: all sold), the seller handing over `countedCents`. */
const collect = (block: { blockId: number }, firstUnsold: number | null, countedCents: number) =>
  h.ok(
    'seller.return',
    { blockId: block.blockId, firstUnsold: firstUnsold === null ? null : { seriesCode: 'A', number: firstUnsold }, countedByDenomination: notes(countedCents) },
    t.cashier,
  );
const sell = (quantity: number, game = gameId) => h.ok('sale.create', { gameId: game, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);
const cash = () => drawerExpectedCash(h.kiosk.db, openDrawersAt(h.kiosk.db, 'T1')[0]!);
const A = (from: number, to: number) => ({ seriesCode: 'A', from, to });

/** The documents the printer received, in order, each as its lines (trimmed, blank lines and rules left out) and the drawer pulses after its cut. */
function documentsPrinted(): { lines: string[]; drawerPulses: number }[] {
  const docs: { lines: string[]; drawerPulses: number }[] = [];
  // The queue may send several documents in one connection: each ends at its cut, its drawer pulse (if any) after it.
  for (const job of emulator.jobs) {
    let lines: string[] = [];
    for (const e of decodeEscPos(job.bytes).events) {
      if (e.type === 'line') lines.push(e.text.trim());
      else if (e.type === 'cut') {
        docs.push({ lines: lines.filter((l) => l !== '' && !/^[-=_]+$/.test(l)), drawerPulses: 0 });
        lines = [];
      } else if (e.type === 'pulse' && docs.length > 0) docs[docs.length - 1]!.drawerPulses += 1;
    }
  }
  return docs;
}

/** The `nth` document of `kind` the queue printed, as the printer received it (waits for the queue), with its job's id. */
async function printed(kind: string, nth = 1): Promise<{ lines: string[]; drawerPulses: number; jobId: number }> {
  const started = Date.now();
  for (;;) {
    const jobs = h.kiosk.db.prepare(`SELECT id, state, document FROM print_jobs ORDER BY id`).all() as { id: number; state: string; document: string }[];
    const row = jobs.filter((j) => (JSON.parse(j.document) as { kind: string }).kind === kind)[nth - 1];
    if (row?.state === 'failed') throw new Error(`job ${row.id} failed`);
    // Every job up to it printed: the printer's documents are the jobs in their order.
    if (row && jobs.filter((j) => j.id <= row.id).every((j) => j.state === 'printed')) {
      const docs = documentsPrinted();
      const at = jobs.findIndex((j) => j.id === row.id);
      if (docs.length > at) return { ...docs[at]!, jobId: row.id };
    }
    if (Date.now() - started > 10_000) throw new Error(`no ${kind} job printed`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The last lines: the program that printed the slip, with its version (issue 40), as it wraps on 80 mm. */
const PROGRAM = wrapText(`Programa: ${softwareLabel()}`, 48);

describe("a seller's settlement slip", () => {
  it('prints the block, the first unsold card, the cards sold times the price, the count by denomination, the difference and who accepted it; reprinted as 2.ª via', async () => {
    const ana = await handOut('ana', 40);
    h.clock.advanceMinutes(25);
    // Ana sold 33 (A 1-33: 33,00 €) and hands over 32,50 €: 20 + 10 + 2 + 0,50.
    await collect(ana, 34, 3_250);
    const slip = await printed('seller_settlement');
    expect(slip.lines).toEqual([
      'Sala de Teste',
      'ACERTO DO VENDEDOR',
      `Bloco n.º                                      ${ana.blockId}`,
      'Data                            30/11/2026 20:25',
      'Sessão n.º                                     1',
      'Jogada n.º                                     1',
      'Terminal                                      T1',
      'Vendedor                               Ana Lopes',
      'Cartões entregues',
      'Série A: n.º 1 a 40',
      'Entregues em                    30/11/2026 20:00',
      'Quantidade                            40 cartões',
      'Primeiro por vender               Série A n.º 34',
      'Devolvidos                                     7',
      'Vendidos                             33 x 1,00 €',
      'DEVIDO                                   33,00 €',
      'Contagem',
      '1 x 20,00 €                            20,00 €',
      '1 x 10,00 €                            10,00 €',
      '1 x 2,00 €                              2,00 €',
      '1 x 0,50 €                              0,50 €',
      'Contado                                  32,50 €',
      'Diferença                                -0,50 €',
      'Recebido por                            Caixa Um',
      'Terminada a venda, o caixa recolhe os cartões',
      'excedentes (DN 80/85, art. 13.º).',
      'Assinatura do vendedor',
      'Assinatura do caixa',
      ...PROGRAM,
    ]);
    // The cash went into the caixa's drawer: the slip opens it.
    expect(slip.drawerPulses).toBe(1);

    // Bruno takes the next 10 (Ana's A 34-40 given back to the top, then A 41-43), sells all and hands over 4,00 €: 6,00 € short,
    // over the hall's 5,00 €: accepted by the manager with a reason.
    const bruno = await handOut('bruno', 10);
    await h.ok(
      'seller.return',
      { blockId: bruno.blockId, firstUnsold: null, countedByDenomination: notes(400), approval: { username: 'gerente', pin: '2222' }, reason: 'Perdeu uma nota' },
      t.cashier,
    );
    const accepted = await printed('seller_settlement', 2);
    expect(accepted.lines.slice(8, 15)).toEqual([
      'Cartões entregues',
      'Série A: n.º 34 a 43',
      'Entregues em                    30/11/2026 20:25',
      'Quantidade                            10 cartões',
      'Primeiro por vender                       nenhum',
      'Devolvidos                                     0',
      'Vendidos                             10 x 1,00 €',
    ]);
    expect(accepted.lines.slice(16, 23)).toEqual([
      'Contagem',
      '2 x 2,00 €                              4,00 €',
      'Contado                                   4,00 €',
      'Diferença                                -6,00 €',
      'Aceite por                               Gerente',
      'Motivo: Perdeu uma nota',
      'Recebido por                            Caixa Um',
    ]);

    // Reprinted: the same slip, marked 2.ª via, never opening the drawer.
    const again = await h.ok('print.reprint', { jobId: slip.jobId }, t.cashier);
    expect(again).toMatchObject({ kind: 'seller_settlement', title: `Acerto do vendedor, bloco n.º ${ana.blockId}`, titleParams: { blockId: ana.blockId }, refType: 'seller_return', refId: ana.blockId });
    const reprint = await printed('seller_settlement', 3);
    expect(reprint.lines).toContain('2.ª VIA');
    expect(reprint.lines).toContain('Diferença                                -0,50 €');
    expect(reprint.drawerPulses).toBe(0);
  });
});

describe("the sellers' figures in the Z, the acta and the CSV", () => {
  it("three sellers and the counter: each seller's cash to the cent on the Z, the cards per seller in the acta and its PDF, a line per settlement in the CSV", async () => {
    const ana = await handOut('ana', 40);
    const bruno = await handOut('bruno', 40);
    expect((await sell(5)).ranges).toEqual([A(81, 85)]);
    const carla = await handOut('carla', 40);
    // Ana sold 33 and hands back A 34-40 (the middle of the order), with 33,00 €.
    await collect(ana, 34, 3_300);
    // The counter's next 10: the seven handed back first, then A 126-128.
    expect((await sell(10)).ranges).toEqual([A(34, 40), A(126, 128)]);
    // Bruno sold his 40 and is 0,50 € short; Carla sold 25 (A 86-110) and is 0,20 € over.
    await collect(bruno, null, 3_950);
    await collect(carla, 111, 2_520);
    // A 111-125 handed to Ana again, all sold, 15,00 €.
    const anaAgain = await handOut('ana', 15);
    expect(anaAgain.ranges).toEqual([A(111, 125)]);
    await collect(anaAgain, null, 1_500);
    expect(await h.ok('game.closeSale', { gameId }, t.manager)).toMatchObject({ cardsSold: 128, totalCents: 12_800, ranges: [A(1, 128)] });

    // The caixa's drawer: the float, 128,00 € of cards, Bruno's 0,50 € short and Carla's 0,20 € over: 227,70 €.
    expect(cash()).toBe(TEST_FLOAT_CENTS + 12_800 - 50 + 20);
    expect(TEST_FLOAT_CENTS + 12_800 - 50 + 20).toBe(22_770);
    const closed = await h.ok('drawer.close', { countedByDenomination: notes(22_770) }, t.cashier);
    const z = await h.ok('report.z', { drawerId: closed.drawerId }, t.cashier);
    // Per seller, by name: Ana two blocks (33 + 15 = 48 cards, 48,00 € owed and counted), Bruno 40 (-0,50 €), Carla 25 (+0,20 €).
    expect(z.sellers).toEqual([
      { seller: 'Ana Lopes', username: 'ana', blocks: 2, cardsSold: 48, owedCents: 4_800, countedCents: 4_800, differenceCents: 0 },
      { seller: 'Bruno Reis', username: 'bruno', blocks: 1, cardsSold: 40, owedCents: 4_000, countedCents: 3_950, differenceCents: -50 },
      { seller: 'Carla Dias', username: 'carla', blocks: 1, cardsSold: 25, owedCents: 2_500, countedCents: 2_520, differenceCents: 20 },
    ]);
    expect(z.movements).toMatchObject({ sales: 12_800, sellerSurpluses: 20, sellerShortages: 50 });
    const zLines = (await printed('z_report')).lines;
    const from = zLines.indexOf('Vendedores');
    expect(zLines.slice(from, from + 16)).toEqual([
      'Vendedores',
      'Ana Lopes',
      'Cartões vendidos                            48',
      'Devido                                 48,00 €',
      'Contado                                48,00 €',
      'Diferença                               0,00 €',
      'Bruno Reis',
      'Cartões vendidos                            40',
      'Devido                                 40,00 €',
      'Contado                                39,50 €',
      'Diferença                              -0,50 €',
      'Carla Dias',
      'Cartões vendidos                            25',
      'Devido                                 25,00 €',
      'Contado                                25,20 €',
      'Diferença                              +0,20 €',
    ]);

    // The acta: the game's 128 cards per person who sold them (the counter's 15 by its operator).
    const acta = await h.ok('session.acta', { sessionId }, t.manager);
    expect(acta.games[0]!.cardsBySeller).toEqual([
      { username: 'ana', name: 'Ana Lopes', cards: 48 },
      { username: 'bruno', name: 'Bruno Reis', cards: 40 },
      { username: 'caixa1', name: 'Caixa Um', cards: 15 },
      { username: 'carla', name: 'Carla Dias', cards: 25 },
    ]);
    const pdf = pdfPages(Buffer.from((await h.ok('report.actaPdf', { sessionId }, t.manager)).base64, 'base64')).flat();
    const table = pdf.indexOf('Cartões vendidos por vendedor (art. 13.º)');
    expect(pdf.slice(table, table + 6)).toEqual([
      'Cartões vendidos por vendedor (art. 13.º)',
      'Jogada Vendedor Utilizador Cartões',
      '1 Ana Lopes ana 48',
      '1 Bruno Reis bruno 40',
      '1 Caixa Um caixa1 15',
      '1 Carla Dias carla 25',
    ]);

    // The CSV: one line per block collected, in the order of the returns.
    const file = await h.ok('export.sellerSettlements', { sessionId }, t.manager);
    expect(file).toMatchObject({ filename: `vendedores-sessao-${sessionId}.csv`, rows: 4 });
    const rows = file.content.replace(/^\ufeff/, '').split('\r\n').filter(Boolean).map((l) => l.split(';'));
    expect(rows[0]!.slice(0, 21)).toEqual([
      'Bloco n.º',
      'Jogada',
      'Vendedor',
      'Vendedor (utilizador)',
      'Entregue em',
      'Cartões entregues',
      'Quantidade entregue',
      'Recolhido em',
      'Primeiro por vender',
      'Vendidos',
      'Devolvidos',
      'Preço unitário (€)',
      'Devido (€)',
      'Contado (€)',
      'Diferença (€)',
      'Diferença aceite por',
      'Diferença aceite por (utilizador)',
      'Motivo',
      'Recebido por',
      'Recebido por (utilizador)',
      'Terminal',
    ]);
    const cells = (r: string[]) => [r[0], r[2], r[5], r[6], r[8], r[9], r[10], r[12], r[13], r[14], r[18]];
    expect(rows.slice(1).map(cells)).toEqual([
      [String(ana.blockId), 'Ana Lopes', 'A 1-40', '40', 'A 34', '33', '7', '33,00', '33,00', '0,00', 'Caixa Um'],
      [String(bruno.blockId), 'Bruno Reis', 'A 41-80', '40', '', '40', '0', '40,00', '39,50', '-0,50', 'Caixa Um'],
      [String(carla.blockId), 'Carla Dias', 'A 86-125', '40', 'A 111', '25', '15', '25,00', '25,20', '0,20', 'Caixa Um'],
      [String(anaAgain.blockId), 'Ana Lopes', 'A 111-125', '15', '', '15', '0', '15,00', '15,00', '0,00', 'Caixa Um'],
    ]);
    // A counter role reads no seller's books.
    expect((await h.refused('export.sellerSettlements', { sessionId }, t.cashier)).code).toBe('FORBIDDEN');
  });
});

describe('a refund by the card presented, after an annulment', () => {
  it("refunds a card a seller sold once, against its number, a block out at the annulment collected after it; refuses a card not sold, twice, a game not annulled and the whole of a sale already refunded by card; the books and the export's check hold", async () => {
    // Ana sells A 1-10 (all, 10,00 €); the counter sells A 11-15 (5,00 €); Bruno holds A 16-25 when the game is annulled.
    const ana = await handOut('ana', 10);
    await collect(ana, null, 1_000);
    const counter = await sell(5);
    expect(counter.ranges).toEqual([A(11, 15)]);
    const bruno = await handOut('bruno', 10);
    expect(bruno.ranges).toEqual([A(16, 25)]);
    const anaSaleId = (await h.ok('seller.list', { gameId }, t.cashier)).blocks[0]!.returned!.saleId!;

    // Before the annulment: refused, nothing paid (art. 16.º, n.º 4).
    let before = snapshot(h.kiosk);
    const notAnnulled = await h.refused('refund.payCard', { gameId, seriesCode: 'A', number: 7 }, t.cashier);
    expect([notAnnulled.code, notAnnulled.message]).toEqual([
      'REFUND_NOT_ALLOWED',
      'Devolução recusada: a jogada n.º 1 não foi anulada; a saída de um jogador não dá direito a devolução (art. 16.º, n.º 4).',
    ]);
    expect(snapshot(h.kiosk)).toEqual(before);

    await h.ok('game.suspend', { gameId }, t.manager);
    h.clock.advanceMinutes(15);
    await h.ok('game.annul', { gameId, reason: 'failure_before_draw' }, t.manager);
    // No other game opens while Bruno holds A 16-25: his unsold cards would stay a gap once the next game sells past them.
    expect(await h.refused('game.open', { seriesCode: 'A' }, t.manager)).toEqual({
      code: 'GAME_OPEN_BLOCKS_OUT',
      message:
        'Não pode abrir outra jogada: Bruno Reis ainda tem cartões de uma jogada anterior; recolha-os primeiro, para que os que ficaram por vender voltem à ordem da série (DN 80/85, art. 12.º, n.º 2: os cartões vendem-se pelo número de ordem).',
    });
    // Bruno comes back after the annulment: he sold A 16-19 and hands over 4,00 €; those become his sale, refundable.
    const brunoBack = await collect(bruno, 20, 400);
    expect(brunoBack.returned).toMatchObject({ soldCards: 4, returnedCards: 6, owedCents: 400, differenceCents: 0 });
    const brunoSaleId = brunoBack.returned!.saleId!;

    // A player hands back A 7, sold by Ana: its price, 1,00 €, out of the caixa's drawer.
    const drawerBefore = cash();
    const paid = await h.ok('refund.payCard', { gameId, seriesCode: 'A', number: 7 }, t.cashier);
    expect(paid).toMatchObject({ gameId, gameNumber: 1, saleId: anaSaleId, seriesCode: 'A', number: 7, amountCents: 100 });
    expect(cash()).toBe(drawerBefore - 100);
    const receipt = await printed('refund_by_card');
    expect(receipt.lines.slice(1)).toEqual([
      'DEVOLUÇÃO DE CARTÃO',
      `Devolução n.º                                  ${paid.refundId}`,
      'Data                            30/11/2026 20:15',
      'Sessão n.º                                     1',
      'Jogada n.º                                     1',
      'Terminal                                      T1',
      'Jogada n.º 1 anulada (art. 16.º)',
      'Avaria antes da extração (art. 16.º n.º 1)',
      'Cartão                             Série A n.º 7',
      `Vendido na venda n.º                           ${anaSaleId}`,
      'VALOR             1,00 €',
      'Devolução integral do preço do cartão, uma só',
      'vez (art. 16.º n.º 3).',
      'Pago por                                Caixa Um',
      'Assinatura do jogador',
      ...PROGRAM,
    ]);
    expect(receipt.drawerPulses).toBe(1);

    // The same card again, a card Bruno handed back unsold, and Ana's whole sale: refused in words, nothing paid.
    before = snapshot(h.kiosk);
    const twice = await h.refused('refund.payCard', { gameId, seriesCode: 'A', number: 7 }, t.cashier);
    expect([twice.code, twice.message]).toEqual([
      'CARD_ALREADY_REFUNDED',
      'O cartão A 7 da jogada n.º 1 já foi reembolsado: cada cartão é reembolsado uma só vez (DN 80/85, art. 16.º, n.º 3: a devolução integral do preço do cartão). Nada foi pago.',
    ]);
    const unsold = await h.refused('refund.payCard', { gameId, seriesCode: 'A', number: 22 }, t.cashier);
    expect([unsold.code, unsold.message]).toEqual([
      'CARD_REFUND_NOT_SOLD',
      'O cartão A 22 não foi vendido na jogada n.º 1: só se reembolsa um cartão vendido na jogada anulada (DN 80/85, art. 16.º, n.º 3). Nada foi pago.',
    ]);
    const whole = await h.refused('refund.pay', { saleId: anaSaleId }, t.cashier);
    expect([whole.code, whole.message]).toEqual([
      'REFUND_SALE_CARDS_REFUNDED',
      `A venda n.º ${anaSaleId} não se devolve por inteiro: 1 cartão dela já foi reembolsado um a um; reembolse os outros pelo número de cada cartão (DN 80/85, art. 16.º, n.º 3). Nada foi pago.`,
    ]);
    expect(snapshot(h.kiosk)).toEqual(before);

    // The counter's sale refunded whole by its receipt: its cards are refunded with it.
    await h.ok('refund.pay', { saleId: counter.saleId }, t.cashier);
    before = snapshot(h.kiosk);
    expect((await h.refused('refund.payCard', { gameId, seriesCode: 'A', number: 12 }, t.cashier)).code).toBe('CARD_ALREADY_REFUNDED');
    expect(snapshot(h.kiosk)).toEqual(before);
    // Ana's A 1 and A 10, and Bruno's A 18, one by one.
    for (const n of [1, 10, 18]) expect((await h.ok('refund.payCard', { gameId, seriesCode: 'A', number: n }, t.cashier)).amountCents).toBe(100);
    expect((await h.ok('refund.payCard', { gameId, seriesCode: 'A', number: 19 }, t.cashier)).saleId).toBe(brunoSaleId);
    // Paid out: 1,00 € × 5 by card and the counter's 5,00 €.
    expect(cash()).toBe(drawerBefore - 1_000);
    // The refunds' list (those not refunded whole first): Ana's and Bruno's sales refunded card by card (3 and 2 cards), the counter's whole.
    expect((await h.ok('refund.list', {}, t.cashier)).map((r) => [r.saleId, r.refunded, r.cardsRefunded])).toEqual([
      [anaSaleId, false, 3],
      [brunoSaleId, false, 2],
      [counter.saleId, true, 0],
    ]);

    // The acta counts the refunds (10,00 €) and the cards per seller; the books hold, each card refund with its transaction and audit row.
    const acta = await h.ok('session.acta', { sessionId }, t.manager);
    expect([acta.games[0]!.refundedCents, acta.totals.refundedCents]).toEqual([1_000, 1_000]);
    expect(acta.games[0]!.cardsBySeller).toEqual([
      { username: 'ana', name: 'Ana Lopes', cards: 10 },
      { username: 'bruno', name: 'Bruno Reis', cards: 4 },
      { username: 'caixa1', name: 'Caixa Um', cards: 5 },
    ]);
    expect(checkBooks(h.kiosk.db, 20).findings).toEqual([]);
    expect((await h.ok('books.verify', {}, t.manager)).findings).toEqual([]);

    // The session closed and exported: the inspector's check finds each sale and refund backed by its entry (a seller's
    // sale by the block's return), the acta's figures recomputed, the cards per seller included.
    const drawer = openDrawersAt(h.kiosk.db, 'T1')[0]!;
    await h.ok('drawer.close', { countedByDenomination: notes(drawerExpectedCash(h.kiosk.db, drawer)) }, t.cashier);
    await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, t.manager);
    await h.ok('session.close', { sessionId }, t.manager);
    const { zip } = await buildSessionExport(h.kiosk.db, sessionId, { pdf: async () => Buffer.from('%PDF-1.4 test'), now: h.clock.now() });
    const check = verifyExport(zip, { key: acta.hallKey!.verifierKey });
    expect(check.ok && check.documents).toMatchObject({ sales: 3, refunds: 6 });
    expect(check.ok && check.figures.totals.refundedCents).toBe(1_000);
    expect(check.ok && check.figures.games[0]!.cardsBySeller).toEqual([
      { username: 'ana', cards: 10 },
      { username: 'bruno', cards: 4 },
      { username: 'caixa1', cards: 5 },
    ]);
  });
});
