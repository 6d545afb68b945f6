import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskEvent } from '../core/events.js';
import { progressEmitter } from './kiosk.js';

describe('progress events', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first step, then at most one per 100 ms, and always the last; a new run starts again', () => {
    const events: KioskEvent[] = [];
    const progress = progressEmitter((e) => events.push(e), () => new Date('2026-12-01T01:00:00.000Z'));
    const steps = () => events.map((e) => (e.type === 'progress' ? `${e.done}/${e.total}` : e.type));
    progress('backup', 1, 10);
    progress('backup', 2, 10);
    vi.advanceTimersByTime(99);
    progress('backup', 3, 10);
    vi.advanceTimersByTime(1);
    progress('backup', 4, 10);
    progress('backup', 10, 10);
    expect(steps()).toEqual(['1/10', '4/10', '10/10']);
    progress('backup', 1, 5);
    expect(steps()).toEqual(['1/10', '4/10', '10/10', '1/5']);
    expect(events[0]).toEqual({ type: 'progress', task: 'backup', done: 1, total: 10, at: '2026-12-01T01:00:00.000Z' });
  });
});
