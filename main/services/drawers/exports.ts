/**
 * The Z reports an inspector takes away (issue 20): one line per Z with its
 * figures as recorded at the close (report.z's own data), for a session (the
 * drawers its night view lists, closed) or for a period of closes.
 */
import type { ZReportView } from '../../../core/drawers/contract.js';
import { zReportsCsv } from '../../../core/drawers/exports.js';
import { CASH_LINES } from '../../../core/money-registry.js';
import { csvFilename, csvPeriodName, toCsv } from '../../../core/csv.js';
import { KioskError } from '../../../core/errors.js';
import { checkPeriod } from '../../../core/paging.js';
import { sessionById } from '../../../db/bingo/sessions.js';
import { drawersDuring, zReportsClosedBetween } from '../../../db/drawers.js';
import { zUsernamesOf } from '../../../db/z-usernames.js';
import { hallTimeZone } from '../../../db/people.js';
import { query, type HandlerSlice } from '../shared/context.js';
import { softwareLabel } from '../../version.js';

const Z_REPORTS_CSV = zReportsCsv(CASH_LINES);

export const drawersExportHandlers: HandlerSlice<'export.zReports'> = {
  'export.zReports': query((ctx, input) => {
    let reports: ZReportView[];
    let filename: string;
    const zone = hallTimeZone(ctx.db);
    if (input.sessionId !== undefined) {
      const session = sessionById(ctx.db, input.sessionId);
      if (!session) throw new KioskError('SESSION_NOT_FOUND', { sessionId: input.sessionId });
      reports = drawersDuring(ctx.db, session.openedAt, session.closedAt)
        .flatMap((d) => (d.close ? [d.close.report as ZReportView] : []))
        .sort((a, b) => a.zNumber - b.zNumber);
      filename = csvFilename('relatorios-z', 'sessao', session.id);
    } else {
      const period = checkPeriod(input.from, input.to) as { from: string; to: string };
      reports = zReportsClosedBetween(ctx.db, period.from, period.to) as ZReportView[];
      filename = csvFilename('relatorios-z', csvPeriodName(period.from, period.to, zone));
    }
    const rows = reports.map((z) => ({ ...z, usernames: zUsernamesOf(ctx.db, z.drawerId)! }));
    return { filename, content: toCsv(Z_REPORTS_CSV, rows, zone, { software: softwareLabel(), madeAt: ctx.at }), rows: rows.length };
  }),
};
