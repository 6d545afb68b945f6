/**
 * Command line of the kiosk (run with tsx; the Electron build does not include it).
 *   tsx main/cli.ts web [--data-dir DIR] [--port N] [--demo] [--terminal ID] [--journal-url URL]
 *     Browser mode: prints one line with http://127.0.0.1:N/#token=... once ready.
 *     The access token is KIOSK_TOKEN when set, else random for this start.
 *   tsx main/cli.ts hall --data-dir DIR --port U --terminals-port P [--bind ADDR] [--demo] [--journal-url URL]
 *     (web and hall: with a group database, URL or KIOSK_JOURNAL_URL, the journal is shipped there
 *     continuously by a worker thread, its state on system.health)
 *     The hall server: its own screens and browser mode's API on 127.0.0.1:U
 *     (as `web`, the KIOSK_TOKEN rule included), and the contract over HTTPS
 *     (mutual TLS 1.3) to enrolled counters on ADDR:P (default 0.0.0.0).
 *     Prints both addresses and the server certificate's fingerprint.
 *   (web and hall: a missing or swapped pin.key stops the start; --new-pin-key, only when this
 *     hall's key is lost for good, starts with a new one: the admin's recovery code gets back in)
 *   tsx main/cli.ts counter --data-dir DIR --port M [--hall https://HOST:P --fingerprint sha256:… --enroll CODE]
 *     A counter: enrols once (with the hall's address, its fingerprint and the
 *     one-time code), then serves the screens and browser mode's API on
 *     127.0.0.1:M, every call carried to the hall server over mutual TLS.
 *   tsx main/cli.ts audit:verify --data-dir DIR [--anchor N:HASH] [--key VERIFIER_KEY]
 *     Checks the audit log's hash chain (against --anchor N:HASH and the
 *     newest backup's head too), every signed checkpoint the file keeps
 *     (its signature by --key, the key printed on the Z and the acta, and the
 *     keys it rotated into; without it, the file's own, and it says so; its
 *     root recomputed from the entries; each cosignature), the ledger's
 *     balance and the books document by document; exit 0 when all hold, 1
 *     naming what does not.
 *   tsx main/cli.ts journal:ship --data-dir DIR --database-url URL [--follow]
 *     Ships the hall's journal (its audit log) to the group's PostgreSQL
 *     (URL, or KIOSK_JOURNAL_URL): what is new, exactly once. Without
 *     --follow it exits 0 once caught up, printing {"shipped": N, "head": SEQ};
 *     with it, it goes on as the hall writes. Exit 1 on a diverged hall.
 *   tsx main/cli.ts group:verify --database-url URL
 *     Recomputes every hall's journal in the group's database; exit 0, or 1
 *     naming the hall and the seq of the first break.
 *   tsx main/cli.ts group:report --database-url URL [--from YYYY-MM-DD] [--to YYYY-MM-DD] --format json|csv|html [--out FILE]
 *     The group's report from its database alone: one row per hall and bingo
 *     session (sales, prizes, stamp duty, refunds, guias, Z closes), the
 *     machines' return; on stdout (or FILE). Exit 2 on a bad argument.
 *   tsx main/cli.ts backup:restore --from FILE --data-dir DIR [--key VERIFIER_KEY] [--replace [--before-checkpoint]]
 *     Restores a backup into an empty data folder, once its copy there passed
 *     the checks: the kiosk's own file, integrity, audit chain, its head the
 *     one its manifest names, its signed checkpoints (by --key, else its
 *     own), balance, and the books document by document; exit 1 naming what
 *     did not. --replace: over the hall's current database (kiosk stopped),
 *     kept beside, renamed; the copy must hold every checkpoint that database
 *     signed, and one older than the newest is refused unless
 *     --before-checkpoint says so on purpose. The PIN
 *     key comes with it: --pin-key FILE, or the pin.key of the data folder
 *     the backup lies in.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seedDemo } from './demo/seed.js';
import { anchorState, verifyAudit } from '../db/audit.js';
import { refusalText } from '../core/errors.js';
import { KioskError } from '../core/refusal.js';
import { actaPdfHere, buildSessionExport } from './inspector/export.js';
import { checkReport } from './inspector/check.js';
import { witnessGroup, witnessKeyFrom } from './journal/witness.js';
import { isKeyName } from '../core/transparency/checkpoint.js';
import { verifyExportFile } from './inspector/verify.js';
import { latestBackupManifest, openForCheck, restoreBackup } from '../db/backup.js';
import { checkBooks } from '../db/books.js';
import { checkpointById, verifyCheckpoints, VerifierKeyError } from '../db/transparency.js';
import { hallRow } from '../db/people.js';
import { checkpointLines } from './inspector/checkpoint-words.js';
import { verifyLedger } from '../db/ledger.js';
import { DEFAULT_TERMINAL } from '../core/terminal.js';
import { startHallPost, type HallPost } from './hall/hall-post.js';
import { runningPost } from '../core/terminals/post.js';
import { enrolledPost, enrollAtHall, hallAgent, loadTerminalIdentity } from './counter/enrol-client.js';
import { startCounter } from './counter/index.js';
import { OUTCOMES_FILE } from './counter/outcomes.js';
import { DATABASE_FILE, openKiosk, PIN_KEY_FILE, type Kiosk } from './kiosk.js';
import { startWebServer } from './web/server.js';
import { openGroup, verifyGroup } from './journal/index.js';
import { readGroupReport, reportText } from './journal/report.js';
import { reportFormat, reportPeriod } from '../core/group-report.js';
import { DEFAULT_HALL_TIME_ZONE, hallDay } from '../core/time.js';
import { cosignatureKeeper, shipOnce, startShipper, type Shipper } from './journal/shipper.js';
import { journalStateText } from '../core/audit/journal-state.js';
import { hallIdentity } from '../db/journal.js';
import { openReader } from '../db/connection.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function web(argv: string[]): Promise<void> {
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
  const kiosk = await openKiosk({
    dataDir,
    ...(values.demo ? { seed: seedDemo } : {}),
    terminalId: values.terminal ?? process.env.KIOSK_TERMINAL ?? 'T1',
    newPinKey: values['new-pin-key'],
    journal: journal.state,
    ...printRetryDelaysFromEnv(),
  });
  journal.start(kiosk, dataDir);
  const staticDir = join(ROOT, 'dist', 'renderer');
  const server = await startWebServer({ kiosk, token, port, ...(existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}) });
  console.log(`Quiosque em modo navegador: ${server.url}/#token=${token}`);
  console.log(`Dados em ${dataDir}`);
  const stop = () => {
    void Promise.all([server.close(), journal.stop()]).then(() => {
      kiosk.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * The group journal's shipper beside this kiosk, when a group database is given (--journal-url, or
 * KIOSK_JOURNAL_URL): started once the kiosk is open, its state on system.health; every screen is told when
 * it changes kind (out of reach, diverged, caught up) and, while shipping, at most every 2 s.
 */
function journalBeside(url: string | undefined) {
  let shipper: Shipper | null = null;
  return {
    state: () => shipper?.state() ?? null,
    start(kiosk: Kiosk, dataDir: string) {
      if (!url) return;
      let told = { kind: '', at: 0 };
      let trailing: NodeJS.Timeout | null = null;
      const tell = () => {
        trailing = null;
        told = { kind: shipper?.state().state ?? '', at: Date.now() };
        kiosk.emit({ type: 'changed', channel: 'system.health', topics: ['health'], at: new Date().toISOString() });
      };
      shipper = startShipper({
        file: join(dataDir, DATABASE_FILE),
        url,
        onState: (s) => {
          if (s.state !== told.kind) {
            if (s.state === 'unreachable') console.error(refusalText(new KioskError('JOURNAL_DATABASE_UNREACHABLE', { cause: s.cause ?? '' })));
            if (s.state === 'diverged') console.error(refusalText(new KioskError('JOURNAL_DIVERGED', { seq: s.divergedSeq ?? 0 })));
            if (trailing) clearTimeout(trailing);
            tell();
          } else if (!trailing) {
            // The same kind with another backlog: told at most every 2 s, the last change included.
            trailing = setTimeout(tell, Math.max(0, 2000 - (Date.now() - told.at)));
            trailing.unref();
          }
        },
        onFailed: (message) => console.error(`[journal] o envio ao grupo parou: ${message}`),
        // The group's cosignatures of the hall's checkpoints: kept for the inspector's exports.
        onCosignatures: (rows) => void kiosk.keepCosignatures(rows),
      });
      console.log(`Diário do grupo: enviado para ${redactUrl(url)}`);
    },
    stop: () => shipper?.stop() ?? Promise.resolve(),
  };
}

/** A database URL as printed: without its password. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

function portOf(value: string | undefined, name: string): number {
  const port = Number(value);
  if (value === undefined || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Indique a porta: ${name} N (0 a 65535)`);
    process.exit(2);
  }
  return port;
}

/**
 * The hall server. Its own screens are the terminal DEFAULT_TERMINAL (T1):
 * a standalone kiosk that becomes the hall server keeps its drawer, its
 * printers and its history under the same terminal, and no counter can be
 * enrolled under that name (TERMINAL_IS_HALL).
 */
async function hall(argv: string[]): Promise<void> {
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
  const kiosk = await openKiosk({
    dataDir,
    ...(values.demo ? { seed: seedDemo } : {}),
    terminalId: DEFAULT_TERMINAL,
    post: () => runningPost('hall', { hall: hallPost?.info ?? null }),
    newPinKey: values['new-pin-key'],
    journal: journal.state,
    ...printRetryDelaysFromEnv(),
  });
  journal.start(kiosk, dataDir);
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
      kiosk.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * The print queue's retry delays from KIOSK_PRINT_RETRY_MS (milliseconds, comma-separated), for the end-to-end
 * tests, which would otherwise wait the real 1 s, 3 s and 10 s at every failed receipt; unset, the queue's own.
 */
function printRetryDelaysFromEnv(): { printRetryDelaysMs?: number[] } {
  const given = process.env.KIOSK_PRINT_RETRY_MS;
  if (!given) return {};
  const delays = given.split(',').map(Number);
  if (delays.some((d) => !Number.isInteger(d) || d < 0)) throw new Error(`KIOSK_PRINT_RETRY_MS inválido: ${given} (milissegundos separados por vírgulas)`);
  return { printRetryDelaysMs: delays };
}

async function counter(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      hall: { type: 'string' },
      fingerprint: { type: 'string' },
      enroll: { type: 'string' },
    },
    strict: true,
  });
  const dataDir = dataDirOf(values);
  const port = portOf(values.port ?? process.env.KIOSK_PORT, '--port');
  if (values.enroll !== undefined) {
    if (!values.hall || !values.fingerprint) {
      console.error('Para inscrever este posto: --hall https://ENDEREÇO:PORTA --fingerprint sha256:… --enroll CÓDIGO (como no ecrã Terminais do servidor da sala).');
      process.exit(2);
    }
    // The fingerprint is checked right after the handshake, before the code is sent (enrollAtHall).
    const enrolled = await enrollAtHall({ hallUrl: values.hall, fingerprint: values.fingerprint, code: values.enroll, dataDir });
    console.log(`Inscrito como terminal ${enrolled.terminalId}. Código de confirmação: ${enrolled.confirmation} (o mesmo no ecrã Terminais do servidor da sala).`);
  }
  const identity = loadTerminalIdentity(dataDir);
  if (!identity) {
    console.error(`Este posto não está inscrito (${dataDir}): inscreva-o com --hall, --fingerprint e --enroll, como no ecrã Terminais do servidor da sala.`);
    process.exit(2);
  }
  const token = process.env.KIOSK_TOKEN || randomBytes(24).toString('base64url');
  const staticDir = join(ROOT, 'dist', 'renderer');
  const post = enrolledPost(identity);
  const server = await startCounter({
    post,
    hallUrl: identity.hallUrl,
    agent: hallAgent(identity),
    token,
    port,
    terminalId: identity.terminalId,
    // The commands whose answer was lost are remembered across a restart, and asked of the hall once it is back.
    outcomesFile: join(dataDir, OUTCOMES_FILE),
    // The receipts printer beside the cashier is this post's: it prints this terminal's jobs itself.
    printing: {},
    ...(existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}),
  });
  console.log(`Balcão ${identity.terminalId} em modo navegador: ${server.url}/#token=${token}`);
  console.log(`Servidor da sala: ${identity.hallUrl} (${identity.serverFingerprint}); código de confirmação ${post.confirmation}`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function dataDirOf(values: { 'data-dir'?: string }): string {
  const dir = values['data-dir'] ?? process.env.KIOSK_DATA_DIR;
  if (!dir) {
    console.error('Indique a pasta de dados: --data-dir DIR');
    process.exit(2);
  }
  return resolve(dir);
}

async function auditVerify(argv: string[]): Promise<void> {
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

async function backupRestore(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      'pin-key': { type: 'string' },
      key: { type: 'string' },
      replace: { type: 'boolean', default: false },
      'before-checkpoint': { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.from) {
    console.error('Indique a cópia a repor: --from FICHEIRO');
    process.exit(2);
  }
  const from = resolve(values.from);
  const dataDir = dataDirOf(values);
  // The PINs are sealed under the hall's pin.key, never in a backup: given, or the one of the data folder the backup lies in (<data>/backups/).
  const keyInTarget = existsSync(join(dataDir, PIN_KEY_FILE));
  const keyFrom = values['pin-key'] ? resolve(values['pin-key']) : join(dirname(from), '..', PIN_KEY_FILE);
  if (values['pin-key'] && !existsSync(keyFrom)) {
    console.error(`Chave dos PIN não encontrada: ${keyFrom}`);
    process.exit(2);
  }
  // A refusal (the copy's books differ, another program's file, ...) reaches run()'s catch: its words, no stack.
  const check = restoreBackup(from, dataDir, DATABASE_FILE, {
    keep: [PIN_KEY_FILE],
    ...(values.key === undefined ? {} : { key: values.key }),
    replace: values.replace,
    beforeCheckpoint: values['before-checkpoint'],
  });
  if (check.replaced) console.log(`A base de dados que lá estava foi guardada à parte em ${check.replaced}.`);
  if (check.beforeCheckpoint) {
    console.log(`ATENÇÃO: reposta uma cópia anterior ao ponto de verificação n.º ${check.beforeCheckpoint.id} que a sala assinou (${check.beforeCheckpoint.size} entradas): o que foi registado depois não está nela.`);
  }
  console.log(
    `Reposto em ${join(dataDir, DATABASE_FILE)}: ${check.rows.sales} vendas, ${check.rows.audit_log} entradas de auditoria, integridade ${check.integrity}, livros certos (${check.books.documents} documentos, ${check.books.transactions} transações).`,
  );
  if (keyInTarget) console.log(`Chave dos PIN: a que já estava em ${dataDir}.`);
  else if (existsSync(keyFrom)) {
    copyFileSync(keyFrom, join(dataDir, PIN_KEY_FILE));
    chmodSync(join(dataDir, PIN_KEY_FILE), 0o600);
    console.log(`Chave dos PIN copiada de ${keyFrom}.`);
  } else {
    console.log(
      `Sem a chave dos PIN (${PIN_KEY_FILE}) desta sala, nenhum PIN poderá ser verificado: ponha-a em ${dataDir} (sem ela o quiosque não arranca), ou, perdida de vez, arranque com --new-pin-key, entre com o código de recuperação do administrador e dê um PIN novo a cada operador.`,
    );
  }
}

function databaseUrlOf(values: { 'database-url'?: string }): string {
  const url = values['database-url'] ?? process.env.KIOSK_JOURNAL_URL;
  if (!url) {
    console.error('Indique a base de dados do grupo: --database-url postgres://… (ou KIOSK_JOURNAL_URL).');
    process.exit(2);
  }
  return url;
}

async function journalShip(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, follow: { type: 'boolean', default: false }, batch: { type: 'string' } },
    strict: true,
  });
  const dataDir = dataDirOf(values);
  const url = databaseUrlOf(values);
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (batch !== undefined && !(Number.isInteger(batch) && batch >= 1 && batch <= 10_000)) {
    console.error('--batch N: de 1 a 10000 entradas por transação.');
    process.exit(2);
  }
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    console.error(`Não há base de dados em ${file}.`);
    process.exit(2);
  }
  // The kiosk's own shipper (main/journal/shipper.ts), once or following: entries, then checkpoints, then the
  // group's cosignatures, kept in the hall's file.
  if (!values.follow) {
    console.log(JSON.stringify(await shipOnce({ file, url, batch })));
    return;
  }
  const reader = openReader(file);
  const zone = hallIdentity(reader).timeZone;
  reader.close();
  const keeper = cosignatureKeeper(file);
  let told = '';
  const shipper = startShipper({
    file,
    url,
    batch,
    onState: (s) => {
      // Each change of kind said once (and the backlog while it is out of reach), on the hall's clock.
      const text = journalStateText(s, zone);
      const kind = s.state === 'unreachable' ? text : s.state;
      if (kind === told) return;
      told = kind;
      (s.state === 'unreachable' || s.state === 'diverged' ? console.error : console.log)(text);
    },
    onCosignatures: (rows) => {
      const kept = keeper.keep(rows, new Date());
      if (kept > 0) console.log(`${kept} cossinaturas do grupo guardadas.`);
    },
    onFailed: (message) => {
      console.error(`O envio ao grupo parou: ${message}`);
      process.exitCode = 1;
      stop();
    },
  });
  // The worker does not hold the process (beside a kiosk, its server does): this does, until stopped.
  const alive = setInterval(() => undefined, 60_000);
  let stopping = false;
  function stop() {
    if (stopping) return;
    stopping = true;
    void shipper.stop().then(() => {
      keeper.close();
      clearInterval(alive);
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
}

const BREAK_WORDS = {
  payload: 'conteúdo alterado (não dá o hash guardado)',
  hash: 'hash substituído (o conteúdo dá o hash que a cadeia guarda, não o guardado)',
  documents: 'documentos alterados',
  facts: 'factos publicados que não são os do contrato do grupo nem os que os documentos dão',
  hall_schema: 'enviada de um esquema da base de dados da sala que este programa do grupo não lê',
  missing: 'entrada em falta',
  duplicate: 'entrada em duplicado',
  link: 'cadeia quebrada',
  head: 'cabeça diferente da registada',
  extra: 'entrada a mais depois da cabeça registada',
} as const;

async function groupVerify(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { 'database-url': { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
  const group = await openGroup(databaseUrlOf(values));
  try {
    const check = await verifyGroup(group.pool);
    if (values.json) console.log(JSON.stringify(check));
    else {
      for (const h of check.halls) {
        console.log(
          h.firstBreak
            ? `${h.name} (${h.hallId}): QUEBRADO na entrada n.º ${h.firstBreak.seq}: ${BREAK_WORDS[h.firstBreak.reason]} (${h.firstBreak.reason})${h.firstBreak.words ? `: ${h.firstBreak.words}` : ''}.`
            : h.divergedSeq !== null
              ? `${h.name} (${h.hallId}): DIVERGENTE a partir da entrada n.º ${h.divergedSeq}: a sala enviou outra história; nada foi substituído.`
              : `${h.name} (${h.hallId}): íntegro (${h.entries} entradas, última n.º ${h.headSeq}).`,
        );
      }
      if (check.halls.length === 0) console.log('O grupo ainda não tem salas.');
    }
    process.exitCode = check.valid ? 0 : 1;
  } finally {
    await group.close();
  }
}

/**
 * `npm run group:witness -- --database-url URL --key-file FILE [--name NAME] [--json]`: the group as a witness
 * (issue 26). Each hall's checkpoints not yet looked at are checked against the journal the group holds and
 * cosigned, or refused with why; the witness's verifier key is printed for the inspectors.
 */
async function groupWitness(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { 'database-url': { type: 'string' }, 'key-file': { type: 'string' }, name: { type: 'string', default: 'grupo-testemunha' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values['key-file'] || !isKeyName(values.name)) {
    console.error('Uso: group:witness --database-url URL --key-file FICHEIRO [--name NOME sem espaços nem +] [--json]');
    process.exit(2);
  }
  const key = witnessKeyFrom(values['key-file'], values.name);
  const group = await openGroup(databaseUrlOf(values));
  try {
    const halls = await witnessGroup(group.pool, key);
    if (values.json) console.log(JSON.stringify({ witnessKey: key.verifierKey, halls }));
    else {
      console.log(`Testemunha do grupo: ${key.verifierKey}`);
      for (const h of halls) {
        console.log(`${h.name} (${h.hallId}): ${h.cosigned.length} pontos de verificação cossinados${h.refused.length > 0 ? `, ${h.refused.length} RECUSADOS` : ''}.`);
        for (const r of h.refused) console.log(`  ponto de verificação n.º ${r.checkpointId} recusado: ${r.reason}.`);
        if (h.altered)
          console.log(
            `  ponto de verificação n.º ${h.altered.checkpointId} NÃO COSSINADO (cópia do grupo alterada): ${h.altered.reason}. A falta é da base de dados do grupo, não da sala: reponha a cópia do grupo (a sala guarda o original) e volte a testemunhar.`,
          );
      }
      if (halls.length === 0) console.log('Nenhum ponto de verificação novo a testemunhar.');
    }
    process.exitCode = halls.some((h) => h.refused.length > 0 || h.altered) ? 1 : 0;
  } finally {
    await group.close();
  }
}

async function groupReport(argv: string[]): Promise<void> {
  let values: { 'database-url'?: string; from?: string; to?: string; format?: string; out?: string };
  try {
    values = parseArgs({
      args: argv,
      options: { 'database-url': { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } },
      strict: true,
    }).values;
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\nUso: group:report --database-url URL [--from AAAA-MM-DD] [--to AAAA-MM-DD] --format json|csv|html [--out FICHEIRO]`);
    process.exit(2);
  }
  const url = databaseUrlOf(values);
  let period;
  let format;
  try {
    format = reportFormat(values.format);
    // Today as Lisbon counts it: each hall's days are then counted on its own clock.
    period = reportPeriod({ from: values.from, to: values.to }, hallDay(new Date(), DEFAULT_HALL_TIME_ZONE));
  } catch (e) {
    console.error(refusalText(e));
    process.exit(2);
  }
  const group = await openGroup(url);
  try {
    const text = reportText(await readGroupReport(group.pool, period), format);
    if (values.out) writeFileSync(values.out, text);
    else process.stdout.write(text);
  } finally {
    await group.close();
  }
}

const [command = 'web', ...rest] = process.argv.slice(2);
/** `npm run export -- --data-dir D --session N --out FILE`: a closed session's books for the inspector, read from the hall's file. */
async function inspectorExport(argv: string[]): Promise<void> {
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

/** `npm run export:verify -- FILE [--key VERIFIER_KEY] [--witness WITNESS_KEY]`: no database, no kiosk; exit 0, or 1 naming the first thing that fails. */
async function inspectorVerify(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { key: { type: 'string' }, witness: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch {
    // Node's own words are English: the inspector reads how to call it instead.
    console.error('Uso: npm run export:verify -- FICHEIRO.zip [--key CHAVE_DA_SALA] [--witness CHAVE_DA_TESTEMUNHA]');
    process.exit(2);
  }
  const { values, positionals } = parsed;
  const path = positionals[0];
  if (!path || !existsSync(path)) {
    console.error('Indique o ficheiro da exportação (.zip).');
    process.exit(2);
  }
  const r = verifyExportFile(path, { ...(values.key ? { key: values.key } : {}), ...(values.witness ? { witness: values.witness } : {}) });
  if (r.ok) {
    console.log(checkReport(r).join('\n'));
  } else {
    console.log(`FALHA em ${r.failure.file}${r.failure.line !== undefined ? `, linha ${r.failure.line}` : ''}: ${r.failure.what}.`);
    process.exitCode = 1;
  }
}

const commands: Record<string, (argv: string[]) => Promise<void>> = { web, hall, counter, 'audit:verify': auditVerify, export: inspectorExport, 'export:verify': inspectorVerify,
  'backup:restore': backupRestore,
  'journal:ship': journalShip,
  'group:verify': groupVerify,
  'group:report': groupReport,
  'group:witness': groupWitness,
};
const run = commands[command];
if (!run) {
  console.error(`Comando desconhecido: ${command}. Comandos: ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
// A refusal at start or restore (a file that is not the kiosk's, a tampered copy, a full disk) in words, pt-PT then English: no stack.
run(rest).catch((e: unknown) => {
  console.error(refusalText(e));
  process.exit(1);
});
