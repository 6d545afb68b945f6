/**
 * The Z reports as CSV (issue 20): one line per Z with its figures, as
 * recorded at the drawer's close and printed (report.z gives the same).
 */
import { csvCents, csvText, csvTime, type CsvColumn } from '../csv.js';
import type { DrawerLine } from '../money-kinds.js';
import type { ZReportView } from './contract.js';

const euros = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : csvCents(cents));

/** A Z as the file writes it: the report as recorded, and the usernames of the people it names by full name. */
type ZReportCsvRow = ZReportView & { usernames: { openedBy: string; closedBy: string; acceptedBy: string | null } };

/**
 * Each person by full name and by username, as in the sales file (core/bingo/exports.ts): the name
 * reads, the username is the login the audit log keeps; an auditor matches either across the files.
 * The drawer's lines are the domains' (core/money-registry.ts CASH_LINES), given by the caller.
 */
export const zReportsCsv = (cashLines: readonly DrawerLine[]): readonly CsvColumn<ZReportCsvRow>[] => [
  { header: 'Z n.º', cell: (z) => z.zNumber },
  { header: 'Gaveta n.º', cell: (z) => z.drawerId },
  { header: 'Terminal', cell: (z) => csvText(z.terminalId) },
  { header: 'Operador', cell: (z) => csvText(z.operator) },
  { header: 'Operador (utilizador)', cell: (z) => csvText(z.usernames.openedBy) },
  { header: 'Aberta em', cell: (z, zone) => csvTime(z.openedAt, zone) },
  { header: 'Fechada em', cell: (z, zone) => csvTime(z.at, zone) },
  { header: 'Fechada por', cell: (z) => csvText(z.closedBy) },
  { header: 'Fechada por (utilizador)', cell: (z) => csvText(z.usernames.closedBy) },
  { header: 'Fundo de caixa (€)', cell: (z) => euros(z.openingFloatCents) },
  // The drawer's lines in the report's order, as the domains declare them (a line a domain adds gets its column).
  ...cashLines.map((line): CsvColumn<ZReportCsvRow> => ({ header: `${line.label} (€)`, cell: (z) => euros(z.movements[line.key]) })),
  { header: 'Esperado (€)', cell: (z) => euros(z.expectedCents) },
  { header: 'Contado (€)', cell: (z) => euros(z.countedCents) },
  { header: 'Diferença (€)', cell: (z) => euros(z.varianceCents) },
  { header: 'Diferença aceite por', cell: (z) => csvText(z.varianceAcceptedBy) },
  { header: 'Diferença aceite por (utilizador)', cell: (z) => csvText(z.usernames.acceptedBy) },
  { header: 'Motivo', cell: (z) => csvText(z.varianceReason) },
  { header: 'Fichas esperadas (€)', cell: (z) => euros(z.chips?.expectedCents) },
  { header: 'Fichas contadas (€)', cell: (z) => euros(z.chipsCount?.countedCents) },
  { header: 'Diferença em fichas (€)', cell: (z) => euros(z.chipsCount?.varianceCents) },
  { header: 'Auditoria n.º', cell: (z) => z.auditHead?.seq ?? '' },
];
