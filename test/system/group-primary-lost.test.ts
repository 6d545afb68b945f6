/**
 * The group's database lost and a replica promoted that lacks its last entries (issue 43, item 4), simulated on
 * one PostgreSQL: the group's copy taken back to an earlier moment as a replica behind would hold it (the hall's
 * tail, its checkpoints, their cosignatures and the witness's frontier gone, the head moved back). The witness
 * remembers, beside its key, what it cosigned: it says the group is behind and cosigns nothing; the hall's shipper
 * ships the tail again from what the group holds, each entry once; the witness then cosigns again. Another history
 * written in the place of the one it cosigned, whole and chained, is refused, checkpoint by checkpoint.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReader, type ReadableDb } from '../../db/connection.js';
import { journalSeqs } from '../../db/group/journal.js';
import { hallIdentity, journalHead } from '../../db/journal.js';
import { openGroup, verifyGroup, type Group } from '../../main/group/index.js';
import { payloadHash } from '../../main/group/recompute.js';
import { witnessGroup, witnessKeyFrom, type WitnessKey } from '../../main/group/witness.js';
import { shipHall } from '../../main/journal/ship.js';
import { DATABASE_FILE } from '../../main/kiosk.js';
import { createTestHall, type TestHall } from '../fixtures/faces.js';
import { playedSession } from '../fixtures/played-session.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';

const AT = new Date('2026-12-07T04:00:00.000Z');
let pgdb: TestDatabase;
let group: Group;
let t: TestHall;
let reader: ReadableDb;
let hallId: string;
let key: WitnessKey;
let head: number;

const checkpoints = () => t.h.kiosk.db.prepare('SELECT id, size FROM checkpoints ORDER BY size, id').all() as { id: number; size: number }[];
const held = async () => (await pgdb.query<{ n: string; d: string }>('SELECT count(*) AS n, count(DISTINCT seq) AS d FROM journal WHERE hall_id = $1', [hallId]))[0]!;
const remembered = () => (JSON.parse(readFileSync(key.memoryFile!, 'utf8')) as Record<string, { size: number; lastHash: string }>)[hallId]!;

/** The group's copy as a replica `behind` entries short would hold it. */
async function promotedReplica(keep: number): Promise<void> {
  const [{ hash }] = (await pgdb.query<{ hash: string }>('SELECT hash FROM journal WHERE hall_id = $1 AND seq = $2', [hallId, keep])) as [{ hash: string }];
  await pgdb.query('DELETE FROM journal WHERE hall_id = $1 AND seq > $2', [hallId, keep]);
  await pgdb.query('DELETE FROM cosignatures WHERE hall_id = $1 AND checkpoint_id IN (SELECT checkpoint_id FROM hall_checkpoints WHERE hall_id = $1 AND size > $2)', [hallId, keep]);
  await pgdb.query('DELETE FROM hall_checkpoints WHERE hall_id = $1 AND size > $2', [hallId, keep]);
  await pgdb.query('DELETE FROM witness_frontiers WHERE hall_id = $1', [hallId]);
  await pgdb.query('UPDATE halls SET head_seq = $2, head_hash = $3 WHERE hall_id = $1', [hallId, keep, hash]);
}

beforeAll(async () => {
  pgdb = await createTestDatabase();
  group = await openGroup(pgdb.url);
  t = await createTestHall();
  await playedSession(t, 'A');
  reader = openReader(join(t.h.dataDir, DATABASE_FILE));
  hallId = hallIdentity(reader).hallId;
  await shipHall(reader, group.pool);
  head = journalHead(reader)!.seq;
  key = witnessKeyFrom(join(mkdtempSync(join(tmpdir(), 'witness-')), 'witness.key'), 'grupo-teste');
  const [w] = await witnessGroup(group.pool, key, () => AT);
  expect(w!.cosigned).toEqual(checkpoints().map((c) => c.id));
}, 60_000);

afterAll(async () => {
  reader?.close();
  t?.h.close();
  await group?.close();
  await pgdb?.drop();
});

describe('the group primary lost, a replica behind promoted', () => {
  it('the witness says the group is behind and cosigns nothing; the hall ships its tail again, each entry once; the witness cosigns again', async () => {
    const last = checkpoints().at(-1)!;
    expect(remembered().size).toBe(last.size);
    const keep = last.size - 3;
    await promotedReplica(keep);
    expect(await held()).toEqual({ n: String(keep), d: String(keep) });

    expect(await witnessGroup(group.pool, key, () => AT)).toEqual([{ hallId, name: expect.any(String), cosigned: [], refused: [], behind: { cosigned: last.size, held: keep } }]);
    expect(await pgdb.query('SELECT 1 FROM cosignatures WHERE hall_id = $1 AND checkpoint_id = $2', [hallId, last.id])).toEqual([]);

    // The shipper resumes from what the group holds: the tail once, from the hall's own journal.
    const r = await shipHall(reader, group.pool);
    expect(r).toMatchObject({ shipped: head - keep, head });
    expect(await held()).toEqual({ n: String(head), d: String(head) });
    expect((await verifyGroup(group.pool)).valid).toBe(true);
    // Again: nothing more (exactly once).
    expect((await shipHall(reader, group.pool)).shipped).toBe(0);

    const [w] = await witnessGroup(group.pool, key, () => AT);
    expect(w).toMatchObject({ cosigned: checkpoints().filter((c) => c.size > keep).map((c) => c.id), refused: [] });
    expect(w!.behind).toBeUndefined();
  });

  it('refuses, checkpoint by checkpoint, another history written in the place of the one it cosigned', async () => {
    const { size, lastHash } = remembered();
    const keep = size - 3;
    await promotedReplica(keep);
    // Another tail, whole and chained: each entry's terminal changed and its hash recomputed from the one before.
    const tail = await journalSeqs(group.pool, hallId, keep, keep);
    let prev = tail[0]!.hash;
    for (const e of await (async () => {
      await shipHall(reader, group.pool);
      return journalSeqs(group.pool, hallId, keep + 1, head);
    })()) {
      const payload = { ...e.payload, terminalId: 'T9' };
      const hash = payloadHash(prev, { seq: e.seq, payload });
      await pgdb.query('UPDATE journal SET payload = $3::jsonb, prev_hash = $4, hash = $5 WHERE hall_id = $1 AND seq = $2', [hallId, e.seq, JSON.stringify(payload), prev, hash]);
      prev = hash;
    }
    await pgdb.query('UPDATE halls SET head_hash = $2 WHERE hall_id = $1', [hallId, prev]);
    const [{ hash: there }] = (await pgdb.query<{ hash: string }>('SELECT hash FROM journal WHERE hall_id = $1 AND seq = $2', [hallId, size])) as [{ hash: string }];
    expect(there).not.toBe(lastHash);

    const pending = checkpoints().filter((c) => c.size > keep).map((c) => c.id);
    const [w] = await witnessGroup(group.pool, key, () => AT);
    const reason = `a história que o grupo tem desta sala não é a que esta testemunha cossinou até à entrada n.º ${size}: recuou e foi escrita outra no seu lugar`;
    expect(w).toMatchObject({ cosigned: [], rewritten: { seq: size, reason }, refused: pending.map((checkpointId) => ({ checkpointId, reason })) });
    const rows = await pgdb.query<{ line: string | null; refusal: string }>('SELECT line, refusal FROM cosignatures WHERE hall_id = $1 AND checkpoint_id = ANY($2::bigint[])', [hallId, pending]);
    expect(rows).toEqual(pending.map(() => ({ line: null, refusal: reason })));
  });
});
