/**
 * group:report (issue 25): the facts summed by PostgreSQL out of the journal
 * alone (db/group/report.ts), shaped by core/group-report.ts, written as
 * JSON, CSV or one self-contained HTML page (core/group-report-html.ts).
 */
import { toCsv } from '../../core/csv.js';
import { groupReport, REPORT_CSV_COLUMNS, scanEnd, type GroupReport, type ReportFormat, type ReportPeriod } from '../../core/group-report.js';
import { reportHtml } from '../../core/group-report-html.js';
import type { GroupClient, GroupPool } from '../../db/group/client.js';
import { groupHalls } from '../../db/group/journal.js';
import { fundFacts, guiaFacts, machineImports, meterFacts, sessionFacts, zFacts, type ReportWindow } from '../../db/group/report.js';

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
  const hallIds = halls.map((h) => h.hallId);
  const w: ReportWindow = { hallIds, scanFrom: period.from, scanTo: scanEnd(period), from: period.from, to: period.to };
  const [sessions, guias, zReports, funds, meters, imports] = [
    await sessionFacts(c, w),
    await guiaFacts(c, w),
    await zFacts(c, w),
    await fundFacts(c, w),
    await meterFacts(c, w),
    await machineImports(c, hallIds),
  ];
  return groupReport({ halls: halls.map((h) => ({ hallId: h.hallId, name: h.name })), sessions, guias, zReports, funds, meters, imports }, period, now.toISOString());
}

/** The report in the format asked for: the text written to stdout or the file. */
export function reportText(report: GroupReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'csv') return toCsv(REPORT_CSV_COLUMNS, report.rows);
  return reportHtml(report);
}
