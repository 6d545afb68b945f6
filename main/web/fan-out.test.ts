/** The events of one turn go to each stream as one write, a repeated change once (the last), progress as it came. */
import { describe, expect, it } from 'vitest';
import type { KioskEvent } from '../../core/events.js';
import { eventFanOut } from './server.js';

const changed = (channel: string, topics: string[], at: string) => ({ type: 'changed', channel, topics, at }) as KioskEvent;

describe('eventFanOut', () => {
  it('writes one chunk a turn to every stream; the same change twice is sent once, where it came last', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const push = eventFanOut(() => [{ write: (c: string) => a.push(c) }, { write: (c: string) => b.push(c) }]);
    push(changed('sale.create', ['sales'], 't1'));
    push(changed('drawer.move', ['drawers'], 't2'));
    push({ type: 'progress', task: 'backup', done: 1, total: 2, at: 't3' } as KioskEvent);
    push(changed('sale.create', ['sales'], 't4'));
    push(changed('sale.create', ['sales', 'print'], 't5'));
    expect(a).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(a).toHaveLength(1);
    expect(b).toEqual(a);
    const sent = a[0]!
      .split('\n\n')
      .filter(Boolean)
      .map((f) => JSON.parse(f.replace(/^data: /, '')) as { channel?: string; at: string });
    expect(sent.map((e) => e.at)).toEqual(['t2', 't3', 't4', 't5']);
    push(changed('sale.create', ['sales'], 't6'));
    await new Promise((r) => setImmediate(r));
    expect(a).toHaveLength(2);
    expect(a[1]).toBe(`data: ${JSON.stringify(changed('sale.create', ['sales'], 't6'))}\n\n`);
  });
});

describe('eventFanOut with a window (a counter\'s stream at the terminals port)', () => {
  it('sends what came within the window from its first event as one write, not before', async () => {
    const a: string[] = [];
    const push = eventFanOut(() => [{ write: (c: string) => a.push(c) }], 30);
    push(changed('sale.create', ['sales'], 't1'));
    await new Promise((r) => setImmediate(r));
    push(changed('sale.create', ['sales'], 't2'));
    push(changed('drawer.move', ['drawers'], 't3'));
    await new Promise((r) => setTimeout(r, 5));
    expect(a).toEqual([]);
    await new Promise((r) => setTimeout(r, 40));
    expect(a).toHaveLength(1);
    const sent = a[0]!
      .split('\n\n')
      .filter(Boolean)
      .map((f) => (JSON.parse(f.replace(/^data: /, '')) as { at: string }).at);
    expect(sent).toEqual(['t2', 't3']);
  });
});
