/**
 * The kiosk's clock (issue 40, point 6): a jump of the wall clock against the
 * monotonic one is one audit row with its figures, written through the
 * dispatcher (the machine command clock.jump) and verified with the books;
 * normal ticking writes none. system.clock says what the system says of its
 * synchronisation, to managers, unknown where the post does not ask.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHall, createHarness, type Harness } from '../../../test/harness.js';

const JUMP_CHANNEL = 'clock.jump';

let h: Harness | null = null;
afterEach(() => {
  h?.close();
  h = null;
});

/** A kiosk whose clock watch looks every 5 ms at the test's wall clock and the test's monotonic clock. */
async function watched() {
  const mono = { ms: 1_000, looks: 0 };
  h = await createHarness({
    clockWatch: {
      monotonic: () => {
        mono.looks++;
        return mono.ms;
      },
      everyMs: 5,
    },
  });
  const t = await createHall(h);
  const h2 = h;
  /** A few more looks at the clocks as they stand. */
  const looks = async (n = 3) => {
    const end = mono.looks + n;
    const deadline = Date.now() + 10_000;
    while (mono.looks < end) {
      if (Date.now() > deadline) throw new Error('the kiosk did not look at its clock');
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  // A manager logged in anew: an hour's jump forward ends the sessions open before it.
  const jumps = async () => (await h2.ok('audit.list', { channel: JUMP_CHANNEL }, await h2.login('gerente', '2222'))).entries;
  return { h: h2, t, mono, looks, jumps };
}

describe('a jump of the clock', () => {
  it('writes nothing while the clock ticks as the monotonic one, or stands still, or moves within the limits', async () => {
    const { h, mono, looks, jumps } = await watched();
    for (let i = 0; i < 5; i++) {
      h.clock.advanceSeconds(10);
      mono.ms += 10_000;
      await looks();
    }
    await looks();
    // Two seconds back and a minute forward, exactly: NTP's own small steps.
    h.clock.advanceSeconds(-2);
    await looks();
    h.clock.advanceSeconds(60);
    await looks();
    expect(await jumps()).toEqual([]);
  });

  it('records a step back of two hours once, with what the clock should have read, what it read and the step; the books verify', async () => {
    const { h, t, mono, looks, jumps } = await watched();
    await looks();
    // Ten seconds pass; the clock is set two hours back meanwhile.
    mono.ms += 10_000;
    h.clock.current = new Date('2026-11-30T18:00:10.000Z');
    await looks();
    // Ticking on from the new time: nothing more.
    h.clock.advanceSeconds(30);
    mono.ms += 30_000;
    await looks();
    const rows = await jumps();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ at: '2026-11-30T18:00:10.000Z', channel: JUMP_CHANNEL, outcome: 'ok', operator: null, terminalId: 'T1', before: null, after: null });
    expect(JSON.parse(rows[0]!.input)).toEqual({ from: '2026-11-30T20:00:10.000Z', to: '2026-11-30T18:00:10.000Z', seconds: -7200 });
    expect(await h.ok('audit.verify', {}, t.manager)).toMatchObject({ valid: true, brokenAt: null });
    expect(await h.ok('books.verify', {}, t.manager)).toMatchObject({ ok: true, findingsTotal: 0 });
  });

  it('records a step forward beyond a minute', async () => {
    const { h, mono, looks, jumps } = await watched();
    await looks();
    mono.ms += 5_000;
    h.clock.advanceSeconds(5 + 3600);
    await looks();
    const rows = await jumps();
    expect(rows.map((r) => JSON.parse(r.input))).toEqual([{ from: '2026-11-30T20:00:05.000Z', to: '2026-11-30T21:00:05.000Z', seconds: 3600 }]);
  });
});

describe('system.clock', () => {
  it('says unknown where the post does not ask its system, to managers only', async () => {
    h = await createHarness();
    const t = await createHall(h);
    expect(await h.ok('system.clock', {}, t.manager)).toEqual({ sync: 'unknown', source: null, checkedAt: null });
    expect((await h.refused('system.clock', {}, t.cashier)).code).toBe('FORBIDDEN');
  });

  it("answers the post's last reading", async () => {
    h = await createHarness({ clockSync: () => ({ sync: 'unsynchronised', source: 'timedatectl', checkedAt: '2026-11-30T19:59:00.000Z' }) });
    const t = await createHall(h);
    expect(await h.ok('system.clock', {}, t.manager)).toEqual({ sync: 'unsynchronised', source: 'timedatectl', checkedAt: '2026-11-30T19:59:00.000Z' });
    expect(h.kiosk.clockSync()).toEqual({ sync: 'unsynchronised', source: 'timedatectl', checkedAt: '2026-11-30T19:59:00.000Z' });
  });
});
