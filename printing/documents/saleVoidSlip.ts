import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import type { Block, PrintDocument } from '../layout.js';
import { cardsInRanges, cardsWord, checkCents, checkRanges, euros, formatHallDateTime, hallHeader, heading, pair, rangeText, type CardRange, softwareFooter } from './format.js';

/** A sale voided at the counter (sale.voidLast): what it was, what went back, who did it and who allowed it. */
export interface SaleVoidSlipData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  hallName: string;
  licence: string | null;
  /** The sale voided (its receipt's number). */
  saleId: number;
  sessionId: number;
  gameNumber: number;
  terminalId: string;
  /** The cards it sold, back in their series for the next sale. */
  ranges: CardRange[];
  /** What the player is given back: the sale's total. */
  amountCents: number;
  paymentMethod: 'cash' | 'chips';
  /** Who sold it, who voided it, and the manager who approved the void (full names, as on the receipt). */
  soldBy: string;
  voidedBy: string;
  approvedBy: string;
  soldAt: string;
  voidedAt: string;
}

/**
 * The void slip: kept in the drawer with the sale's receipt, it is the paper
 * for the money that left the drawer (the sale's receipt said it came in), so
 * that the count at the close can be reconciled. Opens the drawer when the
 * sale was paid in cash, as the money goes back out of it.
 */
export function saleVoidSlip(data: SaleVoidSlipData): PrintDocument {
  checkRanges(data.ranges);
  checkCents('amountCents', data.amountCents);
  const blocks: Block[] = [
    ...hallHeader(data.hallName, data.licence),
    { kind: 'rule' },
    heading('ANULAÇÃO DE VENDA'),
    pair('Venda n.º', data.saleId),
    pair('Vendida em', formatHallDateTime(data.soldAt, data.timeZone)),
    pair('Anulada em', formatHallDateTime(data.voidedAt, data.timeZone)),
    pair('Sessão n.º', data.sessionId),
    pair('Jogada n.º', data.gameNumber),
    pair('Terminal', data.terminalId),
    { kind: 'rule' },
    ...data.ranges.map((r): Block => ({ kind: 'text', text: rangeText(r) })),
    pair('Cartões', cardsWord(cardsInRanges(data.ranges))),
    { kind: 'text', text: 'Os cartões voltam à série para a venda seguinte.' },
    { kind: 'rule' },
    pair('DEVOLVIDO', euros(data.amountCents), { bold: true, large: true }),
    pair('Pagamento', data.paymentMethod === 'cash' ? 'numerário' : 'fichas'),
    { kind: 'rule' },
    pair('Vendida por', data.soldBy),
    pair('Anulada por', data.voidedBy),
    pair('Aprovada por', data.approvedBy),
    { kind: 'signature', caption: 'Assinatura do gerente' },
    ...softwareFooter(data.software),
  ];
  return {
    kind: 'sale_void',
    title: `Anulação da venda n.º ${data.saleId}`,
    titleParams: { saleId: data.saleId } satisfies TitleParams<'sale_void'>,
    blocks,
    openDrawer: data.paymentMethod === 'cash',
  };
}
