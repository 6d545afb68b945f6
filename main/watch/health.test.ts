/**
 * The health report on a real kiosk's file: a write probe that leaves nothing, a disk refused as failing (503),
 * a journal that never reads caught up while the group has not acknowledged the hall's entries, a clock gone back;
 * and the metrics of two posts in one process kept apart.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalState } from '../../core/audit/contract.js';
import { createHall, createHarness, type Harness } from '../../test/harness.js';
import { startWebServer } from '../web/server.js';
import { healthReport, journalLag, JOURNAL_LAG_LIMIT_S, type HealthSources } from './health.js';
import { createMetrics } from './metrics.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
  await createHall(h);
});
afterEach(() => h.close());

const journalState = (over: Partial<JournalState>): JournalState => ({
  state: 'caught-up',
  backlog: 0,
  groupHead: null,
  lastShippedAt: null,
  lastEntryAt: null,
  since: null,
  divergedSeq: null,
  cause: null,
  ...over,
});

function sources(over: Partial<HealthSources> = {}): HealthSources {
  return { db: h.kiosk.db, dataDir: h.dataDir, storage: () => h.kiosk.storage(), journal: () => null, now: h.clock.now, ...over };
}

const auditCount = () => (h.kiosk.db.prepare('SELECT COUNT(*) AS n FROM audit_log').get() as { n: number }).n;

describe('the health report', () => {
  it('is ok on a kiosk that writes, and its write probe leaves no row', () => {
    const before = auditCount();
    const version = h.kiosk.db.pragma('user_version', { simple: true });
    const report = healthReport(sources({ diskLow: { percent: 0, bytes: 0 } }));
    expect(report.status).toBe('ok');
    expect(report.checks.database).toMatchObject({ status: 'ok', writable: true });
    expect(report.checks.journal).toMatchObject({ status: 'ok', state: 'not configured' });
    expect(auditCount()).toBe(before);
    expect(h.kiosk.db.pragma('user_version', { simple: true })).toBe(version);
    expect(h.kiosk.db.inTransaction).toBe(false);
  });

  it('is failing when the last write found the disk failing, and the back-office port answers 503', async () => {
    const failing = () => ({ storage: 'io_error' as const, since: h.clock.now().toISOString() });
    expect(healthReport(sources({ storage: failing })).checks.database).toMatchObject({ status: 'failing', writable: false, storage: 'io_error' });
    const web = await startWebServer({ kiosk: h.kiosk, token: 't'.repeat(32), port: 0, watch: { health: () => healthReport(sources({ storage: failing })) } });
    try {
      const res = await fetch(`${web.url}/health`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { status: string }).status).toBe('failing');
      // Only what is given is served: no metrics here.
      expect((await fetch(`${web.url}/metrics`)).status).toBe(404);
    } finally {
      await web.close();
    }
  });

  it('never reads caught up while the group has not acknowledged the entries: out of reach, silent, or head unknown', () => {
    const head = auditCount();
    expect(head).toBeGreaterThan(3);
    // The link dead since the start: the group's head unknown, so is the lag.
    const unknown = healthReport(sources({ journal: () => journalState({ state: 'unreachable', groupHead: null }) })).checks.journal;
    expect(unknown).toMatchObject({ status: 'degraded', entries: 'unknown' });
    // Out of reach after shipping two entries: the rest are counted from the file, whatever the shipper's backlog said.
    const behind = healthReport(sources({ journal: () => journalState({ state: 'unreachable', groupHead: 2, backlog: 0 }) })).checks.journal;
    expect(behind).toMatchObject({ status: 'degraded', entries: head - 2 });
    // A shipper that says caught up but stopped acknowledging: the oldest waiting entry's age tells.
    h.clock.advanceSeconds(JOURNAL_LAG_LIMIT_S + 5);
    const stalled = healthReport(sources({ journal: () => journalState({ state: 'caught-up', groupHead: 2 }) })).checks.journal;
    expect(stalled).toMatchObject({ status: 'degraded', entries: head - 2 });
    expect(stalled.oldestSeconds).toBeGreaterThan(JOURNAL_LAG_LIMIT_S);
    expect(journalLag(sources({ journal: () => journalState({ groupHead: head }) }), h.clock.now())).toEqual({ state: 'caught-up', entries: 0, oldestSeconds: 0 });
  });

  it('says when the clock went back before the newest entry', () => {
    const back = new Date(h.clock.now().getTime() - 3_600_000);
    const clock = healthReport(sources({ now: () => back })).checks.clock;
    expect(clock).toMatchObject({ status: 'degraded', wentBack: true, behindSeconds: 3600 });
  });

  it("says what the system says of the clock's synchronisation: not synchronised degrades, unknown is said and degrades nothing", () => {
    const at = '2026-11-30T19:59:00.000Z';
    expect(healthReport(sources()).checks.clock).toMatchObject({ status: 'ok', sync: 'unknown', source: null, checkedAt: null });
    const unsynced = healthReport(sources({ clockSync: () => ({ sync: 'unsynchronised', source: 'timedatectl', checkedAt: at }) }));
    expect(unsynced.checks.clock).toMatchObject({ status: 'degraded', sync: 'unsynchronised', source: 'timedatectl', checkedAt: at, wentBack: false });
    expect(unsynced.status).toBe('degraded');
    expect(healthReport(sources({ clockSync: () => ({ sync: 'synchronised', source: 'chrony', checkedAt: at }) })).checks.clock).toMatchObject({ status: 'ok', sync: 'synchronised' });
  });
});

describe('the metrics', () => {
  it('keeps each post in its own registry', async () => {
    const a = createMetrics({ post: 'hall', processMetrics: false });
    const b = createMetrics({ post: 'hall', processMetrics: false });
    a.command('sale.create', 0.004, { ok: true, value: {} });
    a.command('sale.create', 0.006, { ok: false, error: { code: 'GAME_NOT_SELLING', message: '' } });
    a.pinRefused('INVALID_CREDENTIALS');
    // A retry answered from its key: the same sale, not counted again.
    a.command('sale.create', 0.001, { ok: true, value: {} }, true);
    expect(await a.text()).toContain('kiosk_sales_total{channel="sale.create",post="hall"} 1');
    expect(await a.text()).toContain('kiosk_command_duration_seconds_count{post="hall",channel="sale.create",outcome="refused"} 1');
    expect(await b.text()).not.toContain('kiosk_sales_total{');
  });
});
