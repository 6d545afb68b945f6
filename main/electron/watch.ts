/**
 * The installed program's watched parts (issue 40), as the hall server and the
 * standalone kiosk of the command line have them (main/programs/watched-post.ts):
 * its log, the back-office port's /health and /metrics, the backups copied off
 * the machine, the group's journal. What its arguments say of them, decided
 * here, free of Electron (watch.test.ts); post-start.ts starts them.
 *   --watch-port P | off   /health and /metrics on 127.0.0.1:P (default 5174, as browser mode); off: none
 *   --log-dir DIR          the log's folder (default <data-dir>/logs, as the command line)
 *   --backup-copy-dir DIR  where backups are copied while the hall names no folder in its settings
 *   --journal-url URL      the group's database (better given as KIOSK_JOURNAL_URL: an argument is seen by `ps`)
 * Environment: KIOSK_WATCH_PORT; KIOSK_LOG_DIR, KIOSK_BACKUP_COPY_DIR and KIOSK_JOURNAL_URL as for the command line.
 */

/** The back-office port of an installed post unless told otherwise: the one browser mode's kiosk listens on. */
export const DEFAULT_WATCH_PORT = 5174;

export interface WatchArgs {
  /** The back-office port on 127.0.0.1; null: no back-office server (`--watch-port off`). */
  port: number | null;
  logDir: string | null;
  backupCopyDir: string | null;
  journalUrl: string | null;
}

/** The flags that take a value, and the field each sets. */
export const WATCH_FLAGS = { '--log-dir': 'logDir', '--backup-copy-dir': 'backupCopyDir', '--journal-url': 'journalUrl' } as const;

/** `--watch-port`'s value (or KIOSK_WATCH_PORT): a port from 1 to 65535, `off`; anything else is not one (null). */
export function watchPortOf(value: string): { port: number | null } | null {
  if (value === 'off') return { port: null };
  const n = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  return n >= 1 && n <= 65535 ? { port: n } : null;
}

/** The port when no `--watch-port` was given: KIOSK_WATCH_PORT, else the default. Null when the variable names no port. */
export function defaultWatchPort(env: Readonly<Record<string, string | undefined>>): { port: number | null } | null {
  const given = env.KIOSK_WATCH_PORT;
  return given === undefined || given === '' ? { port: DEFAULT_WATCH_PORT } : watchPortOf(given);
}

/** The command line's values (main/programs: LOG_OPTIONS, BACKUP_COPY_OPTIONS, --journal-url) the watched parts read. */
export function watchedValuesOf(w: Omit<WatchArgs, 'port'>): { 'log-dir'?: string; 'backup-copy-dir'?: string; 'journal-url'?: string } {
  return {
    ...(w.logDir !== null ? { 'log-dir': w.logDir } : {}),
    ...(w.backupCopyDir !== null ? { 'backup-copy-dir': w.backupCopyDir } : {}),
    ...(w.journalUrl !== null ? { 'journal-url': w.journalUrl } : {}),
  };
}

/** The log's name (its files `<name>.N.log`, each line's `post`): the installed program's, whatever post it starts. */
export const INSTALLED_LOG_NAME = 'app';

/** How long the installed program's stop may wait for its post to close (a system shutting down does not wait for ever). */
export const CLOSE_LIMIT_MS = 5_000;

/**
 * The installed program's orderly stop: its post closed first (the back-office port, the journal's shipper, the
 * copier, the kiosk, the log's last line), then `quit`, once; never held longer than `limitMs`, nor by a close that failed.
 */
export function closeThenQuit(close: () => Promise<void>, quit: () => void, limitMs = CLOSE_LIMIT_MS): Promise<'closed' | 'failed' | 'timed-out'> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (how: 'closed' | 'failed' | 'timed-out') => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      quit();
      resolve(how);
    };
    const timer = setTimeout(() => finish('timed-out'), limitMs);
    close().then(
      () => finish('closed'),
      () => finish('failed'),
    );
  });
}
