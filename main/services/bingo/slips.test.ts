/**
 * The void and refund slips (issue 38) on a real SQLite file: a voided sale
 * and a refund paid each print a slip on the receipts printer naming the sale,
 * its game and cards, the money given back, who did it (and who approved a
 * void), when and where; read here as the printer would print it (the
 * document rendered to ESC/POS and decoded by the printer emulator's decoder).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEscPos } from '../../../printing/escpos.js';
import { decodeEscPos } from '../../../tools/printer-emulator/decode.js';
import { wrapText } from '../../../printing/preview.js';
import { softwareLabel } from '../../version.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import type { Harness } from '../../../test/harness.js';

const CLOSE_AT = '2026-12-01T02:00:00.000Z';

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall({ idleMs: 86_400_000, printRetryDelaysMs: [] });
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
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

const sell = (gameId: number, quantity: number) => h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);

/** The last job of a kind, as printed: its lines trimmed, blank lines and rules left out; and whether it opens the drawer. */
function lastSlip(kind: string): { lines: string[]; title: string; openDrawer: boolean } {
  const row = h.kiosk.db.prepare(`SELECT title, document FROM print_jobs WHERE kind = ? ORDER BY id DESC LIMIT 1`).get(kind) as { title: string; document: string };
  const doc = JSON.parse(row.document) as Parameters<typeof renderEscPos>[0];
  const lines = decodeEscPos(renderEscPos(doc, { codepage: 'cp858', widthMm: 80 }))
    .lines.map((l) => l.trim())
    .filter((l) => l !== '' && !/^[-=_]+$/.test(l));
  return { lines, title: row.title, openDrawer: doc.openDrawer === true };
}

/** The last lines: the program that printed the slip, with its version and commit (issue 40), as it wraps on 80 mm. */
const PROGRAM = wrapText(`Programa: ${softwareLabel()}`, 48);

describe('the void slip', () => {
  it('names the sale voided, its cards, the money back, the seller, the operator and the approving manager', async () => {
    const g = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await sell(g.id, 3);
    const second = await sell(g.id, 4);
    h.clock.advanceMinutes(2);
    await h.ok('sale.voidLast', { gameId: g.id, saleId: second.saleId, approval: { username: 'gerente', pin: '2222' } }, t.cashier);
    expect(lastSlip('sale_void')).toEqual({
      title: `Anulação da venda n.º ${second.saleId}`,
      openDrawer: true,
      lines: [
        'Sala de Teste',
        'ANULAÇÃO DE VENDA',
        'Venda n.º                                      2',
        'Vendida em                      30/11/2026 20:00',
        'Anulada em                      30/11/2026 20:02',
        'Sessão n.º                                     1',
        'Jogada n.º                                     1',
        'Terminal                                      T1',
        'Série A: n.º 4 a 7',
        'Cartões                                4 cartões',
        'Os cartões voltam à série para a venda seguinte.',
        'DEVOLVIDO         4,00 €',
        'Pagamento                              numerário',
        'Vendida por                             Caixa Um',
        'Anulada por                             Caixa Um',
        'Aprovada por                             Gerente',
        'Assinatura do gerente',
        ...PROGRAM,
      ],
    });
  });
});

describe('the refund slip', () => {
  it('names the sale refunded, the annulled game and why, its cards, the amount and who paid it', async () => {
    const g = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    const sale = await sell(g.id, 5);
    await h.ok('game.closeSale', { gameId: g.id }, t.manager);
    await h.ok('game.suspend', { gameId: g.id }, t.manager);
    h.clock.advanceMinutes(15);
    await h.ok('game.annul', { gameId: g.id, reason: 'failure_before_draw' }, t.manager);
    await h.ok('refund.pay', { saleId: sale.saleId }, t.cashier);
    expect(lastSlip('refund')).toEqual({
      title: `Devolução da venda n.º ${sale.saleId}`,
      openDrawer: true,
      lines: [
        'Sala de Teste',
        'DEVOLUÇÃO',
        'Venda n.º                                      1',
        'Data                            30/11/2026 20:15',
        'Sessão n.º                                     1',
        'Jogada n.º                                     1',
        'Terminal                                      T1',
        'Jogada n.º 1 anulada (art. 16.º)',
        'Avaria antes da extração (art. 16.º n.º 1)',
        'Série A: n.º 1 a 5',
        'Cartões                                5 cartões',
        'VALOR             5,00 €',
        'Devolução integral, sem dedução (art. 16.º',
        'n.º 3).',
        'Pago por                                Caixa Um',
        'Assinatura do jogador',
        ...PROGRAM,
      ],
    });
  });
});
