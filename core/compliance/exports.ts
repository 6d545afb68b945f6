/**
 * A gaming day's record of identified persons as CSV (Lei n.º 83/2017,
 * art. 76.º; SPEC 11): who, what, when and which operator, each person's day
 * total beside each act; the refusals of persons barred from play among them,
 * in the order they happened. Managers only (export.complianceDay).
 */
import { csvCents, csvText, csvTime, type CsvColumn } from '../csv.js';
import { DOCUMENT_TYPE_LABELS, type DayRecordAct, type IdentityDocumentType } from './rules.js';

export const ACT_LABELS: Record<DayRecordAct, string> = {
  guia_payment: 'Pagamento de guia',
  prize_payment: 'Pagamento de prémio',
  chip_sale: 'Venda de fichas',
  chip_redemption: 'Pagamento de fichas',
  entry: 'Entrada na sala',
  card_purchase: 'Compra de cartões',
};

/** A payment or an exchange of an identified person, with the person's day total. */
export interface ComplianceActCsvRow {
  kind: 'act';
  at: string;
  act: DayRecordAct;
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

/** An identification or a payment refused because the list in force bars the person: the list's entry, no amount. */
export interface ComplianceRefusalCsvRow {
  kind: 'refusal';
  at: string;
  operator: string;
  terminalId: string;
  listId: number;
  line: number;
  name: string;
  documentType: IdentityDocumentType;
  documentNumber: string;
  country: string;
}

/** The day's rows in the order they happened: acts and refusals in one table, as a spreadsheet filters it. */
export type ComplianceCsvRow = ComplianceActCsvRow | ComplianceRefusalCsvRow;

const REFUSAL_LABEL = 'Recusa: pessoa proibida de jogar';
const act = <T>(r: ComplianceCsvRow, cell: (r: ComplianceActCsvRow) => T): T | '' => (r.kind === 'act' ? cell(r) : '');

export const COMPLIANCE_DAY_CSV: readonly CsvColumn<ComplianceCsvRow>[] = [
  { header: 'Data e hora', cell: (r, zone) => csvTime(r.at, zone) },
  { header: 'Operação', cell: (r) => (r.kind === 'act' ? ACT_LABELS[r.act] : REFUSAL_LABEL) },
  { header: 'Documento n.º', cell: (r) => (r.kind === 'act' ? r.refId : csvText(`lista ${r.listId}, linha ${r.line}`)) },
  { header: 'Valor (€)', cell: (r) => act(r, (a) => csvCents(a.cents)) },
  { header: 'Numerário (€)', cell: (r) => act(r, (a) => csvCents(a.cashCents)) },
  { header: 'Cheque (€)', cell: (r) => act(r, (a) => csvCents(a.chequeCents)) },
  { header: 'Cartão (€)', cell: (r) => act(r, (a) => csvCents(a.cardCents)) },
  { header: 'Identificação n.º', cell: (r) => act(r, (a) => a.personId) },
  { header: 'Nome', cell: (r) => csvText(r.name ?? '(apagado)') },
  { header: 'Documento', cell: (r) => DOCUMENT_TYPE_LABELS[r.documentType] },
  { header: 'N.º do documento', cell: (r) => csvText(r.documentNumber ?? '(apagado)') },
  { header: 'País emissor', cell: (r) => r.country },
  { header: 'Total do dia (€)', cell: (r) => act(r, (a) => csvCents(a.dayTotalCents)) },
  { header: 'Operador', cell: (r) => csvText(r.operator) },
  { header: 'Terminal', cell: (r) => csvText(r.terminalId) },
];
