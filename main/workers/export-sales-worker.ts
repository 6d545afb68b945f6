/**
 * The worker thread of main/workers/export-sales.ts: a session's sales as a
 * CSV file, read from the kiosk's file opened read-only, on one snapshot,
 * with progress, so a large session's file never holds a counter's sale.
 */
import { parentPort } from 'node:worker_threads';
import { openForCheck } from '../../db/backup.js';
import type { WorkerProgress } from './entry.js';
import { salesCsv, type ExportSalesReply, type ExportSalesRequest } from './export-sales.js';

parentPort?.once('message', (request: ExportSalesRequest) => {
  let reply: ExportSalesReply;
  try {
    const db = openForCheck(request.file);
    try {
      const progress = (done: number, total: number) => parentPort!.postMessage({ progress: { done, total } } satisfies WorkerProgress);
      reply = { ok: true, csv: salesCsv(db, { sessionId: request.sessionId, gameId: request.gameId, madeAt: request.madeAt }, request.software, progress) };
    } finally {
      db.close();
    }
  } catch (e) {
    reply = { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
