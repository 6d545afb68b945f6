/**
 * The import rules of ARCHITECTURE.md (folders and domains) are enforced by
 * lint (tools/lint/boundaries.mjs): these probes would be accepted if a rule
 * were lost.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function refused(filePath: string, code: string, ruleId = 'boundaries/imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const probe = (spec: string) => `import * as x from '${spec}';\nexport const y = x;\n`;

describe('import rules of the folders and domains', () => {
  it.each([
    ['core/probe.ts', '../db/connection.js', 'core may not import db'],
    ['core/probe.ts', 'node:fs', 'core may not use node:fs'],
    ['core/bingo/probe.ts', '../people/rules.js', 'core/bingo/ may import only core/ (the kernel) and core/bingo/'],
    // The inspector's offline check is pure: it runs in a browser (verificar.html) and reads only the rules it recomputes.
    ['core/inspector/probe.ts', '../people/rules.js', 'core/inspector/ may import only core/ (the kernel) and core/inspector/'],
    ['core/inspector/probe.ts', 'node:crypto', 'core/inspector may not use node:crypto'],
    // The merges import every domain: a rule taking KioskError from core/errors.ts would run an arrow back up.
    ['core/bingo/probe.ts', '../errors.js', 'within core/ only the merges import core/errors.ts, which imports every domain: take KioskError and ErrorCode from core/refusal.ts'],
    ['core/caixa/probe.ts', '../contract.js', 'within core/ only the merges import core/contract.ts'],
    ['core/probe.ts', './errors.js', 'within core/ only the merges import core/errors.ts'],
    ['renderer/probe.ts', '../main/kiosk.js', 'renderer may not import kiosk'],
    ['renderer/probe.ts', 'better-sqlite3', 'renderer may not use better-sqlite3'],
    ['renderer/screens/Sale/probe.tsx', '../Game/GameScreen.js', 'renderer/screens/Sale/ may import core/, renderer/ and its own screens'],
    ['db/probe.ts', '../main/services/index.js', 'db may not import services'],
    ['db/probe.ts', '../printing/layout.js', 'db may not import printing'],
    ['printing/probe.ts', '../db/connection.js', 'printing may not import db'],
    ['main/services/bingo/probe.ts', '../people/index.js', "main/services/bingo/ may import core/, db/, printing/ and main/services/shared/, never another domain's services"],
    ['main/services/bingo/probe.ts', '../../printing/queue.js', "never another domain's services or the rest of main/"],
    ['main/services/shared/probe.ts', '../bingo/games.js', 'services/shared may not import services/bingo'],
    // The shared kit by role: the people's credentials and the hall's signing keep apart; the hall's shipper, the
    // group and the inspector read the hall key's format only, never a PIN or a session.
    ['main/services/shared/access/probe.ts', '../signing/hall-key.js', 'services/shared/access may not import services/shared/signing'],
    ['main/services/shared/signing/probe.ts', '../access/pin.js', 'services/shared/signing may not import services/shared/access'],
    ['main/services/shared/access/probe.ts', '../../bingo/games.js', 'services/shared/access may not import services/bingo'],
    ['main/services/shared/access/probe.ts', '../context.js', 'services/shared/access may not import services/shared'],
    ['main/journal/probe.ts', '../services/shared/access/pin-key.js', 'journal may not import services/shared/access'],
    ['main/group/probe.ts', '../services/shared/context.js', 'group may not import services/shared'],
    ['main/inspector/probe.ts', '../services/shared/access/credentials.js', 'inspector may not import services/shared/access'],
    ['main/services/people/probe.ts', 'better-sqlite3', 'only db/ opens SQLite'],
    ['main/rpc/probe.ts', 'electron', 'only main/electron/ uses Electron'],
    ['main/web/probe.ts', '../../db/connection.js', 'web may not import db'],
    // A counter holds no file of its own: every call is the hall's.
    ['main/counter/probe.ts', '../../db/connection.js', 'counter may not import db'],
    ['main/counter/probe.ts', '../kiosk.js', 'counter may not import kiosk'],
    ['main/kiosk.ts', '../tools/demo.js', 'a shipped file may not import test/, tools/'],
    // The launcher takes the demo hall from main/demo/, never from tools/.
    ['main/cli.ts', '../tools/faces/generate.js', 'a shipped file may not import test/, tools/'],
    ['main/programs/probe.ts', '../../tools/demo.js', 'a shipped file may not import test/, tools/'],
    // The launcher only maps a command to its program.
    ['main/cli.ts', './kiosk.js', 'cli may not import kiosk'],
    ['main/demo/probe.ts', '../../tools/faces/generate.js', 'a shipped file may not import test/, tools/'],
    ['main/demo/probe.ts', '../kiosk.js', 'demo may not import kiosk'],
    ['core/probe.ts', '../tools/lint/boundaries.mjs', 'a shipped file may not import test/, tools/'],
    ['db/probe.ts', '../tools/acta-sample.js', 'a shipped file may not import test/, tools/'],
    ['renderer/probe.ts', '../e2e/screenshots.js', 'a shipped file may not import test/, tools/'],
    // The program's version is read in main/ and handed to the pure layers as a value.
    ['printing/probe.ts', '../main/version.js', "printing is handed the program's version as a value"],
    ['core/probe.ts', '../main/version.js', "core is handed the program's version as a value"],
    ['printing/probe.ts', '../test/fixtures/documents.js', 'a shipped file may not import test/, tools/'],
    ['main/probe.ts', '../renderer/App.js', 'belongs to no zone'],
    // The raw statement helper is db/'s own: a service calls db/'s queries and commands.
    ['main/services/bingo/probe.ts', '../../../db/sql.js', 'services/bingo may not import db/sql.ts, the raw statement helper (stmt)'],
    ['main/services/shared/probe.ts', '../../../db/sql.js', 'services/shared may not import db/sql.ts'],
    ['main/printing/probe.ts', '../../db/sql.js', 'main/printing may not import db/sql.ts'],
    ['main/rpc/probe.ts', '../../db/sql.js', 'rpc may not import db/sql.ts'],
    ['main/workers/probe.ts', '../../db/sql.js', 'main/workers may not import db/sql.ts'],
    ['main/kiosk.ts', '../db/sql.js', 'kiosk may not import db/sql.ts'],
    // TLS and the certificate library belong to the hall's transport (main/hall/, main/counter/).
    ['main/web/probe.ts', 'node:https', "only the hall's transport (main/hall/, main/counter/) uses TLS and certificates (web may not use node:https)"],
    ['main/web/probe.ts', 'node:tls', 'web may not use node:tls'],
    ['main/kiosk.ts', '@peculiar/x509', 'kiosk may not use @peculiar/x509'],
    ['main/services/terminals/probe.ts', '@peculiar/x509', 'services/terminals may not use @peculiar/x509'],
    ['main/rpc/probe.ts', 'https', 'rpc may not use https'],
    ['main/hall/probe.ts', '../printing/queue.js', 'hall may not import main/printing'],
    ['main/hall/probe.ts', '../services/people/index.js', 'hall may not import services/people'],
    // The installed program starts a hall server or a counter through main/hall/ and main/counter/, never their TLS itself.
    ['main/electron/probe.ts', 'node:tls', 'electron may not use node:tls'],
    ['main/electron/probe.ts', '@peculiar/x509', 'electron may not use @peculiar/x509'],
    ['main/electron/probe.ts', '../../db/connection.js', 'electron may not import db'],
    ['main/electron/probe.ts', '../web/server.js', 'electron may not import web'],
    // PostgreSQL is the group's engine, reached by the journal's shipper only: never inside a sale.
    ['main/rpc/probe.ts', 'pg', "only the journal's shipper and the group's programs (main/journal/, main/group/) talk to PostgreSQL (rpc may not use pg)"],
    ['main/kiosk.ts', 'pg', 'kiosk may not use pg'],
    ['db/probe.ts', 'pg-pool', 'db may not use pg-pool'],
    ['main/services/bingo/probe.ts', 'postgres', 'services/bingo may not use postgres'],
    ['main/journal/probe.ts', '../kiosk.js', 'journal may not import kiosk'],
    ['main/journal/probe.ts', '../services/bingo/index.js', 'journal may not import services/bingo'],
    // A hall runs its shipper, never the group's programs; the group's programs import none of the hall's posts.
    ['main/journal/probe.ts', '../group/verify.js', "journal may not import group: a hall never runs the group's programs (main/group/)"],
    ['main/kiosk.ts', './group/index.js', 'kiosk may not import group'],
    ['main/web/probe.ts', '../group/report.js', 'web may not import group'],
    ['main/hall/probe.ts', '../group/witness.js', 'hall may not import group'],
    ['main/counter/probe.ts', '../group/index.js', 'counter may not import group'],
    ['main/electron/probe.ts', '../group/index.js', 'electron may not import group'],
    ['main/group/probe.ts', '../kiosk.js', "group may not import kiosk: the group's programs never import the hall's posts"],
    ['main/group/probe.ts', '../hall/pki.js', 'group may not import hall'],
    ['main/group/probe.ts', '../web/server.js', 'group may not import web'],
    ['main/group/probe.ts', '../counter/link.js', 'group may not import counter'],
    ['main/group/probe.ts', '../electron/app.js', 'group may not import electron'],
    ['main/group/probe.ts', '../services/bingo/index.js', 'group may not import services/bingo'],
    // Of the shipper's folder the group shares only the link and the entry's digest.
    ['main/group/probe.ts', '../journal/ship.js', 'group may import of main/journal/ only pool.ts and digest.ts'],
    // The inspector's export reads the hall's file; it never drives a kiosk nor talks to the group.
    ['main/inspector/probe.ts', '../kiosk.js', 'inspector may not import kiosk'],
    ['main/inspector/probe.ts', '../journal/pool.js', 'inspector may not import journal'],
    ['main/inspector/probe.ts', '../group/index.js', 'inspector may not import group'],
  ])('%s importing %s is refused', async (file, spec, message) => {
    const messages = await refused(file, probe(spec));
    expect(messages.some((m) => m.includes(message)), messages.join('\n')).toBe(true);
  });

  it('allows what the rules allow', async () => {
    expect(await refused('renderer/probe.ts', probe('../core/money.js'))).toEqual([]);
    expect(await refused('core/bingo/probe.ts', probe('../money.js'))).toEqual([]);
    expect(await refused('core/bingo/probe.ts', probe('../refusal.js'))).toEqual([]);
    expect(await refused('core/inspector/probe.ts', probe('../transparency/merkle.js'))).toEqual([]);
    expect(await refused('core/inspector/probe.ts', probe('../bingo/acta-figures.js'))).toEqual([]);
    expect(await refused('core/bridge.ts', probe('./errors.js'))).toEqual([]);
    expect(await refused('main/services/bingo/probe.ts', probe('../../../core/errors.js'))).toEqual([]);
    expect(await refused('db/probe.ts', probe('../core/ledger.js'))).toEqual([]);
    expect(await refused('main/services/bingo/probe.ts', probe('../shared/context.js'))).toEqual([]);
    expect(await refused('main/services/bingo/probe.ts', probe('../shared/access/credentials.js'))).toEqual([]);
    expect(await refused('main/services/drawers/probe.ts', probe('../shared/signing/checkpoint.js'))).toEqual([]);
    expect(await refused('main/inspector/probe.ts', probe('../services/shared/signing/hall-key.js'))).toEqual([]);
    expect(await refused('main/services/bingo/probe.ts', probe('./games.js'))).toEqual([]);
    expect(await refused('main/services/bingo/probe.ts', probe('../../../printing/documents/index.js'))).toEqual([]);
    expect(await refused('main/programs/probe.ts', probe('../demo/seed.js'))).toEqual([]);
    expect(await refused('main/cli.ts', probe('./programs/web.js'))).toEqual([]);
    expect(await refused('main/services/bingo/probe.ts', probe('../../version.js'))).toEqual([]);
    expect(await refused('main/group/probe.ts', probe('../version.js'))).toEqual([]);
    expect(await refused('test/probe.ts', probe('../main/services/bingo/games.js'))).toEqual([]);
    expect(await refused('db/probe.ts', probe('./sql.js'))).toEqual([]);
    expect(await refused('main/counter/probe.ts', probe('../web/server.js'))).toEqual([]);
    expect(await refused('main/electron/probe.ts', probe('../hall/hall-post.js'))).toEqual([]);
    expect(await refused('main/electron/probe.ts', probe('../counter/backend.js'))).toEqual([]);
    // Its posts watched as the command line's: the same starter (programs/watched-post.ts), never a web server of its own.
    expect(await refused('main/electron/probe.ts', probe('../programs/watched-post.js'))).toEqual([]);
    expect(await refused('main/counter/probe.ts', probe('../hall/pki.js'))).toEqual([]);
    // It prints its own terminal's jobs: the printing code, never the database.
    expect(await refused('main/counter/probe.ts', probe('../printing/transports.js'))).toEqual([]);
    expect(await refused('main/counter/probe.ts', probe('../../printing/escpos.js'))).toEqual([]);
    expect(await refused('db/bingo/probe.ts', probe('../sql.js'))).toEqual([]);
    expect(await refused('main/hall/probe.ts', probe('@peculiar/x509'))).toEqual([]);
    expect(await refused('main/hall/probe.ts', probe('node:tls'))).toEqual([]);
    expect(await refused('main/counter/probe.ts', probe('node:https'))).toEqual([]);
    expect(await refused('main/hall/probe.ts', probe('../services/terminals/index.js'))).toEqual([]);
    expect(await refused('main/hall/probe.ts', probe('../web/server.js'))).toEqual([]);
    expect(await refused('main/programs/probe.ts', probe('../hall/pki.js'))).toEqual([]);
    expect(await refused('main/journal/probe.ts', probe('pg'))).toEqual([]);
    expect(await refused('main/journal/probe.ts', probe('../../db/journal.js'))).toEqual([]);
    expect(await refused('main/programs/probe.ts', probe('../journal/shipper.js'))).toEqual([]);
    expect(await refused('main/programs/probe.ts', probe('../group/index.js'))).toEqual([]);
    expect(await refused('main/group/probe.ts', probe('pg'))).toEqual([]);
    expect(await refused('main/group/probe.ts', probe('../journal/pool.js'))).toEqual([]);
    expect(await refused('main/group/probe.ts', probe('../journal/digest.js'))).toEqual([]);
    expect(await refused('main/group/probe.ts', probe('../../db/group/witness.js'))).toEqual([]);
    expect(await refused('main/inspector/probe.ts', probe('../services/bingo/sessions.js'))).toEqual([]);
    expect(await refused('main/programs/probe.ts', probe('../inspector/verify.js'))).toEqual([]);
  });

  it('lets no file re-export the raw statement helper (a service would reach it through db/)', async () => {
    expect(await refused('db/probe.ts', "export { stmt } from './sql.js';\n")).toEqual([
      "no file re-exports db/sql.ts, the raw statement helper (stmt): it stays db/'s own: ./sql.js (see ARCHITECTURE.md, Folders and domains).",
    ]);
    expect(await refused('db/probe.ts', "export * from './sql.js';\n")).toHaveLength(1);
  });
});

describe('no SQL outside db/ (a literal read whole)', () => {
  /** A service that runs SQL of its own, each statement over several lines: no line of it reads as SQL alone. */
  const service = [
    'export function close(run: (sql: string) => void, table: string): void {',
    '  run(`',
    '    UPDATE games',
    "       SET state = 'closed'",
    '     WHERE id = ?`);',
    '  run(`',
    '    SELECT id',
    '      FROM ${table}`);',
    '}',
    'export const raw = (ctx: { db: { prepare(s: string): unknown } }) => ctx.db',
    "  .prepare('x');",
    '',
  ].join('\n');

  it('refuses a multi-line SQL template (and a driver call) in a service', async () => {
    const messages = await refused('main/services/bingo/probe.ts', service, 'boundaries/sql');
    expect(messages).toEqual([
      'SQL text in services/bingo: SQL lives in db/ only; call a query or a command of db/<domain> (see ARCHITECTURE.md, Folders and domains).',
      'SQL text in services/bingo: SQL lives in db/ only; call a query or a command of db/<domain> (see ARCHITECTURE.md, Folders and domains).',
      'A driver call (db.prepare) in services/bingo: SQL lives in db/ only; call a query or a command of db/<domain> (see ARCHITECTURE.md, Folders and domains).',
    ]);
    expect(await refused('main/services/shared/probe.ts', "export const q = 'DELETE FROM sales';\n", 'boundaries/sql')).toHaveLength(1);
    expect(await refused('core/probe.ts', 'export const q = `INSERT\n  INTO sales VALUES (1)`;\n', 'boundaries/sql')).toHaveLength(1);
    expect(await refused('renderer/probe.tsx', 'export const P = () => <p>SELECT id FROM sales</p>;\n', 'boundaries/sql')).toHaveLength(1);
  });

  it('lets db/ and the tests hold SQL, and words that only look alike pass', async () => {
    expect(await refused('db/probe.ts', service, 'boundaries/sql')).toEqual([]);
    expect(await refused('main/services/bingo/probe.test.ts', service, 'boundaries/sql')).toEqual([]);
    expect(await refused('main/services/bingo/probe.ts', "export const t = 'Selecione o jogo';\nexport const m = /a/.exec('a');\n", 'boundaries/sql')).toEqual([]);
  });
});

describe('audit rows written inside the dispatcher alone (issue 39, point 3)', () => {
  const writer = (spec: string) => `import { appendAudit } from '${spec}';\nexport const w = appendAudit;\n`;

  it.each([
    ['main/services/terminals/probe.ts', '../../../db/audit.js'],
    ['main/services/shared/probe.ts', '../../../db/audit.js'],
    ['main/kiosk.ts', '../db/audit.js'],
    ['main/hall/probe.ts', '../../db/audit.js'],
    ['main/printing/probe.ts', '../../db/audit.js'],
    ['db/probe.ts', './audit.js'],
  ])('%s may not import the audit writer', async (file, spec) => {
    const messages = await refused(file, writer(spec), 'boundaries/audit');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("audit rows are written inside the dispatcher's transaction only (main/rpc/)");
    // Nor the whole module, which holds it.
    expect(await refused(file, `import * as audit from '${spec}';\nexport const a = audit;\n`, 'boundaries/audit')).toHaveLength(1);
  });

  it('lets no file re-export the writer, and no SQL but db/audit.ts append to the log', async () => {
    expect(await refused('db/probe.ts', "export { appendAudit } from './audit.js';\n", 'boundaries/audit')).toHaveLength(1);
    expect(await refused('db/probe.ts', "export * from './audit.js';\n", 'boundaries/audit')).toHaveLength(1);
    const insert = 'export const q = `INSERT INTO audit_log (id, at)\n  VALUES (?, ?)`;\n';
    expect(await refused('db/probe.ts', insert, 'boundaries/audit')).toHaveLength(1);
    expect(await refused('db/audit.ts', insert, 'boundaries/audit')).toEqual([]);
  });

  it('lets the dispatcher hold the writer, and any part read the log', async () => {
    expect(await refused('main/rpc/probe.ts', writer('../../db/audit.js'), 'boundaries/audit')).toEqual([]);
    expect(await refused('main/services/audit/probe.ts', "import { auditHead } from '../../../db/audit.js';\nexport const h = auditHead;\n", 'boundaries/audit')).toEqual([]);
    // Tests and benches forge rows to prove the checks find them.
    expect(await refused('db/probe.test.ts', writer('./audit.js'), 'boundaries/audit')).toEqual([]);
  });
});
