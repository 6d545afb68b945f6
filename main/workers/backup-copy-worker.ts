/**
 * The worker thread of main/workers/backup-copy.ts: the newest backup copied
 * to the hall's second destination and checked there (db/backup-copy.ts) off
 * the main thread, so that a slow disk or share never holds a sale.
 */
import { parentPort } from 'node:worker_threads';
import { copyNewestBackup, type CopyResult } from '../../db/backup-copy.js';
import { KioskError } from '../../core/refusal.js';
import type { Params } from '../../core/catalogue.js';

export interface BackupCopyRequest {
  dataDir: string;
  dir: string;
  keep: number;
  at: string;
}

export type BackupCopyReply = { ok: true; result: CopyResult | null } | { ok: false; code: string; params: Params } | { ok: false; code: null; message: string };

parentPort?.once('message', (r: BackupCopyRequest) => {
  let reply: BackupCopyReply;
  try {
    reply = { ok: true, result: copyNewestBackup(r.dataDir, r.dir, { keep: r.keep, at: new Date(r.at) }) };
  } catch (e) {
    reply = e instanceof KioskError ? { ok: false, code: e.code, params: e.params } : { ok: false, code: null, message: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
