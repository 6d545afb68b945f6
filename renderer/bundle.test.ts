/**
 * The renderer's build, made into a temporary folder (never dist/renderer):
 * the login page loads none of the role screens and no zod, a cashier's
 * screens none of a manager's, and the hall board none of them. A file
 * "loaded by a page" is its entry with every chunk it imports statically
 * (what index.html lists as modulepreload), read from Vite's manifest; the
 * screens are told apart by data-testid strings that survive minification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** A test id of each screen, in its own file (not a shared component). */
const MARKERS = {
  sale: 'sale-result',
  game: 'draw-panel',
  acta: 'incident-text',
  caixa: 'issue-machine',
  settings: 'settings-hall-name',
  users: 'user-create',
  login: 'login-pin',
} as const;
const MANAGER_ONLY = [MARKERS.game, MARKERS.acta, MARKERS.settings, MARKERS.users];
/** A name zod's schemas carry at run time (checked against zod itself below). */
const ZOD = '$ZodType';

let out: string;
let manifest: Record<string, ManifestChunk>;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'kiosk-vite-'));
  const env = { ...process.env };
  // As `npx vite build` from a shell: vitest's own NODE_ENV=test would make a development build.
  delete env.NODE_ENV;
  delete env.VITEST;
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    cwd: ROOT,
    env,
    stdio: 'pipe',
    timeout: 60_000,
  });
  manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}, 90_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The JavaScript a page or a screen loads before it runs: its chunk and the chunks it imports, transitively. */
function loaded(key: string, seen = new Map<string, string>()): Map<string, string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.set(chunk.file, readFileSync(join(out, chunk.file), 'utf8'));
  for (const i of chunk.imports ?? []) loaded(i, seen);
  return seen;
}

function files(keys: string[]): Map<string, string> {
  const all = new Map<string, string>();
  for (const k of keys) loaded(k, all);
  return all;
}

/** The files among `loaded` that hold `marker` (names only: a failure prints a list, not megabytes). */
function holding(loaded: Map<string, string>, marker: string): string[] {
  return [...loaded].filter(([, code]) => code.includes(marker)).map(([file]) => file);
}

describe('the renderer build', () => {
  it('zod still names its schemas as this test looks for them', () => {
    expect(readFileSync(join(ROOT, 'node_modules/zod/v4/core/schemas.js'), 'utf8')).toContain(ZOD);
  });

  it('makes each role screen a chunk of its own', () => {
    for (const screen of [
      'Sale/SaleScreen',
      'Prizes/PrizesScreen',
      'Game/GameScreen',
      'Acta/ActaScreen',
      'Acta/DayCloseScreen',
      'Checks/ChecksScreen',
      'Caixa/CaixaScreen',
      'Drawers/DrawerScreen',
      'Settings/SettingsScreen',
      'Users/UsersPanel',
    ]) {
      expect(manifest[`screens/${screen}.tsx`]?.isDynamicEntry, screen).toBe(true);
    }
  });

  it('the login page loads no role screen and no zod, but the channels table', () => {
    const page = files(['index.html']);
    expect(holding(page, MARKERS.login)).not.toEqual([]);
    for (const marker of [MARKERS.sale, MARKERS.caixa, ...MANAGER_ONLY, ZOD]) expect(holding(page, marker), marker).toEqual([]);
    // The build's literal table, not the contract: a channel's kind next to its name (quoted as the minifier likes).
    const entry = /["'`]sale\.create["'`]:\{["'`]?kind["'`]?:["'`]command["'`]/;
    expect([...page.values()].some((code) => entry.test(code))).toBe(true);
  });

  it("a cashier's screens load none of a manager's", () => {
    const cashier = files(['screens/Sale/SaleScreen.tsx', 'screens/Prizes/PrizesScreen.tsx', 'screens/Drawers/DrawerScreen.tsx']);
    expect(holding(cashier, MARKERS.sale)).not.toEqual([]);
    for (const marker of MANAGER_ONLY) expect(holding(cashier, marker), marker).toEqual([]);
  });

  it('the hall board loads no screen, no login and no zod', () => {
    const board = files(['display.html']);
    for (const marker of [...Object.values(MARKERS), ZOD]) expect(holding(board, marker), marker).toEqual([]);
  });

  it('the customer display loads no screen, no client (no token, no /rpc) and no translations: it only listens', () => {
    const customer = files(['customer.html']);
    expect(customer.size).toBeGreaterThan(0);
    for (const marker of [...Object.values(MARKERS), ZOD, 'kiosk.accessToken', '/rpc/', 'A sua compra']) expect(holding(customer, marker), marker).toEqual([]);
    expect(holding(customer, 'kiosk.customer-display')).not.toEqual([]);
  });

  it('ships no zod at all: the screens validate nothing, the kiosk does (every chunk, screens included)', () => {
    const all = files(Object.keys(manifest).filter((k) => manifest[k]!.file.endsWith('.js')));
    expect(all.size).toBeGreaterThan(10);
    expect(holding(all, ZOD)).toEqual([]);
  });

  it('puts React and i18next in a vendor chunk that both pages share', () => {
    const vendor = Object.entries(manifest).find(([, c]) => c.name === 'vendor');
    expect(vendor).toBeDefined();
    const [key, chunk] = vendor!;
    expect(readFileSync(join(out, chunk.file), 'utf8')).toContain('react-dom');
    expect(manifest['index.html']?.imports).toContain(key);
    expect(manifest['display.html']?.imports).toContain(key);
  });
});
