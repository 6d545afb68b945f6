/** `web`: browser mode, a standalone kiosk on 127.0.0.1 (usage in main/cli.ts). */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemo } from '../demo/seed.js';
import { ROOT } from './options.js';
import { BACKUP_COPY_OPTIONS } from './backup-copy-beside.js';
import { LOG_OPTIONS } from './logging.js';
import { startWatchedPost } from './watched-post.js';

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
  const port = Number(values.port ?? process.env.KIOSK_PORT ?? 5174);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`porta inválida: ${values.port}`);
  const token = process.env.KIOSK_TOKEN || randomBytes(24).toString('base64url');
  // A standalone kiosk is a hall too: watched, its journal shipped, its backups copied as the hall server's.
  const { web: server, logs, stopOnSignals } = await startWatchedPost({
    values,
    dataDir,
    program: 'web',
    post: 'standalone',
    port,
    token,
    kiosk: { terminalId: values.terminal ?? process.env.KIOSK_TERMINAL ?? 'T1', ...(values.demo ? { seed: seedDemo } : {}) },
  });
  console.log(`Quiosque em modo navegador: ${server.url}/#token=${token}`);
  console.log(`Dados em ${dataDir}`);
  logs.log.info({ web: server.url, dataDir, logFile: logs.file() }, 'kiosk listening');
  stopOnSignals({ what: 'kiosk' });
}
