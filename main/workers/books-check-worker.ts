/**
 * The worker thread of main/workers/books-check.ts: the books checked one
 * document at a time (db/books.ts, one read transaction: one snapshot) on the
 * kiosk's file, opened read-only, so a large hall's check (seconds)
 * never holds a counter's sale.
 */
import { parentPort } from 'node:worker_threads';
import { openForCheck } from '../../db/backup.js';
import { checkBooks, type BooksCheck } from '../../db/books.js';
import type { WorkerProgress } from './entry.js';

export interface BooksCheckRequest {
  file: string;
  shown: number;
}

export type BooksCheckReply = { ok: true; check: BooksCheck } | { ok: false; message: string };

parentPort?.once('message', (request: BooksCheckRequest) => {
  let reply: BooksCheckReply;
  try {
    const db = openForCheck(request.file);
    try {
      const progress = (done: number, total: number) => parentPort!.postMessage({ progress: { done, total } } satisfies WorkerProgress);
      reply = { ok: true, check: checkBooks(db, request.shown, progress) };
    } finally {
      db.close();
    }
  } catch (e) {
    reply = { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
