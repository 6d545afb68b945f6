import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import type { Block, PrintDocument } from '../layout.js';
import { receiptQrPayload, saleCheck } from '../check.js';
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

/** What a sale receipt shows (JSON only: integer cents, ISO-8601 times). */
export interface SaleReceiptData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  hallName: string;
  licence: string | null;
  /** The receipt number is the sale id. */
  saleId: number;
  sessionId: number;
  gameId: number;
  gameNumber: number;
  terminalId: string;
  /** One range, or two when the sale spans the first and the second series (SPEC 3). */
  ranges: CardRange[];
  /** Each series' emission number (DN 80/85, art. 3.º, n.º 2), where it has one; printed under the ranges. */
  emissions?: readonly { seriesCode: string; emission: string }[];
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  paymentMethod: 'cash' | 'chips';
  tenderedCents: number;
  changeCents: number;
  cashier: string;
  /** When the sale was committed (ISO-8601). */
  createdAt: string;
}

/** The sale receipt; opens the drawer for a cash sale. Throws RangeError on figures that do not add up. */
export function saleReceipt(data: SaleReceiptData): PrintDocument {
  checkRanges(data.ranges);
  for (const [k, v] of [
    ['unitPriceCents', data.unitPriceCents],
    ['totalCents', data.totalCents],
    ['tenderedCents', data.tenderedCents],
    ['changeCents', data.changeCents],
  ] as const) {
    checkCents(k, v);
  }
  if (cardsInRanges(data.ranges) !== data.quantity) {
    throw new RangeError(`quantity ${data.quantity} does not match the ranges (${cardsInRanges(data.ranges)} cards)`);
  }
  if (data.quantity * data.unitPriceCents !== data.totalCents) throw new RangeError('total is not quantity x unit price');
  if (data.tenderedCents - data.totalCents !== data.changeCents) throw new RangeError('change is not tendered - total');

  const qr = receiptQrPayload(data);
  const blocks: Block[] = [
    ...hallHeader(data.hallName, data.licence),
    { kind: 'rule' },
    heading('RECIBO DE VENDA'),
    pair('Recibo n.º', data.saleId),
    pair('Data', formatHallDateTime(data.createdAt, data.timeZone)),
    pair('Sessão n.º', data.sessionId),
    pair('Jogada n.º', data.gameNumber),
    pair('Terminal', data.terminalId),
    { kind: 'rule' },
    ...data.ranges.map((r): Block => ({ kind: 'text', text: rangeText(r) })),
    ...(data.emissions ?? []).map((e): Block => pair(`Emissão da série ${e.seriesCode}`, e.emission)),
    pair(`${cardsWord(data.quantity)} x ${euros(data.unitPriceCents)}`, euros(data.totalCents)),
    { kind: 'rule' },
    pair('TOTAL', euros(data.totalCents), { bold: true, large: true }),
    pair('Valor entregue', euros(data.tenderedCents)),
    pair('Troco', euros(data.changeCents)),
    pair('Pagamento', data.paymentMethod === 'cash' ? 'numerário' : 'fichas'),
    { kind: 'rule' },
    pair('Operador', data.cashier),
    { kind: 'blank' },
    { kind: 'qr', data: qr },
    { kind: 'text', text: `V${data.saleId}-${saleCheck(data)}`, align: 'center' },
    { kind: 'blank' },
    { kind: 'text', text: 'Guarde este recibo: é pedido para a devolução se a jogada for anulada.', align: 'center' },
    ...softwareFooter(data.software),
  ];
  return {
    kind: 'sale_receipt',
    title: `Recibo de venda n.º ${data.saleId}`,
    titleParams: { saleId: data.saleId } satisfies TitleParams<'sale_receipt'>,
    blocks,
    openDrawer: data.paymentMethod === 'cash',
  };
}
