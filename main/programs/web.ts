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
import { watchClockSync } from '../hall/clock-sync.js';

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
    },
    strict: true,
  });
  const journal = journalBeside(values['journal-url'] ?? process.env.KIOSK_JOURNAL_URL);
  const dataDir = resolve(values['data-dir'] ?? process.env.KIOSK_DATA_DIR ?? join(ROOT, '.kiosk-data'));
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
  });
  journal.start(kiosk, dataDir);
  clockChanged = () => kiosk.emit({ type: 'changed', channel: 'system.clock', topics: ['health'], at: new Date().toISOString() });
  const staticDir = join(ROOT, 'dist', 'renderer');
  const server = await startWebServer({ kiosk, token, port, ...(existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}) });
  console.log(`Quiosque em modo navegador: ${server.url}/#token=${token}`);
  console.log(`Dados em ${dataDir}`);
  const stop = () => {
    void Promise.all([server.close(), journal.stop()]).then(() => {
      clockSync.stop();
      kiosk.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
