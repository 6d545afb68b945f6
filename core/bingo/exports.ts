/**
 * The bingo books as CSV (issue 20): a session's sales, one line per sale,
 * the same figures as sale.page gives (core/csv.ts: pt-PT cells).
 */
import { csvCents, csvText, csvTime, csvYesNo, type CsvColumn } from '../csv.js';
import type { SessionSaleView } from './contract.js';

/** `A 1-6, B 1-3`: the cards of a sale, first series first. */
function rangesText(ranges: SessionSaleView['ranges']): string {
  return ranges.map((r) => `${r.seriesCode} ${r.from}-${r.to}`).join(', ');
}

const PAYMENT: Record<SessionSaleView['paymentMethod'], string> = { cash: 'numerário', chips: 'fichas' };

export const SALES_CSV: readonly CsvColumn<SessionSaleView>[] = [
  { header: 'Venda n.º', cell: (s) => s.saleId },
  { header: 'Data e hora', cell: (s, zone) => csvTime(s.createdAt, zone) },
  { header: 'Jogada', cell: (s) => s.gameNumber },
  { header: 'Cartões', cell: (s) => rangesText(s.ranges) },
  { header: 'Quantidade', cell: (s) => s.quantity },
  { header: 'Preço unitário (€)', cell: (s) => csvCents(s.unitPriceCents) },
  { header: 'Total (€)', cell: (s) => csvCents(s.totalCents) },
  { header: 'Pagamento', cell: (s) => PAYMENT[s.paymentMethod] },
  { header: 'Valor entregue (€)', cell: (s) => csvCents(s.tenderedCents) },
  { header: 'Troco (€)', cell: (s) => csvCents(s.changeCents) },
  // Each person by full name and by username, as in the Z reports' file (core/drawers/exports.ts): the name reads, the username is the login the audit log keeps.
  { header: 'Operador', cell: (s) => csvText(s.cashierName) },
  { header: 'Operador (utilizador)', cell: (s) => csvText(s.cashier) },
  { header: 'Terminal', cell: (s) => csvText(s.terminalId) },
  { header: 'Anulada', cell: (s) => csvYesNo(s.voided) },
];
