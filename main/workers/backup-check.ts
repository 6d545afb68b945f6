/** A backup's check in a worker thread (backup-check-worker.ts): the kiosk's way, so sales go on meanwhile. */
import type { BackupCheck } from '../../db/backup.js';
import type { BackupCheckReply } from './backup-check-worker.js';
import { runWorker } from './entry.js';

/** The worker file next to this module, in the same language as this module. */
export function backupCheckWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const ext = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname) ? '.ts' : '.js';
  return new URL(`./backup-check-worker${ext}`, moduleUrl);
}

export async function checkBackupInWorker(file: string, workerUrl: URL = backupCheckWorkerUrl()): Promise<BackupCheck> {
  const reply = await runWorker<string, BackupCheckReply>(workerUrl, file);
  if (!reply.ok) throw new Error(reply.message);
  return reply.check;
}
