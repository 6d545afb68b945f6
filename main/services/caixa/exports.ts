/**
 * The caixa's books an inspector takes away (issue 20): the guias of a
 * period and the machines' return to players as CSV files, from the same
 * rows and the same mapping as guia.list and report.machineReturn.
 */
import { GUIAS_CSV, MACHINE_RETURN_CSV } from '../../../core/caixa/exports.js';
import { csvFilename, csvPeriodName, toCsv } from '../../../core/csv.js';
import { checkPeriod } from '../../../core/paging.js';
import { guiasInOrder } from '../../../db/caixa.js';
import { hallTimeZone } from '../../../db/people.js';
import { query, type HandlerSlice } from '../shared/context.js';
import { machineReturn } from './funds.js';
import { guiaView } from './guias.js';
import { softwareLabel } from '../../version.js';

export const caixaExportHandlers: HandlerSlice<'export.guias' | 'export.machineReturn'> = {
  'export.guias': query((ctx, input) => {
    const period = checkPeriod(input.from, input.to) as { from: string; to: string };
    const guias = guiasInOrder(ctx.db, { status: input.status, ...period }).map((g) => guiaView(g));
    const status = input.status === 'all' ? [] : [input.status];
    const zone = hallTimeZone(ctx.db);
    return { filename: csvFilename('guias', csvPeriodName(period.from, period.to, zone), ...status), content: toCsv(GUIAS_CSV, guias, zone, { software: softwareLabel(), madeAt: ctx.at }), rows: guias.length };
  }),
  'export.machineReturn': query((ctx, input) => {
    const report = machineReturn(ctx.db, input.from, input.to);
    const zone = hallTimeZone(ctx.db);
    return {
      filename: csvFilename('retorno-maquinas', csvPeriodName(report.from, report.to, zone)),
      content: toCsv(MACHINE_RETURN_CSV, report.machines, zone, { software: softwareLabel(), madeAt: ctx.at }),
      rows: report.machines.length,
    };
  }),
};
