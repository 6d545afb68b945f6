/** `hall`: the hall server, its own screens and the terminals port for the counters (usage in main/cli.ts). */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemo } from '../demo/seed.js';
import { DEFAULT_TERMINAL } from '../../core/terminal.js';
import { startHallPost, type HallPost } from '../hall/hall-post.js';
import { runningPost } from '../../core/terminals/post.js';
import { openKiosk } from '../kiosk.js';
import { startWebServer } from '../web/server.js';
import { ROOT, dataDirOf, portOf, printRetryDelaysFromEnv } from './options.js';
import { journalBeside } from './journal-beside.js';
import { BACKUP_COPY_OPTIONS, backupCopierBeside } from './backup-copy-beside.js';
import { watchClockSync } from '../hall/clock-sync.js';
import { LOG_OPTIONS, programLog } from './logging.js';
import { createMetrics } from '../watch/metrics.js';
import { logPrinters, watchKiosk } from '../watch/health.js';
import { errorFields } from '../watch/log.js';
import { logStorage } from '../watch/log-events.js';

/**
 * The hall server. Its own screens are the terminal DEFAULT_TERMINAL (T1):
 * a standalone kiosk that becomes the hall server keeps its drawer, its
 * printers and its history under the same terminal, and no counter can be
 * enrolled under that name (TERMINAL_IS_HALL).
 */
export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      'terminals-port': { type: 'string' },
      bind: { type: 'string', default: '0.0.0.0' },
      demo: { type: 'boolean', default: false },
      'new-pin-key': { type: 'boolean', default: false },
      'journal-url': { type: 'string' },
      ...LOG_OPTIONS,
      ...BACKUP_COPY_OPTIONS,
    },
    strict: true,
  });
  const dataDir = dataDirOf(values);
  const logs = await programLog(values, dataDir, 'hall');
  const { log } = logs;
  const journal = journalBeside(values['journal-url'] ?? process.env.KIOSK_JOURNAL_URL, log);
  const metrics = createMetrics({ post: 'hall' });
  const port = portOf(values.port ?? process.env.KIOSK_PORT, '--port');
  const terminalsPort = portOf(values['terminals-port'], '--terminals-port');
  const bind = values.bind;
  const token = process.env.KIOSK_TOKEN || randomBytes(24).toString('base64url');
  let hallPost: HallPost | null = null;
  // The system's NTP state, asked every minute; the managers' screens are told when it changes (once the kiosk is open).
  const clockSync = watchClockSync({ changed: () => clockChanged() });
  let clockChanged = () => {};
  const kiosk = await openKiosk({
    dataDir,
    ...(values.demo ? { seed: seedDemo } : {}),
    terminalId: DEFAULT_TERMINAL,
    post: () => runningPost('hall', { hall: hallPost?.info ?? null }),
    newPinKey: values['new-pin-key'],
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
    token,
    port,
    ...(existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}),
    watch: watchKiosk(kiosk, journal.state, metrics),
    logError: (e) => log.error(errorFields(e), 'request failed'),
  });
  hallPost = await startHallPost({ kiosk, dataDir, terminalsPort, bind, log });
  const { terminals, info } = hallPost;
  console.log(`Servidor da sala: ecrãs em ${web.url}/#token=${token}`);
  // Every address: the counters reach it by this post's LAN addresses.
  const lan = bind === '0.0.0.0' ? info.addresses : [];
  console.log(`Terminais (HTTPS, TLS 1.3) em https://${bind}:${terminals.port}${lan.length ? ` (${lan.join(', ')})` : ''}`);
  console.log(`Impressão digital do servidor: ${info.fingerprint}`);
  console.log(`Dados em ${dataDir}`);
  // The screens' address without its token: the token is for the screens, never for a log.
  log.info({ web: web.url, terminals: terminals.port, bind, addresses: lan, fingerprint: info.fingerprint, dataDir, logFile: logs.file() }, 'hall server listening');
  const stop = (signal: string) => {
    log.info({ signal }, 'hall server stopping');
    void Promise.all([web.close(), terminals.close(), journal.stop(), copier.stop()]).then(() => {
      clockSync.stop();
      kiosk.close();
      log.info('hall server stopped');
      logs.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
