/**
 * The production build as a hall installs it: `npm pack` (which runs the
 * build first) in a copy of this checkout, the package installed into an empty folder with
 * its production dependencies only (no tsx, esbuild, vite, TypeScript), then
 * its programs run there with `node` alone: the standalone kiosk; a hall server (shipping its journal
 * to the group's PostgreSQL from its worker thread), a counter enrolled at it,
 * a card sold at the counter and its receipt printed on the printer emulator,
 * a backup taken (checked in its worker thread), both stopped, the books
 * verified by `audit:verify`, the group's copy by `group:verify`, witnessed
 * by `group:witness` and reported by `group:report`, the backup restored by
 * `backup:restore`; a closed session exported by `export` and checked by
 * `export:verify`; and `--version` of the installed program.
 *
 * Built in a copy (the tracked and new files, node_modules linked) so that the
 * build never empties this checkout's dist/renderer under the tests that serve
 * it. better-sqlite3's install script is skipped: on a hall's machine it fetches
 * the prebuilt addon for its Node or compiles it (about 5 minutes on these two
 * cores, no download possible here); the addon `npm ci` made for this Node,
 * of the same pinned version, is put in its place instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { PAGE_FILE } from '../../core/inspector/check.js';
import { startPrinterEmulator, type PrinterEmulator } from '../../tools/printer-emulator/server.js';
import { createTestHall } from '../fixtures/faces.js';
import { playedSession } from '../fixtures/played-session.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';
import { ROOT, exited, waitFor, type Proc } from './posts.js';

const TOKEN = 'production-install-token-0123456789';
const work = mkdtempSync(join(tmpdir(), 'production-install-'));
const source = join(work, 'source');
const installed = join(work, 'installed');
const pkg = join(installed, 'node_modules', 'bingo-caixa-kiosk');
const cli = join(pkg, 'dist', 'main', 'cli.js');
const procs: Proc[] = [];
let emulator: PrinterEmulator | undefined;
let group: TestDatabase | undefined;
let commit = '';
const took: Record<string, number> = {};

/** The environment of an installed program: no tsx hooks or loader options inherited from the test runner. */
const env = (): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, KIOSK_TOKEN: TOKEN };
  delete e.NODE_OPTIONS;
  return e;
};

/** A command that must succeed: its output, or the test fails with it. */
function sh(what: string, cmd: string, args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}): string {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, env: { ...env(), ...extra }, encoding: 'utf8', timeout: 180_000, maxBuffer: 64 * 1024 * 1024 });
  took[what] = Date.now() - started;
  if (r.status !== 0) throw new Error(`${what} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** An installed program, started with `node` from the installed folder. */
function node(args: string[]): Proc {
  const child: ChildProcess = spawn(process.execPath, [cli, ...args], { cwd: installed, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const p = { child, output: () => out };
  procs.push(p);
  return p;
}

async function stop(p: Proc): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await exited(p);
}

type Envelope = { ok: boolean; value?: any; error?: { code: string; message: string } }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A call at a post's browser-mode address that must be answered ok (a command under an Idempotency-Key of its own). */
async function must(url: string, channel: string, input: unknown, operatorToken?: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`${url}/rpc/${channel}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
      ...(operatorToken ? { 'X-Operator-Token': operatorToken } : {}),
    },
    body: JSON.stringify(input),
  });
  const r = (await res.json()) as Envelope;
  if (!r.ok) throw new Error(`${channel}: ${r.error?.code} ${r.error?.message}`);
  return r.value;
}

beforeAll(async () => {
  // The checkout as CI has it (tracked files) with what is new in it, without what .gitignore leaves out (dist/, data).
  const copying = Date.now();
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (files.status !== 0) throw new Error(`git ls-files: ${files.stderr}`);
  for (const f of files.stdout.split('\0')) {
    if (!f || !existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(source, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(source, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'));
  commit = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  took.copy = Date.now() - copying;

  // `npm pack` builds first (prepack: npm run build's script), so no package leaves without its dist/.
  const tarball = join(source, sh('build and pack', 'npm', ['pack', '--silent'], source, { KIOSK_BUILD_COMMIT: commit }).trim().split('\n').pop()!);
  mkdirSync(installed);
  writeFileSync(join(installed, 'package.json'), '{ "private": true }\n');
  sh('install', 'npm', ['install', '--omit=dev', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', tarball], installed);

  const addon = join('build', 'Release', 'better_sqlite3.node');
  const versionOf = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const ours = join(ROOT, 'node_modules', 'better-sqlite3');
  const theirs = join(installed, 'node_modules', 'better-sqlite3');
  expect(versionOf(theirs), 'the installed better-sqlite3 is the version whose addon npm ci made').toBe(versionOf(ours));
  mkdirSync(join(theirs, 'build', 'Release'), { recursive: true });
  copyFileSync(join(ours, addon), join(theirs, addon));

  emulator = await startPrinterEmulator({ host: '127.0.0.1', port: 0 });
  group = await createTestDatabase();
  console.log(`production-install: copy ${took.copy} ms, build and pack ${took['build and pack']} ms, install ${took.install} ms`);
}, 240_000);

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map(exited));
  await emulator?.close();
  await group?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('the production package, installed with its production dependencies only', () => {
  it('holds the built program and none of the development tools, and names its version and commit', () => {
    expect(existsSync(join(pkg, 'dist', 'renderer', 'index.html'))).toBe(true);
    expect(existsSync(join(pkg, 'dist', 'db', 'migrations'))).toBe(true);
    // The export's offline check page, made at build time: the installed program never needs esbuild for it.
    expect(existsSync(join(pkg, 'dist', 'main', 'inspector', PAGE_FILE))).toBe(true);
    for (const dev of ['tsx', 'esbuild', 'vite', 'typescript', 'vitest', 'react', 'electron']) expect(existsSync(join(installed, 'node_modules', dev)), dev).toBe(false);
    // Only what runs: no TypeScript sources, tests or tools in the package.
    const shipped = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? shipped(join(dir, e.name)) : [join(dir, e.name)]));
    const files = shipped(pkg).map((f) => f.slice(pkg.length + 1));
    expect(files.filter((f) => /\.(ts|tsx|cts)$/.test(f) || /\.test\./.test(f) || f.startsWith('tools/') || f.startsWith('test/'))).toEqual([]);
    expect(JSON.parse(readFileSync(join(pkg, 'build-info.json'), 'utf8'))).toEqual({ version: expect.any(String), commit });

    const label = `bingo-caixa-kiosk ${(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version} (${commit})`;
    expect(sh('--version', process.execPath, [cli, '--version'], installed).trim()).toBe(label);
    expect(sh('hall --version', process.execPath, [cli, 'hall', '--version'], installed).trim()).toBe(label);
    // The package's command, as npm links it.
    expect(sh('bin --version', join(installed, 'node_modules', '.bin', 'bingo-caixa-kiosk'), ['audit:verify', '--version'], installed).trim()).toBe(label);
  });

  it('runs the standalone kiosk with node alone: its screens served, a login answered', async () => {
    const web = node(['web', '--data-dir', join(work, 'standalone'), '--port', '0', '--demo']);
    const url = await waitFor('web', web, (o) => /modo navegador: (http:\/\/127\.0\.0\.1:\d+)\/#token=/.exec(o)?.[1]);
    expect(await (await fetch(`${url}/`)).text()).toContain('<!doctype html>');
    expect((await must(url, 'auth.login', { username: 'caixa1', pin: '3333' })).operatorToken).toEqual(expect.any(String));
    await stop(web);
    expect(web.child.exitCode, web.output()).toBe(0);
  });

  it("exports a closed session with the installed program (the acta's PDF and the proofs in their workers, the prebuilt check page) and verifies it", async () => {
    // The session played through the dispatcher of the sources (a fixture): only the programs under test are the installed ones.
    const t = await createTestHall();
    try {
      const sessionId = await playedSession(t, 'A');
      const acta = await t.h.ok('session.acta', { sessionId }, t.manager);
      const zip = join(work, 'export.zip');
      const made = JSON.parse(sh('export', process.execPath, [cli, 'export', '--data-dir', t.h.dataDir, '--session', String(sessionId), '--out', zip], installed)) as { entries: number };
      expect(made.entries).toBeGreaterThan(0);
      const page = unzipSync(readFileSync(zip))[PAGE_FILE];
      expect(page && strFromU8(page)).toBe(readFileSync(join(pkg, 'dist', 'main', 'inspector', PAGE_FILE), 'utf8'));
      const verified = spawnSync(process.execPath, [cli, 'export:verify', zip, '--key', acta.hallKey!.verifierKey], { cwd: installed, env: env(), encoding: 'utf8' });
      expect(verified.status, `${verified.stdout}${verified.stderr}`).toBe(0);
      expect(verified.stdout).not.toContain('FALHA');
    } finally {
      t.h.close();
    }
  });

  it('runs a hall server and an enrolled counter with node alone: a card sold, its receipt printed, a backup, the books verified, witnessed, reported, restored', async () => {
    const started = Date.now();
    const hallDir = join(work, 'hall');
    // Its backups copied off the machine too, by the copier's worker thread (a folder given on the command line).
    const offsite = join(work, 'offsite');
    mkdirSync(offsite);
    const hall = node(['hall', '--data-dir', hallDir, '--port', '0', '--terminals-port', '0', '--bind', '127.0.0.1', '--demo', '--journal-url', group!.url, '--backup-copy-dir', offsite]);
    const hallUrl = await waitFor('hall', hall, (o) => /ecrãs em (http:\/\/127\.0\.0\.1:\d+)\/#token=/.exec(o)?.[1]);
    const terminalsUrl = await waitFor('hall', hall, (o) => /(https:\/\/127\.0\.0\.1:\d+)/.exec(o)?.[1]);
    const fingerprint = await waitFor('hall', hall, (o) => /(sha256:[0-9a-f]{64})/.exec(o)?.[1]);
    // The screens are served from the package's dist/renderer.
    expect(await (await fetch(`${hallUrl}/`)).text()).toContain('<!doctype html>');

    const admin = (await must(hallUrl, 'auth.login', { username: 'admin', pin: '1111' })).operatorToken as string;
    const manager = (await must(hallUrl, 'auth.login', { username: 'gerente', pin: '2222' })).operatorToken as string;
    const { code } = await must(hallUrl, 'terminal.enroll', { name: 'C1' }, admin);
    await must(
      hallUrl,
      'printer.configure',
      { id: 'balcao-c1', terminalId: 'C1', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: emulator!.port, codepage: 'cp858', widthMm: 80, drawerPin: 2 },
      manager,
    );
    const game = (await must(hallUrl, 'session.current', {}, manager)).games.find((g: { state: string }) => g.state === 'selling');

    const counter = node(['counter', '--hall', terminalsUrl, '--fingerprint', fingerprint, '--enroll', code as string, '--data-dir', join(work, 'counter'), '--port', '0']);
    const counterUrl = await waitFor('counter', counter, (o) => /modo navegador: (http:\/\/127\.0\.0\.1:\d+)\/#token=/.exec(o)?.[1]);
    const cashier = (await must(counterUrl, 'auth.login', { username: 'caixa1', pin: '3333' })).operatorToken as string;
    await must(counterUrl, 'drawer.open', { floatByDenomination: { '2000': 5 } }, cashier);
    const sale = await must(counterUrl, 'sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: game.priceCents } }, cashier);
    expect(sale.saleId).toBeGreaterThan(0);
    await waitFor('the receipt on the printer', counter, () => emulator!.jobs.some((j) => j.printed && j.lines.some((l) => l.includes('RECIBO DE VENDA'))), 30_000);
    // The journal shipped to the group by the hall's worker thread (its module found beside the one that starts it in dist/).
    const shippedRows = async () => Number((await group!.query<{ n: string }>(`SELECT count(*) AS n FROM journal`).catch(() => [{ n: '0' }]))[0]!.n);
    for (const until = Date.now() + 30_000; (await shippedRows()) === 0; ) {
      if (Date.now() > until) throw new Error(`nothing shipped to the group:\n${hall.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // A backup, checked in its worker thread (integrity, chain, books) before it takes its name.
    const backup = (await must(hallUrl, 'backup.create', {}, manager)) as { file: string; integrity: string };
    expect(backup.integrity).toBe('ok');

    await stop(counter);
    await stop(hall);
    expect(hall.child.exitCode, hall.output()).toBe(0);
    expect(counter.child.exitCode, counter.output()).toBe(0);

    const verified = spawnSync(process.execPath, [cli, 'audit:verify', '--data-dir', hallDir], { cwd: installed, env: env(), encoding: 'utf8' });
    expect(verified.status, `${verified.stdout}${verified.stderr}`).toBe(0);
    // What the hall wrote after the worker's last batch, shipped by the program of its own; then the group's copy recomputed.
    const { head } = JSON.parse(sh('journal:ship', process.execPath, [cli, 'journal:ship', '--data-dir', hallDir, '--database-url', group!.url], installed)) as { head: number };
    expect(await shippedRows()).toBe(head);
    const groupVerified = spawnSync(process.execPath, [cli, 'group:verify', '--database-url', group!.url], { cwd: installed, env: env(), encoding: 'utf8' });
    expect(groupVerified.status, `${groupVerified.stdout}${groupVerified.stderr}`).toBe(0);
    // The group's witness cosigns what it checked, and its report reads the sale.
    const witnessed = JSON.parse(sh('group:witness', process.execPath, [cli, 'group:witness', '--database-url', group!.url, '--key-file', join(work, 'witness.key'), '--json'], installed)) as {
      halls: { refused: unknown[] }[];
    };
    expect(witnessed.halls.flatMap((h) => h.refused)).toEqual([]);
    const report = sh('group:report', process.execPath, [cli, 'group:report', '--database-url', group!.url, '--format', 'csv'], installed);
    expect(report.trim().split('\n').length).toBeGreaterThan(1);
    // The backup restored into an empty folder, after the same checks.
    sh('backup:restore', process.execPath, [cli, 'backup:restore', '--from', join(hallDir, 'backups', backup.file), '--data-dir', join(work, 'restored')], installed);
    expect(existsSync(join(work, 'restored', 'kiosk.sqlite'))).toBe(true);
    // The copy off the machine, written and checked after the backup, restored and verified by the drill.
    for (let i = 0; i < 100 && !existsSync(join(offsite, backup.file)); i++) await new Promise((r) => setTimeout(r, 100));
    const drill = spawnSync(process.execPath, [cli, 'backup:drill', '--copy-dir', offsite], { cwd: installed, env: env(), encoding: 'utf8' });
    expect(drill.status, `${drill.stdout}${drill.stderr}`).toBe(0);
    expect(drill.stdout).toContain(`Ensaio de reposição: cópia ${backup.file} de ${offsite} (`);
    expect(drill.stdout).toContain('Ensaio de reposição OK.');
    console.log(`production-install: hall, counter, sale, receipt, stop and checks in ${Date.now() - started} ms`);
  });
});
