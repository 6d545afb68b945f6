/**
 * The hall server's copier of backups off the machine (issue 40): after each
 * backup (a manager's, the day's close) and at least daily, the newest one is
 * copied to the folder the hall named (hall setting `backupCopyDir`, else the
 * server's `--backup-copy-dir`) in a worker thread, and checked there. A
 * destination missing, read-only or full is said to the managers
 * (backup.copyStatus, an event on the `health` topic) and tried again a
 * quarter of an hour later; sales never wait for it. Time is the kiosk's
 * injected clock.
 */
import { copyDue, type BackupCopyState } from '../../core/drawers/backup-copies.js';
import { errorMessage, type ErrorCode } from '../../core/errors.js';
import { listBackups } from '../../db/backup.js';
import { readCopyState, writeCopyState } from '../../db/backup-copy.js';
import { BACKUPS_FOLDER } from '../../db/connection.js';
import { hallSettings } from '../../db/people.js';
import type { Kiosk } from '../kiosk.js';
import type { BackupCopyReply, BackupCopyRequest } from '../workers/backup-copy-worker.js';
import { copyBackupInWorker } from '../workers/backup-copy.js';
import { join } from 'node:path';

/** The commands after which a new backup lies in `<data>/backups`. */
const BACKUP_CHANNELS: ReadonlySet<string> = new Set(['backup.create', 'session.close']);
/** How often the copier looks (a backup the events missed, a retry due, the daily copy). */
const TICK_MS = 30_000;

export interface BackupCopier {
  /** Look now (tests; the events and the timer call it too): the state after the try, if one was due. */
  run(o?: { force?: boolean }): Promise<BackupCopyState>;
  state(): BackupCopyState;
  stop(): Promise<void>;
}

export function startBackupCopier(o: {
  kiosk: Kiosk;
  now: () => Date;
  /** The server's `--backup-copy-dir`: used while the hall names none in its settings. */
  fallbackDir?: string | null;
  tickMs?: number;
  /** Each failure once as it starts (and its end), for the server's log, in pt-PT. */
  log?: (line: string) => void;
  /** How a copy is made (default: in a worker thread). */
  copy?: (r: BackupCopyRequest) => Promise<BackupCopyReply>;
}): BackupCopier {
  const { kiosk } = o;
  const copy = o.copy ?? copyBackupInWorker;
  const dataDir = kiosk.dataDir;
  let state: BackupCopyState = readCopyState(dataDir) ?? { dir: null, state: 'off', lastCopy: null, lastAttemptAt: null, error: null };
  let running: Promise<BackupCopyState> | null = null;
  let queued: Promise<BackupCopyState> | null = null;
  let stopped = false;

  const dirNow = (): string | null => hallSettings(kiosk.db).backupCopyDir ?? o.fallbackDir ?? null;

  const publish = (next: BackupCopyState) => {
    const changed = JSON.stringify(next) !== JSON.stringify(state);
    const failedBefore = state.error?.code ?? null;
    state = next;
    if (!changed) return;
    try {
      writeCopyState(dataDir, next);
    } catch {
      // The data folder's disk is the kiosk's own concern (its health says so): the state stays in memory.
    }
    const code = next.error?.code ?? null;
    if (code !== failedBefore) {
      if (code) o.log?.(`Cópia fora da máquina: ${errorMessage(code as ErrorCode, next.error!.params)}`);
      else if (failedBefore) o.log?.(`Cópia fora da máquina: de novo em ordem (${next.lastCopy?.file ?? ''} em ${next.dir}).`);
    }
    kiosk.emit({ type: 'changed', channel: 'backup.copyStatus', topics: ['health'], at: o.now().toISOString() });
  };

  const attempt = async (force: boolean): Promise<BackupCopyState> => {
    const dir = dirNow();
    const now = o.now();
    if (dir === null) {
      if (state.state !== 'off' || state.dir !== null) publish({ ...state, dir: null, state: 'off', error: null });
      return state;
    }
    // Another folder named: what was said of the old one no longer holds.
    const base: BackupCopyState = state.dir === dir ? state : { dir, state: 'pending', lastCopy: null, lastAttemptAt: null, error: null };
    const newest = listBackups(join(dataDir, BACKUPS_FOLDER))[0] ?? null;
    const due = copyDue({
      newest,
      lastCopied: base.lastCopy?.file ?? null,
      lastAttemptAt: base.lastAttemptAt ? new Date(base.lastAttemptAt) : null,
      failed: base.state === 'failed',
      now,
    });
    if (!due && !(force && newest !== null)) {
      if (base !== state) publish(base);
      return state;
    }
    const keep = hallSettings(kiosk.db).backupCopiesKept;
    let reply: BackupCopyReply;
    try {
      reply = await copy({ dataDir, dir, keep, at: now.toISOString() });
    } catch (e) {
      reply = { ok: false, code: null, message: e instanceof Error ? e.message : String(e) };
    }
    const at = now.toISOString();
    if (reply.ok) {
      const r = reply.result;
      publish({ dir, state: r ? 'ok' : base.state, lastCopy: r ? { ...r.newest, copiedAt: r.newest.copied ? r.newest.copiedAt : (base.lastCopy?.copiedAt ?? r.newest.copiedAt) } : base.lastCopy, lastAttemptAt: at, error: null });
    } else {
      const error = reply.code === null ? { code: 'BACKUP_COPY_FAILED', params: { dir, reason: reply.message.slice(0, 200) } } : { code: reply.code, params: reply.params };
      publish({ dir, state: 'failed', lastCopy: base.lastCopy, lastAttemptAt: at, error });
    }
    return state;
  };

  const run = (ro: { force?: boolean } = {}): Promise<BackupCopyState> => {
    if (stopped) return Promise.resolve(state);
    if (running) {
      // One copy at a time; a backup made meanwhile is looked at right after, by one more try for every caller waiting.
      queued ??= running.then(() => {
        queued = null;
        return run(ro);
      });
      return queued;
    }
    running = attempt(ro.force === true)
      .catch(() => state)
      .finally(() => {
        running = null;
      });
    return running;
  };

  const unsubscribe = kiosk.onEvent((e) => {
    if (e.type === 'changed' && BACKUP_CHANNELS.has(e.channel)) void run();
    // The folder named or changed in the settings: looked at at once.
    if (e.type === 'changed' && e.channel === 'settings.update') void run();
  });
  const timer = setInterval(() => void run(), o.tickMs ?? TICK_MS);
  timer.unref();
  void run();

  return {
    run,
    state: () => state,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      if (running) await running;
    },
  };
}
