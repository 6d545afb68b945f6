/**
 * `journal:ship` from the command line is the kiosk's shipper (issue 37): one
 * pass ships the entries, then the checkpoints whose entries are in, then
 * brings the group's cosignatures back and keeps them in the hall's file
 * (beside the running kiosk); `--follow` (the kiosk's worker) keeps them as
 * they come; so that the hall's export verifies with the
 * group's witness key (`npm run export:verify -- --witness`). Counted in
 * PostgreSQL and in the hall's file.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hallIdentity } from '../../db/journal.js';
import { buildSessionExport } from '../../main/inspector/export.js';
import { openGroup, type Group } from '../../main/group/index.js';
import { witnessGroup, witnessKeyFrom } from '../../main/group/witness.js';
import { createTestHall, type TestHall } from '../fixtures/faces.js';
import { playedSession } from '../fixtures/played-session.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';
import { PROGRAM } from '../program.js';

const ROOT = resolve(import.meta.dirname, '../..');
const WITNESSED_AT = new Date('2026-12-01T03:00:00.000Z');

let pgdb: TestDatabase;
let group: Group;
let t: TestHall;
let sessionId: number;

beforeAll(async () => {
  pgdb = await createTestDatabase();
  group = await openGroup(pgdb.url);
  t = await createTestHall();
  sessionId = await playedSession(t, 'A');
}, 60_000);

afterAll(async () => {
  t?.h.close();
  await group?.close();
  await pgdb?.drop();
});

const cli = (args: string[]) => spawnSync(process.execPath, [...PROGRAM, ...args], { cwd: ROOT, encoding: 'utf8' });
const local = (sql: string) => t.h.kiosk.db.prepare(sql).pluck().get() as number;
const until = async (what: () => boolean, seen: () => string, ms = 30_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (what()) return;
  throw new Error(`not within ${ms} ms: ${seen()}`);
};
const held = async (sql: string, hallId: string) => Number((await pgdb.query<{ n: string }>(sql, [hallId]))[0]!.n);

describe('journal:ship once', () => {
  it("ships the entries, then the checkpoints, then keeps the group's cosignatures: the export verifies with the witness's key", async () => {
    const hallId = hallIdentity(t.h.kiosk.db).hallId;
    const entries = local('SELECT COUNT(*) FROM audit_log');
    const checkpoints = local('SELECT COUNT(*) FROM checkpoints');
    expect(checkpoints).toBeGreaterThanOrEqual(2);

    const ship = () => {
      const r = cli(['journal:ship', '--data-dir', t.h.dataDir, '--database-url', pgdb.url]);
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout.trim()) as unknown;
    };
    // The first pass: every entry and every checkpoint; no cosignature yet (the witness has not looked).
    expect(ship()).toEqual({ shipped: entries, head: entries, checkpoints, cosignatures: 0 });
    expect(await held('SELECT COUNT(*) AS n FROM journal WHERE hall_id = $1', hallId)).toBe(entries);
    expect(await held('SELECT COUNT(*) AS n FROM hall_checkpoints WHERE hall_id = $1', hallId)).toBe(checkpoints);

    const key = witnessKeyFrom(join(mkdtempSync(join(tmpdir(), 'witness-')), 'witness.key'), 'grupo-teste');
    expect((await witnessGroup(group.pool, key, () => WITNESSED_AT))[0]!.cosigned).toHaveLength(checkpoints);

    // The shipper following (the kiosk's worker) brings them back and keeps them in the hall's file, beside the
    // running kiosk; stopped by SIGTERM, cleanly.
    const follow = spawn(process.execPath, [...PROGRAM, 'journal:ship', '--follow', '--data-dir', t.h.dataDir, '--database-url', pgdb.url], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    follow.stdout.on('data', (d: Buffer) => (out += d.toString()));
    follow.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => follow.once('exit', (code) => r(code)));
    // The two lines come in either order: the cosignatures kept, and the state once the group answered.
    const caughtUp = `em dia: o grupo tem todas as entradas desta sala (a última n.º ${entries})`;
    await until(() => out.includes(`${checkpoints} cossinaturas do grupo guardadas.`) && out.includes(caughtUp), () => out);
    expect(local('SELECT COUNT(*) FROM checkpoint_cosignatures')).toBe(checkpoints);
    follow.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Once more: nothing new, nothing kept twice.
    expect(ship()).toEqual({ shipped: 0, head: entries, checkpoints: 0, cosignatures: 0 });
    expect(local('SELECT COUNT(*) FROM checkpoint_cosignatures')).toBe(checkpoints);

    const acta = await t.h.ok('session.acta', { sessionId }, t.manager);
    const { zip } = await buildSessionExport(t.h.kiosk.db, sessionId, { pdf: async () => Buffer.from('%PDF-1.4 test'), now: t.h.clock.now() });
    const file = join(mkdtempSync(join(tmpdir(), 'export-')), 'export.zip');
    writeFileSync(file, zip);
    const verify = cli(['export:verify', file, '--key', acta.hallKey!.verifierKey, '--witness', key.verifierKey]);
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).not.toContain('FALHA');
  }, 60_000);
});
