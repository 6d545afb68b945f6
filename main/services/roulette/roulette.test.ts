/**
 * Roulette tables through the dispatcher (SPEC 8): a table registered with
 * its minima gets the X.27 maxima; the fiscal settles a spin with five bets
 * in the X.22 payment order with the X.25 lines; an illegal bet or a stake
 * outside the limits refuses the whole settlement naming it; the log records
 * spins, null spins and the hourly changes, and says when one is due.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot } from '../../../test/harness.js';
import { pdfPages } from '../../../test/pdf.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => {
  try {
    expectBooksHold(t.h.kiosk.db);
  } finally {
    t.h.close();
  }
});

const MINIMUMS = { pleno: 500, cavalo: 500, rua: 500, quadro: 500, linha: 500, duzia: 1000, coluna: 1000, cavaloDuzia: 1000, cavaloColuna: 1000, simples: 1000 };
const register = () => t.h.ok('table.register', { code: 'R1', wheel: 'french', minimumsCents: MINIMUMS }, t.manager);

describe('roulette tables', () => {
  it('are registered with their minima; the maxima follow X.27', async () => {
    const table = await register();
    expect(table.limits).toMatchObject({
      pleno: { minimumCents: 500, maximumCents: 5_000 },
      cavalo: { minimumCents: 500, maximumCents: 10_000 },
      rua: { minimumCents: 500, maximumCents: 15_000 },
      quadro: { minimumCents: 500, maximumCents: 20_000 },
      linha: { minimumCents: 500, maximumCents: 30_000 },
      duzia: { minimumCents: 1_000, maximumCents: 120_000 },
      simples: { minimumCents: 1_000, maximumCents: 180_000 },
      cavaloDuzia: { minimumCents: 1_000, maximumCents: 240_000 },
    });
    expect((await t.h.ok('table.list', {}, t.manager)).map((x) => x.code)).toEqual(['R1']);
    const before = snapshot(t.h.kiosk);
    expect((await t.h.refused('table.register', { code: 'R1', wheel: 'french', minimumsCents: MINIMUMS }, t.manager)).code).toBe('ROULETTE_TABLE_TAKEN');
    expect((await t.h.refused('table.register', { code: 'R2', wheel: 'french', minimumsCents: { ...MINIMUMS, cavaloDuzia: 1001 } }, t.manager)).code).toBe(
      'ROULETTE_STAKE_ODD',
    );
    expect((await t.h.refused('table.register', { code: 'R3', wheel: 'french', minimumsCents: MINIMUMS }, t.cashier)).code).toBe('FORBIDDEN');
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('prints the limits sign on the receipts printer, refused without one', async () => {
    await register();
    expect((await t.h.refused('table.printLimits', { tableCode: 'R1' }, t.manager)).code).toBe('LIMITS_NO_PRINTER');
    await t.h.ok(
      'printer.configure',
      { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 },
      t.manager,
    );
    const { printJobId } = await t.h.ok('table.printLimits', { tableCode: 'R1' }, t.manager);
    const job = t.h.kiosk.db.prepare(`SELECT title, document FROM print_jobs WHERE id = ?`).get(printJobId) as { title: string; document: string };
    expect(job.title).toBe('Limites da mesa R1');
    const pairs = (JSON.parse(job.document) as { blocks: { kind: string; left?: string; right?: string }[] }).blocks.filter((b) => b.kind === 'pair');
    expect(pairs.slice(0, 3).map((b) => [b.left, b.right])).toEqual([
      ['Pleno', '5,00 € a 50,00 €'],
      ['Cavalo', '5,00 € a 100,00 €'],
      ['Rua', '5,00 € a 150,00 €'],
    ]);
  });

  it('colour chips: a value between the pleno minimum and maximum (IX.6), a late chip at the table minimum (IX.9)', async () => {
    await register();
    await t.h.ok('table.colourChip', { tableCode: 'R1', colour: 'verde', valueCents: 1_000 }, t.manager);
    let chips = await t.h.ok('table.colourChip', { tableCode: 'R1', colour: 'azul', late: true }, t.manager);
    expect(chips.chips.map((c) => [c.colour, c.valueCents, c.late])).toEqual([
      ['azul', 500, true],
      ['verde', 1_000, false],
    ]);
    // Marked again: the newest value stands; the old one stays on record.
    chips = await t.h.ok('table.colourChip', { tableCode: 'R1', colour: 'verde', valueCents: 5_000 }, t.manager);
    expect(chips.chips.find((c) => c.colour === 'verde')?.valueCents).toBe(5_000);
    expect(t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM colour_chips`).pluck().get()).toBe(3);
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('table.colourChip', { tableCode: 'R1', colour: 'rosa', valueCents: 5_001 }, t.manager)).toEqual({
      code: 'ROULETTE_CHIP_VALUE_INVALID',
      message: 'Valor de 50,01 € recusado para as fichas sem valor facial: tem de estar entre o mínimo 5,00 € e o máximo 50,00 € de um pleno nesta banca (IX.6).',
    });
    expect((await t.h.refused('table.colourChip', { tableCode: 'R1', colour: 'rosa', valueCents: 499 }, t.manager)).code).toBe('ROULETTE_CHIP_VALUE_INVALID');
    expect((await t.h.refused('table.colourChip', { tableCode: 'R1', colour: 'rosa' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect(snapshot(t.h.kiosk)).toEqual(before);
    expect((await t.h.ok('table.colourChips', { tableCode: 'R1' }, t.manager)).chips).toHaveLength(2);
  });

  it('gives the limits sign as an A4 PDF to post at the table', async () => {
    await register();
    const pdf = await t.h.ok('report.tableLimitsPdf', { tableCode: 'R1' }, t.manager);
    expect(pdf.filename).toBe('limites-mesa-R1.pdf');
    const lines = pdfPages(Buffer.from(pdf.base64, 'base64')).flat();
    expect(lines).toContain('Mesa R1');
    expect(lines).toContain('Pleno 5,00 € 50,00 €');
    expect(lines).toContain('Cavalo de dúzia 10,00 € 2400,00 €');
    expect(lines).toContain('Chances simples 10,00 € 1800,00 €');
  });

  it('the wheels: X.9 French, 37 numbers from 0', async () => {
    const french = await t.h.ok('roulette.wheel', { wheel: 'french' }, t.manager);
    expect(french.sequence.slice(0, 5)).toEqual([0, 32, 15, 19, 4]);
    expect(new Set(french.sequence).size).toBe(37);
    expect((await t.h.ok('roulette.wheel', { wheel: 'american' }, t.manager)).sequence).toHaveLength(37);
  });

  it('settles a spin with five bets: prizes, returns, the X.22 payment order and the X.25 lines', async () => {
    await register();
    // 17 comes out (black, odd, low, 2nd dozen, 2nd column).
    const r = await t.h.ok(
      'roulette.settle',
      {
        tableCode: 'R1',
        number: 17,
        bets: [
          { chance: 'pleno', numbers: [17], amountCents: 1_000, colour: 'verde' },
          { chance: 'cavalo', numbers: [17, 20], amountCents: 500 },
          { chance: 'preto', amountCents: 2_000 },
          { chance: 'duzia', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], amountCents: 1_000 },
          { chance: 'coluna', numbers: [2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35], amountCents: 1_000 },
        ],
      },
      t.manager,
    );
    expect(r.colour).toBe('preto');
    expect(r.bets.map((b) => [b.chance, b.won, b.prizeCents, b.returnedCents])).toEqual([
      ['pleno', true, 35_000, 36_000],
      ['cavalo', true, 8_500, 9_000],
      ['preto', true, 2_000, 4_000],
      ['duzia', false, 0, 0],
      ['coluna', true, 2_000, 3_000],
    ]);
    expect(r.totalPrizeCents).toBe(47_500);
    // Columns first, then simple chances, ..., cavalos, plenos (X.22); the lost dozen is not paid.
    expect(r.paymentOrder).toEqual([4, 2, 1, 0]);
    expect(r.bets[0]!.announcement).toBe('pleno de 10,00 €, verde, total de 350,00 €');
  });

  it('refuses the whole settlement for an illegal bet or a stake outside the limits, naming it', async () => {
    await register();
    const bet = (b: object) => t.h.refused('roulette.settle', { tableCode: 'R1', number: 5, bets: [{ chance: 'pleno', numbers: [5], amountCents: 500 }, b] }, t.manager);
    expect((await bet({ chance: 'cavalo', numbers: [1, 5], amountCents: 500 })).code).toBe('ROULETTE_BET_ILLEGAL');
    const over = await bet({ chance: 'pleno', numbers: [7], amountCents: 5_001 });
    expect(over).toEqual({ code: 'ROULETTE_STAKE_OUT_OF_LIMITS', message: 'Aposta de 50,01 € em pleno fora dos limites da banca: mínimo 5,00 €, máximo 50,00 € (X.27).' });
    expect((await bet({ chance: 'rua', numbers: [1, 2, 3], amountCents: 499 })).code).toBe('ROULETTE_STAKE_OUT_OF_LIMITS');
    expect((await t.h.refused('roulette.settle', { tableCode: 'R9', number: 5, bets: [{ chance: 'par', amountCents: 1_000 }] }, t.manager)).code).toBe(
      'ROULETTE_TABLE_NOT_FOUND',
    );
  });

  it('logs spins and null spins, and says when the hourly ball and dealer changes are due', async () => {
    await register();
    let log = await t.h.ok('roulette.spin', { tableCode: 'R1', number: 0 }, t.manager);
    expect(log).toMatchObject({ ballChangeDue: false, dealerChangeDue: false, entries: [{ kind: 'spin', number: 0, colour: 'verde' }] });
    t.h.clock.advanceMinutes(60);
    const manager = await t.h.login('gerente', '2222');
    log = await t.h.ok('roulette.nullSpin', { tableCode: 'R1', reason: 'Bola saltou para fora do cilindro' }, manager);
    expect(log).toMatchObject({ ballChangeDue: true, dealerChangeDue: true });
    expect(log.entries[0]).toMatchObject({ kind: 'null_spin', number: null, note: 'Bola saltou para fora do cilindro' });
    log = await t.h.ok('roulette.change', { tableCode: 'R1', kind: 'ball' }, manager);
    expect(log).toMatchObject({ ballChangeDue: false, dealerChangeDue: true });
    log = await t.h.ok('roulette.change', { tableCode: 'R1', kind: 'dealer', note: 'Entra o pagador Rui' }, manager);
    expect(log).toMatchObject({ ballChangeDue: false, dealerChangeDue: false });
    expect(log.entries.map((e) => e.kind)).toEqual(['dealer_change', 'ball_change', 'null_spin', 'spin']);
    expect((await t.h.refused('roulette.spin', { tableCode: 'R1', number: 37 }, manager)).code).toBe('VALIDATION_FAILED');
  });
});

describe('the chip exchange at the caixa (IX.7)', () => {
  // The manager works the caixa's desk here (role caixa or a manager), on terminal T1's open drawer.
  it('sells and redeems face-value chips: the drawer and the chip float move by the exact amounts', async () => {
    const sold = await t.h.ok('chips.sell', { chips: [{ valueCents: 2_500, count: 2 }, { valueCents: 500, count: 3 }, { valueCents: 2_500, count: 1 }], payment: { method: 'cash', tenderedCents: 10_000 } }, t.manager);
    // 3 x 25 € + 3 x 5 € = 90 €, paid with 100 €: 10 € change; the drawer goes from 100 € to 190 €.
    expect(sold).toMatchObject({ kind: 'sell', totalCents: 9_000, changeCents: 1_000, drawerCashCents: 19_000, chips: [{ valueCents: 2_500, count: 3 }, { valueCents: 500, count: 3 }] });
    const redeemed = await t.h.ok('chips.redeem', { chips: [{ valueCents: 10_000, count: 1 }, { valueCents: 100, count: 5 }] }, t.manager);
    expect(redeemed).toMatchObject({ kind: 'redeem', totalCents: 10_500, drawerCashCents: 8_500 });
    const x = await t.h.ok('report.x', {}, t.manager);
    expect([x.movements.chipsSold, x.movements.chipsRedeemed, x.expectedCents]).toEqual([9_000, 10_500, 8_500]);
    expect(t.h.kiosk.db.prepare(`SELECT SUM(amount_cents) FROM ledger_entries WHERE account = 'chips:T1'`).pluck().get()).toBe(-9_000 + 10_500);
  });

  it('refuses colour chips (IX.7), unknown values, short cash and a redemption over the drawer; nothing changes', async () => {
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('chips.redeem', { chips: [{ valueCents: 500, count: 2 }, { valueCents: 1_000, count: 1, faceValue: false }] }, t.manager)).toEqual({
      code: 'CHIPS_NO_FACE_VALUE',
      message: 'Fichas sem valor facial (10,00 €) não são pagas na caixa: troque-as na sua banca (IX.7).',
    });
    expect((await t.h.refused('chips.sell', { chips: [{ valueCents: 300, count: 1 }], payment: { method: 'cash', tenderedCents: 300 } }, t.manager)).code).toBe('CHIP_VALUE_UNKNOWN');
    expect((await t.h.refused('chips.sell', { chips: [{ valueCents: 500, count: 0 }], payment: { method: 'cash', tenderedCents: 500 } }, t.manager)).code).toBe('CHIP_COUNT_INVALID');
    expect((await t.h.refused('chips.sell', { chips: [{ valueCents: 5_000, count: 1 }], payment: { method: 'cash', tenderedCents: 4_000 } }, t.manager)).code).toBe('CHIPS_TENDERED_SHORT');
    expect((await t.h.refused('chips.redeem', { chips: [{ valueCents: 10_000, count: 2 }] }, t.manager)).code).toBe('PAYOUT_EXCEEDS_CASH');
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });
});
