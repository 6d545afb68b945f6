import type { ANNUL_REASONS } from '../../core/bingo/rules.js';
import type { HallTimeZone } from '../../core/time.js';
import type { TitleParams } from '../../core/printing/jobs.js';
import type { Block, PrintDocument } from '../layout.js';
import {
  cardsInRanges,
  cardsWord,
  checkCents,
  checkRanges,
  euros,
  formatHallDateTime,
  hallHeader,
  heading,
  pair,
  rangeText,
  type CardRange,
  softwareFooter,
} from './format.js';

export type AnnulReason = (typeof ANNUL_REASONS)[number];

/** Why the game was annulled, with the article (DN art. 16). */
export const ANNUL_REASON_LABELS: Readonly<Record<AnnulReason, string>> = {
  failure_before_draw: 'Avaria antes da extração (art. 16.º n.º 1)',
  failure_during_draw: 'Avaria durante a extração (art. 16.º n.º 2)',
  announcement_error: 'Erro no anúncio de um número (art. 16.º n.º 5)',
  closing_time: 'Hora de encerramento (art. 14.º n.º 5)',
};

/** The full refund of a sale of an annulled game (DN art. 16.3). */
export interface RefundReceiptData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  hallName: string;
  licence: string | null;
  /** The sale refunded (its receipt number). */
  saleId: number;
  sessionId: number;
  gameNumber: number;
  annulReason?: AnnulReason | null;
  ranges: CardRange[];
  amountCents: number;
  paidBy: string;
  terminalId?: string | null;
  paidAt: string;
}

/** When and where it was paid, and the game annulled with why: the same lines on a sale's refund and a card's. */
function annulledGameLines(data: Omit<RefundReceiptData, 'ranges'>): Block[] {
  return [
    pair('Data', formatHallDateTime(data.paidAt, data.timeZone)),
    pair('Sessão n.º', data.sessionId),
    pair('Jogada n.º', data.gameNumber),
    ...(data.terminalId ? [pair('Terminal', data.terminalId)] : []),
    { kind: 'rule' },
    { kind: 'text', text: `Jogada n.º ${data.gameNumber} anulada (art. 16.º)`, bold: true },
    ...(data.annulReason ? [{ kind: 'text', text: ANNUL_REASON_LABELS[data.annulReason] } as Block] : []),
  ];
}

/** The refund receipt the player signs; opens the drawer (paid in cash). */
export function refundReceipt(data: RefundReceiptData): PrintDocument {
  checkRanges(data.ranges);
  checkCents('amountCents', data.amountCents);
  const blocks: Block[] = [
    ...hallHeader(data.hallName, data.licence),
    { kind: 'rule' },
    heading('DEVOLUÇÃO'),
    pair('Venda n.º', data.saleId),
    ...annulledGameLines(data),
    ...data.ranges.map((r): Block => ({ kind: 'text', text: rangeText(r) })),
    pair('Cartões', cardsWord(cardsInRanges(data.ranges))),
    { kind: 'rule' },
    pair('VALOR', euros(data.amountCents), { bold: true, large: true }),
    { kind: 'text', text: 'Devolução integral, sem dedução (art. 16.º n.º 3).' },
    pair('Pago por', data.paidBy),
    { kind: 'signature', caption: 'Assinatura do jogador' },
    ...softwareFooter(data.software),
  ];
  return {
    kind: 'refund',
    title: `Devolução da venda n.º ${data.saleId}`,
    titleParams: { saleId: data.saleId } satisfies TitleParams<'refund'>,
    blocks,
    openDrawer: true,
  };
}

/** One card of an annulled game refunded by its number, whoever sold it (issue 42; DN art. 16.3). */
export interface CardRefundReceiptData extends Omit<RefundReceiptData, 'ranges'> {
  refundId: number;
  seriesCode: string;
  cardNumber: number;
}

/** The card's refund receipt the player signs; opens the drawer (paid in cash). */
export function cardRefundReceipt(data: CardRefundReceiptData): PrintDocument {
  checkCents('amountCents', data.amountCents);
  const blocks: Block[] = [
    ...hallHeader(data.hallName, data.licence),
    { kind: 'rule' },
    heading('DEVOLUÇÃO DE CARTÃO'),
    pair('Devolução n.º', data.refundId),
    ...annulledGameLines(data),
    pair('Cartão', `Série ${data.seriesCode} n.º ${data.cardNumber}`),
    pair('Vendido na venda n.º', data.saleId),
    { kind: 'rule' },
    pair('VALOR', euros(data.amountCents), { bold: true, large: true }),
    { kind: 'text', text: 'Devolução integral do preço do cartão, uma só vez (art. 16.º n.º 3).' },
    pair('Pago por', data.paidBy),
    { kind: 'signature', caption: 'Assinatura do jogador' },
    ...softwareFooter(data.software),
  ];
  return {
    kind: 'refund_by_card',
    title: `Devolução de cartão n.º ${data.refundId}`,
    titleParams: { refundId: data.refundId } satisfies TitleParams<'refund_by_card'>,
    blocks,
    openDrawer: true,
  };
}
