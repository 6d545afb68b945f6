/**
 * The packaged kiosk (electron-builder.yml), checked here because the build
 * machines cannot download Electron, so never run electron-builder: the
 * configuration is read and validated by electron-builder's own code (its
 * schema, its file matcher), then held against the project: the targets, the
 * fuses, every native addon of the production dependencies unpacked from
 * app.asar, and every module the kiosk's entry loads packed from dist/ and
 * compiled by the build, with no development dependency among them.
 */
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { FileMatcher } from 'app-builder-lib/out/fileMatcher.js';
import { DebugLogger } from 'builder-util';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_FILE } from '../../core/inspector/check.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
interface PackageJson {
  name: string;
  main: string;
  type?: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };

let config: Configuration;
beforeAll(async () => {
  config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
});

/** The patterns of `files` or `asarUnpack` (getConfig turns `files` into file sets: `{filter: [...]}` from the app's folder). */
function patternsOf(option: unknown): string[] {
  return (Array.isArray(option) ? option : [option]).flatMap((entry: unknown) => {
    if (typeof entry === 'string') return [entry];
    if (entry && typeof entry === 'object' && !('from' in entry) && !('to' in entry)) return patternsOf((entry as { filter?: unknown }).filter ?? []);
    // A file set copied from elsewhere would escape these checks.
    throw new Error(`a file set from another folder: ${JSON.stringify(entry)}`);
  });
}

/** electron-builder's own filter for a list of patterns, applied to a path relative to the project (as the app's files are). */
function matcher(option: unknown): (rel: string) => boolean {
  const filter = new FileMatcher(ROOT, ROOT, (p) => p, patternsOf(option)).createFilter();
  const file = { isDirectory: () => false } as unknown as Stats;
  return (rel) => filter(join(ROOT, rel), file);
}
const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

describe('electron-builder.yml', () => {
  it('is valid by electron-builder\'s own schema', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    // The check bites: an option misplaced is refused.
    await expect(validateConfiguration({ ...config, nsis: { ...config.nsis, kiosk: true } as never }, new DebugLogger(false))).rejects.toThrow(/configuration\.nsis/);
    // Compiling electron-builder's schema takes seconds (4 s on an idle build machine).
  }, 60_000);

  it('names the product and builds AppImage and deb for Linux, an NSIS installer for Windows', () => {
    expect(config.appId).toBe('pt.bingo.kiosk');
    expect(config.productName).toBe('Bingo Kiosk');
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.linux).toMatchObject({ category: 'Office', executableName: 'bingo-kiosk' });
    expect(config.linux?.maintainer).toMatch(/^[^<>]+ <[^@\s]+@[^@\s>]+>$/);
    // fpm (the deb) refuses a package without a homepage; the installers' publisher is the author.
    expect(config.extraMetadata).toMatchObject({ homepage: expect.stringMatching(/^https:\/\//), author: { name: expect.any(String), email: expect.stringContaining('@') } });
    expect(config.extraMetadata).not.toHaveProperty('name');
    expect(config.win?.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
  });

  it('installs on Windows for the whole machine, asking where, and never deletes the data folder', () => {
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: true, allowToChangeInstallationDirectory: true, deleteAppDataOnUninstall: false });
  });

  it('gives the deb what Electron loads at start', () => {
    const depends = asStrings(config.deb?.depends);
    for (const lib of ['libgtk-3-0', 'libnss3', 'libxss1', 'libxtst6', 'libatspi2.0-0', 'libuuid1', 'libsecret-1-0', 'libgbm1']) expect(depends).toContain(lib);
    expect(depends.some((d) => /\blibasound2\b/.test(d))).toBe(true);
  });

  it('sets its fuses: no Node mode, no NODE_OPTIONS or --inspect, only its own asar, checked against its hash, no file:// privileges', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      grantFileProtocolExtraPrivileges: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
    });
  });

  it('rebuilds the native module for Electron from its prebuilt binary, for the Electron the lock file installs', () => {
    expect(config).toMatchObject({ asar: true, npmRebuild: true, buildDependenciesFromSource: false, nodeGypRebuild: false });
    // electron-builder packages the Electron installed from the lock file: none named here to drift from it.
    expect(config.electronVersion).toBeUndefined();
    expect(pkg.dependencies).not.toHaveProperty('electron');
    const installed = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
    expect(pkg.devDependencies.electron).toMatch(new RegExp(`^\\^${installed.split('.')[0]}\\.`));
    // The main process is an ES module ("type": "module"): Electron loads one since 28.
    expect(pkg.type).toBe('module');
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(28);
  });
});

/** The packages a production install holds (package-lock.json's entries outside the development tree): what electron-builder packs. */
const productionPackages = Object.entries(lock.packages)
  .filter(([key, entry]) => key !== '' && entry.dev !== true && entry.devOptional !== true)
  .map(([key]) => key);

function nativeAddons(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    // A nested node_modules holds packages of their own (lock entries of their own).
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : nativeAddons(rel);
    return e.name.endsWith('.node') ? [rel] : [];
  });
}

describe('what the package holds', () => {
  it('unpacks from app.asar every native addon of the production dependencies it packs', () => {
    // The production dependencies are packed through the files' exclusions only (electron-builder's getNodeModuleFileMatcher: "**/*", then the patterns).
    const packed = matcher(['**/*', ...patternsOf(config.files)]);
    const unpacked = matcher(config.asarUnpack);
    const addons = productionPackages.filter((p) => existsSync(join(ROOT, p))).flatMap(nativeAddons);
    expect(addons).toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    const shipped = addons.filter(packed);
    expect(shipped).toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    expect(shipped.filter((a) => !unpacked(a))).toEqual([]);
    // Test builds and object files are left out.
    expect(packed('node_modules/better-sqlite3/build/Release/test_extension.node')).toBe(false);
    expect(packed('node_modules/better-sqlite3/deps/sqlite3/sqlite3.c')).toBe(false);
    expect(packed('node_modules/better-sqlite3/lib/database.js')).toBe(true);
  });

  it('packs no development dependency: the lock file keeps each one out of the production tree, and the files name no node_modules', () => {
    // (A production dependency's own copy of the same name, nested under it, is that dependency's: it ships.)
    expect(Object.keys(pkg.devDependencies).filter((d) => lock.packages[`node_modules/${d}`]?.dev !== true)).toEqual([]);
    expect(patternsOf(config.files).filter((f) => !f.startsWith('!') && f.includes('node_modules'))).toEqual([]);
  });

  it('packs the compiled program and the build stamp, and leaves the sources, tests, maps and the demo out', () => {
    const packed = matcher(config.files);
    for (const f of ['dist/main/electron/app.js', 'dist/main/electron/preload.cjs', 'dist/renderer/index.html', 'dist/renderer/display.html', 'dist/db/migrations/001.sql', 'build-info.json']) {
      expect([f, packed(f)]).toEqual([f, true]);
    }
    for (const f of ['main/electron/app.ts', 'dist/main/electron/app.js.map', 'dist/main/electron/policy.test.js', 'dist/main/demo/seed.js', 'dist/tools/x.js', 'test/system/x.ts', 'tools/x.ts', 'e2e/x.ts', 'docs/x.md']) {
      expect([f, packed(f)]).toEqual([f, false]);
    }
  });
});

/** The build's program folders (scripts/build.mjs's PROGRAM): what it compiles into dist/. */
const BUILT = (() => {
  const m = /const PROGRAM = \[([^\]]*)\]/.exec(readFileSync(join(ROOT, 'scripts', 'build.mjs'), 'utf8'));
  return new Set([...(m?.[1] ?? '').matchAll(/'([^']+)'/g)].map((x) => x[1]));
})();

/** Where the build writes a source module: dist/, .ts as .js and .cts as .cjs. */
const distOf = (source: string) => `dist/${source.replace(/\.cts$/, '.cjs').replace(/\.ts$/, '.js')}`;

/** The modules a source module loads at run time: static and dynamic imports, require(), and its worker threads (`./x-worker${ext}`). */
function loadsOf(source: string): { relative: string[]; bare: string[] } {
  const text = readFileSync(join(ROOT, source), 'utf8');
  const specifiers = [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].filter((m) => m[1] === undefined).map((m) => m[2]),
    ...[...text.matchAll(/\b(?:import|require|require\.resolve)\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
  ].filter((s): s is string => s !== undefined);
  const workers = [...text.matchAll(/new URL\(`(\.{1,2}\/[\w./-]*-worker)\$\{ext\}`/g)].map((m) => `${m[1]}.js`);
  const relative: string[] = [];
  const bare: string[] = [];
  for (const s of [...specifiers, ...workers]) {
    if (s.startsWith('.')) {
      const target = join(dirname(source), s).replace(/\.cjs$/, '.cts').replace(/\.js$/, '.ts');
      relative.push(target);
    } else if (!s.startsWith('node:') && !builtinModules.includes(s)) {
      bare.push(s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] ?? s));
    }
  }
  return { relative, bare };
}

describe('the kiosk\'s entry', () => {
  it('is package.json\'s main: the build\'s compiled main/electron/app.ts', () => {
    expect(pkg.main).toBe(distOf('main/electron/app.ts'));
    expect(BUILT.has('main')).toBe(true);
  });

  it('loads only modules the build compiles and the package holds, and only production dependencies (or Electron)', () => {
    // The preload is loaded by path (app.ts's PRELOAD_PATH), as are the worker threads.
    const seen = new Set<string>();
    const queue = ['main/electron/app.ts', 'main/electron/preload.cts'];
    const packages = new Set<string>();
    while (queue.length > 0) {
      const source = queue.pop() as string;
      if (seen.has(source)) continue;
      seen.add(source);
      const loads = loadsOf(source);
      queue.push(...loads.relative);
      for (const b of loads.bare) packages.add(b);
    }
    const packed = matcher(config.files);
    const modules = [...seen].sort();
    // Each exists, is compiled by the build (its folder, not a test) and packed.
    expect(modules.filter((m) => !existsSync(join(ROOT, m)) || !statSync(join(ROOT, m)).isFile())).toEqual([]);
    expect(modules.filter((m) => !BUILT.has(m.split('/')[0] ?? '') || /\.(test|spec)\.c?ts$/.test(m) || m.includes('__fixtures__'))).toEqual([]);
    expect(modules.filter((m) => !packed(distOf(m)))).toEqual([]);
    // The graph reaches the database, the PDFs and their workers: the walk is not empty.
    for (const m of ['db/connection.ts', 'printing/pdf/fonts.ts', 'main/printing/pdf-worker.ts', 'main/workers/checkpoint-worker.ts']) expect(modules).toContain(m);
    // Its posts are watched as the command line's (issue 40): the same starter, its log, health, metrics and copier; never the demo hall.
    for (const m of ['main/programs/watched-post.ts', 'main/watch/log.ts', 'main/watch/health.ts', 'main/watch/metrics.ts', 'main/hall/backup-copier.ts']) expect(modules).toContain(m);
    expect(modules.filter((m) => m.startsWith('main/demo/'))).toEqual([]);
    // esbuild is the offline check page's builder when the sources run (main/inspector/page.ts); the package holds the page the build made.
    const outside = [...packages].filter((p) => p !== 'electron' && !(p in pkg.dependencies)).sort();
    expect(outside).toEqual(['esbuild']);
    expect(modules).toContain('main/inspector/page.ts');
    expect(packed(`dist/main/inspector/${PAGE_FILE}`)).toBe(true);
    expect([...packages]).toContain('better-sqlite3');
    expect([...packages]).toContain('dejavu-fonts-ttf');
    // Nothing relative leaves the project.
    expect(modules.filter((m) => relative(ROOT, join(ROOT, m)).startsWith('..'))).toEqual([]);
  });
});
