/** `web`: browser mode, a standalone kiosk on 127.0.0.1 (usage in main/cli.ts). */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemo } from '../demo/seed.js';
import { openKiosk } from '../kiosk.js';
import { startWebServer } from '../web/server.js';
import { ROOT, printRetryDelaysFromEnv } from './options.js';
import { journalBeside } from './journal-beside.js';
import { BACKUP_COPY_OPTIONS, backupCopierBeside } from './backup-copy-beside.js';
import { watchClockSync } from '../hall/clock-sync.js';
import { LOG_OPTIONS, programLog } from './logging.js';
import { createMetrics } from '../watch/metrics.js';
import { logPrinters, watchKiosk } from '../watch/health.js';
import { errorFields } from '../watch/log.js';
import { logStorage } from '../watch/log-events.js';

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      demo: { type: 'boolean', default: false },
      'new-pin-key': { type: 'boolean', default: false },
      terminal: { type: 'string' },
      'journal-url': { type: 'string' },
      ...LOG_OPTIONS,
      ...BACKUP_COPY_OPTIONS,
    },
    strict: true,
  });
  const dataDir = resolve(values['data-dir'] ?? process.env.KIOSK_DATA_DIR ?? join(ROOT, '.kiosk-data'));
  const logs = await programLog(values, dataDir, 'web');
  const { log } = logs;
  const journal = journalBeside(values['journal-url'] ?? process.env.KIOSK_JOURNAL_URL, log);
  const metrics = createMetrics({ post: 'standalone' });
  const port = Number(values.port ?? process.env.KIOSK_PORT ?? 5174);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`porta inválida: ${values.port}`);
  const token = process.env.KIOSK_TOKEN || randomBytes(24).toString('base64url');
  // The system's NTP state, asked every minute; the managers' screens are told when it changes (once the kiosk is open).
  const clockSync = watchClockSync({ changed: () => clockChanged() });
  let clockChanged = () => {};
  const kiosk = await openKiosk({
    dataDir,
    ...(values.demo ? { seed: seedDemo } : {}),
    terminalId: values.terminal ?? process.env.KIOSK_TERMINAL ?? 'T1',
    newPinKey: values['new-pin-key'],
    journal: journal.state,
    clockSync: clockSync.state,
    ...printRetryDelaysFromEnv(),
    metrics,
    logError: (e, channel) => log.error({ channel, ...errorFields(e) }, 'call failed'),
  });
  journal.start(kiosk, dataDir);
  logPrinters(kiosk, log);
  logStorage(kiosk, log);
  // A standalone kiosk is a hall too: its backups copied to the folder it names (or --backup-copy-dir).
  const copier = backupCopierBeside(kiosk, values, { log: (line) => log.warn({ component: 'backup-copy' }, line) });
  clockChanged = () => kiosk.emit({ type: 'changed', channel: 'system.clock', topics: ['health'], at: new Date().toISOString() });
  const staticDir = join(ROOT, 'dist', 'renderer');
  const server = await startWebServer({
    kiosk,
    token,
    port,
    ...(existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}),
    watch: watchKiosk(kiosk, journal.state, metrics),
    logError: (e) => log.error(errorFields(e), 'request failed'),
  });
  console.log(`Quiosque em modo navegador: ${server.url}/#token=${token}`);
  console.log(`Dados em ${dataDir}`);
  log.info({ web: server.url, dataDir, logFile: logs.file() }, 'kiosk listening');
  const stop = (signal: string) => {
    log.info({ signal }, 'kiosk stopping');
    void Promise.all([server.close(), journal.stop(), copier.stop()]).then(() => {
      clockSync.stop();
      kiosk.close();
      logs.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
