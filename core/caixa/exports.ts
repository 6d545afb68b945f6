/**
 * The caixa's books as CSV (issue 20): the guias of a period and the
 * machines' return to players, the same figures as guia.list and
 * report.machineReturn give (core/csv.ts: pt-PT cells).
 */
import { csvCents, csvText, csvTime, csvYesNo, type CsvColumn } from '../csv.js';
import type { GuiaView, MachineReturnRow } from './contract.js';

/** The kinds of guia as printed on the guia (P, slot-machine rules n.º 14). */
const KIND: Record<GuiaView['kind'], string> = {
  jackpot: 'Jackpot',
  superjackpot: 'Superjackpot',
  hand_pay: 'Pagamento manual',
  credits_claim: 'Pagamento de créditos',
};
const STATUS: Record<GuiaView['status'], string> = { unpaid: 'Por pagar', paid: 'Paga', void: 'Anulada' };

const chequeCents = (g: GuiaView) => (g.payment ? g.payment.cheques.reduce((s, c) => s + c.amountCents, 0) : 0);

export const GUIAS_CSV: readonly CsvColumn<GuiaView>[] = [
  { header: 'Guia n.º', cell: (g) => g.number },
  { header: 'Emitida em', cell: (g, zone) => csvTime(g.issuedAt, zone) },
  { header: 'Máquina', cell: (g) => csvText(g.machineNumber) },
  { header: 'Modelo', cell: (g) => csvText(g.model) },
  { header: 'Tipo', cell: (g) => KIND[g.kind] },
  { header: 'Valor (€)', cell: (g) => csvCents(g.amountCents) },
  { header: 'Fundo', cell: (g) => csvText(g.fund) },
  { header: 'Emitida por', cell: (g) => csvText(g.issuedBy) },
  { header: 'Estado', cell: (g) => STATUS[g.status] },
  { header: 'Paga em', cell: (g, zone) => csvTime(g.payment?.paidAt, zone) },
  { header: 'Paga por', cell: (g) => csvText(g.payment?.paidBy) },
  { header: 'Numerário (€)', cell: (g) => (g.payment ? csvCents(g.payment.cashCents) : '') },
  { header: 'Cheques (€)', cell: (g) => (g.payment ? csvCents(chequeCents(g)) : '') },
  { header: 'Cheques (n.º, banco, valor)', cell: (g) => csvText(g.payment?.cheques.map((c) => `${c.number} (${c.bank}) ${csvCents(c.amountCents)}`).join(' / ')) },
  { header: 'Motivo da anulação', cell: (g) => csvText(g.voidReason) },
  { header: 'Observações', cell: (g) => csvText(g.notes) },
];

/** Basis points as a percentage with two decimals: 8250 -> `82,50`. */
const percent = (basisPoints: number) => csvCents(basisPoints);

export const MACHINE_RETURN_CSV: readonly CsvColumn<MachineReturnRow>[] = [
  { header: 'Máquina', cell: (m) => csvText(m.number) },
  { header: 'Modelo', cell: (m) => csvText(m.model) },
  { header: 'Jogado (€)', cell: (m) => csvCents(m.playedCents) },
  { header: 'Prémios pagos pela máquina (€)', cell: (m) => csvCents(m.machinePrizesCents) },
  { header: 'Guias (€)', cell: (m) => csvCents(m.guiasCents) },
  { header: 'Retorno (%)', cell: (m) => (m.returnBasisPoints === null ? '' : percent(m.returnBasisPoints)) },
  { header: 'Abaixo do mínimo', cell: (m) => csvYesNo(m.below) },
  { header: 'Leituras', cell: (m) => m.readings },
];
