/**
 * The program's version as every document, log line and `--version` states it:
 * the package's version, and the commit it was built from. A production build
 * stamps both in `build-info.json` beside `package.json` (written by
 * `npm run build`), read when the compiled files run; run from the sources, the
 * commit is read from git.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProgramVersion {
  /** The package's semver, e.g. "0.1.0". */
  version: string;
  /** The short commit, or null when neither the build stamp nor git knows it. */
  commit: string | null;
}

export const BUILD_INFO_FILE = 'build-info.json';
const PACKAGE_NAME = 'bingo-caixa-kiosk';

/** The folder holding the package's own package.json, walking up from this file (sources or dist/). */
export function packageRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === PACKAGE_NAME) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json of ${PACKAGE_NAME} not found above ${from}`);
  }
}

function gitCommit(root: string): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], timeout: 2000 }).toString().trim() || null;
  } catch {
    return null;
  }
}

let cached: ProgramVersion | null = null;

/** Read once per process: a version does not change while the program runs. */
export function programVersion(): ProgramVersion {
  if (cached) return cached;
  const root = packageRoot();
  const stamp = path.join(root, BUILD_INFO_FILE);
  // The stamp speaks for the built files only: run from the sources, a stamp left by an earlier build would be stale.
  const built = !fileURLToPath(import.meta.url).endsWith('.ts');
  if (built && existsSync(stamp)) {
    const info = JSON.parse(readFileSync(stamp, 'utf8')) as ProgramVersion;
    cached = { version: info.version, commit: info.commit ?? null };
  } else {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    cached = { version: pkg.version, commit: gitCommit(root) };
  }
  return cached;
}

/** "0.1.0 (a1b2c3d4e5f6)" or "0.1.0": the words printed on documents. */
export function versionLabel(v: ProgramVersion = programVersion()): string {
  return v.commit ? `${v.version} (${v.commit})` : v.version;
}

/**
 * "bingo-caixa-kiosk 0.1.0 (a1b2c3d4e5f6)": the program named with its version, as receipts, PDFs, CSV files, the
 * inspector's export and the checkpoints state it (the pure layers print the string they are handed).
 */
export function softwareLabel(v: ProgramVersion = programVersion()): string {
  return `${PACKAGE_NAME} ${versionLabel(v)}`;
}
