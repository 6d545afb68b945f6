/**
 * Each money kind lives in its domain (issue 23): every shipped file that
 * names a kind (a ledger_transactions.kind) lies in the folders of the
 * domain that declares it (core/<domain>/money.ts), a migration, or the
 * kernel's registry that merges them. A kind named in the ledger, the books
 * check, the print queue or the X and Z again would fail here: adding a kind
 * touches its domain's folders, a migration and its tests, nothing central.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINGO_MONEY_KINDS } from '../core/bingo/money.js';
import { CAIXA_MONEY_KINDS } from '../core/caixa/money.js';
import { DRAWER_MONEY_KINDS } from '../core/drawers/money.js';
import { MONEY_KINDS } from '../core/money-registry.js';
import { CHIP_MONEY_KINDS } from '../core/roulette/money.js';

const ROOT = join(import.meta.dirname, '..');

/** Where each domain's code is, in every layer (its screens included). */
const HOMES: Record<string, { kinds: readonly { kind: string }[]; folders: string[] }> = {
  bingo: {
    kinds: BINGO_MONEY_KINDS,
    folders: ['core/bingo/', 'db/bingo/', 'main/services/bingo/', 'renderer/screens/Sale/', 'renderer/screens/Game/', 'renderer/screens/Prizes/', 'renderer/screens/Acta/'],
  },
  drawers: { kinds: DRAWER_MONEY_KINDS, folders: ['core/drawers/', 'db/drawers.ts', 'main/services/drawers/', 'renderer/screens/Drawers/'] },
  caixa: { kinds: CAIXA_MONEY_KINDS, folders: ['core/caixa/', 'db/caixa.ts', 'main/services/caixa/', 'renderer/screens/Caixa/'] },
  roulette: { kinds: CHIP_MONEY_KINDS, folders: ['core/roulette/', 'db/roulette.ts', 'main/services/roulette/', 'renderer/screens/Caixa/'] },
};
const EVERYWHERE = ['db/migrations/', 'core/money-registry.ts'];

/** The shipped source: what runs in the kiosk, its tests and fixtures left out. */
function shipped(): string[] {
  return ['core', 'db', 'main', 'printing', 'renderer'].flatMap((top) =>
    readdirSync(join(ROOT, top), { recursive: true, encoding: 'utf8' })
      .map((f) => `${top}/${f.replaceAll('\\', '/')}`)
      .filter((f) => /\.(ts|tsx|mts|cts|mjs|sql)$/.test(f) && !/\.test\.|\/fixtures\//.test(f)),
  );
}

describe('each money kind', () => {
  it('is declared by one domain', () => {
    const declared = Object.values(HOMES).flatMap((h) => h.kinds.map((k) => k.kind));
    expect([...declared].sort()).toEqual(MONEY_KINDS.map((k) => k.kind).sort());
  });

  it('is named only in its domain’s folders, a migration, or the kernel’s registry', () => {
    const files = shipped().map((f) => ({ f, text: readFileSync(join(ROOT, f), 'utf8') }));
    expect(files.length).toBeGreaterThan(200);
    const strays: string[] = [];
    for (const [domain, home] of Object.entries(HOMES)) {
      for (const { kind } of home.kinds) {
        const named = new RegExp(`(['"\`])${kind}\\1`);
        for (const { f, text } of files) {
          if (!named.test(text)) continue;
          if ([...home.folders, ...EVERYWHERE].some((place) => f.startsWith(place))) continue;
          strays.push(`${kind} (${domain}) in ${f}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it('a kind named outside its domain is found (the check can fail)', () => {
    const named = new RegExp(`(['"\`])guia_paid\\1`);
    expect(named.test("const k = 'guia_paid';")).toBe(true);
    expect(named.test('const k = "guia_paid_later";')).toBe(false);
  });
});
