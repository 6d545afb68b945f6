/**
 * Texts people read cite the law by its name, never this project's documents
 * (issue 22, point 13): no "SPEC 9" in a screen's words or a refusal's
 * message, and no bare "(n.º 9)" of the slot-machine rules that reads as a
 * machine's number.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
  return out;
}

const INTERNAL = /\bSPEC\b|shared\/SPEC|ARCHITECTURE\.md/;

describe('texts people read', () => {
  it('never cite our own documents, in the screens’ words (pt-PT and en)', () => {
    for (const lang of ['pt-PT', 'en']) {
      const all = strings(JSON.parse(readFileSync(join(ROOT, 'renderer', 'i18n', `${lang}.json`), 'utf8')), lang, []);
      expect(all.length).toBeGreaterThan(500);
      expect(all.filter(([, s]) => INTERNAL.test(s))).toEqual([]);
    }
  });

  it('never cite our own documents in a refusal’s message', () => {
    const catalogues = readdirSync(join(ROOT, 'core'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('errors.ts'));
    expect(catalogues.length).toBeGreaterThanOrEqual(4);
    for (const file of catalogues) {
      // The messages: the lines that give a code's pt or en text (comments may name the sections the rules come from).
      const messages = readFileSync(join(ROOT, 'core', file), 'utf8')
        .split('\n')
        .filter((l) => /^\s*(pt|en):/.test(l));
      expect([file, messages.filter((l) => INTERNAL.test(l))]).toEqual([file, []]);
    }
  });
});
