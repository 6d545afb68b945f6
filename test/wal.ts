/**
 * A SQLite file in WAL mode in a temp folder of its own, for the checkpoint
 * tests (db/checkpointer.test.ts, main/workers/checkpoint.test.ts): opened by
 * the kiosk's own openDatabase, with a table to write, closed and removed after
 * each test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type Db } from '../db/connection.js';

export interface WalFile {
  /** The open connection (after open()). */
  readonly db: Db;
  /** Opens a new file; answers its path. */
  open(): string;
  /** Frames in the WAL not yet copied into the database file. */
  backlog(): number;
}

export function walFixture(): WalFile {
  let dir: string | undefined;
  let db: Db | undefined;
  afterEach(() => {
    if (db?.open) db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get db() {
      if (!db) throw new Error('walFixture: open() first');
      return db;
    },
    open() {
      dir = mkdtempSync(join(tmpdir(), 'kiosk-ckpt-'));
      const file = join(dir, 'k.sqlite');
      db = openDatabase(file);
      db.exec(`CREATE TABLE t (x TEXT) STRICT`);
      return file;
    },
    backlog() {
      const [r] = this.db.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[];
      return r!.log - r!.checkpointed;
    },
  };
}
