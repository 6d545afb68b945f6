/**
 * Command line of the kiosk.
 *   tsx main/cli.ts web [--data-dir DIR] [--port N] [--demo] [--terminal ID]
 * Browser mode: prints one line with http://127.0.0.1:N/#token=... once ready.
 * The access token is KIOSK_TOKEN when set, else random for this start.
 * A development launcher (run with tsx): the Electron build does not include it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seedDemo } from '../tools/demo.js';
import { openKiosk } from './kiosk.js';
import { startWebServer } from './web/server.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function web(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      demo: { type: 'boolean', default: false },
      terminal: { type: 'string' },
    },
    strict: true,
  });
  const dataDir = resolve(values['data-dir'] ?? process.env.KIOSK_DATA_DIR ?? join(ROOT, '.kiosk-data'));
  const port = Number(values.port ?? process.env.KIOSK_PORT ?? 5174);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`porta inválida: ${values.port}`);
  const token = process.env.KIOSK_TOKEN || randomBytes(24).toString('base64url');
  const kiosk = await openKiosk({ dataDir, ...(values.demo ? { seed: seedDemo } : {}), terminalId: values.terminal ?? process.env.KIOSK_TERMINAL ?? 'T1' });
  const staticDir = join(ROOT, 'dist', 'renderer');
  const server = await startWebServer({ kiosk, token, port, ...(existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}) });
  console.log(`Quiosque em modo navegador: ${server.url}/#token=${token}`);
  console.log(`Dados em ${dataDir}`);
  const stop = () => {
    void server.close().then(() => {
      kiosk.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const [command = 'web', ...rest] = process.argv.slice(2);
const commands: Record<string, (argv: string[]) => Promise<void>> = { web };
const run = commands[command];
if (!run) {
  console.error(`Comando desconhecido: ${command}. Comandos: ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
run(rest).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
