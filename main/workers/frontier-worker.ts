/** The worker thread of main/workers/frontier.ts: the tree grown ahead on a read-only connection of its own. */
import { parentPort } from 'node:worker_threads';
import { openForCheck } from '../../db/backup.js';
import { prepareFrontier, type FrontierReply, type FrontierRequest } from './frontier.js';

parentPort?.once('message', (request: FrontierRequest) => {
  let reply: FrontierReply;
  try {
    const db = openForCheck(request.file);
    try {
      reply = { ok: true, prepared: prepareFrontier(db, request.previous) };
    } finally {
      db.close();
    }
  } catch (e) {
    reply = { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
