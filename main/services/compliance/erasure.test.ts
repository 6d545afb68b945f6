/**
 * The erasure of identifications at the end of the legal period (Lei n.º
 * 83/2017, art. 51.º; SPEC 11: seven years), through the dispatcher: the
 * preview says what will go, the act erases exactly that and is recorded; a
 * record an act made later still needs is kept until that act's own period
 * ends; the acts' amounts stay in the day's record with the person's data
 * gone. Every refusal leaves the database as it was; the books hold after
 * every test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import { closeCaixaHall, createCaixaHall, type CaixaHall } from '../../../test/fixtures/caixa-hall.js';
import { identified, TEST_PERSON } from '../../../test/fixtures/persons.js';
import { refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';
import { pdfPages } from '../../../test/pdf.js';

let t: CaixaHall;
beforeEach(async () => {
  t = await createCaixaHall();
});
afterEach(() => closeCaixaHall(t));

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);

/** A guia of 30,00 € paid 10,00 € in cash and 20,00 € by cheque to the person. */
async function paidTo(personId: number): Promise<number> {
  const guiaId = (await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 3_000, kind: 'hand_pay' }, t.caixa)).guiaId;
  await t.h.ok('guia.pay', { guiaId, cashCents: 1_000, cheques: [{ amountCents: 2_000, number: `00${guiaId}`, bank: 'CGD' }], personId }, t.caixa);
  return guiaId;
}

/** The clock moved on; everyone logs in again (a session does not last years). */
async function at(iso: string) {
  t.h.clock.current = new Date(iso);
  t.caixa = await t.h.login('caixa2', '4444');
  t.manager = await t.h.login('gerente', '2222');
}

const personRow = (id: number) => t.h.kiosk.db.prepare(`SELECT name, document_number, birth_date, erased_at, erased_by FROM persons WHERE id = ?`).get(id);

describe('identifications erased at the end of the legal period (Lei n.º 83/2017, art. 51.º)', () => {
  it('says what it will erase, erases exactly that in one recorded act, and keeps a record a later act still needs', async () => {
    // 30/11/2026 20:00 UTC: Maria identified and paid a guia; another person identified, paid under that record in 2029.
    const maria = await identified(t.h, t.caixa);
    const guia = await paidTo(maria);
    const other = await identified(t.h, t.caixa, 1);
    await at('2029-06-01T12:00:00.000Z');
    await paidTo(other);
    const nothingYet = await t.h.ok('person.erasurePreview', {}, t.manager);
    expect(nothingYet).toEqual({ before: '2022-06-01T12:00:00.000Z', years: 7, persons: 0, oldestRecordedAt: null, keptForLaterActs: 0, last: null });

    // Seven years and one second after both identifications.
    await at('2033-11-30T20:00:01.000Z');
    const preview = await t.h.ok('person.erasurePreview', {}, t.manager);
    expect(preview).toEqual({ before: '2026-11-30T20:00:01.000Z', years: 7, persons: 1, oldestRecordedAt: '2026-11-30T20:00:00.000Z', keptForLaterActs: 1, last: null });

    const erased = await t.h.kiosk.dispatch('person.erase', { before: preview.before }, { operatorToken: t.manager, idempotencyKey: 'erase-2033' });
    expect(erased).toEqual({ ok: true, value: { erasureId: 1, at: '2033-11-30T20:00:01.000Z', by: 'gerente', before: '2026-11-30T20:00:01.000Z', persons: 1 } });
    // A retry after a lost answer: the same answer, one act.
    expect(await t.h.kiosk.dispatch('person.erase', { before: preview.before }, { operatorToken: t.manager, idempotencyKey: 'erase-2033' })).toEqual(erased);
    const gerente = t.h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = 'gerente'`).pluck().get();
    expect(t.h.kiosk.db.prepare(`SELECT id, at, operator_id, before, persons FROM person_erasures`).all()).toEqual([
      { id: 1, at: '2033-11-30T20:00:01.000Z', operator_id: gerente, before: '2026-11-30T20:00:01.000Z', persons: 1 },
    ]);
    expect(personRow(maria)).toEqual({ name: null, document_number: null, birth_date: null, erased_at: '2033-11-30T20:00:01.000Z', erased_by: gerente });
    expect(personRow(other)).toMatchObject({ name: 'Pessoa Teste 1', document_number: '90000001', erased_at: null });
    // The act is in the audit log with its record, by its count: no person.
    const audit = t.h.kiosk.db.prepare(`SELECT outcome, input, after FROM audit_log WHERE channel = 'person.erase'`).all();
    expect(audit).toEqual([{ outcome: 'ok', input: '{"before":"2026-11-30T20:00:01.000Z"}', after: '{"erasureId":1,"before":"2026-11-30T20:00:01.000Z","persons":1}' }]);
    expect(t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM record_audit WHERE record = 'person_erasure' AND record_id = 1`).pluck().get()).toBe(1);

    // The document is no longer found; the day's record keeps the payment, its amounts and operator, with no one named.
    expect((await refusedUnchanged('person.find', { person: { documentType: TEST_PERSON.documentType, documentNumber: TEST_PERSON.documentNumber, country: 'PT' } }, t.caixa)).code).toBe(
      'PERSON_NOT_IDENTIFIED',
    );
    const day = await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, t.manager);
    expect(day.acts.map((a) => [a.act, a.refId, a.cents, a.cashCents, a.chequeCents, a.personId, a.name, a.documentNumber, a.country, a.operator])).toEqual([
      ['guia_payment', guia, 3_000, 1_000, 2_000, maria, '', '', 'PT', 'caixa2'],
    ]);
    const pdf = await t.h.ok('report.complianceDayPdf', { gamingDay: '2026-11-30' }, t.manager);
    const text = pdfPages(Buffer.from(pdf.base64, 'base64')).flat().join('\n');
    expect(text).toContain('(apagado)');
    expect(text).not.toContain('Maria');
    const csv = await t.h.ok('export.complianceDay', { gamingDay: '2026-11-30' }, t.manager);
    expect(csv.content).not.toContain('Maria');
    expect(csv.content).not.toContain('12345678');

    // Nothing left before the same cut; the preview says what was done last.
    expect(await refusedUnchanged('person.erase', { before: preview.before }, t.manager)).toEqual({
      code: 'ERASURE_NOTHING',
      message: 'Nenhuma identificação anterior a 30/11/2026 ficou por apagar (Lei n.º 83/2017, art. 51.º): nada foi apagado nem registado.',
    });
    expect((await t.h.ok('person.erasurePreview', {}, t.manager)).last).toEqual(erased.ok ? erased.value : null);

    // The other record's period runs from its act of 01/06/2029: erased seven years after that.
    await at('2036-06-01T12:00:01.000Z');
    expect(await t.h.ok('person.erasurePreview', {}, t.manager)).toMatchObject({ persons: 1, oldestRecordedAt: '2026-11-30T20:00:00.000Z', keptForLaterActs: 0 });
    expect((await t.h.ok('person.erase', { before: '2029-06-01T12:00:01.000Z' }, t.manager)).persons).toBe(1);
    expect(personRow(other)).toMatchObject({ name: null, document_number: null, birth_date: null });
  });

  it('refuses a cut inside the legal period, and anyone but the managers; nothing changes', async () => {
    await identified(t.h, t.caixa);
    await at('2033-11-30T20:00:01.000Z');
    expect(await refusedUnchanged('person.erase', { before: '2026-11-30T20:00:02.000Z' }, t.manager)).toEqual({
      code: 'ERASURE_TOO_EARLY',
      message:
        'Apagamento recusado: as identificações e os atos feitos até 30/11/2026 ainda estão dentro do prazo de conservação de 7 anos (Lei n.º 83/2017, art. 51.º); hoje só se apagam as anteriores a 30/11/2026. Nada foi apagado.',
    });
    expect((await refusedUnchanged('person.erase', { before: '2026-11-30T20:00:01.000Z' }, t.caixa)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('person.erasurePreview', {}, t.caixa)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('person.erase', { before: 'ontem' }, t.manager)).code).toBe('VALIDATION_FAILED');
    // Given with an offset, the same instant: accepted.
    expect((await t.h.ok('person.erase', { before: '2026-11-30T21:00:01+01:00' }, t.manager)).before).toBe('2026-11-30T20:00:01.000Z');
  });
});
