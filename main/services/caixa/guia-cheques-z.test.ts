/**
 * A guia paid by the house's cheque is on the caixa's Z (Lei n.º 83/2017,
 * art. 76.º, n.º 3): a cheque-only payment touches no drawer, yet it is handed
 * over with the shift's Z beside the chip cheques and card slips; found by who
 * paid it, where and when. Worked by hand, to the cent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countOf } from '../../../bench/export.js';
import { drawerById, drawerExpectedCash } from '../../../db/drawers.js';
import type { PrintDocument } from '../../../printing/layout.js';
import { previewText } from '../../../printing/preview.js';
import { closeCaixaHall, createCaixaHall, type CaixaHall } from '../../../test/fixtures/caixa-hall.js';
import { identified } from '../../../test/fixtures/persons.js';

let t: CaixaHall;
beforeEach(async () => {
  t = await createCaixaHall();
  await t.h.ok('printer.configure', { id: 'caixa', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
});
afterEach(() => closeCaixaHall(t));

const cheque = (amountCents: number, number: string) => ({ amountCents, number, bank: 'CGD' });

describe("the caixa's Z says the guias she paid by cheque", () => {
  it('400 € wholly by cheque and 100 € of a 120 € guia: 500 € of cheques on her Z; a manager’s cheque at her terminal is not hers', async () => {
    const maria = await identified(t.h, t.caixa);
    const whole = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 40_000, kind: 'hand_pay' }, t.caixa);
    await t.h.ok('guia.pay', { guiaId: whole.guiaId, cashCents: 0, cheques: [cheque(40_000, '0000101')], personId: maria }, t.caixa);
    const split = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 12_000, kind: 'hand_pay' }, t.caixa);
    await t.h.ok('guia.pay', { guiaId: split.guiaId, cashCents: 2_000, cheques: [cheque(10_000, '0000102')], personId: maria }, t.caixa);
    const managers = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 30_000, kind: 'hand_pay' }, t.caixa);
    await t.h.ok('guia.pay', { guiaId: managers.guiaId, cashCents: 0, cheques: [cheque(30_000, '0000103')], personId: maria }, t.manager);

    const drawer = await t.h.ok('drawer.current', {}, t.caixa);
    const expected = drawerExpectedCash(t.h.kiosk.db, drawerById(t.h.kiosk.db, drawer!.drawerId)!);
    const closed = await t.h.ok('drawer.close', { countedByDenomination: countOf(expected) }, t.caixa);
    // Only the 20,00 € of cash left her drawer.
    // Said on screen too (the close's answer), should the Z not print.
    expect(closed).toMatchObject({ status: 'closed', varianceCents: 0, outsideDrawer: { guiaChequesPaidCents: 50_000 } });
    const z = await t.h.ok('report.z', { drawerId: drawer!.drawerId }, t.manager);
    expect(z.outsideDrawer).toEqual({ chipsByCardCents: 0, chipsByChequeCents: 0, chipChequesPaidCents: 0, guiaChequesPaidCents: 50_000 });
    const printed = t.h.kiosk.db.prepare(`SELECT document FROM print_jobs WHERE kind = 'z_report' ORDER BY id DESC LIMIT 1`).pluck().get() as string;
    const lines = previewText(JSON.parse(printed) as PrintDocument, 80).map((l) => l.trim());
    const outside = lines.indexOf('Fora da gaveta (entregar com o Z)');
    expect(lines.slice(outside, outside + 3)).toEqual(['Fora da gaveta (entregar com o Z)', 'Guias pagas em cheque                 500,00 €', '------------------------------------------------']);
  });
});
