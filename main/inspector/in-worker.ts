/**
 * session.export off the main thread (export-worker.ts): a session of 10 000
 * sales takes a second or two to prove and zip, while the counters sell on;
 * the screens see how far it is (progress task 'export').
 */
import type { Params } from '../../core/catalogue.js';
import { KioskError, type ErrorCode } from '../../core/refusal.js';
import { runWorker } from '../workers/entry.js';

export interface SessionExportRequest {
  file: string;
  sessionId: number;
  /** Where the ZIP is written (the data folder's exports/). */
  folder: string;
  /** The kiosk's clock (the manifest's and the PDF's time). */
  now: string;
}

export type SessionExportReply =
  | { ok: true; filename: string; path: string; entries: number; zip: Uint8Array }
  /** `refusal`: the build refused in words of the catalogue (EXPORT_KEY_NOT_AT_HAND), its code and parameters carried across. */
  | { ok: false; stage: 'build' | 'write'; message: string; refusal?: { code: ErrorCode; params: Params } };

/** An export that could not be written (the data folder full or not writable): nothing half-written is left. */
export class ExportNotWritten extends Error {
  constructor(readonly reason: string) {
    super(`export not written: ${reason}`);
  }
}

export interface SessionExportFile {
  filename: string;
  path: string;
  entries: number;
  zip: Uint8Array;
}

/** The worker file next to this module, in the same language as this module. */
export function sessionExportWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const ext = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname) ? '.ts' : '.js';
  return new URL(`./export-worker${ext}`, moduleUrl);
}

export async function exportSessionInWorker(request: SessionExportRequest, onProgress?: (done: number, total: number) => void): Promise<SessionExportFile> {
  const reply = await runWorker<SessionExportRequest, SessionExportReply>(sessionExportWorkerUrl(), request, onProgress);
  if (!reply.ok) {
    if (reply.refusal) throw new KioskError(reply.refusal.code, reply.refusal.params);
    throw reply.stage === 'write' ? new ExportNotWritten(reply.message) : new Error(reply.message);
  }
  return { filename: reply.filename, path: reply.path, entries: reply.entries, zip: reply.zip };
}
