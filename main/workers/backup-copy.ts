/** The copy of the newest backup to the second destination in a worker thread (backup-copy-worker.ts): the hall server's way. */
import type { BackupCopyReply, BackupCopyRequest } from './backup-copy-worker.js';
import { runWorker } from './entry.js';

/** The worker file next to this module, in the same language as this module. */
function backupCopyWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const ext = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname) ? '.ts' : '.js';
  return new URL(`./backup-copy-worker${ext}`, moduleUrl);
}

export function copyBackupInWorker(request: BackupCopyRequest): Promise<BackupCopyReply> {
  return runWorker<BackupCopyRequest, BackupCopyReply>(backupCopyWorkerUrl(), request);
}
