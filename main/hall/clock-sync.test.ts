import { describe, expect, it } from 'vitest';
import { CLOCK_SYNC_STATES, type ClockReadings } from '../../core/audit/clock.js';
import { readClockReadings, readClockSync, watchClockSync } from './clock-sync.js';

const at = () => new Date('2026-12-07T03:00:00.000Z');
const none: ClockReadings = { timedatectl: null, timesyncdFlag: null, chronyTracking: null };

describe("the hall server's clock synchronisation", () => {
  it('reads the system and stamps when it asked; a reading that fails is unknown', async () => {
    expect(await readClockSync(at, async () => ({ ...none, timedatectl: 'no\n' }))).toEqual({ sync: 'unsynchronised', source: 'timedatectl', checkedAt: '2026-12-07T03:00:00.000Z' });
    expect(await readClockSync(at, () => Promise.reject(new Error('EPERM')))).toEqual({ sync: 'unknown', source: null, checkedAt: '2026-12-07T03:00:00.000Z' });
  });

  it('asks this machine in words or says unknown (a container without systemd answers nothing)', async () => {
    const r = await readClockReadings();
    const s = await readClockSync(at, async () => r);
    expect(CLOCK_SYNC_STATES).toContain(s.sync);
    if (r.timedatectl === null && r.timesyncdFlag !== true && r.chronyTracking === null) expect(s.sync).toBe('unknown');
  });

  it('tells of a change of the answer, not of the same answer asked again', async () => {
    const answers: ClockReadings[] = [{ ...none, timedatectl: 'no' }, { ...none, timedatectl: 'no' }, { ...none, timedatectl: 'yes' }];
    let asked = 0;
    const changes: string[] = [];
    const w = watchClockSync({ everyMs: 5, now: at, read: async () => answers[Math.min(asked++, answers.length - 1)]!, changed: (s) => changes.push(s.sync) });
    expect(w.state().sync).toBe('unknown');
    await w.ready;
    expect(w.state()).toEqual({ sync: 'unsynchronised', source: 'timedatectl', checkedAt: '2026-12-07T03:00:00.000Z' });
    while (asked < 4) await new Promise((r) => setTimeout(r, 5));
    w.stop();
    expect(changes).toEqual(['unsynchronised', 'synchronised']);
    expect(w.state().sync).toBe('synchronised');
  });
});
