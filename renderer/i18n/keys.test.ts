import { describe, expect, it } from 'vitest';
import en from './en.json' with { type: 'json' };
import pt from './pt-PT.json' with { type: 'json' };

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('translations', () => {
  it('pt-PT and en have the same keys, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(pt).sort());
    for (const lang of [pt, en]) {
      for (const k of keys(lang)) expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], lang), k).not.toBe('');
    }
  });
  it('name the annulment reasons with their article: art. 16.º n.º 1, 2 and 5, and the closing time of art. 14.º n.º 5', () => {
    expect(Object.values(pt.annulReason).map((r) => /art\. (1[46])\.º, n\.º (\d)/.exec(r)?.slice(1).join('.'))).toEqual(['16.1', '16.2', '16.5', '14.5']);
  });
});
