/**
 * The worker thread of session.export (in-worker.ts): a closed session's
 * inspector export built on its own read-only connection to the hall's file,
 * the acta's PDF rendered here too, and the ZIP written beside the backups
 * (under a temporary name of its own, then renamed: a file that is there is whole), so
 * a large session's export never holds a counter's sale.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { KioskError } from '../../core/refusal.js';
import { openForCheck } from '../../db/backup.js';
import type { WorkerProgress } from '../workers/entry.js';
import { actaPdfHere, buildSessionExport } from './export.js';
import type { SessionExportReply, SessionExportRequest } from './in-worker.js';

parentPort?.once('message', (request: SessionExportRequest) => {
  void (async (): Promise<SessionExportReply> => {
    try {
      const db = openForCheck(request.file);
      try {
        const now = new Date(request.now);
        const progress = (done: number, total: number) => parentPort!.postMessage({ progress: { done, total } } satisfies WorkerProgress);
        const made = await buildSessionExport(db, request.sessionId, { pdf: actaPdfHere(now), progress, now });
        const path = `${request.folder}/${made.filename}`;
        // A part file of its own: exports of one session at once never write, rename or remove each other's.
        const part = `${path}.${randomUUID()}.part`;
        try {
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(part, made.zip);
          renameSync(part, path);
        } catch (e) {
          try {
            rmSync(part, { force: true });
          } catch {
            // No folder to hold it: nothing was written.
          }
          const reason = e instanceof Error ? ((e as NodeJS.ErrnoException).code ?? e.message) : String(e);
          return { ok: false, stage: 'write', message: reason };
        }
        return { ok: true, filename: made.filename, path, entries: made.entries, zip: made.zip };
      } finally {
        db.close();
      }
    } catch (e) {
      return { ok: false, stage: 'build', message: e instanceof Error ? e.message : String(e), ...(e instanceof KioskError ? { refusal: { code: e.code, params: e.params } } : {}) };
    }
  })().then((reply) => parentPort!.postMessage(reply, reply.ok ? [reply.zip.buffer as ArrayBuffer] : []));
});
