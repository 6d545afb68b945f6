/**
 * The worker thread of main/workers/checkpoint.ts: one connection of its own
 * to the kiosk's file, a PASSIVE checkpoint per `checkpoint` message, and on
 * `close` the connection closed and the main thread woken (it waits on
 * `done`, so that its own last checkpoint at close is the last).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkpointPassive, openCheckpointConnection, type Db } from '../../db/connection.js';

export type CheckpointReply = { kind: 'ready' | 'done' } | { kind: 'error' | 'failed'; message: string; code?: string };

const { file, done } = workerData as { file: string; done: SharedArrayBuffer };
const reply = (m: CheckpointReply) => parentPort!.postMessage(m);
const failure = (e: unknown) => ({ message: e instanceof Error ? e.message : String(e), ...(typeof (e as { code?: unknown })?.code === 'string' ? { code: (e as { code: string }).code } : {}) });

let db: Db | null = null;
try {
  db = openCheckpointConnection(file);
  reply({ kind: 'ready' });
} catch (e) {
  reply({ kind: 'failed', ...failure(e) });
}

parentPort!.on('message', (m: 'checkpoint' | 'close') => {
  if (m === 'close') {
    try {
      db?.close();
    } finally {
      const flag = new Int32Array(done);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      parentPort!.close();
    }
    return;
  }
  if (!db) return;
  try {
    checkpointPassive(db);
    reply({ kind: 'done' });
  } catch (e) {
    reply({ kind: 'error', ...failure(e) });
  }
});
