/**
 * The casino caixa through the dispatcher (SPEC 7): machines registered and
 * imported, guias issued with gapless numbers, paid once in cash and cheques
 * out of the caixa's drawer, voided while unpaid, reprinted; jackpot funds fed
 * by meter readings and by hand, paid out only through guias, moved to a
 * machine of the same model and bet or, where the hall has none, to the
 * machines the inspectorate authorised; the return-to-player report. Every
 * refusal leaves the database as it was; the books and the audit chain hold
 * after every test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot, TEST_FLOAT, TEST_FLOAT_CENTS } from '../../../test/harness.js';
import { identified } from '../../../test/fixtures/persons.js';
import { drawerExpectedCash, openDrawersAt } from '../../../db/drawers.js';

let t: TestHall & { caixa: string; admin: string; personId: number };
beforeEach(async () => {
  const hall = await createTestHall();
  const admin = await hall.h.login('admin', '1111');
  await hall.h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['caixa'], pin: '4444' }, admin);
  t = { ...hall, admin, caixa: await hall.h.login('caixa2', '4444'), personId: 0 };
  // The winner the cheques are made out to (Lei n.º 83/2017, art. 76.º, n.º 3).
  t.personId = await identified(t.h, t.caixa);
  // The caixa's own drawer on the cashier's terminal (SPEC 9: neither pays out of the other's).
  await t.h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, t.caixa);
});
afterEach(() => {
  try {
    expectBooksHold(t.h.kiosk.db);
  } finally {
    t.h.close();
  }
});

type ErrorBody = Awaited<ReturnType<TestHall['h']['refused']>>;

async function refusedUnchanged(channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(t.h.kiosk);
  const error = await t.h.refused(channel, input, token);
  expect(snapshot(t.h.kiosk)).toEqual(before);
  return error;
}

const MANAGER = { username: 'gerente', pin: '2222' };
const ADMIN = { username: 'admin', pin: '1111' };
// What the caixa's drawer holds, read from the books: the counter's view is blind.
const drawerOfUser = (username: string) => openDrawersAt(t.h.kiosk.db, 'T1').find((d) => d.openedBy === username)!;
const drawerCash = async () => drawerExpectedCash(t.h.kiosk.db, drawerOfUser('caixa2'));

/** Machines 7 and 8 (same model and bet, group SJ1, 5 % jackpot and 1 % superjackpot shares) and 9 (another model). */
async function machines(): Promise<void> {
  const same = { model: 'Lucky 7', betCents: 50, group: 'SJ1', jackpotShareBasisPoints: 500, superjackpotShareBasisPoints: 100 };
  await t.h.ok('machine.register', { number: '7', location: 'Sala A', ...same }, t.manager);
  await t.h.ok('machine.register', { number: '8', ...same }, t.manager);
  await t.h.ok('machine.register', { number: '9', model: 'Fruit Party', betCents: 100 }, t.manager);
}

describe('machines', () => {
  it('are registered, edited and listed with their jackpot fund', async () => {
    await machines();
    await t.h.ok('machine.update', { number: '9', model: 'Fruit Party', betCents: 100, location: 'Entrada' }, t.manager);
    const list = await t.h.ok('machine.list', {}, t.caixa);
    expect(list.map((m) => [m.number, m.model, m.betCents, m.location, m.group, m.jackpotHeldCents])).toEqual([
      ['7', 'Lucky 7', 50, 'Sala A', 'SJ1', 0],
      ['8', 'Lucky 7', 50, null, 'SJ1', 0],
      ['9', 'Fruit Party', 100, 'Entrada', null, 0],
    ]);
  });

  it('refuses a number taken, a group of mixed model or bet, an unknown machine to edit, and a caixa registering', async () => {
    await machines();
    expect(await refusedUnchanged('machine.register', { number: '7', model: 'X', betCents: 50 }, t.manager)).toMatchObject({ code: 'MACHINE_NUMBER_TAKEN' });
    expect(await refusedUnchanged('machine.register', { number: '10', model: 'Other', betCents: 50, group: 'SJ1' }, t.manager)).toEqual({
      code: 'GROUP_MIXED',
      message: 'O grupo SJ1 tem máquinas de modelo Lucky 7 e aposta 0,50 €: as máquinas de um grupo de superjackpot são do mesmo modelo e aposta.',
    });
    expect((await refusedUnchanged('machine.update', { number: '99', model: 'X', betCents: 50 }, t.manager)).code).toBe('MACHINE_NOT_FOUND');
    expect((await refusedUnchanged('machine.register', { number: '11', model: 'X', betCents: 50 }, t.caixa)).code).toBe('FORBIDDEN');
    for (const betCents of [0, -50, 0.5]) {
      expect((await refusedUnchanged('machine.register', { number: '12', model: 'X', betCents }, t.manager)).code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a model or location the configured printer cannot print (issue 12), in a register, an edit or an import', async () => {
    await machines();
    await t.h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
    const registered = await refusedUnchanged('machine.register', { number: '10', model: 'Lucky 7 ™', betCents: 50 }, t.manager);
    expect(registered.code).toBe('TEXT_NOT_PRINTABLE');
    expect(registered.message).toMatch(/^O modelo da máquina 10 \("Lucky 7 ™"\) tem um carácter que a impressora balcao \(página de código cp858\) não imprime: '™' \(U\+2122\)\./);
    const edited = await refusedUnchanged('machine.update', { number: '9', model: 'Fruit Party', betCents: 100, location: 'Entrada 🎰' }, t.manager);
    expect(edited.message).toMatch(/^A localização da máquina 9 \("Entrada 🎰"\) tem um carácter .* '🎰' \(U\+1F3B0\)\./);
    expect((await refusedUnchanged('machine.import', { csv: 'number,model,bet,location,group\n31,Lucky 7,1,,\n32,Lucky – 7,1,,\n' }, t.manager)).code).toBe('TEXT_NOT_PRINTABLE');
    expect((await t.h.ok('machine.list', {}, t.manager)).map((m) => [m.number, m.model, m.location])).toEqual([
      ['7', 'Lucky 7', 'Sala A'],
      ['8', 'Lucky 7', null],
      ['9', 'Fruit Party', null],
    ]);
  });

  it('are imported from a CSV file, all or nothing', async () => {
    const csv = 'number,model,bet,location,group\n21,Lucky 7,"0,50",Sala B,SJ2\n22,Lucky 7,0.50,,SJ2\n';
    expect(await t.h.ok('machine.import', { csv }, t.manager)).toEqual({ imported: 2, numbers: ['21', '22'] });
    const bad = 'number,model,bet,location,group\n23,Lucky 7,0.50,,\n24,Lucky 7,abc,,\n';
    expect(await refusedUnchanged('machine.import', { csv: bad }, t.manager)).toMatchObject({ code: 'MACHINES_CSV_INVALID' });
    expect((await refusedUnchanged('machine.import', { csv: bad }, t.manager)).message).toContain('linha 3');
    // A machine already registered refuses the whole file too.
    expect((await refusedUnchanged('machine.import', { csv: 'number,model,bet,location,group\n25,A,1,,\n21,A,1,,\n' }, t.manager)).code).toBe(
      'MACHINE_NUMBER_TAKEN',
    );
    expect((await t.h.ok('machine.list', {}, t.manager)).map((m) => m.number)).toEqual(['21', '22']);
  });
});

describe('guias', () => {
  it('a hand pay: issued with the next number, paid half cash half cheque; the drawer loses only the cash part', async () => {
    await machines();
    await t.h.ok(
      'printer.configure',
      { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 },
      t.manager,
    );
    const issued = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 40_000, kind: 'hand_pay', meters: { coinsIn: 1200 } }, t.caixa);
    expect(issued).toMatchObject({ number: 1, machineNumber: '9', kind: 'hand_pay', amountCents: 40_000, fund: null, status: 'unpaid', meters: { coinsIn: 1200 } });
    const before = await drawerCash();
    expect(before).toBe(TEST_FLOAT_CENTS);
    // Cash 50,00 € of the drawer's 100,00 €, the rest in one cheque.
    const paid = await t.h.ok('guia.pay', { guiaId: issued.guiaId, cashCents: 5_000, cheques: [{ amountCents: 35_000, number: '0012345', bank: 'CGD' }], personId: t.personId }, t.caixa);
    expect(paid).toMatchObject({ status: 'paid', payment: { cashCents: 5_000, cheques: [{ amountCents: 35_000, number: '0012345', bank: 'CGD' }], paidBy: 'caixa2' } });
    expect(await drawerCash()).toBe(before - 5_000);
    // The counter's close is blind: the caixa and the cashier learn a drawer is open, not what it holds.
    expect(await t.h.ok('drawer.cash', {}, t.caixa)).toMatchObject({ cashCents: null });
    expect(await t.h.ok('drawer.cash', {}, t.cashier)).toMatchObject({ cashCents: null });
    // The cash part left the caixa's own drawer, never the cashier's on the same terminal.
    expect(drawerExpectedCash(t.h.kiosk.db, drawerOfUser('caixa1'))).toBe(TEST_FLOAT_CENTS);
    // Printed: both copies at issue, both at payment; only the caixa's copy of the payment opens the drawer.
    const jobs = t.h.kiosk.db.prepare(`SELECT title, document FROM print_jobs WHERE ref_type = 'guia' ORDER BY id`).all() as { title: string; document: string }[];
    expect(jobs.map((j) => [j.title, (JSON.parse(j.document) as { openDrawer?: boolean }).openDrawer ?? false])).toEqual([
      ['Guia n.º 1 (exemplar da caixa)', false],
      ['Guia n.º 1 (exemplar do jogador)', false],
      ['Guia n.º 1 (exemplar da caixa)', true],
      ['Guia n.º 1 (exemplar do jogador)', false],
    ]);
    expect(jobs[0]!.document).toContain('GUIA|1');
    // A cheque-only payment never opens the drawer.
    const second = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 2_000, kind: 'credits_claim' }, t.caixa);
    await t.h.ok('guia.pay', { guiaId: second.guiaId, cashCents: 0, cheques: [{ amountCents: 2_000, number: '0012346', bank: 'CGD' }], personId: t.personId }, t.caixa);
    const last = t.h.kiosk.db.prepare(`SELECT document FROM print_jobs ORDER BY id DESC LIMIT 2`).pluck().all() as string[];
    expect(last.map((d) => (JSON.parse(d) as { openDrawer?: boolean }).openDrawer ?? false)).toEqual([false, false]);
    expect(await drawerCash()).toBe(before - 5_000);
    // Found by number or by its QR text, and reprinted as 2.ª VIA.
    expect((await t.h.ok('guia.find', { query: 'GUIA|1' }, t.caixa)).guiaId).toBe(issued.guiaId);
    expect((await t.h.ok('guia.find', { query: ' 0002\n' }, t.caixa)).guiaId).toBe(second.guiaId);
    const reprint = await t.h.ok('guia.reprint', { guiaId: issued.guiaId }, t.caixa);
    expect(reprint.printJobIds).toHaveLength(2);
    const copy = t.h.kiosk.db.prepare(`SELECT document FROM print_jobs WHERE id = ?`).pluck().get(reprint.printJobIds[0]) as string;
    expect(copy).toContain('2.ª VIA');
    expect((JSON.parse(copy) as { openDrawer?: boolean }).openDrawer ?? false).toBe(false);
  });

  it('refuses a split that does not add up, a cash part over the drawer, a second payment, bad amounts; nothing changes', async () => {
    await machines();
    const g = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 12_000, kind: 'hand_pay' }, t.caixa);
    expect(await refusedUnchanged('guia.pay', { guiaId: g.guiaId, cashCents: 5_000, cheques: [{ amountCents: 6_000, number: '1', bank: 'BCP' }], personId: t.personId }, t.caixa)).toEqual({
      code: 'GUIA_SPLIT_MISMATCH',
      message: 'Numerário e cheques somam 110,00 €, mas a guia é de 120,00 €: as partes têm de somar exatamente o valor (n.º 13).',
    });
    expect(await refusedUnchanged('guia.pay', { guiaId: g.guiaId, cashCents: 12_000, cheques: [] }, t.caixa)).toEqual({
      code: 'PAYOUT_EXCEEDS_DRAWER',
      message:
        'Pagamento de 120,00 € em numerário recusado: a gaveta não tem numerário que chegue. Registe uma entrada de dinheiro (Gaveta) ou, numa guia, pague parte em cheque.',
    });
    for (const amountCents of [0, -100, 10.5]) {
      expect((await refusedUnchanged('guia.issue', { machineNumber: '9', amountCents, kind: 'hand_pay' }, t.caixa)).code).toBe('VALIDATION_FAILED');
    }
    expect((await refusedUnchanged('guia.pay', { guiaId: g.guiaId, cashCents: -1, cheques: [] }, t.caixa)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('guia.issue', { machineNumber: '99', amountCents: 100, kind: 'hand_pay' }, t.caixa)).code).toBe('MACHINE_NOT_FOUND');
    expect((await refusedUnchanged('guia.issue', { machineNumber: '9', amountCents: 100, kind: 'hand_pay' }, t.cashier)).code).toBe('FORBIDDEN');
    await t.h.ok('guia.pay', { guiaId: g.guiaId, cashCents: 2_000, cheques: [{ amountCents: 10_000, number: '77', bank: 'BPI' }], personId: t.personId }, t.caixa);
    const again = await refusedUnchanged('guia.pay', { guiaId: g.guiaId, cashCents: 2_000, cheques: [{ amountCents: 10_000, number: '78', bank: 'BPI' }], personId: t.personId }, t.caixa);
    expect(again.code).toBe('GUIA_ALREADY_PAID');
    expect(again.message).toMatch(/^A guia n\.º 1 já foi paga \(\d\d:\d\d, por caixa2\)/);
  });

  it('refuses a cheque bank the receipts printer cannot print, naming the cheque and the characters; nothing changes', async () => {
    await machines();
    await t.h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
    const g = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 3_000, kind: 'hand_pay' }, t.caixa);
    const pay = (bank: string) => ({ guiaId: g.guiaId, cashCents: 0, cheques: [{ amountCents: 3_000, number: '0012345', bank }], personId: t.personId });
    const error = await refusedUnchanged('guia.pay', pay('Banco “Popular”'), t.caixa);
    expect(error.code).toBe('TEXT_NOT_PRINTABLE');
    expect(error.message).toMatch(/^O banco do cheque 0012345 \("Banco “Popular”"\) tem caracteres que a impressora balcao \(página de código cp858\) não imprime: '“' \(U\+201C\), '”' \(U\+201D\)\./);
    const en = await t.h.kiosk.dispatch('guia.pay', pay('Banco 😀'), { operatorToken: t.caixa, lang: 'en' });
    expect(!en.ok && en.error.message).toMatch(/^The bank of cheque 0012345 \("Banco 😀"\) has a character that printer balcao .* '😀' \(U\+1F600\)\./);
    expect((await t.h.ok('guia.pay', pay('Banco Popular'), t.caixa)).status).toBe('paid');
  });

  it('without an open drawer: a cash part is refused (saying how to open one), a cheque-only payment goes through', async () => {
    await machines();
    const g = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 3_000, kind: 'hand_pay' }, t.caixa);
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5 } }, t.caixa);
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5 } }, t.cashier);
    expect((await refusedUnchanged('guia.pay', { guiaId: g.guiaId, cashCents: 1_000, cheques: [{ amountCents: 2_000, number: '5', bank: 'CGD' }], personId: t.personId }, t.caixa)).code).toBe(
      'DRAWER_NOT_OPEN',
    );
    expect(await t.h.ok('drawer.cash', {}, t.caixa)).toBeNull();
    const paid = await t.h.ok('guia.pay', { guiaId: g.guiaId, cashCents: 0, cheques: [{ amountCents: 3_000, number: '5', bank: 'CGD' }], personId: t.personId }, t.caixa);
    expect(paid.status).toBe('paid');
    expect(t.h.kiosk.db.prepare(`SELECT drawer_id FROM guia_payments`).pluck().get()).toBeNull();
  });

  it('a drawer belongs to its operator: on a terminal shared with the cashier, the caixa pays and exchanges only through his own; nothing moves otherwise', async () => {
    await machines();
    const g = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 3_000, kind: 'hand_pay' }, t.caixa);
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5 } }, t.caixa);
    // Only the cashier's drawer is open on T1 now: the caixa has none, and is told whose it is.
    expect(await t.h.ok('drawer.current', {}, t.caixa)).toBeNull();
    expect(await t.h.ok('drawer.cash', {}, t.caixa)).toBeNull();
    const notYours = {
      code: 'DRAWER_NOT_YOURS',
      message:
        'A gaveta aberta neste terminal é de Caixa Um: cada operador recebe e paga só da sua própria gaveta. Abra a sua (ecrã Gaveta) com o fundo de caixa contado; nada foi registado.',
    };
    const chips = [{ valueCents: 500, count: 2 }];
    expect(await refusedUnchanged('guia.pay', { guiaId: g.guiaId, cashCents: 1_000, cheques: [{ amountCents: 2_000, number: '5', bank: 'CGD' }], personId: t.personId }, t.caixa)).toEqual(notYours);
    expect(await refusedUnchanged('chips.sell', { chips, payment: { method: 'cash', tenderedCents: 1_000 } }, t.caixa)).toEqual(notYours);
    expect(await refusedUnchanged('chips.redeem', { chips: chips.map((c) => ({ ...c, faceValue: true })) }, t.caixa)).toEqual(notYours);
    expect(await refusedUnchanged('chips.move', { kind: 'fill', chips, reason: 'Reforço do cofre' }, t.caixa)).toEqual(notYours);
    expect(await refusedUnchanged('drawer.move', { kind: 'pay_in', amountCents: 100, reason: 'Trocos' }, t.caixa)).toEqual(notYours);
    const en = await t.h.kiosk.dispatch('chips.redeem', { chips: chips.map((c) => ({ ...c, faceValue: true })) }, { operatorToken: t.caixa, lang: 'en' });
    expect(!en.ok && en.error.message).toBe(
      "The drawer open on this terminal is Caixa Um's: each operator takes and pays cash only through their own drawer. Open yours (Drawer screen) with its counted float; nothing was recorded.",
    );
    // His own drawer opened beside the cashier's: the cash part and the chips go through it alone.
    const own = await t.h.ok('drawer.open', { floatByDenomination: TEST_FLOAT, chipFloatByValue: { '500': 10 } }, t.caixa);
    expect(own).toMatchObject({ openedBy: 'caixa2', terminalId: 'T1' });
    expect((await refusedUnchanged('drawer.open', { floatByDenomination: TEST_FLOAT }, t.caixa)).code).toBe('DRAWER_ALREADY_OPEN');
    await t.h.ok('guia.pay', { guiaId: g.guiaId, cashCents: 1_000, cheques: [{ amountCents: 2_000, number: '5', bank: 'CGD' }], personId: t.personId }, t.caixa);
    await t.h.ok('chips.sell', { chips, payment: { method: 'cash', tenderedCents: 1_000 } }, t.caixa);
    expect(drawerExpectedCash(t.h.kiosk.db, drawerOfUser('caixa2'))).toBe(TEST_FLOAT_CENTS - 1_000 + 1_000);
    expect(drawerExpectedCash(t.h.kiosk.db, drawerOfUser('caixa1'))).toBe(TEST_FLOAT_CENTS);
    expect(t.h.kiosk.db.prepare(`SELECT drawer_id FROM guia_payments`).pluck().get()).toBe(own.drawerId);
    // The cashier sells into his own drawer; with his closed, the caixa's is not his to sell into.
    await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
    await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    const game = await t.h.ok('game.open', { seriesCode: 'A' }, t.manager);
    const sale = { gameId: game.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } };
    await t.h.ok('sale.create', sale, t.cashier);
    expect(drawerExpectedCash(t.h.kiosk.db, drawerOfUser('caixa1'))).toBe(TEST_FLOAT_CENTS + 200);
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5, '200': 1 } }, t.cashier);
    expect(await refusedUnchanged('sale.create', sale, t.cashier)).toEqual({ ...notYours, message: notYours.message.replace('Caixa Um', 'Caixa Dois') });
  });

  it('over the hall threshold needs a manager other than the payer', async () => {
    await machines();
    await t.h.ok('settings.update', { guiaApprovalThresholdCents: 5_000 }, t.admin);
    const g = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 5_001, kind: 'hand_pay' }, t.caixa);
    expect(await refusedUnchanged('guia.pay', { guiaId: g.guiaId, cashCents: 5_001, cheques: [] }, t.caixa)).toEqual({
      code: 'GUIA_APPROVAL_REQUIRED',
      message: 'Guias acima de 50,00 € precisam da aprovação de um gerente (utilizador e PIN), que não seja quem paga.',
    });
    // The threshold travels as cents: English writes it its own way.
    const en = await t.h.kiosk.dispatch('guia.pay', { guiaId: g.guiaId, cashCents: 5_001, cheques: [] }, { operatorToken: t.caixa, lang: 'en' });
    expect(!en.ok && en.error.message).toBe("Guias over €50.00 need a manager's approval (username and PIN), other than the payer's.");
    const self = await refusedUnchanged('guia.pay', { guiaId: g.guiaId, cashCents: 5_001, cheques: [], approval: MANAGER }, t.manager);
    expect(self).toEqual({
      code: 'APPROVER_IS_OPERATOR',
      message: 'A autorização tem de ser dada por outro gerente: quem paga a guia não pode autorizar o seu próprio pagamento.',
    });
    // Refused before the PIN is checked: a wrong PIN gets the same words and counts nothing.
    expect(await refusedUnchanged('guia.pay', { guiaId: g.guiaId, cashCents: 5_001, cheques: [], approval: { ...MANAGER, pin: '9999' } }, t.manager)).toEqual(self);
    await t.h.ok('guia.pay', { guiaId: g.guiaId, cashCents: 5_001, cheques: [], approval: MANAGER }, t.caixa);
    expect(t.h.kiosk.db.prepare(`SELECT approved_by FROM guia_payments`).pluck().get()).toBe(2);
    // At the threshold exactly, no approval.
    const at = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 5_000, kind: 'hand_pay' }, t.caixa);
    await t.h.ok('guia.pay', { guiaId: at.guiaId, cashCents: 0, cheques: [{ amountCents: 5_000, number: '9', bank: 'CGD' }], personId: t.personId }, t.caixa);
  });

  it('is voided by a manager while unpaid, stays on record, and its number is never reused', async () => {
    await machines();
    const g1 = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 1_000, kind: 'hand_pay' }, t.caixa);
    const voided = await t.h.ok('guia.void', { guiaId: g1.guiaId, reason: 'Máquina errada', approval: MANAGER }, t.caixa);
    expect(voided).toMatchObject({ number: 1, status: 'void', voidReason: 'Máquina errada' });
    const g2 = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 1_000, kind: 'hand_pay' }, t.caixa);
    expect(g2.number).toBe(2);
    expect((await refusedUnchanged('guia.pay', { guiaId: g1.guiaId, cashCents: 1_000, cheques: [] }, t.caixa)).code).toBe('GUIA_VOIDED');
    expect((await refusedUnchanged('guia.void', { guiaId: g1.guiaId, reason: 'De novo', approval: MANAGER }, t.caixa)).code).toBe('GUIA_VOIDED');
    await t.h.ok('guia.pay', { guiaId: g2.guiaId, cashCents: 1_000, cheques: [] }, t.caixa);
    expect(await refusedUnchanged('guia.void', { guiaId: g2.guiaId, reason: 'Tarde', approval: MANAGER }, t.caixa)).toEqual({
      code: 'GUIA_PAID_NO_VOID',
      message: 'A guia n.º 2 já foi paga: só uma guia por pagar pode ser anulada.',
    });
    expect((await refusedUnchanged('guia.void', { guiaId: g2.guiaId, reason: 'x', approval: MANAGER }, t.caixa)).code).toBe('VALIDATION_FAILED');
    expect((await t.h.ok('guia.list', { status: 'void' }, t.caixa)).guias.map((g) => g.number)).toEqual([1]);
    expect((await t.h.ok('guia.list', {}, t.caixa)).guias.map((g) => [g.number, g.status])).toEqual([
      [2, 'paid'],
      [1, 'void'],
    ]);
    // The numbers in the table: 1, 2 and nothing else; the trigger keeps them gapless.
    expect(() => t.h.kiosk.db.prepare(`INSERT INTO guias (number, machine_id, kind, amount_cents, issued_at, issued_by, terminal_id) VALUES (4, 1, 'hand_pay', 1, 'x', 1, 'T1')`).run()).toThrow(
      /sequential without gaps/,
    );
  });
});

describe('the day’s close', () => {
  it('lists the unpaid guias in the night view and carries them; they stay payable', async () => {
    await machines();
    const session = await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    const unpaid = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 4_500, kind: 'hand_pay' }, t.caixa);
    const paid = await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 1_000, kind: 'credits_claim' }, t.caixa);
    await t.h.ok('guia.pay', { guiaId: paid.guiaId, cashCents: 1_000, cheques: [] }, t.caixa);
    expect((await t.h.ok('session.overview', { sessionId: session.id }, t.manager)).guiasUnpaid).toEqual({ count: 1, cents: 4_500 });
    await t.h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, t.manager);
    // The caixa's float 100,00 € less the 10,00 € guia; the cashier's untouched.
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 4, '1000': 1 } }, t.caixa);
    await t.h.ok('drawer.close', { countedByDenomination: { '2000': 5 } }, t.cashier);
    const closed = await t.h.ok('session.close', { sessionId: session.id }, t.manager);
    expect(closed.carried.guias).toEqual([{ guiaId: unpaid.guiaId, number: 1, machineNumber: '9', amountCents: 4_500 }]);
    const cheque = await t.h.ok('guia.pay', { guiaId: unpaid.guiaId, cashCents: 0, cheques: [{ amountCents: 4_500, number: '31', bank: 'CGD' }], personId: t.personId }, t.caixa);
    expect(cheque.status).toBe('paid');
  });
});

describe('jackpot and superjackpot funds', () => {
  it('are fed by meter readings at their shares, paid out only through guias, never below zero', async () => {
    await machines();
    // The first reading is the baseline; the next: 2 000 credits of 0,50 € played = 1 000,00 €.
    expect(await t.h.ok('meters.record', { machineNumber: '7', coinsIn: 10_000, prizesPaid: 8_000, coinsCollected: 1_000 }, t.caixa)).toMatchObject({
      delta: { coinsIn: 0, prizesPaid: 0, coinsCollected: 0 },
      contributions: [],
    });
    const r = await t.h.ok('meters.record', { machineNumber: '7', coinsIn: 12_000, prizesPaid: 9_500, coinsCollected: 1_400 }, t.caixa);
    expect(r).toMatchObject({
      delta: { coinsIn: 2_000, prizesPaid: 1_500, coinsCollected: 400 },
      // 5 % to the machine's jackpot, 1 % to the group's superjackpot.
      contributions: [
        { fund: 'machine:7', amountCents: 5_000 },
        { fund: 'group:SJ1', amountCents: 1_000 },
      ],
    });
    expect(await t.h.ok('jackpot.contribute', { fund: 'machine:7', amountCents: 2_500 }, t.manager)).toEqual({ fund: 'machine:7', heldCents: 7_500 });
    expect(await refusedUnchanged('guia.issue', { machineNumber: '7', amountCents: 7_501, kind: 'jackpot' }, t.caixa)).toEqual({
      code: 'FUND_INSUFFICIENT',
      message: 'O fundo machine:7 tem 75,00 €: não pode pagar 75,01 € (os valores cativos nunca ficam negativos, n.º 5).',
    });
    const jackpot = await t.h.ok('guia.issue', { machineNumber: '7', amountCents: 7_500, kind: 'jackpot' }, t.caixa);
    expect(jackpot.fund).toBe('machine:7');
    const superjackpot = await t.h.ok('guia.issue', { machineNumber: '8', amountCents: 1_000, kind: 'superjackpot' }, t.caixa);
    expect(superjackpot.fund).toBe('group:SJ1');
    expect(await refusedUnchanged('guia.issue', { machineNumber: '9', amountCents: 1, kind: 'superjackpot' }, t.caixa)).toMatchObject({ code: 'GUIA_NEEDS_FUND_MACHINE' });
    let held = await t.h.ok('report.fundsHeld', {}, t.manager);
    expect(held.funds.map((f) => [f.fund, f.heldCents])).toEqual([
      ['machine:7', 0],
      ['machine:8', 0],
      ['machine:9', 0],
      ['group:SJ1', 0],
    ]);
    // A void gives the fund back what the guia took.
    await t.h.ok('guia.void', { guiaId: jackpot.guiaId, reason: 'Erro de leitura', approval: MANAGER }, t.caixa);
    held = await t.h.ok('report.fundsHeld', {}, t.manager);
    expect(held).toMatchObject({ totalCents: 7_500 });
    expect(held.funds[0]).toEqual({ fund: 'machine:7', kind: 'jackpot', heldCents: 7_500, machines: ['7'], model: 'Lucky 7', betCents: 50 });
  });

  it('move whole to a machine of the same model and bet with the authorisation reference and a second manager', async () => {
    await machines();
    await t.h.ok('jackpot.contribute', { fund: 'machine:7', amountCents: 12_345 }, t.manager);
    const transfer = { from: 'machine:7', to: 'machine:9', authorisationRef: 'IGJ 123/2026', approval: ADMIN };
    expect(await refusedUnchanged('jackpot.transfer', transfer, t.manager)).toEqual({
      code: 'FUND_TRANSFER_MISMATCH',
      message:
        'Transferência recusada: machine:7 (Lucky 7, aposta 0,50 €) e machine:9 (Fruit Party, aposta 1,00 €) não são do mesmo modelo e aposta (n.º 6).',
    });
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, to: 'machine:7' }, t.manager)).code).toBe('FUND_TRANSFER_SAME');
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, to: 'machine:8', approval: MANAGER }, t.manager)).code).toBe('APPROVER_IS_OPERATOR');
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, to: 'machin:8' }, t.manager)).code).toBe('FUND_NAME_INVALID');
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, to: 'machine:80' }, t.manager)).code).toBe('FUND_NOT_FOUND');
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, from: 'machine:8', to: 'machine:7' }, t.manager)).code).toBe('FUND_EMPTY');
    expect(await t.h.ok('jackpot.transfer', { ...transfer, to: 'machine:8' }, t.manager)).toEqual({
      from: 'machine:7',
      to: 'machine:8',
      branch: 'same_model',
      authorisationRef: 'IGJ 123/2026',
      amountCents: 12_345,
      toHeldCents: 12_345,
    });
    expect(t.h.kiosk.db.prepare(`SELECT authorisation_ref, branch FROM fund_transfers`).all()).toEqual([{ authorisation_ref: 'IGJ 123/2026', branch: 'same_model' }]);
    expect((await refusedUnchanged('jackpot.contribute', { fund: 'machine:7', amountCents: 1 }, t.caixa)).code).toBe('FORBIDDEN');
  });

  it('where the hall has no machine or group of the same model and bet, move to the machines the inspectorate authorised (n.º 6, second branch)', async () => {
    await machines();
    // Machine 9 (Fruit Party, 1,00 €) is the hall's only one of its model: its jackpot cannot go to a fund of the same model and bet.
    await t.h.ok('jackpot.contribute', { fund: 'machine:9', amountCents: 4_321 }, t.manager);
    await t.h.ok('jackpot.contribute', { fund: 'machine:7', amountCents: 1_000 }, t.manager);
    const transfer = { from: 'machine:9', to: 'machine:7', branch: 'inspectorate' as const, authorisationRef: 'IGJ 77/2026', approval: ADMIN };
    // The first branch refuses it, as before.
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, branch: 'same_model' }, t.manager)).code).toBe('FUND_TRANSFER_MISMATCH');
    // Machine 7 has machine 8 and group SJ1 of its model and bet: the second branch is not for it.
    expect(await refusedUnchanged('jackpot.transfer', { ...transfer, from: 'machine:7', to: 'machine:9' }, t.manager)).toEqual({
      code: 'FUND_TRANSFER_SAME_MODEL_EXISTS',
      message:
        'Transferência para máquinas autorizadas pela Inspecção-Geral de Jogos recusada: essa via só se usa na falta de máquina ou grupo do mesmo modelo e aposta, e machine:8 é, como machine:7, do modelo Lucky 7 com aposta 0,50 € (há 2 fundos assim): transfira para um deles (n.º 6).',
    });
    // Group SJ1's only funds of its model are its own members': not "another" fund for it (n.º 6).
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, from: 'group:SJ1', to: 'machine:8', branch: 'same_model' }, t.manager)).code).toBe(
      'FUND_TRANSFER_SAME_MACHINES',
    );
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, to: 'machine:9' }, t.manager)).code).toBe('FUND_TRANSFER_SAME');
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, to: 'group:NONE' }, t.manager)).code).toBe('FUND_NOT_FOUND');
    // A second manager approves: never the one who moves it, never a caixa.
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, approval: MANAGER }, t.manager)).code).toBe('APPROVER_IS_OPERATOR');
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, approval: { username: 'caixa2', pin: '4444' } }, t.manager)).code).toBe('APPROVER_NOT_MANAGER');
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, branch: 'igj' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, authorisationRef: '' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('jackpot.transfer', transfer, t.caixa)).code).toBe('FORBIDDEN');

    expect(await t.h.ok('jackpot.transfer', transfer, t.manager)).toEqual({
      from: 'machine:9',
      to: 'machine:7',
      branch: 'inspectorate',
      authorisationRef: 'IGJ 77/2026',
      amountCents: 4_321,
      toHeldCents: 5_321,
    });
    const held = await t.h.ok('report.fundsHeld', {}, t.manager);
    expect(held.funds.map((f) => [f.fund, f.heldCents])).toEqual([
      ['machine:7', 5_321],
      ['machine:8', 0],
      ['machine:9', 0],
      ['group:SJ1', 0],
    ]);
    expect(held.totalCents).toBe(5_321);
    // Recorded with its branch and reference, moved by the manager, approved by another.
    const db = t.h.kiosk.db;
    expect(db.prepare(`SELECT from_fund, to_fund, branch, amount_cents, authorisation_ref, operator_id <> approved_by AS second FROM fund_transfers`).all()).toEqual([
      { from_fund: 'machine:9', to_fund: 'machine:7', branch: 'inspectorate', amount_cents: 4_321, authorisation_ref: 'IGJ 77/2026', second: 1 },
    ]);
    const audit = JSON.parse(db.prepare(`SELECT after FROM audit_log WHERE channel = 'jackpot.transfer' AND outcome = 'ok'`).pluck().get() as string) as Record<string, unknown>;
    expect(audit).toEqual({
      from: 'machine:9',
      to: 'machine:7',
      branch: 'inspectorate',
      authorisationRef: 'IGJ 77/2026',
      amountCents: 4_321,
      toHeldCents: 5_321,
      transferId: 1,
      approvedBy: 'admin',
    });
    const list = await t.h.ok('jackpot.transfers', {}, t.manager);
    expect(list).toEqual([
      {
        transferId: 1,
        at: t.h.clock.now().toISOString(),
        from: 'machine:9',
        to: 'machine:7',
        amountCents: 4_321,
        branch: 'inspectorate',
        authorisationRef: 'IGJ 77/2026',
        operator: 'gerente',
        approvedBy: 'admin',
      },
    ]);
    expect((await t.h.refused('jackpot.transfers', {}, t.caixa)).code).toBe('FORBIDDEN');
    // Once the hall has another Fruit Party at 1,00 €, machine 9's fund goes there only (the first branch).
    await t.h.ok('machine.register', { number: '11', model: 'Fruit Party', betCents: 100 }, t.manager);
    await t.h.ok('jackpot.contribute', { fund: 'machine:9', amountCents: 100 }, t.manager);
    expect((await refusedUnchanged('jackpot.transfer', { ...transfer, authorisationRef: 'IGJ 78/2026' }, t.manager)).code).toBe('FUND_TRANSFER_SAME_MODEL_EXISTS');
    expect(await t.h.ok('jackpot.transfer', { ...transfer, to: 'machine:11', branch: 'same_model', authorisationRef: 'IGJ 78/2026' }, t.manager)).toMatchObject({
      branch: 'same_model',
      amountCents: 100,
    });
    // The books hold after both transfers (afterEach): each fund holds what went in, less guias and what moved out.
  });
});

describe('meters and the return to players', () => {
  it('refuses a reading going backwards unless recorded as a rollover or a reset', async () => {
    await machines();
    await t.h.ok('meters.record', { machineNumber: '9', coinsIn: 99_999_000, prizesPaid: 500, coinsCollected: 10 }, t.caixa);
    expect(await refusedUnchanged('meters.record', { machineNumber: '9', coinsIn: 500, prizesPaid: 600, coinsCollected: 10 }, t.caixa)).toEqual({
      code: 'METER_BACKWARDS',
      message:
        'O contador de entradas da máquina n.º 9 desceu (99999000 → 500): registe a leitura como volta do contador ou reposição a zero (n.º 9).',
    });
    const rolled = await t.h.ok('meters.record', { machineNumber: '9', coinsIn: 500, prizesPaid: 600, coinsCollected: 10, kind: 'rollover', modulus: 100_000_000 }, t.caixa);
    expect(rolled.delta).toEqual({ coinsIn: 1_500, prizesPaid: 100, coinsCollected: 0 });
    const reset = await t.h.ok('meters.record', { machineNumber: '9', coinsIn: 40, prizesPaid: 30, coinsCollected: 0, kind: 'reset' }, t.caixa);
    expect(reset.delta).toEqual({ coinsIn: 40, prizesPaid: 30, coinsCollected: 0 });
    expect((await refusedUnchanged('meters.record', { machineNumber: '9', coinsIn: -1, prizesPaid: 0, coinsCollected: 0 }, t.caixa)).code).toBe('VALIDATION_FAILED');
  });

  it('reports each machine’s return over a period, machine prizes plus guias over coins in, flagging under 80 %', async () => {
    await machines();
    const day = (h: number) => t.h.clock.advanceMinutes(h * 60);
    for (const n of ['7', '9']) await t.h.ok('meters.record', { machineNumber: n, coinsIn: 0, prizesPaid: 0, coinsCollected: 0 }, t.caixa);
    const from = t.h.clock.now().toISOString();
    day(1);
    t.caixa = await t.h.login('caixa2', '4444');
    // The baseline readings at `from` count as readings of the period (with nothing played).
    // Machine 7: 1 000 credits of 0,50 € = 500,00 € in, 700 credits = 350,00 € paid, plus a 60,00 € guia: 82 %.
    await t.h.ok('meters.record', { machineNumber: '7', coinsIn: 1_000, prizesPaid: 700, coinsCollected: 0 }, t.caixa);
    await t.h.ok('guia.issue', { machineNumber: '7', amountCents: 6_000, kind: 'hand_pay' }, t.caixa);
    // Machine 9: 1 000 credits of 1,00 € in, 750 paid: 75 %.
    await t.h.ok('meters.record', { machineNumber: '9', coinsIn: 1_000, prizesPaid: 750, coinsCollected: 0 }, t.caixa);
    day(1);
    const manager = await t.h.login('gerente', '2222');
    const report = await t.h.ok('report.machineReturn', { from, to: t.h.clock.now().toISOString() }, manager);
    expect(report.minimumBasisPoints).toBe(8000);
    expect(report.machines).toEqual([
      { number: '7', model: 'Lucky 7', playedCents: 50_000, machinePrizesCents: 35_000, guiasCents: 6_000, readings: 2, returnBasisPoints: 8200, below: false },
      { number: '8', model: 'Lucky 7', playedCents: 0, machinePrizesCents: 0, guiasCents: 0, readings: 0, returnBasisPoints: null, below: false },
      { number: '9', model: 'Fruit Party', playedCents: 100_000, machinePrizesCents: 75_000, guiasCents: 0, readings: 2, returnBasisPoints: 7500, below: true },
    ]);
    expect((await t.h.refused('report.machineReturn', { from: report.to, to: report.from }, manager)).code).toBe('REPORT_PERIOD_INVALID');
  });
});
