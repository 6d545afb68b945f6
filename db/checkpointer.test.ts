import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCheckpointer } from './checkpointer.js';
import { WAL_SAFETY_PAGES, type Db } from './connection.js';
import { walFixture } from '../test/wal.js';

const wal = walFixture();

describe('idle-time WAL checkpoints', () => {
  it('leaves the automatic checkpoint as a high safety net only', () => {
    wal.open();
    expect(wal.db.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_SAFETY_PAGES);
  });

  it('checkpoints shortly after commits, not inside them', async () => {
    wal.open();
    const c = createCheckpointer(wal.db, 20);
    for (let i = 0; i < 50; i++) {
      wal.db.prepare(`INSERT INTO t VALUES (?)`).run('x'.repeat(2000));
      c.afterCommit();
    }
    expect(wal.backlog()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(wal.backlog()).toBe(0);
    c.stop();
  });

  it('empties the WAL file on flush', () => {
    const file = wal.open();
    const c = createCheckpointer(wal.db, 10_000);
    wal.db.prepare(`INSERT INTO t VALUES (?)`).run('y'.repeat(5000));
    c.afterCommit();
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    c.flush();
    expect(statSync(`${file}-wal`).size).toBe(0);
  });
});

describe('a checkpoint that fails (the disk full)', () => {
  it('hands the error to its caller instead of throwing from a timer, and tries again after the next commit', async () => {
    wal.open();
    const errors: unknown[] = [];
    let calls = 0;
    // SQLite's answer on a full disk, given by the handle as better-sqlite3 would.
    const failing = {
      get open() {
        return true;
      },
      pragma: () => {
        calls++;
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      },
    } as unknown as Db;
    const c = createCheckpointer(failing, 1, (e) => errors.push(e));
    c.afterCommit();
    await new Promise((r) => setTimeout(r, 20));
    c.afterCommit();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(2);
    expect(errors.map((e) => (e as { code: string }).code)).toEqual(['SQLITE_FULL', 'SQLITE_FULL']);
    expect(() => c.flush()).not.toThrow();
    expect(errors).toHaveLength(3);
  });
});
