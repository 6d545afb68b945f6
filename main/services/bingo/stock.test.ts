/**
 * The card stock on a real SQLite file (DN 80/85, art. 3.º; issue 41, item 3):
 * a series registered with its edition and emission number, boxes received,
 * cards to the counters and back, a sale, cards destroyed; the figures add
 * up, the emission number is printed on the receipt (decoded as the printer
 * prints it) and on the acta (its PDF's text), the stock goes into the acta
 * at the session's start, and each refusal changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEscPos } from '../../../printing/escpos.js';
import { decodeEscPos } from '../../../tools/printer-emulator/decode.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { snapshot, type Harness } from '../../../test/harness.js';
import { pdfPages } from '../../../test/pdf.js';

const CLOSE_AT = '2026-12-01T02:00:00.000Z';
const EDITION = { authorisationRef: 'SRIJ 45/2026', authorisationDate: '2026-10-02', emission: '2026/7' };

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall({ idleMs: 86_400_000, printRetryDelaysMs: [] });
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300, ...EDITION }, t.manager);
});

afterEach(() => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
  }
});

/** The database, but for the print queue's attempts (its worker tries the test printer on its own time). */
function state(): Record<string, unknown[]> {
  const { print_jobs: _jobs, ...rest } = snapshot(h.kiosk);
  return rest;
}

const stock = async (code = 'A') => (await h.ok('stock.list', {}, t.manager)).series.find((s) => s.seriesCode === code)!;
const openSession = () => h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
const sell = (gameId: number, quantity: number) => h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);

/** The last sale receipt as printed: lines trimmed, blank lines and rules left out. */
function lastReceipt(): string[] {
  const row = h.kiosk.db.prepare(`SELECT document FROM print_jobs WHERE kind = 'sale_receipt' ORDER BY id DESC LIMIT 1`).get() as { document: string };
  return decodeEscPos(renderEscPos(JSON.parse(row.document) as Parameters<typeof renderEscPos>[0], { codepage: 'cp858', widthMm: 80 }))
    .lines.map((l) => l.trim())
    .filter((l) => l !== '' && !/^[-=_]+$/.test(l));
}

describe('the stock of a series, from its boxes to the sale and destruction', () => {
  it('adds up at every step and prints the emission number on the receipt and the acta', async () => {
    await h.ok('stock.receive', { seriesCode: 'A', from: 1, to: 200, receivedBy: 'Rui Costa', box: 'CX-1' }, t.manager);
    await h.ok('stock.receive', { seriesCode: 'A', from: 201, to: 300, receivedBy: 'Rui Costa' }, t.manager);
    await h.ok('stock.issue', { seriesCode: 'A', from: 1, to: 100 }, t.manager);
    await h.ok('stock.return', { seriesCode: 'A', from: 81, to: 100 }, t.manager);
    const before = await stock();
    expect(before).toMatchObject({
      edition: { authorisationRef: 'SRIJ 45/2026', authorisationDate: '2026-10-02', by: 'gerente' },
      emission: '2026/7',
      followed: true,
      figures: { received: 300, inStock: 220, atCounters: 80, sold: 0, destroyed: 0, soldNotReceived: 0 },
      atCounters: [{ from: 1, to: 80 }],
    });

    // The start of the session records the stock in the acta (art. 3.º).
    const session = await openSession();
    const entry = h.kiosk.db.prepare(`SELECT data FROM acta_entries WHERE session_id = ? AND kind = 'card_stock'`).get(session.id) as { data: string };
    expect(JSON.parse(entry.data)).toEqual({
      series: [{ code: 'A', emission: '2026/7', received: 300, inStock: 220, atCounters: 80, sold: 0, destroyed: 0, soldNotReceived: 0 }],
      by: 'gerente',
    });

    const g = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await sell(g.id, 5);
    const receipt = lastReceipt();
    expect(receipt.slice(receipt.indexOf('Série A: n.º 1 a 5'), receipt.indexOf('Série A: n.º 1 a 5') + 2)).toEqual([
      'Série A: n.º 1 a 5',
      'Emissão da série A                        2026/7',
    ]);
    expect((await stock()).figures).toEqual({ received: 300, inStock: 220, atCounters: 75, sold: 5, destroyed: 0, soldNotReceived: 0 });

    // Destroyed: a manager's act with its reason and record, confirmed with the number of cards.
    const destroyed = await h.ok(
      'stock.destroy',
      { seriesCode: 'A', from: 291, to: 300, reason: 'Cartões molhados', recordRef: 'Auto 3/2026', confirmCards: 10 },
      t.manager,
    );
    expect(destroyed).toMatchObject({ kind: 'destroyed', from: 291, to: 300, reason: 'Cartões molhados', recordRef: 'Auto 3/2026', by: 'gerente' });
    const after = (await stock()).figures;
    expect(after).toEqual({ received: 300, inStock: 210, atCounters: 75, sold: 5, destroyed: 10, soldNotReceived: 0 });
    expect(after.inStock + after.atCounters + after.sold + after.destroyed).toBe(after.received);

    // The acta names the emission of each series sold (art. 3.º, n.º 2): as data (the export's acta.json) and in its PDF.
    await h.ok('game.closeSale', { gameId: g.id }, t.manager);
    expect((await h.ok('session.acta', { sessionId: session.id }, t.manager)).emissions).toEqual([{ seriesCode: 'A', emission: '2026/7' }]);
    const pdf = await h.ok('report.actaPdf', { sessionId: session.id }, t.manager);
    const text = pdfPages(Buffer.from(pdf.base64, 'base64')).flat();
    expect(text).toContain('Numeração de emissão das séries (art. 3.º, n.º 2): A 2026/7');
  });

  it('records the edition of a series registered without it, once', async () => {
    await h.ok('series.register', { code: 'B', priceCents: 100, size: 90 }, t.manager);
    expect((await stock('B')).edition).toBeNull();
    await h.ok('stock.recordEdition', { seriesCode: 'B', authorisationRef: 'SRIJ 46/2026', authorisationDate: '2026-10-03', emission: '2026/8' }, t.manager);
    expect(await stock('B')).toMatchObject({ emission: '2026/8', followed: false, figures: { received: 0 } });
  });
});

describe('refusals change nothing', () => {
  async function refusedUnchanged(channel: Parameters<Harness['refused']>[0], input: unknown, code: string, message?: string) {
    const before = state();
    const e = await h.refused(channel, input as never, t.manager);
    expect(e.code).toBe(code);
    if (message) expect(e.message).toBe(message);
    expect(state()).toEqual(before);
  }

  beforeEach(async () => {
    await h.ok('stock.receive', { seriesCode: 'A', from: 1, to: 200, receivedBy: 'Rui Costa' }, t.manager);
    await h.ok('stock.issue', { seriesCode: 'A', from: 1, to: 50 }, t.manager);
  });

  it('a box overlapping one received', () =>
    refusedUnchanged(
      'stock.receive',
      { seriesCode: 'A', from: 150, to: 300, receivedBy: 'Rui Costa' },
      'STOCK_ALREADY_RECEIVED',
      'Os cartões 150–200 da série A já foram recebidos noutra caixa: cada cartão da série entra uma só vez (DN 80/85, art. 3.º, n.º 2). Nada foi registado.',
    ));
  it('a box beyond the series', () => refusedUnchanged('stock.receive', { seriesCode: 'A', from: 201, to: 301, receivedBy: 'Rui' }, 'STOCK_RANGE_INVALID'));
  it('a box of a series not registered', () => refusedUnchanged('stock.receive', { seriesCode: 'Z', from: 1, to: 2, receivedBy: 'Rui' }, 'SERIES_NOT_FOUND'));
  it('cards to the counters never received', () => refusedUnchanged('stock.issue', { seriesCode: 'A', from: 190, to: 210 }, 'STOCK_NOT_RECEIVED'));
  it('cards to the counters already there', () => refusedUnchanged('stock.issue', { seriesCode: 'A', from: 50, to: 60 }, 'STOCK_AT_COUNTERS'));
  it('a return of cards that never went out', () => refusedUnchanged('stock.return', { seriesCode: 'A', from: 45, to: 55 }, 'STOCK_NOT_AT_COUNTERS'));
  it('a destruction of cards at the counters', () =>
    refusedUnchanged('stock.destroy', { seriesCode: 'A', from: 41, to: 60, reason: 'Danificados', recordRef: 'Auto 1', confirmCards: 20 }, 'STOCK_AT_COUNTERS'));
  it('a destruction not confirmed with its number of cards', () =>
    refusedUnchanged('stock.destroy', { seriesCode: 'A', from: 191, to: 200, reason: 'Danificados', recordRef: 'Auto 1', confirmCards: 9 }, 'STOCK_DESTROY_UNCONFIRMED'));
  it('a destruction without its record', () =>
    refusedUnchanged('stock.destroy', { seriesCode: 'A', from: 191, to: 200, reason: 'Danificados', confirmCards: 10 }, 'VALIDATION_FAILED'));
  it('a second edition of a series', () => refusedUnchanged('stock.recordEdition', { seriesCode: 'A', ...EDITION, authorisationRef: 'Outra' }, 'EDITION_ALREADY_RECORDED'));
  it('an edition of an impossible date', () =>
    refusedUnchanged('series.register', { code: 'C', priceCents: 100, size: 90, ...EDITION, authorisationDate: '2026-02-30' }, 'EDITION_DATE_INVALID'));
  it('an edition whose emission is not the series own', async () => {
    await h.ok('series.register', { code: 'D', priceCents: 100, size: 90, emission: '2026/1' }, t.manager);
    await refusedUnchanged('stock.recordEdition', { seriesCode: 'D', ...EDITION }, 'EDITION_EMISSION_MISMATCH');
  });
  it('the stock to a cashier', async () => {
    const e = await h.refused('stock.receive', { seriesCode: 'A', from: 201, to: 300, receivedBy: 'Rui' }, t.cashier);
    expect(e.code).toBe('FORBIDDEN');
  });

  it('a sale of cards never received, or destroyed', async () => {
    await h.ok('stock.destroy', { seriesCode: 'A', from: 51, to: 60, reason: 'Danificados', recordRef: 'Auto 1', confirmCards: 10 }, t.manager);
    await openSession();
    const g = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await sell(g.id, 50);
    let before = state();
    let e = await h.refused('sale.create', { gameId: g.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
    expect(e.code).toBe('SALE_CARDS_DESTROYED');
    expect(state()).toEqual(before);

    await h.ok('series.register', { code: 'B', priceCents: 100, size: 90 }, t.manager);
    await h.ok('stock.receive', { seriesCode: 'B', from: 1, to: 3, receivedBy: 'Rui Costa' }, t.manager);
    await h.ok('game.closeSale', { gameId: g.id }, t.manager);
    const g2 = await h.ok('game.open', { seriesCode: 'B' }, t.manager);
    before = state();
    e = await h.refused('sale.create', { gameId: g2.id, quantity: 5, payment: { method: 'cash', tenderedCents: 500 } }, t.cashier);
    expect(e.code).toBe('SALE_CARDS_NOT_RECEIVED');
    expect(e.message).toBe(
      'Venda recusada: os cartões 4–5 da série B não foram recebidos na sala; só se usam cartões da edição autorizada (DN 80/85, art. 3.º, n.º 1). Registe a caixa que os trouxe.',
    );
    expect(state()).toEqual(before);
  });
});
