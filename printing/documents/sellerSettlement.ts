import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import type { Block, PrintDocument } from '../layout.js';
import { cardsInRanges, cardsWord, checkCents, euros, formatHallDateTime, hallHeader, heading, pair, rangeText, softwareFooter, type CardRange } from './format.js';

/**
 * A roving seller's block collected and their cash settled (issue 42; DN 80/85, art. 12.º, n.º 2, and 13.º):
 * the cards handed out, the first unsold card read at the return, what the cards sold owe, the cash counted
 * by denomination and the difference, and who accepted a difference over the hall's threshold.
 */
export interface SellerSettlementData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  hallName: string;
  licence: string | null;
  blockId: number;
  sessionId: number;
  gameNumber: number;
  terminalId: string;
  /** The seller, by name. */
  seller: string;
  /** The block's cards in their order, as handed out. */
  ranges: readonly CardRange[];
  /** The card read at the return; null: all sold. */
  firstUnsold: { seriesCode: string; number: number } | null;
  cardsSold: number;
  priceCents: number;
  owedCents: number;
  counted: readonly { denominationCents: number; count: number }[];
  countedCents: number;
  /** Counted less owed (negative: short). */
  differenceCents: number;
  /** The manager who accepted a difference over the hall's threshold, and why. */
  acceptedBy: string | null;
  acceptanceReason: string | null;
  /** The caixa who collected the block and the cash. */
  receivedBy: string;
  /** When the block was handed out, and collected. */
  handedAt: string;
  at: string;
}

const signed = (cents: number) => (cents > 0 ? `+${euros(cents)}` : euros(cents));

/** The settlement slip the seller and the caixa sign; opens the drawer when cash went in. */
export function sellerSettlementSlip(data: SellerSettlementData): PrintDocument {
  for (const [name, v] of [
    ['priceCents', data.priceCents],
    ['owedCents', data.owedCents],
    ['countedCents', data.countedCents],
    ['differenceCents', data.differenceCents],
  ] as const) checkCents(name, v);
  if (data.owedCents !== data.cardsSold * data.priceCents) throw new RangeError(`owed ${data.owedCents} is not ${data.cardsSold} x ${data.priceCents}`);
  if (data.differenceCents !== data.countedCents - data.owedCents) throw new RangeError('the difference is counted less owed');
  const handed = cardsInRanges(data.ranges);
  const blocks: Block[] = [
    ...hallHeader(data.hallName, data.licence),
    { kind: 'rule' },
    heading('ACERTO DO VENDEDOR'),
    pair('Bloco n.º', data.blockId),
    pair('Data', formatHallDateTime(data.at, data.timeZone)),
    pair('Sessão n.º', data.sessionId),
    pair('Jogada n.º', data.gameNumber),
    pair('Terminal', data.terminalId),
    pair('Vendedor', data.seller),
    { kind: 'rule' },
    { kind: 'text', text: 'Cartões entregues', bold: true },
    ...data.ranges.map((r): Block => ({ kind: 'text', text: rangeText(r) })),
    pair('Entregues em', formatHallDateTime(data.handedAt, data.timeZone)),
    pair('Quantidade', cardsWord(handed)),
    pair('Primeiro por vender', data.firstUnsold ? `Série ${data.firstUnsold.seriesCode} n.º ${data.firstUnsold.number}` : 'nenhum'),
    pair('Devolvidos', handed - data.cardsSold),
    pair('Vendidos', `${data.cardsSold} x ${euros(data.priceCents)}`),
    pair('DEVIDO', euros(data.owedCents), { bold: true }),
    { kind: 'rule' },
    { kind: 'text', text: 'Contagem', bold: true },
    ...[...data.counted]
      .filter((c) => c.count > 0)
      .sort((a, b) => b.denominationCents - a.denominationCents)
      .map((c) => pair(`  ${c.count} x ${euros(c.denominationCents)}`, euros(c.denominationCents * c.count))),
    pair('Contado', euros(data.countedCents), { bold: true }),
    pair('Diferença', signed(data.differenceCents), { bold: true }),
    ...(data.acceptedBy ? [pair('Aceite por', data.acceptedBy)] : []),
    ...(data.acceptanceReason ? [{ kind: 'text', text: `Motivo: ${data.acceptanceReason}` } as Block] : []),
    pair('Recebido por', data.receivedBy),
    { kind: 'text', text: 'Terminada a venda, o caixa recolhe os cartões excedentes (DN 80/85, art. 13.º).' },
    { kind: 'signature', caption: 'Assinatura do vendedor' },
    { kind: 'signature', caption: 'Assinatura do caixa' },
    ...softwareFooter(data.software),
  ];
  return {
    kind: 'seller_settlement',
    title: `Acerto do vendedor, bloco n.º ${data.blockId}`,
    titleParams: { blockId: data.blockId } satisfies TitleParams<'seller_settlement'>,
    blocks,
    openDrawer: data.countedCents > 0,
  };
}
