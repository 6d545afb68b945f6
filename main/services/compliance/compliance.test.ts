/**
 * Identified players through the dispatcher (Lei n.º 83/2017, art. 76.º;
 * SPEC 11): an identification recorded and found by the document; a guia
 * paid past the threshold or by cheque only to an identified winner, the
 * cheques printed nominative, crossed and "não à ordem" with the payee on the
 * caixa's copy alone; the gaming day's record for the managers; nothing
 * personal in the audit log nor in what the journal ships. Every refusal
 * leaves the database as it was; the books hold after every test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { PrintDocument } from '../../../printing/layout.js';
import { previewText } from '../../../printing/preview.js';
import { journalDocuments } from '../../../db/journal.js';
import { closeCaixaHall, createCaixaHall, type CaixaHall } from '../../../test/fixtures/caixa-hall.js';
import { identified, TEST_PERSON } from '../../../test/fixtures/persons.js';
import { refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';

let t: CaixaHall;
beforeEach(async () => {
  t = await createCaixaHall();
});
afterEach(() => closeCaixaHall(t));

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);

const MANAGER = { username: 'gerente', pin: '2222' };
const guia = async (amountCents: number) => (await t.h.ok('guia.issue', { machineNumber: '9', amountCents, kind: 'hand_pay' }, t.caixa)).guiaId;
const cheque = (amountCents: number, number = '0012345') => [{ amountCents, number, bank: 'CGD' }];
const allText = (table: string) => JSON.stringify(t.h.kiosk.db.prepare(`SELECT * FROM ${table}`).all());

describe('an identification (Lei n.º 83/2017, art. 76.º)', () => {
  it('is recorded with its document seen and found again by it however typed; the log and the journal keep nothing of the person', async () => {
    const recorded = await t.h.ok('person.identify', { person: TEST_PERSON, documentVerified: true }, t.caixa);
    expect(recorded).toMatchObject({ name: 'Maria da Silva Teste', documentType: 'cc', documentMasked: '•••••••••••ZZ1', country: 'PT', birthDate: '1980-05-17', documentVerified: true, recordedBy: 'caixa2' });
    const found = await t.h.ok('person.find', { person: { documentType: 'cc', documentNumber: '123456789zz1', country: 'pt' } }, t.caixa);
    expect(found.personId).toBe(recorded.personId);
    // The audit row says an identification was recorded, by whom, and its record: never the person.
    const row = t.h.kiosk.db.prepare(`SELECT input, after FROM audit_log WHERE channel = 'person.identify'`).get() as { input: string; after: string };
    expect(JSON.parse(row.input)).toEqual({ person: '[dados pessoais]', documentVerified: true });
    expect(Object.keys(JSON.parse(row.after) as object)).toEqual(['personId', 'personKey']);
    for (const table of ['audit_log', 'idempotency_keys', 'print_jobs']) {
      expect(allText(table), table).not.toMatch(/Maria|123456789|1980-05-17/);
    }
    // What the group receives of it: the keyed digest of the document, no name nor document in clear.
    const lastSeq = t.h.kiosk.db.prepare(`SELECT MAX(id) FROM audit_log`).pluck().get() as number;
    const shipped = [...journalDocuments(t.h.kiosk.db, 0, lastSeq).values()].flatMap((docs) => docs.persons ?? []);
    expect(shipped).toEqual([{ id: recorded.personId, person_key: expect.stringMatching(/^[0-9a-f]{64}$/), recorded_at: recorded.recordedAt, recorded_by: 4, terminal_id: 'T1' }]);
  });

  it('refuses a document not seen, a minor, and a document never identified; nothing changes', async () => {
    expect(await refusedUnchanged('person.identify', { person: TEST_PERSON, documentVerified: false }, t.caixa)).toEqual({
      code: 'IDENTIFICATION_UNVERIFIED_RECORD',
      message: 'Confirme que viu e conferiu o documento de identificação («documento verificado») antes de registar (Lei n.º 83/2017, art. 76.º).',
    });
    // 18 years old on 2026-12-01, the day after the test's clock.
    expect((await refusedUnchanged('person.identify', { person: { ...TEST_PERSON, birthDate: '2008-12-01' }, documentVerified: true }, t.caixa)).code).toBe('PERSON_UNDER_AGE');
    expect((await refusedUnchanged('person.find', { person: { documentType: 'passport', documentNumber: 'X1234567', country: 'ES' } }, t.caixa)).code).toBe('PERSON_NOT_IDENTIFIED');
    expect((await refusedUnchanged('person.identify', { person: { ...TEST_PERSON, country: 'Portugal' }, documentVerified: true }, t.caixa)).code).toBe('VALIDATION_FAILED');
  });
});

describe('a guia paid (art. 76.º, n.º 3)', () => {
  it('at the threshold, or by cheque, only to an identified winner: refused in words, nothing paid', async () => {
    const at = await guia(200_000);
    expect(await refusedUnchanged('guia.pay', { guiaId: at, cashCents: 0, cheques: cheque(200_000), approval: MANAGER }, t.caixa)).toEqual({
      code: 'IDENTIFICATION_REQUIRED',
      message:
        'Identificação obrigatória: com o pagamento desta guia (2 000,00 €) o jogador chega a 2 000,00 € no dia de jogo, o limiar é 2 000,00 € (Lei n.º 83/2017, art. 76.º). Registe a identificação (nome, documento verificado) e repita; nada foi feito.',
    });
    const small = await guia(3_000);
    expect(await refusedUnchanged('guia.pay', { guiaId: small, cashCents: 1_000, cheques: cheque(2_000) }, t.caixa)).toEqual({
      code: 'CHEQUE_NEEDS_PAYEE',
      message:
        'Um cheque só é emitido a favor de uma pessoa identificada, nominativo, cruzado e «não à ordem» (Lei n.º 83/2017, art. 76.º, n.º 3 e 4): escolha ou registe a identificação do beneficiário; nada foi pago.',
    });
    expect((await refusedUnchanged('guia.pay', { guiaId: small, cashCents: 3_000, cheques: [], personId: 99 }, t.caixa)).code).toBe('PERSON_NOT_FOUND');
    // Below the threshold in cash, no one need be named.
    expect((await t.h.ok('guia.pay', { guiaId: small, cashCents: 3_000, cheques: [] }, t.caixa)).status).toBe('paid');
    expect(t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM identified_acts`).pluck().get()).toBe(0);
  });

  it('5 000,00 € by cheque to the identified winner: the caixa’s copy names the payee, both say crossed and not endorsable, the player’s names no one', async () => {
    await t.h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
    const personId = await identified(t.h, t.caixa);
    const g = await guia(500_000);
    const paid = await t.h.ok('guia.pay', { guiaId: g, cashCents: 0, cheques: cheque(500_000), approval: MANAGER, personId }, t.caixa);
    expect(paid.status).toBe('paid');
    const [caixaCopy, playerCopy] = (t.h.kiosk.db.prepare(`SELECT document FROM print_jobs WHERE ref_type = 'guia' ORDER BY id DESC LIMIT 2`).pluck().all() as string[])
      .reverse()
      .map((d) => previewText(JSON.parse(d) as PrintDocument, 80).map((l) => l.trimEnd()));
    const chequeLines = (lines: string[]) => lines.slice(lines.findIndex((l) => l.startsWith('Cheque n.º')), lines.findIndex((l) => l.startsWith('Pago por')));
    expect(chequeLines(caixaCopy!)).toEqual([
      'Cheque n.º 0012345                    5 000,00 €',
      'Banco: CGD',
      'Cheque a favor de           Maria da Silva Teste',
      'Cruzado',
      'Não à ordem',
    ]);
    expect(chequeLines(playerCopy!)).toEqual(['Cheque n.º 0012345                    5 000,00 €', 'Banco: CGD', 'Cheque nominativo', 'Cruzado', 'Não à ordem']);
    expect(playerCopy!.join('\n')).not.toContain('Maria');
  });

  it('adds one person’s payments of the gaming day up, across identifications of the same document, for the managers’ record and its CSV', async () => {
    const first = await identified(t.h, t.caixa);
    const g1 = await guia(150_000);
    await t.h.ok('guia.pay', { guiaId: g1, cashCents: 0, cheques: cheque(150_000), approval: MANAGER, personId: first }, t.caixa);
    // Past midnight, the same gaming day; the same document identified again.
    t.h.clock.current = new Date('2026-12-01T01:30:00Z');
    t.caixa = await t.h.login('caixa2', '4444');
    t.manager = await t.h.login('gerente', '2222');
    const again = await identified(t.h, t.caixa);
    const g2 = await guia(60_000);
    await t.h.ok('guia.pay', { guiaId: g2, cashCents: 2_000, cheques: cheque(58_000, '0012346'), personId: again }, t.caixa);
    const day = await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, t.manager);
    expect(day.acts.map((a) => [a.act, a.refId, a.cents, a.cashCents, a.chequeCents, a.personId, a.name, a.dayTotalCents, a.operator])).toEqual([
      ['guia_payment', g1, 150_000, 0, 150_000, first, 'Maria da Silva Teste', 210_000, 'caixa2'],
      ['guia_payment', g2, 60_000, 2_000, 58_000, again, 'Maria da Silva Teste', 210_000, 'caixa2'],
    ]);
    expect((await t.h.ok('compliance.day', { gamingDay: '2026-12-01' }, t.manager)).acts).toEqual([]);
    const csv = await t.h.ok('export.complianceDay', { gamingDay: '2026-11-30' }, t.manager);
    expect(csv.filename).toBe('identificacoes-2026-11-30.csv');
    const lines = csv.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Data e hora;Operação;Documento n.º;Valor (€);Numerário (€);Cheque (€);Cartão (€);Identificação n.º;Nome;Documento;N.º do documento;País emissor;Total do dia (€);Operador;Terminal;Programa;Gerado em',
    );
    expect(lines[2]!.split(';').slice(0, 15)).toEqual(['01/12/2026 01:30:00', 'Pagamento de guia', String(g2), '600,00', '20,00', '580,00', '0,00', String(again), 'Maria da Silva Teste', 'Cartão de Cidadão', '12345678 9 ZZ1', 'PT', '2 100,00'.replace(' ', ''), 'caixa2', 'T1']);
    // The managers' only.
    expect((await refusedUnchanged('compliance.day', { gamingDay: '2026-11-30' }, t.caixa)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('export.complianceDay', { gamingDay: '2026-11-30' }, t.caixa)).code).toBe('FORBIDDEN');
  });
});
