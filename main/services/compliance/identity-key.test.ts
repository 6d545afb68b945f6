/**
 * The group's key of the documents' digests (Lei n.º 83/2017, art. 76.º;
 * SPEC 11) through the dispatcher: installed by an admin before the hall's
 * first identification, so two halls digest one document alike; refused in
 * words once the hall keyed anyone under its own; a bad file refused; the
 * key never in the log nor in an answer. Refusals change nothing.
 */
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import { documentIdentity } from '../../../core/compliance/rules.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { identified, TEST_PERSON } from '../../../test/fixtures/persons.js';
import { refusedUnchanged as expectRefusedUnchanged } from '../../../test/harness.js';

/** The group's file: 32 bytes in base64, as `openssl rand -base64 32` writes it. */
const GROUP_KEY = Buffer.alloc(32, 7);
const GROUP_FILE = `${GROUP_KEY.toString('base64')}\n`;

let t: TestHall & { admin: string };
beforeEach(async () => {
  const hall = await createTestHall();
  t = { ...hall, admin: await hall.h.login('admin', '1111') };
});
afterEach(() => t.h.close());

const refusedUnchanged = (channel: Channel, input: unknown, token?: string) => expectRefusedUnchanged(t.h, channel, input, token);

describe("the group's key of the documents' digests", () => {
  it('installed before the first identification: the person is digested as every hall of the group digests her; the key is in no answer and no log', async () => {
    expect(await t.h.ok('identityKey.status', {}, t.manager)).toEqual({ source: 'none', fingerprint: null, setAt: null, keyed: 0 });
    const installed = await t.h.ok('identityKey.install', { identityKey: GROUP_FILE }, t.admin);
    expect(installed).toEqual({ source: 'group', fingerprint: expect.stringMatching(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/), setAt: '2026-11-30T20:00:00.000Z', keyed: 0 });
    // The same file again: nothing changes.
    expect(await t.h.ok('identityKey.install', { identityKey: ` ${GROUP_FILE} ` }, t.admin)).toEqual(installed);
    const personId = await identified(t.h, t.cashier);
    const digest = t.h.kiosk.db.prepare(`SELECT person_key FROM persons WHERE id = ?`).pluck().get(personId);
    expect(digest).toBe(createHmac('sha256', GROUP_KEY).update(documentIdentity(TEST_PERSON)).digest('hex'));
    expect((await t.h.ok('identityKey.status', {}, t.manager)).keyed).toBe(1);
    const rows = t.h.kiosk.db.prepare(`SELECT input, after FROM audit_log WHERE channel = 'identityKey.install'`).all() as { input: string; after: string }[];
    expect(rows.map((r) => JSON.parse(r.input) as unknown)).toEqual([{ identityKey: '***' }, { identityKey: '***' }]);
    expect(rows.map((r) => JSON.parse(r.after) as unknown)).toEqual([
      { source: 'group', fingerprint: installed.fingerprint, installed: true },
      { source: 'group', fingerprint: installed.fingerprint, installed: false },
    ]);
    const everything = JSON.stringify(t.h.kiosk.db.prepare(`SELECT * FROM audit_log`).all()) + JSON.stringify(t.h.kiosk.db.prepare(`SELECT * FROM idempotency_keys`).all());
    for (const form of [GROUP_KEY.toString('base64'), GROUP_KEY.toString('hex')]) expect(everything).not.toContain(form);
  });

  it("refused once the hall keyed anyone under its own key, for a bad file, and for anyone but an admin; nothing changes", async () => {
    expect(await refusedUnchanged('identityKey.install', { identityKey: 'não é uma chave' }, t.admin)).toEqual({
      code: 'IDENTITY_KEY_FILE_INVALID',
      message: 'Ficheiro da chave do grupo inválido: deve conter só a chave, 32 bytes em base64 (44 caracteres, por exemplo feita com «openssl rand -base64 32»); nada foi alterado.',
    });
    expect((await refusedUnchanged('identityKey.install', { identityKey: Buffer.alloc(16, 1).toString('base64') }, t.admin)).code).toBe('IDENTITY_KEY_FILE_INVALID');
    expect((await refusedUnchanged('identityKey.install', { identityKey: GROUP_FILE }, t.manager)).code).toBe('FORBIDDEN');
    await identified(t.h, t.cashier);
    expect((await t.h.ok('identityKey.status', {}, t.manager)).source).toBe('hall');
    expect(await refusedUnchanged('identityKey.install', { identityKey: GROUP_FILE }, t.admin)).toEqual({
      code: 'IDENTITY_KEY_IN_USE',
      message:
        'A chave do grupo não pode ser instalada: a sala já registou 1 identificações ou entradas da lista de pessoas proibidas com a sua própria chave, e um registo nunca muda (Lei n.º 83/2017, art. 76.º). Instale a chave do grupo antes da primeira identificação; nada foi alterado.',
    });
  });
});
