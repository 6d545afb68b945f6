/**
 * The list of persons barred from play (Lei n.º 83/2017, art. 76.º; SPEC 11)
 * through the dispatcher: a file said before it is imported, a bad line
 * refusing the whole file, the import recorded with the file's hash (the log
 * names no one); an identification of a barred document refused in words
 * and the refusal kept for the manager (the compliance day lists it); a
 * person identified before the list barred them neither found nor paid. The
 * managers' only. The books hold after every test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { KioskEvent } from '../../../core/events.js';
import { closeCaixaHall, createCaixaHall, type CaixaHall } from '../../../test/fixtures/caixa-hall.js';
import { TEST_PERSON } from '../../../test/fixtures/persons.js';
import { snapshot, refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';
import { pdfPages } from '../../../test/pdf.js';

let t: CaixaHall;
beforeEach(async () => {
  t = await createCaixaHall();
});
afterEach(() => closeCaixaHall(t));

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);

const HEADER = 'Nome;Tipo de documento;N.º do documento;País emissor;Data de nascimento;Válido de;Válido até';
/** The test's day is 30/11/2026: Maria's ban in force (no end), Rui's ended, Ana's from next year. */
const FILE = [
  HEADER,
  'Maria da Silva Teste;cc;123456789ZZ1;pt;17/05/1980;2026-01-01;',
  'Rui Lopes;Passaporte;X1234567;ES;1975-02-03;2024-01-01;2025-12-31',
  '"Ana Sousa; filha";cc;11111111 1 ZZ2;PT;1990-09-09;2027-01-01;2029-12-31',
  '',
].join('\r\n');
const all = (table: string) => JSON.stringify(t.h.kiosk.db.prepare(`SELECT * FROM ${table}`).all());

describe('the barred list imported (Lei n.º 83/2017, art. 76.º)', () => {
  it('is said before it is imported, changing nothing; imported, recorded with its hash, the log naming no one', async () => {
    const before = snapshot(t.h.kiosk);
    const preview = await t.h.ok('barred.preview', { content: FILE }, t.manager);
    expect(preview).toEqual({ entries: 3, inForce: 1, ended: 1, future: 1, identifiedOnList: 0, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), replaces: null });
    expect(snapshot(t.h.kiosk)).toEqual(before);
    const imported = await t.h.ok('barred.import', { content: FILE }, t.manager);
    expect(imported).toMatchObject({ entries: 3, inForce: 1, ended: 1, future: 1, sha256: preview.sha256, replaces: null });
    expect(await t.h.ok('barred.lists', {}, t.manager)).toEqual([{ listId: imported.listId, importedAt: imported.importedAt, importedBy: 'gerente', entries: 3, sha256: preview.sha256 }]);
    expect(t.h.kiosk.db.prepare(`SELECT line, name, document_type, document_number, country, birth_date, valid_from, valid_until FROM barred_entries ORDER BY line`).raw().all()).toEqual([
      [2, 'Maria da Silva Teste', 'cc', '123456789ZZ1', 'PT', '1980-05-17', '2026-01-01', null],
      [3, 'Rui Lopes', 'passport', 'X1234567', 'ES', '1975-02-03', '2024-01-01', '2025-12-31'],
      [4, 'Ana Sousa; filha', 'cc', '11111111 1 ZZ2', 'PT', '1990-09-09', '2027-01-01', '2029-12-31'],
    ]);
    const row = t.h.kiosk.db.prepare(`SELECT input, after FROM audit_log WHERE channel = 'barred.import'`).get() as { input: string; after: string };
    expect(JSON.parse(row.input)).toEqual({ content: `sha256:${preview.sha256}` });
    expect(all('audit_log')).not.toMatch(/Maria|Rui|Ana Sousa|X1234567/);
    // A second file replaces it: the preview says which list it replaces.
    expect((await t.h.ok('barred.preview', { content: FILE }, t.manager)).replaces).toMatchObject({ listId: imported.listId, entries: 3, importedBy: 'gerente' });
  });

  it('a bad line refuses the whole file in words; the caixa may not see nor import it', async () => {
    const bad = FILE.replace('1975-02-03', '1975-02-30');
    const refusal = {
      code: 'BARRED_FILE_INVALID',
      message:
        'Lista de pessoas proibidas de jogar: a linha 3 tem um valor inválido: a data de nascimento (AAAA-MM-DD ou DD/MM/AAAA); corrija o ficheiro, nada foi importado (Lei n.º 83/2017, art. 76.º).',
    };
    expect(await refusedUnchanged('barred.preview', { content: bad }, t.manager)).toEqual(refusal);
    expect(await refusedUnchanged('barred.import', { content: bad }, t.manager)).toEqual(refusal);
    expect((await refusedUnchanged('barred.import', { content: 'Nome;Documento\r\n' }, t.manager)).code).toBe('BARRED_FILE_INVALID');
    expect((await refusedUnchanged('barred.import', { content: `${HEADER}\r\n` }, t.manager)).code).toBe('BARRED_FILE_EMPTY');
    for (const channel of ['barred.preview', 'barred.import'] as const) expect((await refusedUnchanged(channel, { content: FILE }, t.caixa)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('barred.lists', {}, t.caixa)).code).toBe('FORBIDDEN');
  });
});

describe('a long list', () => {
  it('tells the screens how far its import is, ending with every entry keyed; each entry found by its document', async () => {
    // A hall that has identified someone has its key: the file is keyed before the transaction, its progress told.
    await t.h.ok('person.identify', { person: { ...TEST_PERSON, documentNumber: 'AB123456', documentType: 'passport' }, documentVerified: true }, t.caixa);
    const lines = Array.from({ length: 5_000 }, (_, i) => `Pessoa ${i + 1};cc;${String(10_000_000 + i)};PT;1970-01-01;2026-01-01;`);
    const events: KioskEvent[] = [];
    const stop = t.h.kiosk.onEvent((e) => events.push(e));
    expect(await t.h.ok('barred.import', { content: [HEADER, ...lines].join('\n') }, t.manager)).toMatchObject({ entries: 5_000, inForce: 5_000 });
    stop();
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((e) => e.type === 'progress' && e.task === 'barred' && e.total === 5_000)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ task: 'barred', done: 5_000, total: 5_000 });
    expect((await t.h.refused('person.identify', { person: { name: 'Pessoa 4321', documentType: 'cc', documentNumber: '10004320', country: 'PT', birthDate: '1970-01-01' }, documentVerified: true }, t.caixa)).code).toBe('PERSON_BARRED');
  });
});

describe('an identification checked against the list in force', () => {
  it('a barred document is refused in words, however typed; the refusal is kept for the manager, the person is not', async () => {
    await t.h.ok('barred.import', { content: FILE }, t.manager);
    const error = await t.h.refused('person.identify', { person: TEST_PERSON, documentVerified: true }, t.caixa);
    expect(error).toEqual({
      code: 'PERSON_BARRED',
      message:
        'Identificação recusada: este documento consta da lista de pessoas proibidas de jogar (interdição desde 01/01/2026, sem termo; Lei n.º 83/2017, art. 76.º; Decreto-Lei n.º 422/89 (Lei do Jogo), art. 38.º). Não pague nem troque fichas a esta pessoa; a recusa ficou registada para o gerente.',
    });
    expect(t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM persons`).pluck().get()).toBe(0);
    const day = await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, t.manager);
    expect(day.refusals).toEqual([
      {
        at: expect.any(String),
        operator: 'caixa2',
        terminalId: 'T1',
        listId: 1,
        line: 2,
        name: 'Maria da Silva Teste',
        documentType: 'cc',
        documentNumber: '123456789ZZ1',
        country: 'PT',
        birthDate: '1980-05-17',
        validFrom: '2026-01-01',
        validUntil: null,
      },
    ]);
    const audited = t.h.kiosk.db.prepare(`SELECT outcome, input, after FROM audit_log WHERE channel = 'person.identify'`).get() as { outcome: string; input: string; after: string };
    expect([audited.outcome, JSON.parse(audited.input), JSON.parse(audited.after)]).toEqual(['refused', { person: '[dados pessoais]', documentVerified: true }, { refused: 'PERSON_BARRED', listId: 1, line: 2 }]);
    expect(all('audit_log')).not.toMatch(/Maria|123456789/);
    // The day's PDF lists the refusal with the entry that barred her.
    const pdf = pdfPages(Buffer.from((await t.h.ok('report.complianceDayPdf', { gamingDay: '2026-11-30' }, t.manager)).base64, 'base64')).flat().join(' ');
    expect(pdf).toMatch(/\d\d:\d\d Maria da Silva Teste \(Cartão de Cidadão 123456789ZZ1, PT; nascido\(a\) em 17\/05\/1980\) desde 01\/01\/2026, sem termo 2 caixa2 \(T1\)/);
    // An ended ban, or one yet to begin, bars no one today.
    for (const person of [
      { name: 'Rui Lopes', documentType: 'passport', documentNumber: 'X1234567', country: 'ES', birthDate: '1975-02-03' },
      { name: 'Ana Sousa', documentType: 'cc', documentNumber: '111111111ZZ2', country: 'PT', birthDate: '1990-09-09' },
    ] as const) {
      expect((await t.h.ok('person.identify', { person, documentVerified: true }, t.caixa)).name).toBe(person.name);
    }
  });

  it('a person identified before the list barred them is neither found nor paid; each payment refused is recorded for the manager', async () => {
    const { personId } = await t.h.ok('person.identify', { person: TEST_PERSON, documentVerified: true }, t.caixa);
    // Rui, identified too, whose ban ended: not counted. The preview and the import say Maria is on the list.
    await t.h.ok('person.identify', { person: { name: 'Rui Lopes', documentType: 'passport', documentNumber: 'X1234567', country: 'ES', birthDate: '1975-02-03' }, documentVerified: true }, t.caixa);
    expect((await t.h.ok('barred.preview', { content: FILE }, t.manager)).identifiedOnList).toBe(1);
    expect((await t.h.ok('barred.import', { content: FILE }, t.manager)).identifiedOnList).toBe(1);
    expect(JSON.parse(t.h.kiosk.db.prepare(`SELECT after FROM audit_log WHERE channel = 'barred.import'`).pluck().get() as string)).toMatchObject({ identifiedOnList: 1 });
    const words =
      'Identificação recusada: este documento consta da lista de pessoas proibidas de jogar (interdição desde 01/01/2026, sem termo; Lei n.º 83/2017, art. 76.º; Decreto-Lei n.º 422/89 (Lei do Jogo), art. 38.º). Não pague nem troque fichas a esta pessoa';
    expect(await refusedUnchanged('person.find', { person: { documentType: 'cc', documentNumber: '123456789ZZ1', country: 'PT' } }, t.caixa)).toEqual({ code: 'PERSON_BARRED', message: `${words}.` });
    const guiaId = (await t.h.ok('guia.issue', { machineNumber: '9', amountCents: 5_000, kind: 'hand_pay' }, t.caixa)).guiaId;
    const counts = () => t.h.kiosk.db.prepare(`SELECT (SELECT COUNT(*) FROM barred_refusals) AS refusals, (SELECT COUNT(*) FROM guia_payments) AS paid, (SELECT COUNT(*) FROM chip_exchanges) AS exchanges, (SELECT COUNT(*) FROM identified_acts) AS acts`).get();
    const recorded = { code: 'PERSON_BARRED', message: `${words}; a recusa ficou registada para o gerente.` };
    expect(await t.h.refused('guia.pay', { guiaId, cashCents: 5_000, cheques: [], personId }, t.caixa)).toEqual(recorded);
    expect(await t.h.refused('chips.sell', { chips: [{ valueCents: 10_000, count: 1 }], payment: { method: 'cash', tenderedCents: 10_000 }, personId }, t.caixa)).toEqual(recorded);
    // Nothing paid nor exchanged; the two refusals kept, each with its audit row naming the entry, not the person.
    expect(counts()).toEqual({ refusals: 2, paid: 0, exchanges: 0, acts: 0 });
    const audit = t.h.kiosk.db.prepare(`SELECT channel, outcome, after FROM audit_log WHERE outcome = 'refused' ORDER BY id`).all();
    expect(audit).toEqual([
      { channel: 'guia.pay', outcome: 'refused', after: '{"refused":"PERSON_BARRED","listId":1,"line":2}' },
      { channel: 'chips.sell', outcome: 'refused', after: '{"refused":"PERSON_BARRED","listId":1,"line":2}' },
    ]);
    const day = await t.h.ok('compliance.day', { gamingDay: '2026-11-30' }, t.manager);
    expect(day.refusals.map((r) => [r.operator, r.line, r.name])).toEqual([
      ['caixa2', 2, 'Maria da Silva Teste'],
      ['caixa2', 2, 'Maria da Silva Teste'],
    ]);
    // The day's CSV has them among its rows, with the list's entry in place of a document and no amount.
    const csv = (await t.h.ok('export.complianceDay', { gamingDay: '2026-11-30' }, t.manager)).content.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv.slice(1, -1).map((l) => l.split(';').slice(0, 15))).toEqual([
      ['30/11/2026 20:00:00', 'Recusa: pessoa proibida de jogar', 'lista 1, linha 2', '', '', '', '', '', 'Maria da Silva Teste', 'Cartão de Cidadão', '123456789ZZ1', 'PT', '', 'caixa2', 'T1'],
      ['30/11/2026 20:00:00', 'Recusa: pessoa proibida de jogar', 'lista 1, linha 2', '', '', '', '', '', 'Maria da Silva Teste', 'Cartão de Cidadão', '123456789ZZ1', 'PT', '', 'caixa2', 'T1'],
    ]);
  });
});
