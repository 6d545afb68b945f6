#!/usr/bin/env node
/**
 * Command line of the kiosk. Installed (npm run build, then the package): `bingo-caixa-kiosk COMMAND …`
 * or `node dist/main/cli.js COMMAND …` (docs/hall-operations.md); from the sources, `tsx main/cli.ts …`
 * as below. `--version` with any command (or none) prints "bingo-caixa-kiosk VERSION (COMMIT)" and exits.
 *   tsx main/cli.ts web [--data-dir DIR] [--port N] [--demo] [--terminal ID] [--journal-url URL]
 *     Browser mode: prints one line with http://127.0.0.1:N/#token=... once ready.
 *     The access token is KIOSK_TOKEN when set, else random for this start.
 *   tsx main/cli.ts hall --data-dir DIR --port U --terminals-port P [--bind ADDR] [--demo] [--journal-url URL] [--backup-copy-dir DIR]
 *     (web and hall, --backup-copy-dir DIR: each backup copied to the folder the hall names in its settings, else DIR or KIOSK_BACKUP_COPY_DIR)
 *     (web and hall: with a group database, URL or KIOSK_JOURNAL_URL, the journal is shipped there
 *     continuously by a worker thread, its state on system.health)
 *     The hall server: its own screens and browser mode's API on 127.0.0.1:U
 *     (as `web`, the KIOSK_TOKEN rule included), and the contract over HTTPS
 *     (mutual TLS 1.3) to enrolled counters on ADDR:P (default 0.0.0.0).
 *     Prints both addresses and the server certificate's fingerprint.
 *   (web and hall: a missing or swapped pin.key stops the start; --new-pin-key, only when this
 *     hall's key is lost for good, starts with a new one: the admin's recovery code gets back in)
 *   (web, hall and counter: JSON-line logs in DIR/logs, or --log-dir LOGS (KIOSK_LOG_DIR), rolled daily;
 *     on stdout too when it is a terminal or with --log-stdout; GET /health and GET /metrics on the
 *     browser-mode port, no token: docs/watching.md)
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
 *   tsx main/cli.ts group:verify --database-url URL [--replica-url URL] [--key-file FILE [--name NAME] [--full]] [--json]
 *     Recomputes every hall's journal in the group's database; exit 0, or 1
 *     naming the hall and the seq of the first break. With the witness's key
 *     file, each hall from where its last signed check ended (the result kept
 *     signed); --full reads every entry again.
 *   tsx main/cli.ts group:report --database-url URL [--replica-url URL] [--from YYYY-MM-DD] [--to YYYY-MM-DD] --format json|csv|html [--out FILE]
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
 *   tsx main/cli.ts backup:drill [--data-dir DIR | --copy-dir DIR | --from FILE_OR_DIR] [--key VERIFIER_KEY]
 *     The restore drill: the newest copy (of the folder the hall named for its copies off the machine,
 *     else of DIR/backups) restored into a temporary folder with the restore's checks, its signed
 *     checkpoints verified; prints which copy, its time and its sales; exit 0, or 1 naming what failed.
 *
 * This file is the launcher only: each command is one program, main/programs/<name>.ts, exporting
 * run(argv); what they read alike (a data folder, a port, the group's database) is main/programs/options.ts.
 */
import { refusalText } from '../core/errors.js';
import { versionLabel } from './version.js';

type Program = { run(argv: string[]): Promise<void> };

/** Each command's program, loaded when it is the one asked for: a command (and --version) loads nothing of the others. */
const commands: Record<string, () => Promise<Program>> = {
  web: () => import('./programs/web.js'),
  hall: () => import('./programs/hall.js'),
  counter: () => import('./programs/counter.js'),
  'audit:verify': () => import('./programs/audit-verify.js'),
  export: () => import('./programs/export.js'),
  'export:verify': () => import('./programs/export-verify.js'),
  'backup:restore': () => import('./programs/backup-restore.js'),
  'backup:drill': () => import('./programs/backup-drill.js'),
  'journal:ship': () => import('./programs/journal-ship.js'),
  'group:verify': () => import('./programs/group-verify.js'),
  'group:report': () => import('./programs/group-report.js'),
  'group:witness': () => import('./programs/group-witness.js'),
};

// Asked of any program (a technician checking what a hall runs): answered before the command reads its own options.
if (process.argv.slice(2).includes('--version')) {
  console.log(`bingo-caixa-kiosk ${versionLabel()}`);
  process.exit(0);
}
const [command = 'web', ...rest] = process.argv.slice(2);
const load = commands[command];
if (!load) {
  console.error(`Comando desconhecido: ${command}. Comandos: ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
// A refusal at start or restore (a file that is not the kiosk's, a tampered copy, a full disk) in words, pt-PT then English: no stack.
load()
  .then((program) => program.run(rest))
  .catch((e: unknown) => {
    console.error(refusalText(e));
    process.exit(1);
  });
