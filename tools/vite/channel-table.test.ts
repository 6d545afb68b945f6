import { describe, expect, it } from 'vitest';
import { CHANNELS, contract } from '../../core/contract.js';
import { CHANNEL_TABLE } from '../../renderer/lib/channels.js';
import { CHANNEL_TABLE_MODULE, channelTable, channelTableSource } from './channel-table.js';

/** The table the generated module exports (it is one JSON literal). */
function generated(): unknown {
  const m = /^export const CHANNEL_TABLE = (.*);\n$/s.exec(channelTableSource());
  if (!m?.[1]) throw new Error('unexpected source');
  return JSON.parse(m[1]);
}

function load(id: string): unknown {
  const hook = channelTable().load;
  const fn = typeof hook === 'function' ? hook : hook?.handler;
  return fn?.call({} as never, id);
}

describe('the channels table of the build', () => {
  it('holds every channel of the contract with its kind, topics and whether the hall keeps its key, and nothing else', () => {
    const table = generated() as Record<string, { kind: string; topics: string[]; keyKept: boolean }>;
    expect(Object.keys(table).sort()).toEqual([...CHANNELS].sort());
    for (const c of CHANNELS) expect(table[c], c).toEqual({ kind: contract[c].kind, topics: [...contract[c].topics], keyKept: table[c]!.keyKept });
    // A command's answer kept under its key; not a secret answer's (a login's token), not an unkeyed one's, not a query's.
    expect(['drawer.move', 'sale.create', 'auth.login', 'session.export', 'sale.list'].map((c) => table[c]!.keyKept)).toEqual([true, true, false, false, false]);
    expect(table).toEqual(JSON.parse(JSON.stringify(CHANNEL_TABLE)));
  });

  it('is one JSON literal, importing nothing (no zod, no schemas)', () => {
    const source = channelTableSource();
    expect(source.split('\n')).toHaveLength(2);
    expect(source.startsWith('export const CHANNEL_TABLE = {')).toBe(true);
    expect(() => generated()).not.toThrow();
  });

  it('replaces renderer/lib/channels.ts only, with or without a query', () => {
    expect(CHANNEL_TABLE_MODULE.replaceAll('\\', '/')).toMatch(/\/renderer\/lib\/channels\.ts$/);
    expect(load(CHANNEL_TABLE_MODULE)).toBe(channelTableSource());
    expect(load(`${CHANNEL_TABLE_MODULE}?v=123`)).toBe(channelTableSource());
    expect(load(CHANNEL_TABLE_MODULE.replace('channels.ts', 'topics.ts'))).toBeNull();
  });
});
