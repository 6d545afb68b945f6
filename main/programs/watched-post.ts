/**
 * What a post with its own database starts alike (the standalone kiosk and the hall server): its log, the kiosk
 * opened with the group's journal beside it, the system clock's state and the metrics, the printers and the disk
 * logged, its backups copied off the machine, the back-office web server with /health and /metrics, and one
 * orderly stop on SIGINT or SIGTERM (what the post started besides is closed first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { seedDemo } from '../demo/seed.js';
import { watchClockSync } from '../hall/clock-sync.js';
import { openKiosk, type Kiosk, type KioskOptions } from '../kiosk.js';
import { logPrinters, watchKiosk } from '../watch/health.js';
import { logStorage } from '../watch/log-events.js';
import { errorFields, type OpenedLog } from '../watch/log.js';
import { createMetrics, type MetricsOptions } from '../watch/metrics.js';
import { startWebServer, type WebServer } from '../web/server.js';
import { backupCopierBeside } from './backup-copy-beside.js';
import { journalBeside } from './journal-beside.js';
import { programLog } from './logging.js';
import { ROOT, printRetryDelaysFromEnv } from './options.js';

export interface WatchedPostOptions {
  /** The command line's values these parts read (LOG_OPTIONS, BACKUP_COPY_OPTIONS, --journal-url, --demo, --new-pin-key). */
  values: { 'log-dir'?: string; 'log-stdout'?: boolean; 'backup-copy-dir'?: string; 'journal-url'?: string; demo?: boolean; 'new-pin-key'?: boolean };
  dataDir: string;
  /** The program's name in its log file and lines. */
  program: string;
  post: MetricsOptions['post'];
  port: number;
  token: string;
  /** The kiosk's terminal and, for the hall server, what it says of its post. */
  kiosk: Pick<KioskOptions, 'terminalId' | 'post'>;
}

export interface WatchedPost {
  kiosk: Kiosk;
  web: WebServer;
  logs: OpenedLog;
  /** Stops on SIGINT and SIGTERM: `first` (what the post started besides), then the web server, the journal, the copier, the kiosk and the log. */
  stopOnSignals(o: { what: string; first?: () => Promise<unknown> }): void;
}

export async function startWatchedPost(o: WatchedPostOptions): Promise<WatchedPost> {
  const { values, dataDir } = o;
  const logs = await programLog(values, dataDir, o.program);
  const { log } = logs;
  const journal = journalBeside(values['journal-url'] ?? process.env.KIOSK_JOURNAL_URL, log);
  const metrics = createMetrics({ post: o.post });
  // The system's NTP state, asked every minute; the managers' screens are told when it changes (once the kiosk is open).
  let clockChanged = () => {};
  const clockSync = watchClockSync({ changed: () => clockChanged() });
  const kiosk = await openKiosk({
    dataDir,
    ...(values.demo ? { seed: seedDemo } : {}),
    ...o.kiosk,
    newPinKey: values['new-pin-key'] ?? false,
    journal: journal.state,
    clockSync: clockSync.state,
    ...printRetryDelaysFromEnv(),
    metrics,
    // The channel and the error, never the call's input (a PIN, a code).
    logError: (e, channel) => log.error({ channel, ...errorFields(e) }, 'call failed'),
  });
  journal.start(kiosk, dataDir);
  logPrinters(kiosk, log);
  logStorage(kiosk, log);
  // Each backup copied to the folder the hall names (or --backup-copy-dir), checked there; a failure said and retried.
  const copier = backupCopierBeside(kiosk, values, { log: (line) => log.warn({ component: 'backup-copy' }, line) });
  clockChanged = () => kiosk.emit({ type: 'changed', channel: 'system.clock', topics: ['health'], at: new Date().toISOString() });
  const staticDir = join(ROOT, 'dist', 'renderer');
  const web = await startWebServer({
    kiosk,
    token: o.token,
    port: o.port,
    ...(existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}),
    watch: watchKiosk(kiosk, journal.state, metrics),
    logError: (e) => log.error(errorFields(e), 'request failed'),
  });
  return {
    kiosk,
    web,
    logs,
    stopOnSignals({ what, first }) {
      const stop = (signal: string) => {
        log.info({ signal }, `${what} stopping`);
        void Promise.all([first?.(), web.close(), journal.stop(), copier.stop()]).then(() => {
          clockSync.stop();
          kiosk.close();
          log.info(`${what} stopped`);
          logs.close();
          process.exit(0);
        });
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
    },
  };
}
