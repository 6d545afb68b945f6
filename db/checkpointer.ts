/**
 * WAL checkpoints off the sale path. With SQLite's automatic checkpoint, the
 * commit that crosses 1000 WAL pages also copies them into the database file:
 * one sale in ~70 pays several milliseconds more, and more so as the file
 * grows. Here a PASSIVE checkpoint runs shortly after commits, between
 * commands; durability is unchanged (the WAL frames are already fsynced at
 * each commit with synchronous=FULL).
 *
 * With `inWorker`, the checkpoint runs on a worker thread with its own
 * connection to the file: copying pages and the database file's fsync then
 * take none of the main thread's time, where a cashier's next call would wait
 * behind them (a PASSIVE checkpoint takes no lock a writer waits for). A
 * worker that cannot start (the driver not loadable there) leaves the
 * checkpoints on the main thread, as without it.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './connection.js';

/**
 * The worker, as CommonJS source (no loader to carry: the same under tsx,
 * the built program and Electron): one connection, a PASSIVE checkpoint per
 * message, and on `close` the connection closed and the main thread woken.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const done = new Int32Array(workerData.done);
let db = null;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('synchronous = FULL');
  parentPort.postMessage({ kind: 'ready' });
} catch (e) {
  parentPort.postMessage({ kind: 'failed', message: String(e && e.message), code: e && e.code });
}
parentPort.on('message', (m) => {
  if (m === 'close') {
    try { if (db) db.close(); } catch {}
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
    parentPort.close();
    return;
  }
  if (!db) return;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ kind: 'done' });
  } catch (e) {
    parentPort.postMessage({ kind: 'error', message: String(e && e.message), code: e && e.code });
  }
});
`;

/** How long closing waits for the worker to close its connection (a checkpoint under way finishes first). */
const WORKER_CLOSE_WAIT_MS = 5_000;

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
export function createCheckpointer(db: Db, delayMs = 50, onError: (error: unknown) => void = () => undefined, options: { inWorker?: boolean } = {}): Checkpointer {
  let timer: NodeJS.Timeout | null = null;
  const worker = options.inWorker ? startWorker(db, onError) : null;
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

interface CheckpointWorker {
  /** Asks for a checkpoint: false when the worker cannot take it (not started, failed, closed), for the main thread to do it. */
  checkpoint(): boolean;
  /** Closes the worker's connection, waiting for it (bounded), so that the main thread's last checkpoint is the last. */
  close(): void;
}

function startWorker(db: Db, onError: (error: unknown) => void): CheckpointWorker | null {
  const file = (db as { name?: unknown }).name;
  if (typeof file !== 'string' || file === '' || file === ':memory:') return null;
  let driver: string;
  try {
    driver = createRequire(import.meta.url).resolve('better-sqlite3');
  } catch {
    return null;
  }
  const done = new SharedArrayBuffer(4);
  let worker: Worker | null = null;
  let ready = false;
  let usable = true;
  let busy = false;
  let closed = false;
  // Started at the first checkpoint (a kiosk open for less than one, a test's, never starts it).
  const start = (): Worker => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, done } });
    w.unref();
    w.on('message', (m: { kind: 'ready' | 'done' | 'error' | 'failed'; message?: string; code?: string }) => {
      if (m.kind === 'ready') ready = true;
      else busy = false;
      if (m.kind === 'failed') usable = false;
      if (m.kind === 'error') onError(Object.assign(new Error(m.message), { code: m.code }));
    });
    w.on('error', () => {
      usable = false;
      busy = false;
    });
    w.on('exit', () => {
      usable = false;
    });
    return w;
  };
  return {
    checkpoint() {
      if (!usable || closed) return false;
      worker ??= start();
      // One at a time: the next commit's timer asks again.
      if (!busy) {
        busy = true;
        worker.postMessage('checkpoint');
      }
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      if (!worker) return;
      if (!ready || !usable) {
        // Still starting (or never able to): stopped; the driver closes a connection it opened as the thread ends.
        void worker.terminate();
        return;
      }
      worker.postMessage('close');
      Atomics.wait(new Int32Array(done), 0, 0, WORKER_CLOSE_WAIT_MS);
    },
  };
}
