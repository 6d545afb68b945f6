/** `export`: a closed session's books for the inspector (usage in main/cli.ts). */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { KioskError } from '../../core/refusal.js';
import { actaPdfHere, buildSessionExport } from '../inspector/export.js';
import { openForCheck } from '../../db/backup.js';
import { DATABASE_FILE } from '../kiosk.js';
import { dataDirOf } from './options.js';

/** `npm run export -- --data-dir D --session N --out FILE`: a closed session's books for the inspector, read from the hall's file. */
export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' }, session: { type: 'string' }, out: { type: 'string' } }, strict: true });
  const sessionId = Number(values.session);
  if (!Number.isSafeInteger(sessionId) || sessionId < 1 || !values.out) {
    console.error('--session N (o n.º de uma sessão encerrada) e --out FICHEIRO.zip são precisos.');
    process.exit(2);
  }
  const file = join(dataDirOf(values), DATABASE_FILE);
  if (!existsSync(file)) {
    console.error(`Não há base de dados em ${file}.`);
    process.exit(2);
  }
  const db = openForCheck(file);
  try {
    const r = await buildSessionExport(db, sessionId, {
      pdf: actaPdfHere(new Date()),
      progress: (done, total) => process.stderr.write(`\r${done} de ${total} entradas provadas`),
      now: new Date(),
    });
    process.stderr.write('\n');
    writeFileSync(values.out, r.zip);
    console.log(JSON.stringify({ file: values.out, entries: r.entries, bytes: r.zip.length }));
  } catch (e) {
    if (e instanceof KioskError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  } finally {
    db.close();
  }
}
