/**
 * group:verify from its last signed result (issue 43): a day's check reads the day's entries, and the kept results
 * are tested by forging them: an entry edited after it was verified (the result's own end, and one before it, which
 * only --full reads), a result written by hand, one signed by another key, a result rewritten or deleted, entries
 * deleted after the end. Each forgery is put back before the next.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hallIdentity } from '../../db/journal.js';
import { openGroup, verifyGroup, type Group } from '../../main/group/index.js';
import { verificationMessage } from '../../main/group/verify.js';
import { witnessKeyFrom, type WitnessKey } from '../../main/group/witness.js';
import { shipHall } from '../../main/journal/ship.js';
import { createHarness, TEST_FLOAT, type Harness } from '../harness.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';

let h: Harness;
let pgdb: TestDatabase;
let group: Group;
let hallId: string;
let key: WitnessKey;
let cashier: string;
let gameId: number;
const at = new Date('2026-12-07T03:00:00.000Z');
const now = () => at;

async function sell(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    h.clock.advanceMinutes(1);
    await h.ok('sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 300 } }, cashier);
  }
  await shipHall(h.kiosk.db, group.pool);
}
const head = async () => Number((await pgdb.query<{ head_seq: string }>('SELECT head_seq FROM halls WHERE hall_id = $1', [hallId]))[0]!.head_seq);
const kept = async () =>
  (await pgdb.query<{ from_seq: string; to_seq: string; full_check: boolean }>('SELECT from_seq, to_seq, full_check FROM verifications WHERE hall_id = $1 ORDER BY id', [hallId])).map((r) => [
    Number(r.from_seq),
    Number(r.to_seq),
    r.full_check,
  ]);

beforeAll(async () => {
  h = await createHarness();
  await h.ok('setup.init', { hallName: 'Sala Verificada', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  const admin = await h.login('admin', '1111');
  await h.ok('users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, admin);
  await h.ok('users.create', { username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], pin: '3333' }, admin);
  await h.ok('settings.update', { stampDutyBasisPoints: 2500 }, admin);
  await h.ok('ballSet.register', { serial: 'BOLAS-1' }, admin);
  cashier = await h.login('caixa1', '3333');
  await h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier);
  const manager = await h.login('gerente', '2222');
  await h.ok('series.register', { code: 'A', priceCents: 150, size: 600 }, manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(h.clock.now().getTime() + 4 * 3_600_000).toISOString() }, manager);
  gameId = (await h.ok('game.open', { seriesCode: 'A' }, manager)).id;
  pgdb = await createTestDatabase();
  group = await openGroup(pgdb.url);
  hallId = hallIdentity(h.kiosk.db).hallId;
  key = witnessKeyFrom(join(mkdtempSync(join(tmpdir(), 'verify-key-')), 'witness.key'), 'grupo-testemunha');
  await sell(5);
});

afterAll(async () => {
  h?.close();
  await group?.close();
  await pgdb?.drop();
});

describe('group:verify from its last signed result', () => {
  it('reads every entry the first time, then only the new ones, and keeps each result signed', async () => {
    const first = await head();
    const a = await verifyGroup(group.pool, { key, now });
    expect(a.valid).toBe(true);
    expect(a.halls[0]).toMatchObject({ fromSeq: 1, entries: first, since: null, firstBreak: null });
    expect(await kept()).toEqual([[1, first, true]]);

    await sell(3);
    const second = await head();
    expect(second).toBe(first + 3);
    const b = await verifyGroup(group.pool, { key, now });
    expect(b.valid).toBe(true);
    expect(b.halls[0]).toMatchObject({ fromSeq: first + 1, entries: 3, since: { toSeq: first, verifiedAt: at.toISOString() }, firstBreak: null });
    // Nothing new: nothing read, nothing kept.
    const c = await verifyGroup(group.pool, { key, now });
    expect(c.halls[0]).toMatchObject({ fromSeq: second + 1, entries: 0, firstBreak: null });
    expect(await kept()).toEqual([
      [1, first, true],
      [first + 1, second, false],
    ]);
    // Without the key: every entry, nothing kept.
    const d = await verifyGroup(group.pool);
    expect(d.halls[0]).toMatchObject({ fromSeq: 1, entries: second, since: null });
    expect(await kept()).toHaveLength(2);
  });

  it('names the entry it ended on when it was edited since, and an older one only when asked for every entry', async () => {
    const end = await head();
    const edit = (seq: number) => pgdb.query(`UPDATE journal SET payload = jsonb_set(payload, '{terminalId}', '"T9"') WHERE hall_id = $1 AND seq = $2`, [hallId, seq]);
    const undo = (seq: number) => pgdb.query(`UPDATE journal SET payload = jsonb_set(payload, '{terminalId}', '"T1"') WHERE hall_id = $1 AND seq = $2`, [hallId, seq]);
    const terminal = (await pgdb.query<{ t: string }>(`SELECT payload->>'terminalId' AS t FROM journal WHERE hall_id = $1 AND seq = $2`, [hallId, end]))[0]!.t;
    expect(terminal).toBe('T1');
    await edit(end);
    const r = await verifyGroup(group.pool, { key, now });
    expect(r.valid).toBe(false);
    expect(r.halls[0]!.firstBreak).toEqual({ seq: end, reason: 'verified' });
    await undo(end);

    // An entry before the end: a day's check does not read it; --full does, and names it.
    await edit(2);
    expect((await verifyGroup(group.pool, { key, now })).valid).toBe(true);
    const full = await verifyGroup(group.pool, { key, now, full: true });
    expect(full.valid).toBe(false);
    expect(full.halls[0]!.firstBreak).toEqual({ seq: 2, reason: 'payload' });
    await undo(2);
    const whole = await verifyGroup(group.pool, { key, now, full: true });
    expect(whole.valid).toBe(true);
    expect((await kept()).at(-1)).toEqual([1, end, true]);
  });

  it('refuses a result it did not sign: written by hand, or signed by another key', async () => {
    const end = await head();
    const before = (await kept()).length;
    const row = { hallId, witnessKey: key.verifierKey, fromSeq: 1, toSeq: end, toHash: 'f'.repeat(64), fullCheck: true, verifiedAt: at };
    const other = generateKeyPairSync('ed25519').privateKey;
    for (const signature of ['AAAA', sign(null, verificationMessage(row), other).toString('base64'), sign(null, verificationMessage({ ...row, toHash: 'e'.repeat(64) }), key.privateKey).toString('base64')]) {
      const rows = await pgdb.query<{ id: string }>(
        `INSERT INTO verifications (hall_id, witness_key, from_seq, to_seq, to_hash, full_check, verified_at, signature) VALUES ($1, $2, 1, $3, $4, true, $5, $6) RETURNING id`,
        [hallId, key.verifierKey, end, row.toHash, at, signature],
      );
      const r = await verifyGroup(group.pool, { key, now });
      expect(r.valid).toBe(false);
      // Read from the first entry, and the forged result named; the journal itself holds.
      expect(r.halls[0]).toMatchObject({ fromSeq: 1, entries: end, since: null, firstBreak: null, forgedResult: { id: Number(rows[0]!.id), toSeq: end } });
    }
    // The check after each one kept its own (signed) result, so the last forged one is no longer the newest.
    expect((await verifyGroup(group.pool, { key, now })).valid).toBe(true);
    expect((await kept()).length).toBe(before + 6);
  });

  it('keeps its results as written: a result rewritten or deleted is refused by the database', async () => {
    await expect(pgdb.query(`UPDATE verifications SET to_seq = to_seq + 1 WHERE hall_id = $1`, [hallId])).rejects.toThrow(/append-only/);
    await expect(pgdb.query(`DELETE FROM verifications WHERE hall_id = $1`, [hallId])).rejects.toThrow(/append-only/);
  });

  it('names the entries deleted after its end', async () => {
    const end = await head();
    await sell(2);
    const saved = await pgdb.query(`SELECT * FROM journal WHERE hall_id = $1 AND seq > $2 ORDER BY seq`, [hallId, end]);
    await pgdb.query(`DELETE FROM journal WHERE hall_id = $1 AND seq > $2`, [hallId, end]);
    const r = await verifyGroup(group.pool, { key, now });
    expect(r.valid).toBe(false);
    expect(r.halls[0]!.firstBreak).toEqual({ seq: end + 1, reason: 'missing' });
    expect(saved).toHaveLength(2);
  });
});
