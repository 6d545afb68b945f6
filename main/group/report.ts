/**
 * group:report (issue 25): the facts the halls publish under the group's
 * contract (issue 39, docs/group-contract.md), summed by PostgreSQL out of the
 * journal alone (db/group/report.ts), shaped by core/group-report.ts, written as
 * JSON, CSV or one self-contained HTML page (core/group-report-html.ts).
 */
import { toCsv } from '../../core/csv.js';
import { groupReport, periodIn, REPORT_CSV_COLUMNS, scanEnd, type GroupReport, type ReportFacts, type ReportFormat, type ReportPeriod } from '../../core/group-report.js';
import { DEFAULT_HALL_TIME_ZONE } from '../../core/time.js';
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
export async function readGroupReport(pool: GroupPool, period: ReportPeriod, now: Date = new Date()): Promise<GroupReport> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await c.query('SET LOCAL enable_nestloop = off');
    // Those plans' costs look huge to PostgreSQL (nested loops priced out), which then compiles them with JIT:
    // measured, over a second of compiling for under half a second of work at a month of 10 halls.
    await c.query('SET LOCAL jit = off');
    const report = await readInSnapshot(c, period, now);
    await c.query('COMMIT');
    return report;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    c.release();
  }
}

async function readInSnapshot(c: GroupClient, period: ReportPeriod, now: Date): Promise<GroupReport> {
  const halls = await groupHalls(c);
  const facts: { [K in Exclude<keyof ReportFacts, 'halls'>]: ReportFacts[K][number][] } = { sessions: [], guias: [], zReports: [], funds: [], meters: [] };
  // Each hall's period begins at its own midnight: the halls of one time zone are read together, on their window.
  for (const zone of new Set(halls.map((h) => h.timeZone))) {
    const hallIds = halls.filter((h) => h.timeZone === zone).map((h) => h.hallId);
    const { from, to } = periodIn(period, zone);
    const w: ReportWindow = { hallIds, scanFrom: from, scanTo: scanEnd({ ...period, from, to }), from, to };
    facts.sessions.push(...(await sessionFacts(c, w)));
    facts.guias.push(...(await guiaFacts(c, w)));
    facts.zReports.push(...(await zFacts(c, w)));
    facts.funds.push(...(await fundFacts(c, w)));
    facts.meters.push(...(await meterFacts(c, w)));
  }
  return groupReport({ halls: halls.map((h) => ({ hallId: h.hallId, name: h.name, timeZone: h.timeZone })), ...facts }, period, now.toISOString(), softwareLabel());
}

/** The report in the format asked for: the text written to stdout or the file. */
export function reportText(report: GroupReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'csv') return toCsv(REPORT_CSV_COLUMNS, report.rows, DEFAULT_HALL_TIME_ZONE, { software: report.software, madeAt: report.generatedAt });
  return reportHtml(report);
}
