/**
 * The group on two PostgreSQL servers (issue 43, items 3 and 4): a primary and its streaming replica (the
 * machine's binaries, two clusters of the test's own). The report and group:verify read from the replica and say
 * how far behind it is; then the primary is lost (stopped at once) while the replica, stopped a moment before,
 * lacks its last entries and the checkpoint the witness cosigned on them: the replica is promoted, the witness
 * says the group is behind and cosigns nothing, the hall's shipper ships the tail again from the group's head,
 * each entry once, and the witness cosigns it again.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportPeriod } from '../../core/group-report.js';
import { openReader, type ReadableDb } from '../../db/connection.js';
import { hallIdentity, journalHead } from '../../db/journal.js';
import { openGroup, verifyGroup, type Group } from '../../main/group/index.js';
import { lagWords, openGroupReplica, replicaLag } from '../../main/group/replica.js';
import { readGroupReport } from '../../main/group/report.js';
import { witnessGroup, witnessKeyFrom, type WitnessKey } from '../../main/group/witness.js';
import { shipHall } from '../../main/journal/ship.js';
import { DATABASE_FILE } from '../../main/kiosk.js';
import { createTestHall, type TestHall } from '../fixtures/faces.js';
import { playedSession } from '../fixtures/played-session.js';
import { privatePostgres, type PrivatePostgres } from '../private-postgres.js';

const AT = new Date('2026-12-07T05:00:00.000Z');
let primary: PrivatePostgres | null = null;
let replica: (PrivatePostgres & { promote(): void }) | null = null;
let t: TestHall;
let reader: ReadableDb;
let hallId: string;
let key: WitnessKey;
const opened: Group[] = [];
const dbUrl = (server: PrivatePostgres) => server.url.replace(/\/postgres$/, '/grupo');
const open = async (url: string) => {
  const g = await openGroup(url);
  opened.push(g);
  return g;
};
const until = async (what: () => Promise<boolean>, ms = 30_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await what()) return;
  throw new Error('not within time');
};
const count = async (g: Group) => (await g.pool.query<{ n: string; d: string }>('SELECT count(*) AS n, count(DISTINCT seq) AS d FROM journal WHERE hall_id = $1', [hallId])).rows[0]!;

beforeAll(async () => {
  primary = await privatePostgres().catch((e: unknown) => {
    console.warn(`group-replica: no PostgreSQL of its own (${e instanceof Error ? e.message : String(e)})`);
    return null;
  });
  if (!primary) {
    console.warn('group-replica: skipped (needs the PostgreSQL server binaries, and the postgres user when run as root)');
    return;
  }
  const admin = new pg.Client({ connectionString: primary.url });
  await admin.connect();
  await admin.query('CREATE DATABASE grupo');
  await admin.end();
  replica = await primary.replica();
  t = await createTestHall();
  await playedSession(t, 'A');
  reader = openReader(join(t.h.dataDir, DATABASE_FILE));
  hallId = hallIdentity(reader).hallId;
  key = witnessKeyFrom(join(mkdtempSync(join(tmpdir(), 'witness-')), 'witness.key'), 'grupo-teste');
}, 90_000);

afterAll(async () => {
  for (const g of opened) await g.close().catch(() => undefined);
  reader?.close();
  t?.h.close();
  primary?.close();
});

describe('the group read from its replica', () => {
  it('gives the same report and verification as the primary, and says how far behind it is', async (ctx) => {
    if (!primary || !replica) return ctx.skip();
    const group = await open(dbUrl(primary));
    await shipHall(reader, group.pool);
    const head = journalHead(reader)!.seq;
    await until(async () => (await replicaLag(group.pool, group.pool)).halls.length > 0);
    const copy = await openGroupReplica(dbUrl(replica));
    opened.push(copy);
    await until(async () => (await replicaLag(copy.pool, group.pool)).halls[0]?.entriesBehind === 0);
    const lag = await replicaLag(copy.pool, group.pool);
    expect(lag).toMatchObject({ standby: true, halls: [{ hallId, replicaHead: head, primaryHead: head, entriesBehind: 0 }] });

    const period = reportPeriod({ from: '2026-11-01', to: '2026-12-31' }, '2026-12-07');
    expect(await readGroupReport(copy.pool, period, AT)).toEqual(await readGroupReport(group.pool, period, AT));
    const checked = await verifyGroup(copy.pool, { key, keep: group.pool, now: () => AT });
    expect(checked).toMatchObject({ valid: true, halls: [{ entries: head, fromSeq: 1 }] });
    // The result kept on the primary (the replica is read-only), and then on the replica by replication.
    expect((await group.pool.query('SELECT to_seq FROM verifications')).rows).toEqual([{ to_seq: String(head) }]);

    // Replay paused on the replica: what the primary takes meanwhile is said as entries behind.
    await copy.pool.query('SELECT pg_wal_replay_pause()');
    await t.h.ok('settings.update', { hallName: 'Sala da Réplica' }, await t.h.login('admin', '1111'));
    await shipHall(reader, group.pool);
    const behind = await replicaLag(copy.pool, group.pool);
    expect(behind.halls[0]).toMatchObject({ replicaHead: head, primaryHead: journalHead(reader)!.seq, entriesBehind: journalHead(reader)!.seq - head });
    expect(lagWords(behind)[1]).toMatch(new RegExp(`a réplica tem até à entrada n\\.º ${head}; o primário até à n\\.º ${journalHead(reader)!.seq} \\(\\d+ entradas atrás\\)`));
    await copy.pool.query('SELECT pg_wal_replay_resume()');
    await until(async () => (await replicaLag(copy.pool, group.pool)).halls[0]?.entriesBehind === 0);
  });

  it('the witness reads the entries from the replica and writes its cosignatures on the primary; a checkpoint over entries not replayed waits', async (ctx) => {
    if (!primary || !replica) return ctx.skip();
    const group = await open(dbUrl(primary));
    const copy = await openGroupReplica(dbUrl(replica));
    opened.push(copy);
    await until(async () => (await replicaLag(copy.pool, group.pool)).halls[0]?.entriesBehind === 0);
    const checkpoints = Number((await group.pool.query<{ n: string }>('SELECT count(*) AS n FROM hall_checkpoints WHERE hall_id = $1', [hallId])).rows[0]!.n);
    expect(checkpoints).toBeGreaterThan(0);
    // Replay paused: a new session's checkpoint reaches the primary, not the replica.
    await copy.pool.query('SELECT pg_wal_replay_pause()');
    await playedSession(t, 'C');
    await shipHall(reader, group.pool);
    const all = Number((await group.pool.query<{ n: string }>('SELECT count(*) AS n FROM hall_checkpoints WHERE hall_id = $1', [hallId])).rows[0]!.n);
    expect(all).toBeGreaterThan(checkpoints);
    const [first] = await witnessGroup(group.pool, key, () => AT, { read: copy.pool });
    // Those over replayed entries cosigned (on the primary); the new one waits, neither cosigned nor refused.
    expect(first).toMatchObject({ hallId, refused: [] });
    expect(first!.altered).toBeUndefined();
    expect(first!.cosigned).toHaveLength(checkpoints);
    expect(Number((await group.pool.query<{ n: string }>('SELECT count(*) AS n FROM cosignatures WHERE hall_id = $1 AND line IS NOT NULL', [hallId])).rows[0]!.n)).toBe(checkpoints);
    await copy.pool.query('SELECT pg_wal_replay_resume()');
    await until(async () => (await replicaLag(copy.pool, group.pool)).halls[0]?.entriesBehind === 0);
    const [second] = await witnessGroup(group.pool, key, () => AT, { read: copy.pool });
    expect(second).toMatchObject({ hallId, refused: [] });
    expect(second!.cosigned).toHaveLength(all - checkpoints);
    for (const id of second!.cosigned) expect(first!.cosigned).not.toContain(id);
  });

  it('refuses a database the primary has not made ready, in words', async (ctx) => {
    if (!primary) return ctx.skip();
    await expect(openGroupReplica(primary.url)).rejects.toThrow(/a réplica não tem o esquema do grupo deste programa \(faltam as migrações 1, 2, /);
  });
});

describe('the primary lost, the replica promoted', () => {
  it('the witness waits, the hall ships its tail again once, the witness cosigns it again', async (ctx) => {
    if (!primary || !replica) return ctx.skip();
    const group = await open(dbUrl(primary));
    await witnessGroup(group.pool, key, () => AT);
    const before = journalHead(reader)!.seq;
    // The replica stopped, the hall plays on: a session whose checkpoint the witness cosigns on the primary alone.
    replica.stop();
    await playedSession(t, 'B');
    await shipHall(reader, group.pool);
    const head = journalHead(reader)!.seq;
    const [w] = await witnessGroup(group.pool, key, () => AT);
    expect(w!.cosigned.length).toBeGreaterThan(0);
    // The primary lost at once; the replica started without it, and promoted.
    for (const g of opened.splice(0)) await g.close().catch(() => undefined);
    primary.kill();
    replica.start();
    replica.promote();
    const promoted = await open(dbUrl(replica));
    expect(await count(promoted)).toEqual({ n: String(before), d: String(before) });

    const [waiting] = await witnessGroup(promoted.pool, key, () => AT);
    expect(waiting).toMatchObject({ cosigned: [], refused: [], behind: { held: before } });
    expect(waiting!.behind!.cosigned).toBeGreaterThan(before);

    expect((await shipHall(reader, promoted.pool)).shipped).toBe(head - before);
    expect((await shipHall(reader, promoted.pool)).shipped).toBe(0);
    expect(await count(promoted)).toEqual({ n: String(head), d: String(head) });
    // The report's summaries came over with the entries they sum (one transaction each) and the tail was summed
    // once as it came again: group:verify sums every day again and finds them the same.
    const verified = await verifyGroup(promoted.pool);
    expect(verified.valid).toBe(true);
    expect(verified.halls[0]!.summaries).toMatchObject({ differences: [] });
    expect((await promoted.pool.query('SELECT summarized_seq = head_seq AS summed FROM halls')).rows).toEqual([{ summed: true }]);
    const [again] = await witnessGroup(promoted.pool, key, () => AT);
    expect(again).toMatchObject({ cosigned: w!.cosigned, refused: [] });
    expect(again!.behind).toBeUndefined();
  });
});
