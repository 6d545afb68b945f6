/**
 * The Electron package as electron-builder makes it, short of Electron itself:
 * the build (`npm run build`'s script) in a copy of this checkout, then
 * electron-builder's `--linux dir` with electron-builder.yml, on a stand-in
 * Electron folder (the binary cannot be downloaded here) and without the two
 * steps that need the real one (better-sqlite3's rebuild for its ABI and the
 * fuses written into its binary; main/electron/packaging.test.ts checks those
 * settings). What it proves is what the package holds: app.asar with the
 * compiled program, the build stamp and the production dependencies only, the
 * native addon unpacked beside it, Chromium's two languages, the executable's
 * name, and the packaged package.json's entry and metadata.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './posts.js';

const work = mkdtempSync(join(tmpdir(), 'electron-package-'));
const source = join(work, 'source');
const electronDist = join(work, 'electron');
const out = join(work, 'release');
const unpackedApp = join(out, 'linux-unpacked');
const took: Record<string, number> = {};

interface AsarEntry {
  files?: Record<string, AsarEntry>;
  size?: number;
  offset?: string;
  unpacked?: boolean;
}

/** app.asar read as Electron does: its header (a Chromium pickle holding the JSON of the tree), then the files' bytes after it. */
function readAsar(file: string): { header: AsarEntry; read(path: string): Buffer } {
  const buf = readFileSync(file);
  const header = JSON.parse(buf.subarray(16, 16 + buf.readUInt32LE(12)).toString('utf8')) as AsarEntry;
  const base = 8 + buf.readUInt32LE(4);
  return {
    header,
    read(path) {
      const entry = path.split('/').reduce<AsarEntry | undefined>((e, name) => e?.files?.[name], header);
      if (entry?.offset === undefined || entry.size === undefined) throw new Error(`not in app.asar: ${path}`);
      return buf.subarray(base + Number(entry.offset), base + Number(entry.offset) + entry.size);
    },
  };
}

/** Every file of an asar tree, by path, with whether it is unpacked beside the archive. */
function asarFiles(entry: AsarEntry, prefix = ''): Map<string, { unpacked: boolean }> {
  const files = new Map<string, { unpacked: boolean }>();
  for (const [name, child] of Object.entries(entry.files ?? {})) {
    const path = prefix ? `${prefix}/${name}` : name;
    if (child.files) for (const [p, f] of asarFiles(child, path)) files.set(p, f);
    else files.set(path, { unpacked: child.unpacked === true });
  }
  return files;
}

function sh(what: string, cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 240_000, maxBuffer: 64 * 1024 * 1024 });
  took[what] = Date.now() - started;
  if (r.status !== 0) throw new Error(`${what} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'));
}

let files: Map<string, { unpacked: boolean }>;
let asar: ReturnType<typeof readAsar>;

beforeAll(async () => {
  // The checkout with what is new in it, as the production-install test copies it: the build never touches this checkout's dist/.
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  for (const f of listed.stdout.split('\0')) {
    if (!f || !existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(source, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(source, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'));
  sh('build', process.execPath, [join(source, 'scripts', 'build.mjs')], source, { KIOSK_BUILD_COMMIT: 'electronpkg00' });

  // A stand-in Electron: the files electron-builder moves, renames and prunes in an unpacked Electron.
  mkdirSync(join(electronDist, 'resources'), { recursive: true });
  mkdirSync(join(electronDist, 'locales'));
  for (const locale of ['pt-PT', 'en-US', 'pt-BR', 'de']) writeFileSync(join(electronDist, 'locales', `${locale}.pak`), '');
  writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(electronDist, 'electron'), 0o755);
  for (const f of ['LICENSE', 'LICENSES.chromium.html']) writeFileSync(join(electronDist, f), '');
  writeFileSync(join(electronDist, 'version'), `${(JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version}\n`);

  // electron-builder.yml as electron-builder reads it, less what needs the real Electron.
  const config = { ...(await getConfig(source, join(source, 'electron-builder.yml'), null)) } as Record<string, unknown>;
  delete config.electronFuses;
  const directories = config.directories as Record<string, unknown>;
  writeFileSync(join(source, 'electron-builder.test.json'), JSON.stringify({ ...config, npmRebuild: false, electronDist, directories: { ...directories, output: out } }));
  sh('electron-builder --linux dir', join(ROOT, 'node_modules', '.bin', 'electron-builder'), ['--linux', 'dir', '--x64', '--config', 'electron-builder.test.json'], source);
  asar = readAsar(join(unpackedApp, 'resources', 'app.asar'));
  files = asarFiles(asar.header);
  console.log(`electron-package: build ${took.build} ms, electron-builder ${took['electron-builder --linux dir']} ms, ${files.size} files in app.asar`);
}, 400_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the Electron package (linux-unpacked, a stand-in Electron)', () => {
  it('is the executable bingo-kiosk with Chromium\'s pt-PT and en-US strings only, and the program in resources/app.asar', () => {
    expect(existsSync(join(unpackedApp, 'bingo-kiosk'))).toBe(true);
    expect(readdirSync(join(unpackedApp, 'locales')).sort()).toEqual(['en-US.pak', 'pt-PT.pak']);
    expect(existsSync(join(unpackedApp, 'resources', 'app.asar'))).toBe(true);
  });

  it('holds package.json with its entry, the build stamp, and every compiled module of dist/ but the demo, maps and tests', () => {
    const pkg = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { main: string; name: string; version: string };
    const packaged = JSON.parse(asar.read('package.json').toString('utf8')) as Record<string, unknown>;
    // Its name is what main/version.ts looks for; its homepage and author are electron-builder.yml's extraMetadata.
    expect(packaged).toMatchObject({ name: pkg.name, version: pkg.version, main: pkg.main, type: 'module', homepage: expect.stringMatching(/^https:/), author: { name: 'Bingo Kiosk' } });
    expect(packaged).not.toHaveProperty('devDependencies');
    expect(files.has(pkg.main)).toBe(true);
    expect(JSON.parse(asar.read('build-info.json').toString('utf8'))).toEqual({ version: pkg.version, commit: 'electronpkg00' });
    expect(files.has('dist/main/electron/preload.cjs')).toBe(true);
    expect(files.has('build-info.json')).toBe(true);
    const wanted = filesUnder(join(source, 'dist'))
      .map((f) => `dist/${f}`)
      .filter((f) => !f.endsWith('.map') && !/\.test\./.test(f) && !f.startsWith('dist/main/demo/'));
    expect(wanted.filter((f) => !files.has(f))).toEqual([]);
    expect([...files.keys()].filter((f) => f.startsWith('dist/main/demo/') || (f.startsWith('dist/') && f.endsWith('.map')))).toEqual([]);
    // Nothing but the build's output, package.json, the stamp and the production dependencies.
    expect([...new Set([...files.keys()].map((f) => f.split('/')[0]))].sort()).toEqual(['build-info.json', 'dist', 'node_modules', 'package.json']);
  });

  it('holds the production dependencies and no development dependency', () => {
    const pkg = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const top = new Set([...files.keys()].filter((f) => f.startsWith('node_modules/')).map((f) => {
      const parts = f.split('/');
      return parts[1]?.startsWith('@') ? `${parts[1]}/${parts[2]}` : (parts[1] ?? '');
    }));
    expect(Object.keys(pkg.dependencies).filter((d) => !top.has(d))).toEqual([]);
    // @noble/hashes is there as pdfkit's own (1.x), not the devDependency (2.x).
    for (const d of Object.keys(pkg.devDependencies)) {
      if (!top.has(d)) continue;
      const packed = JSON.parse(asar.read(`node_modules/${d}/package.json`).toString('utf8')) as { version: string };
      const dev = JSON.parse(readFileSync(join(ROOT, 'node_modules', d, 'package.json'), 'utf8')) as { version: string };
      expect([d, packed.version]).not.toEqual([d, dev.version]);
    }
    for (const dev of ['electron', 'electron-builder', 'vite', 'vitest', 'tsx', 'esbuild', 'typescript', 'react', 'playwright-core']) expect([dev, top.has(dev)]).toEqual([dev, false]);
    // The PDFs' fonts come with their package.
    expect(files.has('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf')).toBe(true);
  });

  it('unpacks better-sqlite3\'s addon beside app.asar, without its C sources', () => {
    const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    expect(files.get(addon)).toEqual({ unpacked: true });
    expect(existsSync(join(unpackedApp, 'resources', 'app.asar.unpacked', addon))).toBe(true);
    expect([...files.keys()].filter((f) => f.startsWith('node_modules/better-sqlite3/deps/') || f.startsWith('node_modules/better-sqlite3/src/') || f.endsWith('test_extension.node'))).toEqual([]);
    expect([...files].filter(([f, e]) => f.endsWith('.node') && !e.unpacked)).toEqual([]);
  });
});
