/** `audit:verify`: a hall's file checked with no kiosk running (usage in main/cli.ts). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { anchorState, verifyAudit } from '../../db/audit.js';
import { latestBackupManifest, openForCheck } from '../../db/backup.js';
import { checkBooks } from '../../db/books.js';
import { checkpointById, verifyCheckpoints, VerifierKeyError } from '../../db/transparency.js';
import { hallRow } from '../../db/people.js';
import { checkpointLines } from './checkpoint-words.js';
import { verifyLedger } from '../../db/ledger.js';
import { DATABASE_FILE } from '../kiosk.js';
import { DEFAULT_HALL_TIME_ZONE } from '../../core/time.js';
import { dataDirOf } from './options.js';

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' }, anchor: { type: 'string' }, key: { type: 'string' }, witness: { type: 'string' } }, strict: true });
  // A head printed on a Z report or the acta: `--anchor 1234:3f2a…` (the entry's number and its 64-hex hash).
  const anchorMatch = values.anchor === undefined ? null : /^(\d+):([0-9a-f]{64})$/.exec(values.anchor);
  if (values.anchor !== undefined && !anchorMatch) {
    console.error('--anchor N:HASH (o n.º da entrada e o seu hash de 64 algarismos hexadecimais, como impressos no relatório Z).');
    process.exit(2);
  }
  const anchor = anchorMatch ? { seq: Number(anchorMatch[1]), hash: anchorMatch[2]! } : undefined;
  const dataDir = dataDirOf(values);
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    console.error(`Não há base de dados em ${file}.`);
    process.exit(2);
  }
  const db = openForCheck(file);
  try {
    const audit = verifyAudit(db, anchor);
    const ledger = verifyLedger(db);
    console.log(
      audit.brokenAt !== null
        ? `Registo de auditoria: QUEBRADO na entrada n.º ${audit.brokenAt} (de ${audit.entries} lidas).`
        : audit.anchor === 'truncated'
          ? `Registo de auditoria: CORTADO: a entrada n.º ${anchor!.seq} impressa já não existe (${audit.entries} entradas).`
          : audit.anchor === 'rewritten'
            ? `Registo de auditoria: REESCRITO: a entrada n.º ${anchor!.seq} já não tem o hash impresso.`
            : `Registo de auditoria: íntegro (${audit.entries} entradas${audit.head ? `, última n.º ${audit.head.seq}: ${audit.head.hash}` : ''}).`,
    );
    console.log(
      ledger.balanced
        ? `Contabilidade: equilibrada (${ledger.transactions} transações).`
        : `Contabilidade: DESEQUILIBRADA nas transações n.º ${ledger.unbalanced.join(', ')}.`,
    );
    // The newest backup's head, kept beside the copy: the file must still hold that row with that hash.
    const latest = latestBackupManifest(dataDir);
    const backupHead = latest?.auditHead ?? null;
    const sinceBackup = backupHead ? anchorState(db, backupHead) : null;
    if (latest && backupHead) {
      console.log(
        sinceBackup === 'ok'
          ? `Última cópia (${latest.file}): a entrada n.º ${backupHead.seq} está intacta.`
          : sinceBackup === 'truncated'
            ? `Última cópia (${latest.file}): CORTADO: a entrada n.º ${backupHead.seq} da cópia já não existe.`
            : `Última cópia (${latest.file}): REESCRITO: a entrada n.º ${backupHead.seq} já não tem o hash da cópia.`,
      );
    }
    // Every signed checkpoint against the file's entries, by the key printed on the Z or the acta (--key), else the file's own.
    let checkpoints;
    try {
      checkpoints = verifyCheckpoints(db, { ...(values.key === undefined ? {} : { key: values.key }), ...(values.witness === undefined ? {} : { witness: values.witness }) });
    } catch (e) {
      if (!(e instanceof VerifierKeyError)) throw e;
      console.error(
        e.message === values.witness
          ? '--witness: não é uma chave de testemunha (nome+identificador+base64, como o grupo a publica).'
          : '--key: não é uma chave pública de verificação (nome+identificador+base64, como impressa no Z e na acta).',
      );
      process.exit(2);
    }
    for (const line of checkpointLines(checkpoints, hallRow(db)?.timeZone ?? DEFAULT_HALL_TIME_ZONE)) console.log(line);
    // A witness given: a file with checkpoints none of which it cosigned is not the history the group saw.
    const witnessHeld = checkpoints.witnessed === null || checkpoints.checkpoints === 0 || checkpoints.witnessed.checkpointIds.length > 0;
    // The newest backup's manifest names the newest checkpoint it held: the file must still hold it, as it was signed.
    const heldByBackup = latestBackupManifest(dataDir)?.checkpoint ?? null;
    const stillHeld = heldByBackup ? checkpointById(db, heldByBackup.id)?.note === heldByBackup.note : true;
    if (heldByBackup && !stillHeld) console.log(`Última cópia: EM FALTA: o ponto de verificação n.º ${heldByBackup.id} que a cópia tinha já não está no ficheiro tal como foi assinado.`);
    const books = checkBooks(db, 5);
    console.log(
      books.findingsTotal === 0
        ? `Livros, documento a documento: certos (${books.documents} documentos, ${books.transactions} transações, ${books.operators} operadores).`
        : `Livros, documento a documento: ${books.findingsTotal} DIFERENÇAS; as primeiras: ${books.findings
            .map(
              (f) =>
                `${f.problem}${f.document ? ` ${f.document.type} n.º ${f.document.id}` : ''}${f.transactionId !== null ? ` (transação n.º ${f.transactionId})` : ''}${f.problem === 'operator_unrecorded' && f.kind ? ` (${f.kind === 'credential' ? 'não é o que o registo de auditoria abona' : f.kind === 'pin_unsealed' ? 'PIN sem a chave da sala' : f.kind})` : ''}`,
            )
            .join('; ')}.`,
    );
    process.exitCode = audit.valid && ledger.balanced && (sinceBackup === null || sinceBackup === 'ok') && books.findingsTotal === 0 && checkpoints.findings.length === 0 && stillHeld && witnessHeld ? 0 : 1;
  } finally {
    db.close();
  }
}
