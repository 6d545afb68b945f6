/**
 * WAL checkpoints off the sale path. With SQLite's automatic checkpoint, the
 * commit that crosses 1000 WAL pages also copies them into the database file:
 * one sale in ~70 pays several milliseconds more, and more so as the file
 * grows. Here a PASSIVE checkpoint runs shortly after commits, between
 * commands; durability is unchanged (the WAL frames are already fsynced at
 * each commit with synchronous=FULL).
 *
 * With an `offload` (main/workers/checkpoint.ts: a worker thread with its
 * own connection to the file), the checkpoint runs there: copying pages and
 * the database file's fsync then take none of the main thread's time, where
 * a cashier's next call would wait behind them (a PASSIVE checkpoint takes no
 * lock a writer waits for). An offload that cannot take it (its worker did
 * not start) leaves the checkpoint on the main thread, as without one.
 */
import type { Db } from './connection.js';

/** Where checkpoints run instead of the main thread. */
export interface CheckpointOffload {
  /** Asks for a checkpoint: false when it cannot take it (not able to start, failed, closed), for the main thread to do it. */
  checkpoint(): boolean;
  /** Closes its connection, waiting for it (bounded), so that the main thread's last checkpoint is the last. */
  close(): void;
}

interface Checkpointer {
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
export function createCheckpointer(db: Db, delayMs = 50, onError: (error: unknown) => void = () => undefined, options: { offload?: CheckpointOffload | null } = {}): Checkpointer {
  let timer: NodeJS.Timeout | null = null;
  const worker = options.offload ?? null;
  const onMainThread = () => {
    try {
      if (db.open) db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      onError(error);
    }
  };
  const run = () => {
    timer = null;
    if (!worker?.checkpoint()) onMainThread();
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
      worker?.close();
      try {
        if (db.open) db.pragma('wal_checkpoint(TRUNCATE)');
      } catch (error) {
        onError(error);
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      worker?.close();
    },
  };
}
