/**
 * What a post with its own database starts alike (the standalone kiosk and the hall server, of the command line and
 * of the installed program, main/electron/post-start.ts): its log, the kiosk opened with the group's journal beside
 * it, the system clock's state and the metrics, the printers and the disk logged, its backups copied off the machine,
 * the back-office web server with /health and /metrics, and one orderly stop (on SIGINT or SIGTERM for a program of
 * the command line; what the post started besides is closed first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { watchClockSync } from '../hall/clock-sync.js';
import { openKiosk, type Kiosk, type KioskOptions } from '../kiosk.js';
import { logPrinters, watchKiosk } from '../watch/health.js';
import { logStorage } from '../watch/log-events.js';
import { errorFields, type OpenedLog } from '../watch/log.js';
import { createMetrics, type MetricsOptions } from '../watch/metrics.js';
import { startWebServer, type WebBackend, type WebServer, type WebServerOptions } from '../web/server.js';
import { backupCopierBeside } from './backup-copy-beside.js';
import { journalBeside } from './journal-beside.js';
import { programLog } from './logging.js';
import { ROOT, printRetryDelaysFromEnv } from './options.js';

/** The command line's values these parts read (LOG_OPTIONS, BACKUP_COPY_OPTIONS, --journal-url, --new-pin-key). */
export interface WatchedValues {
  'log-dir'?: string;
  'log-stdout'?: boolean;
  'backup-copy-dir'?: string;
  'journal-url'?: string;
  'new-pin-key'?: boolean;
}

/** Options of the kiosk the caller gives (its terminal, what it says of its post, a seed...); the watched parts give the rest. */
export type WatchedKioskOptions = Omit<KioskOptions, 'dataDir' | 'journal' | 'clockSync' | 'metrics' | 'logError' | 'newPinKey'>;

export interface WatchedPostOptions {
  values: WatchedValues;
  dataDir: string;
  /** The program's name in its log file and lines. */
  program: string;
  post: MetricsOptions['post'];
  /** The back-office port on 127.0.0.1 (0: any free one); null: no back-office server (the installed program told so). */
  port: number | null;
  token: string;
  /** The kiosk's terminal and, for the hall server, what it says of its post. */
  kiosk: WatchedKioskOptions;
  /** A log already open, its owner's to close (the installed program keeps one for every post it starts); absent: opened here. */
  logs?: OpenedLog;
  /** Browser mode's screens from dist/renderer on the back-office port (default true); the installed program's are its windows. */
  screens?: boolean;
  /**
   * A back-office port already taken: the post goes on without /health and /metrics (said in its log) rather than
   * not start. The installed program's choice; the command line's programs refuse (their port is what they are).
   */
  withoutPortTaken?: boolean;
}

export interface WatchedPost {
  kiosk: Kiosk;
  /** Null when no port was given, or it was taken and `withoutPortTaken` said to go on. */
  web: WebServer | null;
  logs: OpenedLog;
  /** The orderly stop: the web server, the journal, the copier, the clock's watch, the kiosk, and the log if opened here. */
  close(): Promise<void>;
  /** Stops on SIGINT and SIGTERM: `first` (what the post started besides), then close(), then the process ends. */
  stopOnSignals(o: { what: string; first?: () => Promise<unknown> }): void;
}

/** A port another program holds, or one this user may not listen on. */
export function isPortTaken(e: unknown): boolean {
  const code = e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : null;
  return code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL';
}

/**
 * The back-office server on 127.0.0.1:port: /health and /metrics without a token, the screens' API behind `token`
 * (browser mode's screens from `staticDir` when given). A port taken, with `withoutPortTaken`: no server (null),
 * said in the log; the post sells on.
 */
export async function startBackOffice(o: {
  backend: WebBackend;
  port: number;
  token: string;
  watch: NonNullable<WebServerOptions['watch']>;
  log: OpenedLog['log'];
  staticDir?: string;
  withoutPortTaken?: boolean;
}): Promise<WebServer | null> {
  try {
    return await startWebServer({
      kiosk: o.backend,
      token: o.token,
      port: o.port,
      ...(o.staticDir !== undefined ? { staticDir: o.staticDir } : {}),
      watch: o.watch,
      logError: (e) => o.log.error(errorFields(e), 'request failed'),
    });
  } catch (e) {
    if (!(o.withoutPortTaken && isPortTaken(e))) throw e;
    // The technician reads in the log why the probe finds nothing there.
    o.log.warn({ port: o.port, ...errorFields(e) }, 'back-office port taken: no /health nor /metrics');
    return null;
  }
}

/** The command line's form: its port given and kept, so its web server is there. */
export function startWatchedPost(o: WatchedPostOptions & { port: number; withoutPortTaken?: false }): Promise<WatchedPost & { web: WebServer }>;
export function startWatchedPost(o: WatchedPostOptions): Promise<WatchedPost>;
export async function startWatchedPost(o: WatchedPostOptions): Promise<WatchedPost> {
  const { values, dataDir } = o;
  const logs = o.logs ?? (await programLog(values, dataDir, o.program));
  const { log } = logs;
  const closeLog = () => {
    if (!o.logs) logs.close();
  };
  const journal = journalBeside(values['journal-url'] ?? process.env.KIOSK_JOURNAL_URL, log);
  const metrics = createMetrics({ post: o.post });
  // The system's NTP state, asked every minute; the managers' screens are told when it changes (once the kiosk is open).
  let clockChanged = () => {};
  const clockSync = watchClockSync({ changed: () => clockChanged() });
  let kiosk: Kiosk;
  try {
    kiosk = await openKiosk({
      ...printRetryDelaysFromEnv(),
      ...o.kiosk,
      dataDir,
      newPinKey: values['new-pin-key'] ?? false,
      journal: journal.state,
      clockSync: clockSync.state,
      metrics,
      // The channel and the error, never the call's input (a PIN, a code).
      logError: (e, channel) => log.error({ channel, ...errorFields(e) }, 'call failed'),
    });
  } catch (e) {
    // A data folder refused (another program's file, one newer than this program...): in the log too, in its words.
    log.error({ dataDir, ...errorFields(e) }, `${o.program} did not start`);
    clockSync.stop();
    closeLog();
    throw e;
  }
  journal.start(kiosk, dataDir);
  logPrinters(kiosk, log);
  logStorage(kiosk, log);
  // Each backup copied to the folder the hall names (or --backup-copy-dir), checked there; a failure said and retried.
  const copier = backupCopierBeside(kiosk, values, { log: (line) => log.warn({ component: 'backup-copy' }, line) });
  clockChanged = () => kiosk.emit({ type: 'changed', channel: 'system.clock', topics: ['health'], at: new Date().toISOString() });
  // What stops with them (the web server, what the post started besides) first or alongside; the kiosk last.
  const stopParts = async (alongside: (Promise<unknown> | undefined)[]) => {
    await Promise.all([...alongside, journal.stop(), copier.stop()]);
    clockSync.stop();
    kiosk.close();
  };
  const staticDir = join(ROOT, 'dist', 'renderer');
  let web: WebServer | null = null;
  try {
    if (o.port !== null) {
      web = await startBackOffice({
        backend: kiosk,
        port: o.port,
        token: o.token,
        watch: watchKiosk(kiosk, journal.state, metrics),
        log,
        ...(o.screens !== false && existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}),
        ...(o.withoutPortTaken ? { withoutPortTaken: true } : {}),
      });
    }
  } catch (e) {
    await stopParts([]);
    closeLog();
    throw e;
  }
  const close = async () => {
    await stopParts([web?.close()]);
    closeLog();
  };
  return {
    kiosk,
    web,
    logs,
    close,
    stopOnSignals({ what, first }) {
      const stop = (signal: string) => {
        log.info({ signal }, `${what} stopping`);
        void stopParts([first?.(), web?.close()]).then(() => {
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
