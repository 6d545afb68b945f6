/**
 * Chips bought by bank card or by the player's cheque, and chips paid back by
 * the house's cheques (Lei n.º 83/2017, art. 76.º, n.º 3 and 4): a cheque only
 * to an identified player, up to what that player bought by card or cheque in
 * the gaming day, less the chip cheques already paid; only the cash goes
 * through the drawer; the caixa's slip names the payee with the cheques'
 * clauses. Worked by hand, to the cent. Every refusal leaves the database as
 * it was; the books hold after every test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import { closeCaixaHall, createCaixaHall, type CaixaHall } from '../../../test/fixtures/caixa-hall.js';
import { identified } from '../../../test/fixtures/persons.js';
import { refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';
import type { PrintDocument } from '../../../printing/layout.js';
import { previewText } from '../../../printing/preview.js';

let t: CaixaHall;
beforeEach(async () => {
  // The caixa's drawer: 2 100,00 € in notes, 2 000,00 € in 100 € chips.
  t = await createCaixaHall({ floatByDenomination: { '50000': 4, '2000': 5 }, chipFloatByValue: { '10000': 20 } });
  await t.h.ok('printer.configure', { id: 'caixa', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
});
afterEach(() => closeCaixaHall(t));

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);
const hundreds = (count: number) => [{ valueCents: 10_000, count }];
const cheque = (amountCents: number, number = '0012345') => ({ amountCents, number, bank: 'CGD' });
/** An account's balance in the ledger (debits positive). */
const balance = (account: string) => t.h.kiosk.db.prepare(`SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_entries WHERE account = ?`).pluck().get(account) as number;

describe('chips bought by card or cheque open a chip cheque’s room (Lei n.º 83/2017, art. 76.º, n.º 4)', () => {
  it('300 € by card and 200 € by her cheque, 100 € in cash: 500 € may come back by cheque, the rest in cash; the drawer holds only the cash', async () => {
    const maria = await identified(t.h, t.caixa);
    const byCard = await t.h.ok('chips.sell', { chips: hundreds(3), payment: { method: 'card' }, personId: maria }, t.caixa);
    expect(byCard).toMatchObject({ totalCents: 30_000, tenderedCents: 30_000, changeCents: 0, cashCents: 0, cardCents: 30_000, chequeCents: 0, cheques: [] });
    const byCheque = await t.h.ok('chips.sell', { chips: hundreds(2), payment: { method: 'cheque', number: '7788', bank: 'Millennium BCP' }, personId: maria }, t.caixa);
    expect(byCheque).toMatchObject({ cashCents: 0, cardCents: 0, chequeCents: 20_000, cheques: [{ amountCents: 20_000, number: '7788', bank: 'Millennium BCP' }] });
    await t.h.ok('chips.sell', { chips: hundreds(1), payment: { method: 'cash', tenderedCents: 10_000 }, personId: maria }, t.caixa);
    expect(await t.h.ok('chips.chequeRoom', { personId: maria }, t.caixa)).toEqual({ personId: maria, gamingDay: '2026-11-30', boughtCents: 50_000, chequedCents: 0, leftCents: 50_000 });

    // 800 € of chips back: 600 € by cheque passes her 500 €; 500 € by cheque and 300 € in cash is paid.
    expect(await refusedUnchanged('chips.redeem', { chips: hundreds(8), cheques: [cheque(60_000)], personId: maria }, t.caixa)).toEqual({
      code: 'CHIP_CHEQUE_OVER_PURCHASES',
      message:
        'Cheque de 600,00 € por fichas acima do que o jogador comprou hoje com cartão ou cheque (500,00 €, já pagos em cheque 0,00 €): no máximo 500,00 € (Lei n.º 83/2017, art. 76.º, n.º 4).',
    });
    const paid = await t.h.ok('chips.redeem', { chips: hundreds(8), cheques: [cheque(50_000)], personId: maria }, t.caixa);
    expect(paid).toMatchObject({ kind: 'redeem', totalCents: 80_000, cashCents: 30_000, cardCents: 0, chequeCents: 50_000, tenderedCents: null, changeCents: null });
    expect(await t.h.ok('chips.chequeRoom', { personId: maria }, t.caixa)).toMatchObject({ boughtCents: 50_000, chequedCents: 50_000, leftCents: 0 });
    // Her room is spent: the next chip cheque, however small, is refused.
    expect((await refusedUnchanged('chips.redeem', { chips: hundreds(1), cheques: [cheque(10_000, '0012346')], personId: maria }, t.caixa)).code).toBe('CHIP_CHEQUE_OVER_PURCHASES');

    // The drawer's cash since its float: 100,00 € sold in cash − 300,00 € paid in cash; the card and her cheque are not in it.
    expect(balance('cash:T1')).toBe(10_000 - 30_000);
    expect(balance('asset:card_receipts')).toBe(30_000);
    expect(balance('asset:cheques_received')).toBe(20_000);
    expect(balance('liability:cheques')).toBe(-50_000);
    // The chips since the float: − 3 − 2 − 1 + 8 = 2 of 100 €.
    expect(balance('chips:T1')).toBe(20_000);

    // The managers' record: each act with its tenders, her day's total 1 400,00 €.
    const day = await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, t.manager);
    expect(day.acts.map((a) => [a.act, a.cents, a.cashCents, a.cardCents, a.chequeCents, a.dayTotalCents])).toEqual([
      ['chip_sale', 30_000, 0, 30_000, 0, 140_000],
      ['chip_sale', 20_000, 0, 0, 20_000, 140_000],
      ['chip_sale', 10_000, 10_000, 0, 0, 140_000],
      ['chip_redemption', 80_000, 30_000, 0, 50_000, 140_000],
    ]);

    // The caixa's slip of the cheque: the payee named, crossed, not endorsable.
    const slips = t.h.kiosk.db.prepare(`SELECT document FROM print_jobs WHERE kind = 'chip_cheque'`).pluck().all() as string[];
    expect(slips).toHaveLength(1);
    const lines = previewText(JSON.parse(slips[0]!) as PrintDocument, 80).map((l) => l.trim());
    expect(lines.slice(lines.indexOf('FICHAS PAGAS EM CHEQUE'), lines.findIndex((l) => l.startsWith('Pago por')) + 1)).toEqual([
      'FICHAS PAGAS EM CHEQUE',
      `Troca n.º${' '.repeat(48 - 9 - String(paid.exchangeId).length)}${paid.exchangeId}`,
      'Data                            30/11/2026 20:00',
      '------------------------------------------------',
      '8 × 100,00 €                            800,00 €',
      'TOTAL                                   800,00 €',
      '------------------------------------------------',
      'Numerário                               300,00 €',
      'Cheque n.º 0012345                      500,00 €',
      'Banco: CGD',
      'Cheque a favor de           Maria da Silva Teste',
      'Cruzado',
      'Não à ordem',
      'Até às fichas compradas hoje com cartão ou',
      'cheque (Lei n.º 83/2017, art. 76.º, n.º 4).',
      'Pago por                              Caixa Dois',
    ]);

    // The caixa's Z: 1 900,00 € counted in the drawer (the card's slip and the cheques are not cash), 22 chips of 100 €;
    // the card slip, her cheque and the house's cheque said apart, to hand over with it.
    const closed = await t.h.ok('drawer.close', { countedByDenomination: { '50000': 3, '2000': 20 }, countedChipsByValue: { '10000': 22 } }, t.caixa);
    expect(closed).toMatchObject({ status: 'closed', expectedCents: 190_000, varianceCents: 0 });
    const z = t.h.kiosk.db.prepare(`SELECT document FROM print_jobs WHERE kind = 'z_report' ORDER BY id DESC LIMIT 1`).pluck().get() as string;
    const zLines = previewText(JSON.parse(z) as PrintDocument, 80).map((l) => l.trim());
    const outside = zLines.indexOf('Fora da gaveta (entregar com o Z)');
    expect(zLines.slice(outside, outside + 4)).toEqual([
      'Fora da gaveta (entregar com o Z)',
      'Fichas vendidas com cartão            300,00 €',
      'Fichas vendidas por cheque            200,00 €',
      'Fichas pagas em cheque                500,00 €',
    ]);
  });

  it('a cheque to no one, cheques over the chips, and chips bought by card by no one named: refused or opening no room', async () => {
    // Bought by card with no one named: recorded, but no one's room grows (art. 76.º, n.º 4 counts a person's purchases).
    await t.h.ok('chips.sell', { chips: hundreds(5), payment: { method: 'card' } }, t.caixa);
    expect(balance('asset:card_receipts')).toBe(50_000);
    expect(await refusedUnchanged('chips.redeem', { chips: hundreds(1), cheques: [cheque(10_000)] }, t.caixa)).toEqual({
      code: 'CHEQUE_NEEDS_PAYEE',
      message:
        'Um cheque só é emitido a favor de uma pessoa identificada, nominativo, cruzado e «não à ordem» (Lei n.º 83/2017, art. 76.º, n.º 3 e 4): escolha ou registe a identificação do beneficiário; nada foi pago.',
    });
    const maria = await identified(t.h, t.caixa);
    expect((await refusedUnchanged('chips.redeem', { chips: hundreds(1), cheques: [cheque(10_000)], personId: maria }, t.caixa)).code).toBe('CHIP_CHEQUE_OVER_PURCHASES');
    await t.h.ok('chips.sell', { chips: hundreds(2), payment: { method: 'card' }, personId: maria }, t.caixa);
    expect(await refusedUnchanged('chips.redeem', { chips: hundreds(1), cheques: [cheque(15_000)], personId: maria }, t.caixa)).toEqual({
      code: 'CHIP_CHEQUES_OVER_TOTAL',
      message: 'Os cheques (150,00 €) passam o valor das fichas trocadas (100,00 €): corrija os montantes. Nada foi pago.',
    });
    // A card takes the whole amount: no tendered sum, no change; a cheque has its number and bank.
    expect((await refusedUnchanged('chips.sell', { chips: hundreds(1), payment: { method: 'card', tenderedCents: 20_000 } }, t.caixa)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('chips.sell', { chips: hundreds(1), payment: { method: 'cheque', number: '', bank: 'CGD' } }, t.caixa)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('chips.sell', { chips: hundreds(1), payment: { method: 'credit' } }, t.caixa)).code).toBe('VALIDATION_FAILED');
    // A bank its printer cannot print would fail the slip on every retry: refused before anything is paid.
    expect((await refusedUnchanged('chips.redeem', { chips: hundreds(1), cheques: [{ amountCents: 10_000, number: '1', bank: 'Banco 銀行' }], personId: maria }, t.caixa)).code).toBe('TEXT_NOT_PRINTABLE');
    // The room is read by the caixa, for an identified person only.
    expect((await refusedUnchanged('chips.chequeRoom', { personId: 99 }, t.caixa)).code).toBe('PERSON_NOT_FOUND');
    expect((await refusedUnchanged('chips.chequeRoom', { personId: maria }, t.cashier)).code).toBe('FORBIDDEN');
  });

  it('the same chip cheque sent 20 times at once under one key is paid once', async () => {
    const maria = await identified(t.h, t.caixa);
    await t.h.ok('chips.sell', { chips: hundreds(3), payment: { method: 'card' }, personId: maria }, t.caixa);
    const input = { chips: hundreds(3), cheques: [cheque(30_000)], personId: maria };
    const meta = { operatorToken: t.caixa, idempotencyKey: 'chip-cheque-1' };
    const answers = (await Promise.all(Array.from({ length: 20 }, () => t.h.kiosk.dispatch('chips.redeem', input, meta)))) as (
      | { ok: true; value: { exchangeId: number } }
      | { ok: false; error: { code: string } }
    )[];
    const ids = new Set(answers.map((a) => (a.ok ? a.value.exchangeId : a.error.code)));
    expect([...ids], JSON.stringify(answers.filter((a) => !a.ok))).toHaveLength(1);
    expect(t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM chip_exchanges WHERE kind = 'redeem'`).pluck().get()).toBe(1);
    expect(balance('liability:cheques')).toBe(-30_000);
  });
});
