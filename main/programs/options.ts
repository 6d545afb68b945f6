/** What the programs of the command line (main/cli.ts) read alike: the repository, a data folder, a port, the group's database, the print queue's retry delays. */
import { resolve } from 'node:path';
import { packageRoot } from '../version.js';

/** The package's folder (its dist/renderer beside): the checkout from the sources, the installed package once built (dist/main/programs). */
export const ROOT = packageRoot();

export function portOf(value: string | undefined, name: string): number {
  const port = Number(value);
  if (value === undefined || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Indique a porta: ${name} N (0 a 65535)`);
    process.exit(2);
  }
  return port;
}

/**
 * The print queue's retry delays from KIOSK_PRINT_RETRY_MS (milliseconds, comma-separated), for the end-to-end
 * tests, which would otherwise wait the real 1 s, 3 s and 10 s at every failed receipt; unset, the queue's own.
 */
export function printRetryDelaysFromEnv(): { printRetryDelaysMs?: number[] } {
  const given = process.env.KIOSK_PRINT_RETRY_MS;
  if (!given) return {};
  const delays = given.split(',').map(Number);
  if (delays.some((d) => !Number.isInteger(d) || d < 0)) throw new Error(`KIOSK_PRINT_RETRY_MS inválido: ${given} (milissegundos separados por vírgulas)`);
  return { printRetryDelaysMs: delays };
}

export function dataDirOf(values: { 'data-dir'?: string }): string {
  const dir = values['data-dir'] ?? process.env.KIOSK_DATA_DIR;
  if (!dir) {
    console.error('Indique a pasta de dados: --data-dir DIR');
    process.exit(2);
  }
  return resolve(dir);
}

export function databaseUrlOf(values: { 'database-url'?: string }): string {
  const url = values['database-url'] ?? process.env.KIOSK_JOURNAL_URL;
  if (!url) {
    console.error('Indique a base de dados do grupo: --database-url postgres://… (ou KIOSK_JOURNAL_URL).');
    process.exit(2);
  }
  return url;
}
