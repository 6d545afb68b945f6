/** `hall`: the hall server, its own screens and the terminals port for the counters (usage in main/cli.ts). */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEFAULT_TERMINAL } from '../../core/terminal.js';
import { seedDemo } from '../demo/seed.js';
import { startHallPost, type HallPost } from '../hall/hall-post.js';
import { runningPost } from '../../core/terminals/post.js';
import { dataDirOf, portOf } from './options.js';
import { BACKUP_COPY_OPTIONS } from './backup-copy-beside.js';
import { LOG_OPTIONS } from './logging.js';
import { startWatchedPost } from './watched-post.js';

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
  const port = portOf(values.port ?? process.env.KIOSK_PORT, '--port');
  const terminalsPort = portOf(values['terminals-port'], '--terminals-port');
  const bind = values.bind;
  const token = process.env.KIOSK_TOKEN || randomBytes(24).toString('base64url');
  let hallPost: HallPost | null = null;
  const { kiosk, web, logs, stopOnSignals } = await startWatchedPost({
    values,
    dataDir,
    program: 'hall',
    post: 'hall',
    port,
    token,
    kiosk: { terminalId: DEFAULT_TERMINAL, post: () => runningPost('hall', { hall: hallPost?.info ?? null }), ...(values.demo ? { seed: seedDemo } : {}) },
  });
  const { log } = logs;
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
  stopOnSignals({ what: 'hall server', first: () => terminals.close() });
}
