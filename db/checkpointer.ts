/**
 * WAL checkpoints off the sale path. With SQLite's automatic checkpoint, the
 * commit that crosses 1000 WAL pages also copies them into the database file:
 * one sale in ~70 pays several milliseconds more, and more so as the file
 * grows. Here a PASSIVE checkpoint runs shortly after commits, between
 * commands, on the event loop; durability is unchanged (the WAL frames are
 * already fsynced at each commit with synchronous=FULL).
 */
import type { Db } from './connection.js';

export interface Checkpointer {
  /** Call after a write commits: a checkpoint follows once the loop is free. */
  afterCommit(): void;
  /** Checkpoint everything and empty the WAL (on close). */
  flush(): void;
  stop(): void;
}

/**
 * `onError` gets what a checkpoint throws (a full disk: SQLITE_FULL): it runs
 * on a timer, outside any command, so nothing else would catch it and the
 * process would die. The WAL keeps every committed frame meanwhile, and the
 * next commit tries again.
 */
export function createCheckpointer(db: Db, delayMs = 50, onError: (error: unknown) => void = () => undefined): Checkpointer {
  let timer: NodeJS.Timeout | null = null;
  const run = () => {
    timer = null;
    try {
      if (db.open) db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      onError(error);
    }
  };
  return {
    afterCommit() {
      // Not debounced: under a steady stream of commands it still runs every delayMs.
      if (timer === null) {
        timer = setTimeout(run, delayMs);
        timer.unref();
      }
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      try {
        if (db.open) db.pragma('wal_checkpoint(TRUNCATE)');
      } catch (error) {
        onError(error);
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
