/**
 * The kiosk's WAL checkpoints on a worker thread (checkpoint-worker.ts, its
 * own connection to the file): db/checkpointer.ts's offload. Started at the
 * first checkpoint (a kiosk open for less than one never starts it); one
 * checkpoint at a time (the next commit's timer asks again); a worker that
 * cannot start or open the file gives the checkpoints back to the main thread.
 */
import { Worker } from 'node:worker_threads';
import type { CheckpointOffload } from '../../db/checkpointer.js';
import type { CheckpointReply } from './checkpoint-worker.js';
import { workerEntry } from './entry.js';

/** How long closing waits for the worker to close its connection (a checkpoint under way finishes first). */
const CLOSE_WAIT_MS = 5_000;

/** The worker file next to this module, in the same language as this module. */
export function checkpointWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const ext = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname) ? '.ts' : '.js';
  return new URL(`./checkpoint-worker${ext}`, moduleUrl);
}

/** An offload for the database at `file`, or null where there is no file (an in-memory database). */
export function checkpointWorker(file: string, onError: (error: unknown) => void): CheckpointOffload | null {
  if (file === '' || file === ':memory:') return null;
  const done = new SharedArrayBuffer(4);
  let worker: Worker | null = null;
  let ready = false;
  let usable = true;
  let busy = false;
  let closed = false;
  const start = (): Worker => {
    const { entry, execArgv } = workerEntry(checkpointWorkerUrl());
    const w = new Worker(entry, { workerData: { file, done }, ...(execArgv ? { execArgv } : {}) });
    w.unref();
    w.on('message', (m: CheckpointReply) => {
      if (m.kind === 'ready') ready = true;
      else busy = false;
      if (m.kind === 'failed') usable = false;
      if (m.kind === 'error') onError(Object.assign(new Error(m.message), m.code ? { code: m.code } : {}));
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
      Atomics.wait(new Int32Array(done), 0, 0, CLOSE_WAIT_MS);
    },
  };
}
