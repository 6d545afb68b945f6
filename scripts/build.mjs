#!/usr/bin/env node
// `npm run build`: the production build, what `npm pack` ships and `node dist/main/cli.js` runs with
// the production dependencies alone (no tsx, no esbuild, no vite at run time).
//   dist/renderer/            the screens (Vite)
//   dist/{main,core,db,printing}/  the program, each TypeScript module compiled to one JavaScript module
//                             beside the others as in the sources (esbuild, not bundled): a worker thread's
//                             module lies beside the module that starts it, by path, as under tsx
//   dist/db/migrations/       the SQL migrations, read at run time beside db/connection.js
//   dist/main/inspector/verificar.html      the export's offline check page (PAGE_FILE), bundled here once
//   build-info.json           {version, commit} beside package.json, read by main/version.ts
// Types are checked by `npm run typecheck` (and `npm test`), not here: esbuild only strips them
// (tsconfig's isolatedModules keeps each file compilable on its own).
// KIOSK_BUILD_COMMIT names the commit when the build runs outside a git checkout (a copy of one).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
/** The program's folders: what runs in a hall; tests, tools, benches, scripts and the renderer's sources stay out. */
const PROGRAM = ['main', 'core', 'db', 'printing'];
const started = Date.now();
const step = (what) => console.log(`build: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

/** Every module of a folder that ships: TypeScript, no test, no fixture. */
function modules(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__fixtures__' ? [] : modules(rel);
    return /\.c?ts$/.test(e.name) && !/\.(test|spec)\.c?ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

rmSync(DIST, { recursive: true, force: true });
const vite = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
if (vite.status !== 0) process.exit(vite.status ?? 1);
step('dist/renderer (vite)');

const all = PROGRAM.flatMap(modules);
const common = { outdir: DIST, outbase: ROOT, absWorkingDir: ROOT, platform: 'node', target: 'node20', bundle: false, logLevel: 'warning' };
await build({ ...common, entryPoints: all.filter((f) => f.endsWith('.ts')), format: 'esm' });
// Electron's sandboxed preload is CommonJS (main/electron/app.ts loads preload.cjs).
await build({ ...common, entryPoints: all.filter((f) => f.endsWith('.cts')), format: 'cjs', outExtension: { '.js': '.cjs' } });
cpSync(path.join(ROOT, 'db', 'migrations'), path.join(DIST, 'db', 'migrations'), { recursive: true });
step(`${all.length} modules of ${PROGRAM.join(', ')} and db/migrations`);

const page = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-verifier-page.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (page.status !== 0) process.exit(page.status ?? 1);
// The page's script is inside the HTML now: its module (browser code, with the noble hashes) never runs in Node.
rmSync(path.join(DIST, 'main', 'inspector', 'page'), { recursive: true, force: true });
step('the offline check page');

function commit() {
  if (process.env.KIOSK_BUILD_COMMIT) return process.env.KIOSK_BUILD_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || null;
  } catch {
    return null;
  }
}
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const info = { version, commit: commit() };
writeFileSync(path.join(ROOT, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
step(`build-info.json ${JSON.stringify(info)}`);
