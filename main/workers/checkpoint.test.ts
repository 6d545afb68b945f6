/** The kiosk's WAL checkpoints on a worker thread (checkpoint.ts), against a real SQLite file. */
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCheckpointer } from '../../db/checkpointer.js';
import { type Db } from '../../db/connection.js';
import { checkpointWorker, checkpointWorkerUrl } from './checkpoint.js';
import { walFixture } from '../../test/wal.js';

const wal = walFixture();

describe('checkpoints on a worker thread', () => {
  it('checkpoints shortly after commits with the main thread free: the WAL copied while the loop only waits', async () => {
    wal.open();
    const c = createCheckpointer(wal.db, 5, () => undefined, { offload: checkpointWorker(wal.db.name, () => undefined) });
    for (let i = 0; i < 200; i++) {
      wal.db.prepare(`INSERT INTO t VALUES (?)`).run('x'.repeat(2000));
      c.afterCommit();
    }
    expect(wal.backlog()).toBeGreaterThan(100);
    // Spied on the main connection: the main thread never runs a checkpoint itself.
    const pragma = wal.db.pragma.bind(wal.db);
    const mainThread: string[] = [];
    wal.db.pragma = ((source: string, o?: { simple?: boolean }) => {
      if (source.startsWith('wal_checkpoint(PASSIVE)')) mainThread.push(source);
      return pragma(source, o);
    }) as typeof wal.db.pragma;
    const until = Date.now() + 5_000;
    while (wal.backlog() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(wal.backlog()).toBe(0);
    expect(mainThread).toEqual([]);
    wal.db.pragma = pragma;
    c.stop();
  });

  it('closes its connection at flush, before the last checkpoint, which empties the WAL file', async () => {
    const file = wal.open();
    const c = createCheckpointer(wal.db, 1, () => undefined, { offload: checkpointWorker(file, () => undefined) });
    wal.db.prepare(`INSERT INTO t VALUES (?)`).run('y'.repeat(5000));
    c.afterCommit();
    // The worker started and checkpointed: its connection is open.
    const until = Date.now() + 5_000;
    while (wal.backlog() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(wal.backlog()).toBe(0);
    wal.db.prepare(`INSERT INTO t VALUES (?)`).run('z'.repeat(5000));
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    c.flush();
    expect(statSync(`${file}-wal`).size).toBe(0);
    // The main connection is the last one: closing it removes the WAL (a connection of the worker's would keep it).
    wal.db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('finds its worker beside it, compiled or not', () => {
    expect(checkpointWorkerUrl('file:///app/dist/main/workers/checkpoint.js').href).toBe('file:///app/dist/main/workers/checkpoint-worker.js');
    expect(checkpointWorkerUrl().href).toMatch(/\/main\/workers\/checkpoint-worker\.ts$/);
  });

  it('leaves the checkpoints on the main thread for a database without a file', async () => {
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

