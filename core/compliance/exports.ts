/**
 * A gaming day's record of identified persons as CSV (Lei n.º 83/2017,
 * art. 76.º; SPEC 11): who, what, when and which operator, each person's day
 * total beside each act. Managers only (export.complianceDay).
 */
import { csvCents, csvText, csvTime, type CsvColumn } from '../csv.js';
import { DOCUMENT_TYPE_LABELS, type IdentifiedAct, type IdentityDocumentType } from './rules.js';

export const ACT_LABELS: Record<IdentifiedAct, string> = {
  guia_payment: 'Pagamento de guia',
  prize_payment: 'Pagamento de prémio',
  chip_sale: 'Venda de fichas',
  chip_redemption: 'Pagamento de fichas',
};

export interface ComplianceCsvRow {
  at: string;
  act: IdentifiedAct;
  refId: number;
  cents: number;
  cashCents: number;
  chequeCents: number;
  cardCents: number;
  operator: string;
  terminalId: string;
  personId: number;
  name: string | null;
  documentType: IdentityDocumentType;
  documentNumber: string | null;
  country: string;
  dayTotalCents: number;
}

export const COMPLIANCE_DAY_CSV: readonly CsvColumn<ComplianceCsvRow>[] = [
  { header: 'Data e hora', cell: (r, zone) => csvTime(r.at, zone) },
  { header: 'Operação', cell: (r) => ACT_LABELS[r.act] },
  { header: 'Documento n.º', cell: (r) => r.refId },
  { header: 'Valor (€)', cell: (r) => csvCents(r.cents) },
  { header: 'Numerário (€)', cell: (r) => csvCents(r.cashCents) },
  { header: 'Cheque (€)', cell: (r) => csvCents(r.chequeCents) },
  { header: 'Cartão (€)', cell: (r) => csvCents(r.cardCents) },
  { header: 'Identificação n.º', cell: (r) => r.personId },
  { header: 'Nome', cell: (r) => csvText(r.name ?? '(apagado)') },
  { header: 'Documento', cell: (r) => DOCUMENT_TYPE_LABELS[r.documentType] },
  { header: 'N.º do documento', cell: (r) => csvText(r.documentNumber ?? '(apagado)') },
  { header: 'País emissor', cell: (r) => r.country },
  { header: 'Total do dia (€)', cell: (r) => csvCents(r.dayTotalCents) },
  { header: 'Operador', cell: (r) => csvText(r.operator) },
  { header: 'Terminal', cell: (r) => csvText(r.terminalId) },
];
