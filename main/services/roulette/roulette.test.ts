/**
 * Roulette tables through the dispatcher (SPEC 8): a table registered with
 * its minima gets the X.27 maxima; the fiscal settles a spin with five bets
 * in the X.22 payment order with the X.25 lines; an illegal bet or a stake
 * outside the limits refuses the whole settlement naming it; a bet in colour
 * chips is counted at the value marked at that table, refused in a colour not
 * marked there or for a stake of no whole chips; the log records spins, null
 * spins and the hourly changes, says when one is due, and records the
 * direction of each launch, which alternates (X.15).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot } from '../../../test/harness.js';
import { pdfPages } from '../../../test/pdf.js';
import { managerX } from '../../../test/x-report.js';

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
    expect(lines).toContain('Cavalo de dúzia 10,00 € 2 400,00 €');
    expect(lines).toContain('Chances simples 10,00 € 1 800,00 €');
  });

  it('the wheels: X.9 French, 37 numbers from 0', async () => {
    const french = await t.h.ok('roulette.wheel', { wheel: 'french' }, t.manager);
    expect(french.sequence.slice(0, 5)).toEqual([0, 32, 15, 19, 4]);
    expect(new Set(french.sequence).size).toBe(37);
    expect((await t.h.ok('roulette.wheel', { wheel: 'american' }, t.manager)).sequence).toHaveLength(37);
  });

  it('settles a spin with five bets: prizes, returns, the X.22 payment order and the X.25 lines', async () => {
    await register();
    await t.h.ok('table.colourChip', { tableCode: 'R1', colour: 'verde', valueCents: 1_000 }, t.manager);
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
    expect(r.bets.map((b) => b.colourChips)).toEqual([{ colour: 'verde', chips: 1, valueCents: 1_000, late: false }, null, null, null, null]);
  });

  it('a bet in colour chips: 2 green chips of 5,00 € are a 10,00 € pleno, which wins 350,00 €; a late chip counts at the minimum (IX.9)', async () => {
    await register();
    await t.h.ok('table.colourChip', { tableCode: 'R1', colour: 'verde', valueCents: 2_000 }, t.manager);
    // Marked again: the newest marking stands.
    await t.h.ok('table.colourChip', { tableCode: 'R1', colour: 'verde', valueCents: 500 }, t.manager);
    await t.h.ok('table.colourChip', { tableCode: 'R1', colour: 'azul', late: true }, t.manager);
    const before = snapshot(t.h.kiosk);
    const r = await t.h.ok(
      'roulette.settle',
      {
        tableCode: 'R1',
        number: 17,
        bets: [
          { chance: 'pleno', numbers: [17], colour: 'verde', chips: 2 },
          { chance: 'cavalo', numbers: [17, 20], colour: 'azul', amountCents: 1_500 },
          { chance: 'pleno', numbers: [20], colour: 'verde', chips: 10 },
        ],
      },
      t.manager,
    );
    expect(r.bets.map((b) => [b.amountCents, b.colourChips, b.won, b.prizeCents, b.returnedCents, b.announcement])).toEqual([
      [1_000, { colour: 'verde', chips: 2, valueCents: 500, late: false }, true, 35_000, 36_000, 'pleno de 10,00 €, verde, total de 350,00 €'],
      [1_500, { colour: 'azul', chips: 3, valueCents: 500, late: true }, true, 25_500, 27_000, 'cavalo de 15,00 €, azul, total de 255,00 €'],
      [5_000, { colour: 'verde', chips: 10, valueCents: 500, late: false }, false, 0, 0, null],
    ]);
    expect(r.totalPrizeCents).toBe(60_500);
    expect(r.paymentOrder).toEqual([1, 0]);
    // A settlement writes nothing.
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('refuses a bet in a colour not marked at that table, or a stake that is no whole number of its chips; nothing changes', async () => {
    await register();
    await t.h.ok('table.register', { code: 'R2', wheel: 'french', minimumsCents: MINIMUMS }, t.manager);
    await t.h.ok('table.colourChip', { tableCode: 'R1', colour: 'verde', valueCents: 500 }, t.manager);
    // Pink chips are marked at table R2 only: they are played there (IX.6).
    await t.h.ok('table.colourChip', { tableCode: 'R2', colour: 'rosa', valueCents: 500 }, t.manager);
    const before = snapshot(t.h.kiosk);
    const settle = (bet: object) => t.h.refused('roulette.settle', { tableCode: 'R1', number: 17, bets: [{ chance: 'pleno', numbers: [5], amountCents: 500 }, bet] }, t.manager);
    // The inspector's case: 7,00 € in green chips marked at 5,00 €.
    expect(await settle({ chance: 'pleno', numbers: [17], colour: 'verde', amountCents: 700 })).toEqual({
      code: 'ROULETTE_COLOUR_STAKE_NOT_WHOLE',
      message:
        'Aposta de 7,00 € em fichas «verde» recusada: cada ficha «verde» vale 5,00 € nesta mesa e 7,00 € não é um número inteiro de fichas (1 ficha é 5,00 €, 2 fichas são 10,00 €) (IX.7).',
    });
    expect(await settle({ chance: 'pleno', numbers: [17], colour: 'rosa', chips: 2 })).toEqual({
      code: 'ROULETTE_COLOUR_NOT_MARKED',
      message: 'As fichas «rosa» não estão marcadas na mesa R1: só se jogam nela as cores que o fiscal lá marcou (verde 5,00 €) (IX.6, IX.7).',
    });
    expect((await settle({ chance: 'pleno', numbers: [17], colour: 'amarelo', amountCents: 1_000 })).code).toBe('ROULETTE_COLOUR_NOT_MARKED');
    // 11 green chips of 5,00 € are 55,00 €: over the pleno's 50,00 € maximum (X.27).
    expect(await settle({ chance: 'pleno', numbers: [17], colour: 'verde', chips: 11 })).toEqual({
      code: 'ROULETTE_STAKE_OUT_OF_LIMITS',
      message: 'Aposta de 55,00 € em pleno fora dos limites da banca: mínimo 5,00 €, máximo 50,00 € (X.27).',
    });
    // Chips without a colour, a stake and chips both, neither.
    for (const bet of [
      { chance: 'pleno', numbers: [17], chips: 2 },
      { chance: 'pleno', numbers: [17], colour: 'verde', chips: 2, amountCents: 1_000 },
      { chance: 'pleno', numbers: [17], colour: 'verde' },
      { chance: 'pleno', numbers: [17] },
    ]) {
      expect((await settle(bet)).code, JSON.stringify(bet)).toBe('VALIDATION_FAILED');
    }
    expect(snapshot(t.h.kiosk)).toEqual(before);
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
    let log = await t.h.ok('roulette.spin', { tableCode: 'R1', number: 0, direction: 'left_to_right' }, t.manager);
    expect(log).toMatchObject({ ballChangeDue: false, dealerChangeDue: false, entries: [{ kind: 'spin', number: 0, colour: 'verde', direction: 'left_to_right' }] });
    t.h.clock.advanceMinutes(60);
    const manager = await t.h.login('gerente', '2222');
    log = await t.h.ok('roulette.nullSpin', { tableCode: 'R1', reason: 'Bola saltou para fora do cilindro' }, manager);
    expect(log).toMatchObject({ ballChangeDue: true, dealerChangeDue: true });
    expect(log.entries[0]).toMatchObject({ kind: 'null_spin', number: null, note: 'Bola saltou para fora do cilindro' });
    log = await t.h.ok('roulette.change', { tableCode: 'R1', kind: 'ball' }, manager);
    expect(log).toMatchObject({ ballChangeDue: false, dealerChangeDue: true });
    log = await t.h.ok('roulette.change', { tableCode: 'R1', kind: 'dealer', note: 'Entra o pagador Rui' }, manager);
    expect(log).toMatchObject({ ballChangeDue: false, dealerChangeDue: false });
    expect(log.entries.map((e) => [e.kind, e.direction])).toEqual([
      ['dealer_change', null],
      ['ball_change', null],
      ['null_spin', 'right_to_left'],
      ['spin', 'left_to_right'],
    ]);
    expect((await t.h.refused('roulette.spin', { tableCode: 'R1', number: 37 }, manager)).code).toBe('VALIDATION_FAILED');
  });

  it('records the direction of each launch, alternating (X.15); a golpe nulo is launched again the same way (X.16)', async () => {
    await register();
    let log = await t.h.ok('roulette.log', { tableCode: 'R1' }, t.manager);
    expect(log.nextLaunch).toEqual({ direction: null, after: null });
    // The table's first launch: the fiscal says which way it went.
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('roulette.spin', { tableCode: 'R1', number: 5 }, t.manager)).toEqual({
      code: 'ROULETTE_LAUNCH_DIRECTION_REQUIRED',
      message:
        'Indique o sentido do lançamento (da esquerda para a direita ou da direita para a esquerda): é o primeiro registado nesta mesa, e os seguintes alternam a partir dele (X.15).',
    });
    expect((await t.h.refused('roulette.nullSpin', { tableCode: 'R1', reason: 'Caiu uma ficha' }, t.manager)).code).toBe('ROULETTE_LAUNCH_DIRECTION_REQUIRED');
    expect((await t.h.refused('roulette.spin', { tableCode: 'R1', number: 5, direction: 'upwards' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect(snapshot(t.h.kiosk)).toEqual(before);

    log = await t.h.ok('roulette.spin', { tableCode: 'R1', number: 5, direction: 'right_to_left' }, t.manager);
    expect(log.nextLaunch).toEqual({ direction: 'left_to_right', after: 'spin' });
    // The kiosk knows the next way: a spin without one is logged that way, one the same way as the last is refused.
    log = await t.h.ok('roulette.spin', { tableCode: 'R1', number: 32 }, t.manager);
    expect(log.entries[0]).toMatchObject({ kind: 'spin', number: 32, direction: 'left_to_right' });
    expect(log.nextLaunch).toEqual({ direction: 'right_to_left', after: 'spin' });
    const beforeWrong = snapshot(t.h.kiosk);
    expect(await t.h.refused('roulette.spin', { tableCode: 'R1', number: 7, direction: 'left_to_right' }, t.manager)).toEqual({
      code: 'ROULETTE_LAUNCH_DIRECTION',
      message:
        'Lançamento da esquerda para a direita recusado: o lançamento anterior foi da esquerda para a direita, por isso este é da direita para a esquerda: a bola lança-se alternadamente num sentido e no outro (X.15).',
    });
    expect((await t.h.refused('roulette.nullSpin', { tableCode: 'R1', reason: 'Caiu uma ficha', direction: 'left_to_right' }, t.manager)).code).toBe(
      'ROULETTE_LAUNCH_DIRECTION',
    );
    expect(snapshot(t.h.kiosk)).toEqual(beforeWrong);

    // A golpe nulo from right to left: the ball goes back and is launched again from right to left.
    log = await t.h.ok('roulette.nullSpin', { tableCode: 'R1', reason: 'Caiu uma ficha no prato', direction: 'right_to_left' }, t.manager);
    expect(log.nextLaunch).toEqual({ direction: 'right_to_left', after: 'null_spin' });
    // The ball and dealer changes do not touch it.
    log = await t.h.ok('roulette.change', { tableCode: 'R1', kind: 'ball' }, t.manager);
    expect(log.nextLaunch).toEqual({ direction: 'right_to_left', after: 'null_spin' });
    const beforeRelaunch = snapshot(t.h.kiosk);
    expect(await t.h.refused('roulette.spin', { tableCode: 'R1', number: 7, direction: 'left_to_right' }, t.manager)).toEqual({
      code: 'ROULETTE_LAUNCH_DIRECTION',
      message:
        'Lançamento da esquerda para a direita recusado: depois de um golpe nulo a bola volta ao número do golpe anterior e lança-se de novo no mesmo sentido, da direita para a esquerda (X.15, X.16).',
    });
    expect(snapshot(t.h.kiosk)).toEqual(beforeRelaunch);
    log = await t.h.ok('roulette.spin', { tableCode: 'R1', number: 7, direction: 'right_to_left' }, t.manager);
    expect(log.nextLaunch).toEqual({ direction: 'left_to_right', after: 'spin' });
    expect(log.entries.map((e) => [e.kind, e.number, e.direction])).toEqual([
      ['spin', 7, 'right_to_left'],
      ['ball_change', null, null],
      ['null_spin', null, 'right_to_left'],
      ['spin', 32, 'left_to_right'],
      ['spin', 5, 'right_to_left'],
    ]);
    // Each table alternates on its own.
    await t.h.ok('table.register', { code: 'R2', wheel: 'french', minimumsCents: MINIMUMS }, t.manager);
    expect((await t.h.ok('roulette.log', { tableCode: 'R2' }, t.manager)).nextLaunch).toEqual({ direction: null, after: null });
    // The audit record names the direction.
    const audit = t.h.kiosk.db.prepare(`SELECT after FROM audit_log WHERE channel = 'roulette.spin' AND outcome = 'ok' ORDER BY id DESC LIMIT 1`).pluck().get() as string;
    expect(JSON.parse(audit)).toEqual({ tableCode: 'R1', number: 7, direction: 'right_to_left' });
    // Written by hand, a launch without its direction or the wrong way is refused by the database.
    const db = t.h.kiosk.db;
    const insert = db.prepare(`INSERT INTO roulette_log (table_id, at, kind, number, direction, note, operator_id) VALUES (1, ?, ?, ?, ?, ?, 1)`);
    const at = t.h.clock.now().toISOString();
    expect(() => insert.run(at, 'spin', 8, null, null)).toThrow(/records its direction/);
    expect(() => insert.run(at, 'ball_change', null, 'left_to_right', null)).toThrow(/records its direction/);
    expect(() => insert.run(at, 'spin', 8, 'right_to_left', null)).toThrow(/launches alternate/);
    expect(() => insert.run(at, 'null_spin', null, 'right_to_left', 'Caiu uma ficha')).toThrow(/launches alternate/);
  });
});

describe('the chip exchange at the caixa (IX.7)', () => {
  // The caixa's float: 10 x 25 €, 20 x 5 €, 2 x 100 € = 550,00 € in chips.
  const CHIP_FLOAT = { '2500': 10, '500': 20, '10000': 2 };
  /** The manager takes over T1: the cashier's drawer is closed and a caixa drawer opened with cash and chips. */
  const openCaixaDrawer = async (chipFloatByValue: Record<string, number> | null = CHIP_FLOAT) => {
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5 } }, t.manager);
    return t.h.ok('drawer.open', { floatByDenomination: { '2000': 5 }, ...(chipFloatByValue ? { chipFloatByValue } : {}) }, t.manager);
  };
  const chipRows = () => t.h.kiosk.db.prepare(`SELECT * FROM drawer_chip_counts ORDER BY drawer_id, stage DESC`).all();

  it('sells and redeems face-value chips: the drawer and the chip float move by the exact amounts, reconciled at the close', async () => {
    const opened = await openCaixaDrawer();
    expect(opened).toMatchObject({ floatCents: 10_000, chipFloatCents: 55_000, chipFloatByValue: { '10000': 2, '2500': 10, '500': 20 }, holdsChips: true });
    const sold = await t.h.ok('chips.sell', { chips: [{ valueCents: 2_500, count: 2 }, { valueCents: 500, count: 3 }, { valueCents: 2_500, count: 1 }], payment: { method: 'cash', tenderedCents: 10_000 } }, t.manager);
    // 3 x 25 € + 3 x 5 € = 90 €, paid with 100 €: 10 € change; the drawer goes from 100 € to 190 €.
    expect(sold).toMatchObject({ kind: 'sell', totalCents: 9_000, changeCents: 1_000, drawerCashCents: 19_000, chips: [{ valueCents: 2_500, count: 3 }, { valueCents: 500, count: 3 }] });
    const redeemed = await t.h.ok('chips.redeem', { chips: [{ valueCents: 10_000, count: 1 }, { valueCents: 100, count: 5 }] }, t.manager);
    expect(redeemed).toMatchObject({ kind: 'redeem', totalCents: 10_500, drawerCashCents: 8_500 });

    // 7 chips of 25 € are left: an eighth is not in the caixa.
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('chips.sell', { chips: [{ valueCents: 2_500, count: 8 }], payment: { method: 'cash', tenderedCents: 20_000 } }, t.manager)).toEqual({
      code: 'CHIPS_NOT_IN_FLOAT',
      message: 'A caixa não tem fichas de 25,00 € suficientes: tem 7, pedidas 8. Registe um reforço de fichas vindo do cofre antes de as entregar.',
    });
    expect((await t.h.refused('chips.move', { kind: 'credit', chips: [{ valueCents: 10_000, count: 4 }], reason: 'Entrega ao cofre' }, t.manager)).code).toBe('CHIPS_NOT_IN_FLOAT');
    expect(snapshot(t.h.kiosk)).toEqual(before);

    // A fill of 10 x 25 € from the vault, then the three 100 € chips (2 of the float, 1 redeemed) sent back.
    expect(await t.h.ok('chips.move', { kind: 'fill', chips: [{ valueCents: 2_500, count: 10 }], reason: 'Reforço do cofre' }, t.manager)).toMatchObject({ kind: 'fill', totalCents: 25_000 });
    expect(await t.h.ok('chips.move', { kind: 'credit', chips: [{ valueCents: 10_000, count: 3 }], reason: 'Entrega ao cofre' }, t.manager)).toMatchObject({ kind: 'credit', totalCents: 30_000 });
    expect(await t.h.ok('chips.sell', { chips: [{ valueCents: 2_500, count: 8 }], payment: { method: 'cash', tenderedCents: 20_000 } }, t.manager)).toMatchObject({ totalCents: 20_000, drawerCashCents: 28_500 });

    // 550 - 90 + 105 + 250 - 300 - 200 = 315,00 € in chips.
    const x = managerX(await t.h.ok('report.x', {}, t.manager));
    expect([x.movements.chipsSold, x.movements.chipsRedeemed, x.expectedCents]).toEqual([29_000, 10_500, 28_500]);
    expect(x.chips).toEqual({
      floatCents: 55_000,
      float: [{ valueCents: 10_000, count: 2 }, { valueCents: 2_500, count: 10 }, { valueCents: 500, count: 20 }],
      movements: { cards: 0, received: 0, sold: 29_000, handedOver: 0, redeemed: 10_500, fills: 25_000, credits: 30_000 },
      expectedCents: 31_500,
    });
    expect(t.h.kiosk.db.prepare(`SELECT SUM(amount_cents) FROM ledger_entries WHERE account = 'chips:T1'`).pluck().get()).toBe(-29_000 + 10_500 + 25_000 - 30_000);
    expect(t.h.kiosk.db.prepare(`SELECT SUM(amount_cents) FROM ledger_entries WHERE account = 'chips:vault'`).pluck().get()).toBe(30_000 - 25_000);

    // The close counts the chips too: without them it is refused, with them it reconciles to the cent.
    expect((await t.h.refused('drawer.close', { countedByDenomination: { '2000': 14, '500': 1 } }, t.manager)).code).toBe('CHIPS_COUNT_REQUIRED');
    // 25 €: 10 - 3 + 10 - 8 = 9; 5 €: 20 - 3 = 17; 1 €: 5; 100 €: none.
    const closed = await t.h.ok('drawer.close', { countedByDenomination: { '2000': 14, '500': 1 }, countedChipsByValue: { '2500': 9, '500': 17, '100': 5, '10000': 0 } }, t.manager);
    expect(closed).toMatchObject({ expectedCents: 28_500, countedCents: 28_500, varianceCents: 0, chips: { expectedCents: 31_500, countedCents: 31_500, varianceCents: 0 } });
    const z = await t.h.ok('report.z', { drawerId: closed.drawerId }, t.manager);
    expect(z.chipsCount).toEqual({ counted: [{ valueCents: 2_500, count: 9 }, { valueCents: 500, count: 17 }, { valueCents: 100, count: 5 }], countedCents: 31_500, varianceCents: 0 });
    expect(chipRows()).toEqual([
      { drawer_id: closed.drawerId, stage: 'open', counts: '{"500":20,"2500":10,"10000":2}', cents: 55_000, expected_cents: null, variance_cents: null },
      { drawer_id: closed.drawerId, stage: 'close', counts: '{"100":5,"500":17,"2500":9}', cents: 31_500, expected_cents: 31_500, variance_cents: 0 },
    ]);
  });

  it('the caixa’s staff close blind: their exchanges never say what the drawer holds; the audit keeps it', async () => {
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5 } }, t.manager);
    const admin = await t.h.login('admin', '1111');
    await t.h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['caixa'], pin: '4444' }, admin);
    const caixa = await t.h.login('caixa2', '4444');
    // His own drawer (SPEC 9: a drawer belongs to its operator); the manager sees it as the terminal's only open one.
    await t.h.ok('drawer.open', { floatByDenomination: { '2000': 5 }, chipFloatByValue: CHIP_FLOAT }, caixa);
    expect(await t.h.ok('chips.redeem', { chips: [{ valueCents: 2_500, count: 1 }] }, caixa)).toMatchObject({ kind: 'redeem', totalCents: 2_500, drawerCashCents: null });
    const audited = t.h.kiosk.db.prepare(`SELECT after FROM audit_log WHERE channel = 'chips.redeem' ORDER BY id DESC LIMIT 1`).pluck().get() as string;
    expect(JSON.parse(audited)).toMatchObject({ drawerCashCents: 7_500 });
    expect(await t.h.ok('chips.sell', { chips: [{ valueCents: 500, count: 1 }], payment: { method: 'cash', tenderedCents: 1_000 } }, caixa)).toMatchObject({ changeCents: 500, drawerCashCents: null });
    expect(await t.h.ok('drawer.cash', {}, caixa)).toMatchObject({ cashCents: null });
    // The manager pays from his own drawer only (issue 41): he reads the caixa's on its X.
    expect(await t.h.ok('drawer.cash', {}, t.manager)).toBeNull();
    expect(managerX(await t.h.ok('report.x', {}, t.manager)).expectedCents).toBe(8_000);
  });

  it('a chip variance over the threshold needs a manager other than the closer, as a cash one does; the database holds the rule too', async () => {
    await openCaixaDrawer();
    // The cash is exact; one 25 € chip is missing (threshold 5,00 €): the count is recorded, the drawer stays open.
    const close = { countedByDenomination: { '2000': 5 }, countedChipsByValue: { '2500': 9, '500': 20, '10000': 2 } };
    expect(await t.h.ok('drawer.close', close, t.manager)).toMatchObject({
      status: 'awaiting_acceptance',
      zNumber: null,
      varianceCents: 0,
      chips: { expectedCents: 55_000, countedCents: 52_500, varianceCents: -2_500 },
    });
    expect(t.h.kiosk.db.prepare(`SELECT chip_counts AS c, chip_cents AS n, chips_expected_cents AS e FROM drawer_recorded_counts`).get()).toEqual({
      c: '{"500":20,"2500":9,"10000":2}',
      n: 52_500,
      e: 55_000,
    });
    // A chip count redone to match is refused: the recorded one is the close's.
    expect((await t.h.refused('drawer.close', { ...close, countedChipsByValue: { '2500': 10, '500': 20, '10000': 2 } }, t.manager)).code).toBe('DRAWER_COUNT_RECORDED');
    const closed = await t.h.ok('drawer.close', { ...close, approval: { username: 'admin', pin: '1111' }, reason: 'Ficha de 25 € em falta' }, t.manager);
    expect(closed).toMatchObject({ varianceCents: 0, acceptedBy: 'admin', chips: { expectedCents: 55_000, countedCents: 52_500, varianceCents: -2_500 } });
    // The manager's night view shows it beside the cash variance.
    const { id: sessionId } = await t.h.ok('session.open', { scheduledCloseAt: new Date(t.h.clock.now().getTime() + 3_600_000).toISOString(), startChecks: ['balls', 'material'] }, t.manager);
    const overview = await t.h.ok('session.overview', { sessionId }, t.manager);
    expect(overview.drawers.find((d) => d.drawerId === closed.drawerId)).toMatchObject({ varianceCents: 0, chipsVarianceCents: -2_500 });
    // Written by hand, a close row over the threshold without an acceptance is refused by the database.
    const db = t.h.kiosk.db;
    await t.h.ok('drawer.open', { floatByDenomination: { '2000': 5 }, chipFloatByValue: { '500': 2 } }, t.manager);
    expect(() => db.prepare(`INSERT INTO drawer_chip_counts (drawer_id, stage, counts, cents, expected_cents, variance_cents) VALUES (?, 'close', '{}', 0, 1000, -1000)`).run(closed.drawerId + 1)).toThrow(
      /drawer_chip_counts: the chips are counted at the close/,
    );
    expect(() => db.prepare(`UPDATE drawer_chip_counts SET cents = 0`).run()).toThrow(/append-only/);
  });

  it('a drawer that never held chips closes without a chip count; a count of none is no count', async () => {
    await openCaixaDrawer(null);
    expect(await t.h.ok('drawer.current', {}, t.manager)).toMatchObject({ chipFloatByValue: null, chipFloatCents: 0, holdsChips: false });
    const closed = await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5 }, countedChipsByValue: { '2500': 0 } }, t.manager);
    expect(closed.chips).toBeNull();
    expect((await t.h.ok('report.z', { drawerId: closed.drawerId }, t.manager)).chips).toBeNull();
    expect(chipRows()).toEqual([]);
  });

  it('refuses a chip float with a value the caixa does not hold, or a bad count, naming it; nothing is opened', async () => {
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5 } }, t.manager);
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('drawer.open', { floatByDenomination: { '2000': 5 }, chipFloatByValue: { '300': 1 } }, t.manager)).toMatchObject({ code: 'CHIP_VALUE_UNKNOWN' });
    expect(await t.h.refused('drawer.open', { floatByDenomination: { '2000': 5 }, chipFloatByValue: { '500': -1 } }, t.manager)).toEqual({
      code: 'CHIP_COUNT_INVALID',
      message: 'Quantidade de fichas de 5,00 € inválida (-1): um número inteiro de 0 a 10 000.',
    });
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('refuses colour chips (IX.7), unknown values, short cash and a redemption over the drawer; nothing changes', async () => {
    // The manager's own drawer: the caixa pays out of no other (issue 41).
    await openCaixaDrawer(null);
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('chips.redeem', { chips: [{ valueCents: 500, count: 2 }, { valueCents: 1_000, count: 1, faceValue: false }] }, t.manager)).toEqual({
      code: 'CHIPS_NO_FACE_VALUE',
      message: 'Fichas sem valor facial (10,00 €) não são pagas na caixa: troque-as na sua banca (IX.7).',
    });
    expect((await t.h.refused('chips.sell', { chips: [{ valueCents: 300, count: 1 }], payment: { method: 'cash', tenderedCents: 300 } }, t.manager)).code).toBe('CHIP_VALUE_UNKNOWN');
    expect((await t.h.refused('chips.sell', { chips: [{ valueCents: 500, count: 0 }], payment: { method: 'cash', tenderedCents: 500 } }, t.manager)).code).toBe('CHIP_COUNT_INVALID');
    expect((await t.h.refused('chips.sell', { chips: [{ valueCents: 5_000, count: 1 }], payment: { method: 'cash', tenderedCents: 4_000 } }, t.manager)).code).toBe('CHIPS_TENDERED_SHORT');
    expect((await t.h.refused('chips.sell', { chips: [{ valueCents: 5_000, count: 1 }], payment: { method: 'cash', tenderedCents: 55_001 } }, t.manager)).code).toBe('TENDERED_TOO_LARGE');
    expect((await t.h.refused('chips.redeem', { chips: [{ valueCents: 10_000, count: 2 }] }, t.manager)).code).toBe('PAYOUT_EXCEEDS_CASH');
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });
});
