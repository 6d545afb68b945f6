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
import { watchClockSync } from '../hall/clock-sync.js';

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
    },
    strict: true,
  });
  const journal = journalBeside(values['journal-url'] ?? process.env.KIOSK_JOURNAL_URL);
  const dataDir = dataDirOf(values);
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
  });
  journal.start(kiosk, dataDir);
  clockChanged = () => kiosk.emit({ type: 'changed', channel: 'system.clock', topics: ['health'], at: new Date().toISOString() });
  const staticDir = join(ROOT, 'dist', 'renderer');
  const web = await startWebServer({ kiosk, token, port, ...(existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}) });
  hallPost = await startHallPost({ kiosk, dataDir, terminalsPort, bind });
  const { terminals, info } = hallPost;
  console.log(`Servidor da sala: ecrãs em ${web.url}/#token=${token}`);
  // Every address: the counters reach it by this post's LAN addresses.
  const lan = bind === '0.0.0.0' ? info.addresses : [];
  console.log(`Terminais (HTTPS, TLS 1.3) em https://${bind}:${terminals.port}${lan.length ? ` (${lan.join(', ')})` : ''}`);
  console.log(`Impressão digital do servidor: ${info.fingerprint}`);
  console.log(`Dados em ${dataDir}`);
  const stop = () => {
    void Promise.all([web.close(), terminals.close(), journal.stop()]).then(() => {
      clockSync.stop();
      kiosk.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
