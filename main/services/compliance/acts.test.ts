/**
 * The threshold across the caixa's and the counter's acts (Lei n.º 83/2017,
 * art. 76.º; SPEC 11): a bingo prize, chips sold and redeemed and a guia, one
 * person's in one gaming day, added up to the cent; an act that reaches the
 * threshold alone refused without the person; where the hall identifies at a
 * prize's delivery, every prize refused without its winner. Chips bought in
 * cash open no chip cheque (chip-cheques.test.ts). Every refusal leaves the database as it was; the
 * books hold after every test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import { closeCaixaHall, createCaixaHall, type CaixaHall } from '../../../test/fixtures/caixa-hall.js';
import { identified } from '../../../test/fixtures/persons.js';
import { pdfPages } from '../../../test/pdf.js';
import { confirmByHand, refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';

let t: CaixaHall;
beforeEach(async () => {
  // The caixa's drawer: 2 100,00 € in notes, 2 000,00 € in 100 € chips; machine 9 registered.
  t = await createCaixaHall({ floatByDenomination: { '50000': 4, '2000': 5 }, chipFloatByValue: { '10000': 20 } });
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
});
afterEach(() => closeCaixaHall(t));

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);

const MANAGER = { username: 'gerente', pin: '2222' };
const guia = async (amountCents: number) => (await t.h.ok('guia.issue', { machineNumber: '9', amountCents, kind: 'hand_pay' }, t.caixa)).guiaId;
const hundreds = (count: number) => [{ valueCents: 10_000, count }];
/** The line's prize: 5 % of the 30,00 € its game sold (DN 80/85, art. 9.º), as the CSV writes it; her day's total, 2 001,50 €. */
const LINE_CENTS = 150;
const LINE_TEXT = '1,50';
const TOTAL_TEXT = '2001,50';

/** Game 1: 30 cards sold at 1,00 € by the counter, the line awarded to A 12; the line's winner. */
async function lineWon() {
  const g = await t.h.ok('game.open', { seriesCode: 'A' }, t.manager);
  await t.h.ok('sale.create', { gameId: g.id, quantity: 30, payment: { method: 'cash', tenderedCents: 3_000 } }, t.cashier);
  await t.h.ok('game.closeSale', { gameId: g.id }, t.manager);
  for (const n of [4, 18, 27, 49, 63]) await t.h.ok('game.drawBall', { gameId: g.id, number: n }, t.manager);
  await confirmByHand(t.h, t.manager, { gameId: g.id, kind: 'line', seriesCode: 'A', card: 12 });
  return (await t.h.ok('game.closeClaims', { gameId: g.id, kind: 'line' }, t.manager)).winners[0]!;
}

describe('one person’s gaming day: a prize, chips and a guia added up (Lei n.º 83/2017, art. 76.º)', () => {
  it('below the threshold no one is asked; an act that reaches it alone waits for the person: refused in words, nothing done', async () => {
    // Below: a guia of 1 999,99 € in cash, no one named (over the hall's 1 000,00 €, a manager approves it).
    expect(await t.h.ok('guia.pay', { guiaId: await guia(199_999), cashCents: 199_999, cheques: [], approval: MANAGER }, t.caixa)).toMatchObject({ status: 'paid' });
    // At: 2 000,00 € of chips in one sale.
    expect(await refusedUnchanged('chips.sell', { chips: hundreds(20), payment: { method: 'cash', tenderedCents: 200_000 } }, t.caixa)).toEqual({
      code: 'IDENTIFICATION_REQUIRED',
      message:
        'Identificação obrigatória: com esta venda de fichas (2 000,00 €) o jogador chega a 2 000,00 € no dia de jogo, o limiar é 2 000,00 € (Lei n.º 83/2017, art. 76.º). Registe a identificação (nome, documento verificado) e repita; nada foi feito.',
    });
    expect((await refusedUnchanged('chips.redeem', { chips: hundreds(20) }, t.caixa)).code).toBe('IDENTIFICATION_REQUIRED');
    expect((await refusedUnchanged('chips.sell', { chips: hundreds(1), payment: { method: 'cash', tenderedCents: 10_000 }, personId: 99 }, t.caixa)).code).toBe('PERSON_NOT_FOUND');
    expect(t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM identified_acts`).pluck().get()).toBe(0);
  });

  it('the line’s prize, 1 000,00 € of chips bought, a 500,00 € guia and 500,00 € of chips redeemed: her day crosses 2 000,00 € and the record adds it up', async () => {
    const maria = await identified(t.h, t.caixa);
    const line = await lineWon();
    expect(line.prizeCents).toBe(LINE_CENTS);
    await t.h.ok('prize.pay', { winnerId: line.winnerId, card: { seriesCode: 'A', number: 12 }, personId: maria }, t.cashier);
    const sold = await t.h.ok('chips.sell', { chips: hundreds(10), payment: { method: 'cash', tenderedCents: 100_000 }, personId: maria }, t.caixa);
    const g = await guia(50_000);
    await t.h.ok('guia.pay', { guiaId: g, cashCents: 50_000, cheques: [], personId: maria }, t.caixa);
    // No chip cheque: her chips were bought in cash, so none is owed by cheque (art. 76.º, n.º 4; chip-cheques.test.ts).
    expect((await refusedUnchanged('chips.redeem', { chips: hundreds(5), personId: maria, cheques: [{ amountCents: 50_000, number: '0012345', bank: 'CGD' }] }, t.caixa)).code).toBe('CHIP_CHEQUE_OVER_PURCHASES');
    const redeemed = await t.h.ok('chips.redeem', { chips: hundreds(5), personId: maria }, t.caixa);
    const day = await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, t.manager);
    // LINE_CENTS + 1 000,00 + 500,00 + 500,00 €, each act beside her day's total.
    const total = LINE_CENTS + 100_000 + 50_000 + 50_000;
    expect(day.acts.map((a) => [a.act, a.refId, a.cents, a.cashCents, a.chequeCents, a.personId, a.dayTotalCents, a.operator, a.terminalId])).toEqual([
      ['prize_payment', line.winnerId, LINE_CENTS, LINE_CENTS, 0, maria, total, 'caixa1', 'T1'],
      ['chip_sale', sold.exchangeId, 100_000, 100_000, 0, maria, total, 'caixa2', 'T1'],
      ['guia_payment', g, 50_000, 50_000, 0, maria, total, 'caixa2', 'T1'],
      ['chip_redemption', redeemed.exchangeId, 50_000, 50_000, 0, maria, total, 'caixa2', 'T1'],
    ]);
    const csv = (await t.h.ok('export.complianceDay', { gamingDay: '2026-11-30' }, t.manager)).content.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv.slice(1, 5).map((l) => l.split(';').slice(1, 4).concat(l.split(';')[12]!))).toEqual([
      ['Pagamento de prémio', String(line.winnerId), LINE_TEXT, TOTAL_TEXT],
      ['Venda de fichas', String(sold.exchangeId), '1000,00', TOTAL_TEXT],
      ['Pagamento de guia', String(g), '500,00', TOTAL_TEXT],
      ['Pagamento de fichas', String(redeemed.exchangeId), '500,00', TOTAL_TEXT],
    ]);
    // The same record as a PDF beside the CSV, read back with pdftotext.
    const pdf = await t.h.ok('report.complianceDayPdf', { gamingDay: '2026-11-30' }, t.manager);
    expect(pdf.filename).toBe('identificacoes-2026-11-30.pdf');
    const text = pdfPages(Buffer.from(pdf.base64, 'base64')).flat();
    expect(text).toContain('Jogadores identificados — dia de jogo 30/11/2026');
    const who = 'Maria da Silva Teste (Cartão de Cidadão 12345678 9';
    expect(text.slice(text.indexOf('Hora Operação Valor Numerário Cheque Jogador Total do dia Operador') + 1, text.indexOf('Identificações recusadas (pessoas proibidas de jogar)'))).toEqual([
      `20:00 Pagamento de prémio n.º ${line.winnerId} 1,50 € 1,50 € 0,00 € ${who} 2 001,50 € caixa1 (T1)`,
      'ZZ1, PT; identificação n.º 1)',
      `20:00 Venda de fichas n.º ${sold.exchangeId} 1 000,00 € 1 000,00 € 0,00 € ${who} 2 001,50 € caixa2 (T1)`,
      'ZZ1, PT; identificação n.º 1)',
      `20:00 Pagamento de guia n.º ${g} 500,00 € 500,00 € 0,00 € ${who} 2 001,50 € caixa2 (T1)`,
      'ZZ1, PT; identificação n.º 1)',
      `20:00 Pagamento de fichas n.º ${redeemed.exchangeId} 500,00 € 500,00 € 0,00 € ${who} 2 001,50 € caixa2 (T1)`,
      'ZZ1, PT; identificação n.º 1)',
    ]);
    expect(text).toContain('Nenhuma identificação recusada.');
    expect((await refusedUnchanged('report.complianceDayPdf', { gamingDay: '2026-11-30' }, t.caixa)).code).toBe('FORBIDDEN');
  });
});

describe('where the hall identifies at a prize’s delivery (art. 76.º, n.º 5)', () => {
  it('every prize waits for its winner, however small; paid to her, the act is kept with her and her name is on no receipt', async () => {
    await t.h.ok('settings.update', { identificationMoment: 'prize' }, t.manager);
    const line = await lineWon();
    expect(await refusedUnchanged('prize.pay', { winnerId: line.winnerId, card: { seriesCode: 'A', number: 12 } }, t.cashier)).toEqual({
      code: 'PRIZE_IDENTIFICATION_REQUIRED',
      message: 'Identificação obrigatória: a sala identifica os jogadores na entrega de cada prémio (Lei n.º 83/2017, art. 76.º, n.º 5). Registe a identificação do premiado (nome, documento verificado) e repita; o prémio de 1,50 € não foi pago.',
    });
    const maria = await identified(t.h, t.cashier);
    expect(await t.h.ok('prize.pay', { winnerId: line.winnerId, card: { seriesCode: 'A', number: 12 }, personId: maria }, t.cashier)).toMatchObject({ status: 'paid' });
    expect(t.h.kiosk.db.prepare(`SELECT act, ref_id AS refId, cents, person_id AS personId FROM identified_acts`).all()).toEqual([{ act: 'prize_payment', refId: line.winnerId, cents: LINE_CENTS, personId: maria }]);
    // The payout's receipt (the player's copy), the log, the kept answers and the hall board name no one.
    for (const table of ['print_jobs', 'audit_log', 'idempotency_keys']) expect(JSON.stringify(t.h.kiosk.db.prepare(`SELECT * FROM ${table}`).all()), table).not.toMatch(/Maria|123456789|1980-05-17/);
    expect(JSON.stringify(await t.h.ok('display.state', {}))).not.toMatch(/Maria|123456789|1980-05-17/);
    // Read by the managers only: the counter and the caixa may not.
    for (const token of [t.cashier, t.caixa]) expect((await refusedUnchanged('compliance.day', { gamingDay: '2026-11-30' }, token)).code).toBe('FORBIDDEN');
    expect((await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, t.manager)).acts.map((a) => a.name)).toEqual(['Maria da Silva Teste']);
  });
});

describe('the compliance officer (Lei n.º 83/2017: personal data read by managers and a compliance role only)', () => {
  it('reads the record, its PDF and CSV and the barred lists, and nothing of the floor: no drawer, no sale, no payment', async () => {
    await t.h.ok('settings.update', { identificationMoment: 'prize' }, t.manager);
    const line = await lineWon();
    const maria = await identified(t.h, t.cashier);
    await t.h.ok('prize.pay', { winnerId: line.winnerId, card: { seriesCode: 'A', number: 12 }, personId: maria }, t.cashier);
    const admin = await t.h.login('admin', '1111');
    await t.h.ok('users.create', { username: 'conformidade', name: 'Rita Conformidade', roles: ['compliance'], pin: '5555' }, admin);
    const officer = await t.h.login('conformidade', '5555');
    expect((await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, officer)).acts.map((a) => [a.name, a.cents])).toEqual([['Maria da Silva Teste', LINE_CENTS]]);
    expect(await t.h.ok('barred.lists', {}, officer)).toEqual(await t.h.ok('barred.lists', {}, t.manager));
    expect((await t.h.ok('export.complianceDay', { gamingDay: '2026-11-30' }, officer)).content).toContain('Maria da Silva Teste');
    // The floor's channels: refused, and nothing changes.
    expect((await refusedUnchanged('drawer.open', { floatByDenomination: { '2000': 1 } }, officer)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('drawer.cash', {}, officer)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('guia.issue', { machineNumber: '9', amountCents: 100, kind: 'hand_pay' }, officer)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('users.create', { username: 'x', name: 'X', roles: ['cashier'], pin: '9999' }, officer)).code).toBe('FORBIDDEN');
  });
});
