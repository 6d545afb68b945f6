/**
 * group:report (issue 25): the facts the halls publish under the group's
 * contract (issue 39, docs/group-contract.md), summed by PostgreSQL out of the
 * journal alone (db/group/report.ts), shaped by core/group-report.ts, written as
 * JSON, CSV or one self-contained HTML page (core/group-report-html.ts).
 */
import { toCsv } from '../../core/csv.js';
import { groupReportOf, periodIn, REPORT_CSV_COLUMNS, reportDifferences, reportPeriod, scanEnd, summaryOf, type BucketFact, type GroupReport, type MachineSum, type ReportFacts, type ReportFormat, type ReportPeriod, type SessionFact } from '../../core/group-report.js';
import { DEFAULT_HALL_TIME_ZONE, type HallTimeZone } from '../../core/time.js';
import { summaryBuckets, summaryMachines, summarySessions } from '../../db/group/summaries.js';
import { reportHtml } from '../../core/group-report-html.js';
import type { GroupClient, GroupPool } from '../../db/group/client.js';
import { groupHalls } from '../../db/group/journal.js';
import { fundFacts, guiaFacts, meterFacts, sessionFacts, zFacts, type ReportWindow } from '../../db/group/report.js';
import { softwareLabel } from '../version.js';

/**
 * The report in one read-only snapshot (every figure of the same moment, whatever is being shipped). Nested
 * loops are off for it: the window's documents are unnested into CTEs PostgreSQL cannot estimate, and a nested
 * loop over them (sales against refunds, say) went from under a second to minutes at a month of one hall.
 */
export function readGroupReport(pool: GroupPool, period: ReportPeriod, now: Date = new Date()): Promise<GroupReport> {
  return inReportSnapshot(pool, (c) => readInSnapshot(c, period, now));
}

/** `read` in one read-only snapshot with the report's plan settings, on a client of its own where given a pool. */
async function inReportSnapshot<T>(target: GroupClient | GroupPool, read: (c: GroupClient) => Promise<T>): Promise<T> {
  // A pool lends a client; a client (one already lent: it has release) is used as it is.
  const own = 'connect' in target && !('release' in target) ? await (target as GroupPool).connect() : null;
  const c = own ?? target;
  try {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await c.query('SET LOCAL enable_nestloop = off');
    // Those plans' costs look huge to PostgreSQL (nested loops priced out), which then compiles them with JIT:
    // measured, over a second of compiling for under half a second of work at a month of 10 halls.
    await c.query('SET LOCAL jit = off');
    const result = await read(c);
    await c.query('COMMIT');
    return result;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    own?.release();
  }
}

async function readInSnapshot(c: GroupClient, period: ReportPeriod, now: Date): Promise<GroupReport> {
  const halls = await groupHalls(c);
  // A hall whose summaries hold every entry the group has of it is read from them; another (its backlog not yet
  // summed, an entry waiting for its upcast) from its entries, to the same figures.
  const summed = halls.filter((h) => h.summarizedSeq === h.headSeq);
  const lagging = halls.filter((h) => h.summarizedSeq !== h.headSeq);
  const facts = await summaryFactsOf(c, summed.map((h) => h.hallId), period);
  for (const zone of new Set(lagging.map((h) => h.timeZone))) {
    const ofZone = lagging.filter((h) => h.timeZone === zone);
    const raw = await rawFacts(c, ofZone.map((h) => h.hallId), zone, period);
    const s = summaryOf({ halls: ofZone.map((h) => ({ hallId: h.hallId, name: h.name, timeZone: h.timeZone })), ...raw }, period);
    facts.sessions.push(...s.sessions);
    facts.buckets.push(...s.buckets);
    facts.machines.push(...s.machines);
  }
  const report = groupReportOf({ halls: halls.map((h) => ({ hallId: h.hallId, name: h.name, timeZone: h.timeZone })), ...facts }, period, now.toISOString(), softwareLabel());
  return { ...report, readFromEntries: lagging.map((h) => h.name) };
}

/** The kept figures of some halls over the period. */
export async function summaryFactsOf(c: GroupClient, hallIds: readonly string[], period: ReportPeriod): Promise<{ sessions: SessionFact[]; buckets: BucketFact[]; machines: MachineSum[] }> {
  if (hallIds.length === 0) return { sessions: [], buckets: [], machines: [] };
  return {
    sessions: await summarySessions(c, hallIds, period.fromDay, period.toDay),
    buckets: await summaryBuckets(c, hallIds, period.fromDay, period.toDay),
    machines: await summaryMachines(c, hallIds, period.fromDay, period.toDay),
  };
}

/** The facts of some halls of one time zone read entry by entry over the period (their days begin at its midnight). */
export async function rawFacts(c: GroupClient, hallIds: readonly string[], zone: HallTimeZone, period: ReportPeriod): Promise<Omit<ReportFacts, 'halls'>> {
  const { from, to } = periodIn(period, zone);
  const w: ReportWindow = { hallIds, scanFrom: from, scanTo: scanEnd({ ...period, from, to }), from, to };
  return { sessions: await sessionFacts(c, w), guias: await guiaFacts(c, w), zReports: await zFacts(c, w), funds: await fundFacts(c, w), meters: await meterFacts(c, w) };
}

/**
 * One hall's report over some days made both ways, from its kept summaries and summed from its entries, and where
 * they differ (group:verify: a summary row edited in the database, or summed wrong, is named).
 */
export function summaryDifferences(target: GroupClient | GroupPool, hall: { hallId: string; name: string; timeZone: HallTimeZone }, fromDay: string, toDay: string): Promise<string[]> {
  const period = reportPeriod({ from: fromDay, to: toDay }, toDay);
  const halls = [{ hallId: hall.hallId, name: hall.name, timeZone: hall.timeZone }];
  return inReportSnapshot(target, async (c) => {
    const kept = groupReportOf({ halls, ...(await summaryFactsOf(c, [hall.hallId], period)) }, period, '', '');
    const fromEntries = groupReportOf(summaryOf({ halls, ...(await rawFacts(c, [hall.hallId], hall.timeZone, period)) }, period), period, '', '');
    return reportDifferences(kept, fromEntries);
  });
}

/** The report in the format asked for: the text written to stdout or the file. */
export function reportText(report: GroupReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'csv') return toCsv(REPORT_CSV_COLUMNS, report.rows, DEFAULT_HALL_TIME_ZONE, { software: report.software, madeAt: report.generatedAt });
  return reportHtml(report);
}
