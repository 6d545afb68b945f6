/**
 * The worker thread of main/workers/backup-check.ts: checks a backup's copy
 * (integrity, audit chain, books, row counts) off the main thread, so that a
 * large hall's check (seconds) never freezes the counters' sales.
 */
import { parentPort } from 'node:worker_threads';
import { describeDatabase, openForCheck, type BackupCheck } from '../../db/backup.js';

export type BackupCheckReply = { ok: true; check: BackupCheck } | { ok: false; message: string };

parentPort?.once('message', (file: string) => {
  let reply: BackupCheckReply;
  try {
    const db = openForCheck(file);
    try {
      reply = { ok: true, check: describeDatabase(db) };
    } finally {
      db.close();
    }
  } catch (e) {
    reply = { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
