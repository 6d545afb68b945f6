/**
 * `backup:drill`: the restore drill (issue 40). The newest copy (of the
 * hall's second destination, else of its data folder's backups) restored
 * into a temporary folder with the restore's own checks (integrity, audit
 * chain, its manifest's head, signed checkpoints, balance, books document by
 * document), its checkpoints verified again on the restored file, a short
 * report, and the folder removed. Exit 0 when it holds, 1 naming what did not
 * (usage in main/cli.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { refusalText } from '../../core/errors.js';
import { hallDateTime } from '../../core/time.js';
import { listBackups, openForCheck, restoreBackup, sha256OfFile, type BackupManifest } from '../../db/backup.js';
import { copiesIn, namedCopyDir } from '../../db/backup-copy.js';
import { hallTimeZone } from '../../db/people.js';
import { BACKUPS_FOLDER } from '../../db/connection.js';
import { verifyCheckpoints } from '../../db/transparency.js';
import { DATABASE_FILE } from '../kiosk.js';

/** The copy to drill: a file given, the newest of a folder given, of the hall's destination, else of its own backups. */
function chooseCopy(values: { from?: string; 'copy-dir'?: string; 'data-dir'?: string }): { file: string; where: string } | { none: string } {
  if (values.from) {
    const from = resolve(values.from);
    if (existsSync(from) && statSync(from).isFile()) return { file: from, where: dirname(from) };
    const newest = copiesIn(from)[0];
    return newest ? { file: join(from, newest), where: from } : { none: from };
  }
  const dataDir = values['data-dir'] ?? process.env.KIOSK_DATA_DIR;
  const folders = [
    values['copy-dir'] ? resolve(values['copy-dir']) : null,
    dataDir && !values['copy-dir'] ? namedCopyDir(join(resolve(dataDir), DATABASE_FILE)) : null,
    dataDir && !values['copy-dir'] ? join(resolve(dataDir), BACKUPS_FOLDER) : null,
  ].filter((d): d is string => d !== null);
  for (const dir of folders) {
    const newest = dir.endsWith(BACKUPS_FOLDER) ? listBackups(dir)[0] : copiesIn(dir)[0];
    if (newest) return { file: join(dir, newest), where: dir };
  }
  return { none: folders.join(', ') || '—' };
}

function manifestOf(file: string): BackupManifest | null {
  try {
    return JSON.parse(readFileSync(`${file}.json`, 'utf8')) as BackupManifest;
  } catch {
    return null;
  }
}

/** The copy's time: its manifest's, else the one its name carries (`kiosk-2026-12-01T01-02-03-456Z.sqlite`). */
function copyTime(file: string): string | null {
  const m = manifestOf(file);
  if (m) return m.at;
  const n = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.sqlite$/.exec(basename(file));
  return n ? `${n[1]}T${n[2]}:${n[3]}:${n[4]}.${n[5]}Z` : null;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { from: { type: 'string' }, 'copy-dir': { type: 'string' }, 'data-dir': { type: 'string' }, key: { type: 'string' } },
    strict: true,
  });
  if (!values.from && !values['copy-dir'] && !values['data-dir'] && !process.env.KIOSK_DATA_DIR) {
    console.error('Indique onde estão as cópias: --data-dir DIR (a pasta que a sala indicou, senão as suas cópias), --copy-dir DIR ou --from FICHEIRO');
    process.exit(2);
  }
  const chosen = chooseCopy(values);
  if ('none' in chosen) {
    console.log(`Ensaio de reposição FALHOU: não há nenhuma cópia de segurança em ${chosen.none}.`);
    process.exitCode = 1;
    return;
  }
  const { file } = chosen;
  const bytes = statSync(file).size;
  const at = copyTime(file);
  const sha256 = sha256OfFile(file);
  console.log(`Ensaio de reposição: cópia ${basename(file)} de ${chosen.where} (${bytes} bytes, SHA-256 ${sha256.slice(0, 16)}…).`);
  // The bytes as they were made, first: a page no check reads (free, or of an index) may have rotted too.
  const made = manifestOf(file)?.sha256;
  if (made !== undefined && made !== sha256) {
    console.log(`Ensaio de reposição FALHOU: a cópia ${basename(file)} não é a que foi feita: o seu SHA-256 (${sha256.slice(0, 16)}…) não é o do seu manifesto (${made.slice(0, 16)}…).`);
    process.exitCode = 1;
    return;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'kiosk-drill-'));
  const target = join(scratch, 'hall');
  try {
    let check;
    try {
      check = restoreBackup(file, target, DATABASE_FILE, values.key === undefined ? {} : { key: values.key });
    } catch (e) {
      console.log(`Ensaio de reposição FALHOU: a cópia ${basename(file)} não se repõe.`);
      console.log(refusalText(e));
      process.exitCode = 1;
      return;
    }
    // The restored file read again as audit:verify reads a hall's: its signed checkpoints, by --key or its own keys.
    const db = openForCheck(join(target, DATABASE_FILE));
    let zone;
    let checkpoints;
    try {
      zone = hallTimeZone(db);
      checkpoints = verifyCheckpoints(db, values.key === undefined ? {} : { key: values.key });
    } finally {
      db.close();
    }
    console.log(`Feita em ${at ? hallDateTime(at, zone) : 'data desconhecida'}; reposta numa pasta temporária e verificada.`);
    console.log(`Vendas na cópia: ${check.rows.sales}.`);
    console.log(
      `Integridade ${check.integrity}; registo de auditoria íntegro (${check.audit.entries} entradas); contabilidade equilibrada (${check.ledger.transactions} transações); livros certos (${check.books.documents} documentos).`,
    );
    const ok = checkpoints.findings.length === 0;
    console.log(ok ? `Pontos de verificação assinados: ${checkpoints.checkpoints}, todos válidos.` : `Pontos de verificação: ${checkpoints.findings.length} NÃO conferem (o primeiro: n.º ${checkpoints.findings[0]!.checkpointId}, ${checkpoints.findings[0]!.problem}).`);
    console.log(ok ? 'Ensaio de reposição OK.' : 'Ensaio de reposição FALHOU.');
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
