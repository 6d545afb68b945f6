/**
 * The data folder of a release, written by that release's own code (issue
 * 40): the commit is checked out beside this one (a git worktree), plays the
 * small hall of play.ts there, and its folder is kept as a fixture that the
 * upgrade test (test/system/upgrade.test.ts) opens with today's code.
 *
 *   tsx tools/release-fixture/make.ts <commit> [out folder]
 *
 * The out folder defaults to test/fixtures/release-<its package.json version>/.
 * The database is taken with VACUUM INTO after the kiosk closed (one file,
 * nothing of a WAL), then marked WAL as a hall's file is; the PIN key and the
 * hall's signing key are copied beside it (a hall's folder without them does
 * not start); the disk reserve is left out (it is made again at the start).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';

const [commitArg, outArg] = process.argv.slice(2);
if (!commitArg) {
  console.error('usage: tsx tools/release-fixture/make.ts <commit> [out folder]');
  process.exit(2);
}
const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--verify', `${commitArg}^{commit}`);
const version = (JSON.parse(git('show', `${commit}:package.json`)) as { version: string }).version;
const out = resolve(outArg ?? join(repo, 'test', 'fixtures', `release-${version}`));

const work = mkdtempSync(join(tmpdir(), 'release-fixture-'));
const tree = join(work, 'tree');
const data = join(work, 'data');
git('worktree', 'add', '--detach', tree, commit);
try {
  // The same lock file: this checkout's packages are that release's; otherwise its own, installed as CI does.
  if (git('diff', commit, 'HEAD', '--', 'package-lock.json') === '') symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'), 'dir');
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'inherit', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
  mkdirSync(join(tree, 'tools', 'release-fixture'), { recursive: true });
  copyFileSync(join(repo, 'tools', 'release-fixture', 'play.ts'), join(tree, 'tools', 'release-fixture', 'play.ts'));
  execFileSync(process.execPath, ['--import', 'tsx', 'tools/release-fixture/play.ts', data], { cwd: tree, stdio: 'inherit' });

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const file = join(out, 'kiosk.sqlite');
  const source = new Database(join(data, 'kiosk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    source.exec(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
  } finally {
    source.close();
  }
  // VACUUM INTO writes a rollback-journal file; a hall's file says WAL in its header. Its only connection: nothing stays beside it.
  const copy = new Database(file, { fileMustExist: true });
  copy.pragma('journal_mode = WAL');
  const facts = {
    userVersion: copy.pragma('user_version', { simple: true }) as number,
    sales: copy.prepare(`SELECT COUNT(*) FROM sales`).pluck().get() as number,
  };
  copy.close();
  for (const key of ['pin.key', 'hall-signing.key']) if (existsSync(join(data, key))) copyFileSync(join(data, key), join(out, key));
  // *.sqlite is ignored at the top of the repository; this one is kept.
  writeFileSync(join(out, '.gitignore'), '!*.sqlite\n');
  writeFileSync(
    join(out, 'README.md'),
    [
      `# The data folder of release ${version}`,
      '',
      `Written by commit \`${commit}\` (release ${version}) with its own code, by`,
      `\`tsx tools/release-fixture/make.ts ${commit.slice(0, 7)}\`, which checks that commit out in a git`,
      'worktree and runs `tools/release-fixture/play.ts` there: the demo hall, four sales (one voided),',
      "a line and a bingo paid, a guia paid, both drawers closed (their Z), the session closed, a",
      'checkpoint on demand. `kiosk.sqlite` was taken with VACUUM INTO after the kiosk closed (then',
      `marked WAL, as a hall's file is); \`pin.key\` and \`hall-signing.key\` are the hall's keys.`,
      `user_version ${facts.userVersion}, ${facts.sales} sales. Opened by test/system/upgrade.test.ts; never edit it by hand:`,
      'make it again (the test holds its figures).',
      '',
    ].join('\n'),
  );
  console.log(`${out}: release ${version} (${commit.slice(0, 7)}), user_version ${facts.userVersion}`);
} finally {
  git('worktree', 'remove', '--force', tree);
  rmSync(work, { recursive: true, force: true });
}
