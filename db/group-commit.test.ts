/**
 * Group commit: commands that reach their transaction in one turn share a
 * commit, each all or nothing in its own savepoint, answered only after it.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asWritable, createGroupCommit, type WritableDb } from './connection.js';

let dir: string;
let db: WritableDb;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  const raw = new Database(join(dir, 'g.db'));
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE sale (id INTEGER PRIMARY KEY, n INTEGER NOT NULL UNIQUE,
                               parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);`);
  db = asWritable(raw);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (n: number, parent: number | null = null) => () => {
  db.prepare('INSERT INTO sale (n, parent) VALUES (?, ?)').run(n, parent);
  return n;
};
const rows = () => db.prepare('SELECT n FROM sale ORDER BY id').pluck().all();

describe('group commit', () => {
  it('commands of one turn share one transaction; a refusal rolls back its own writes alone; each sees those before it', async () => {
    const group = createGroupCommit(db);
    // Another connection sees the file as committed: during the batch, nothing of it yet.
    const reader = new Database(join(dir, 'g.db'), { readonly: true });
    const committed = () => reader.prepare('SELECT COUNT(*) FROM sale').pluck().get() as number;
    const answers = await Promise.allSettled([
      group.run(insert(1)),
      group.run(insert(2)),
      // Refused half-way: its first write goes with it.
      group.run(() => {
        insert(3)();
        throw new Error('refused');
      }),
      group.run(insert(1)), // the UNIQUE of the first: refused by SQLite, alone
      group.run(() => [db.prepare('SELECT COUNT(*) FROM sale').pluck().get() as number, committed()]),
    ]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      1,
      2,
      'refused',
      'UNIQUE constraint failed: sale.n',
      // The last sees the two before it, which no other connection sees yet: one transaction, not yet committed.
      [2, 0],
    ]);
    expect(rows()).toEqual([1, 2]);
    expect(committed()).toBe(2);
    reader.close();
  });

  it('a commit that fails fails every command of its batch, and nothing of it is written', async () => {
    const group = createGroupCommit(db);
    await group.run(insert(10));
    // A deferred foreign key is checked at the commit: the batch's commit fails.
    const answers = await Promise.allSettled([group.run(insert(11)), group.run(insert(12, 999)), group.run(insert(13))]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(answers.map((a) => (a as PromiseRejectedResult).reason.code)).toEqual(Array(3).fill('SQLITE_CONSTRAINT_FOREIGNKEY'));
    expect(rows()).toEqual([10]);
    // The next batch goes on as before.
    expect(await group.run(insert(14))).toBe(14);
    expect(rows()).toEqual([10, 14]);
  });

  it('at most the limit share a commit; the rest follow in the next', async () => {
    const group = createGroupCommit(db, 3);
    const seen: number[] = [];
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        group.run(() => {
          insert(n)();
          seen.push(db.inTransaction ? (db.prepare('SELECT COUNT(*) FROM sale').pluck().get() as number) : -1);
          return n;
        }),
      ),
    );
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect(rows()).toEqual([1, 2, 3, 4, 5]);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });
});
