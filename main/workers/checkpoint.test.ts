/** The kiosk's WAL checkpoints on a worker thread (checkpoint.ts), against a real SQLite file. */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckpointer } from '../../db/checkpointer.js';
import { openDatabase, type Db } from '../../db/connection.js';
import { checkpointWorker, checkpointWorkerUrl } from './checkpoint.js';

let dir: string;
let db: Db;

afterEach(() => {
  if (db?.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(): string {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-ckpt-'));
  const file = join(dir, 'k.sqlite');
  db = openDatabase(file);
  db.exec(`CREATE TABLE t (x TEXT) STRICT`);
  return file;
}

/** Frames in the WAL not yet copied into the database file. */
function backlog(): number {
  const [r] = db.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[];
  return r!.log - r!.checkpointed;
}

describe('checkpoints on a worker thread', () => {
  it('checkpoints shortly after commits with the main thread free: the WAL copied while the loop only waits', async () => {
    open();
    const c = createCheckpointer(db, 5, () => undefined, { offload: checkpointWorker(db.name, () => undefined) });
    for (let i = 0; i < 200; i++) {
      db.prepare(`INSERT INTO t VALUES (?)`).run('x'.repeat(2000));
      c.afterCommit();
    }
    expect(backlog()).toBeGreaterThan(100);
    // Spied on the main connection: the main thread never runs a checkpoint itself.
    const pragma = db.pragma.bind(db);
    const mainThread: string[] = [];
    db.pragma = ((source: string, o?: { simple?: boolean }) => {
      if (source.startsWith('wal_checkpoint(PASSIVE)')) mainThread.push(source);
      return pragma(source, o);
    }) as typeof db.pragma;
    const until = Date.now() + 5_000;
    while (backlog() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(backlog()).toBe(0);
    expect(mainThread).toEqual([]);
    db.pragma = pragma;
    c.stop();
  });

  it('closes its connection at flush, before the last checkpoint, which empties the WAL file', async () => {
    const file = open();
    const c = createCheckpointer(db, 1, () => undefined, { offload: checkpointWorker(file, () => undefined) });
    db.prepare(`INSERT INTO t VALUES (?)`).run('y'.repeat(5000));
    c.afterCommit();
    // The worker started and checkpointed: its connection is open.
    const until = Date.now() + 5_000;
    while (backlog() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(backlog()).toBe(0);
    db.prepare(`INSERT INTO t VALUES (?)`).run('z'.repeat(5000));
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    c.flush();
    expect(statSync(`${file}-wal`).size).toBe(0);
    // The main connection is the last one: closing it removes the WAL (a connection of the worker's would keep it).
    db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('finds its worker beside it, compiled or not', () => {
    expect(checkpointWorkerUrl('file:///app/dist/main/workers/checkpoint.js').href).toBe('file:///app/dist/main/workers/checkpoint-worker.js');
    expect(checkpointWorkerUrl().href).toMatch(/\/main\/workers\/checkpoint-worker\.ts$/);
  });

  it('leaves the checkpoints on the main thread for a database without a file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'kiosk-ckpt-'));
    let calls = 0;
    const memory = {
      get open() {
        return true;
      },
      name: ':memory:',
      pragma: () => {
        calls++;
        return [];
      },
    } as unknown as Db;
    const c = createCheckpointer(memory, 1, () => undefined, { offload: checkpointWorker(':memory:', () => undefined) });
    c.afterCommit();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(1);
    c.stop();
  });
});

