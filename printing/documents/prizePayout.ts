import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import type { Block, PrintDocument } from '../layout.js';
import { checkCents, euros, formatHallDate, formatHallDateTime, hallHeader, heading, pair, softwareFooter } from './format.js';

export type PrizeKind = 'line' | 'bingo' | 'special';

export const PRIZE_KIND_LABELS: Readonly<Record<PrizeKind, string>> = {
  line: 'Linha',
  bingo: 'Bingo',
  special: 'Prémio especial acumulado',
};

/** A prize paid in cash against the winning card (DN art. 15). */
export interface PrizePayoutData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  hallName: string;
  licence: string | null;
  /** The payout's number (its id). */
  payoutId: number;
  sessionId: number;
  gameNumber: number;
  seriesCode: string;
  cardNumber: number;
  kind: PrizeKind;
  amountCents: number;
  /** Winning cards sharing the prize (art. 9.2), when more than one. */
  sharedBy?: number | null;
  paidBy: string;
  terminalId?: string | null;
  paidAt: string;
  /** Until when the winning card is kept (art. 15.5: 8 days): a calendar day or an instant. */
  retainUntil: string;
}

/** The payout receipt the winner signs; opens the drawer (paid in cash). */
export function prizePayout(data: PrizePayoutData): PrintDocument {
  checkCents('amountCents', data.amountCents);
  const blocks: Block[] = [
    ...hallHeader(data.hallName, data.licence),
    { kind: 'rule' },
    heading('PAGAMENTO DE PRÉMIO'),
    pair('Pagamento n.º', data.payoutId),
    pair('Data', formatHallDateTime(data.paidAt, data.timeZone)),
    pair('Sessão n.º', data.sessionId),
    pair('Jogada n.º', data.gameNumber),
    ...(data.terminalId ? [pair('Terminal', data.terminalId)] : []),
    { kind: 'rule' },
    pair('Prémio', PRIZE_KIND_LABELS[data.kind]),
    pair('Cartão premiado', `Série ${data.seriesCode} n.º ${data.cardNumber}`),
    ...(data.sharedBy && data.sharedBy > 1
      ? [{ kind: 'text', text: `Prémio repartido por ${data.sharedBy} cartões (art. 9.º n.º 2)` } as Block]
      : []),
    { kind: 'rule' },
    pair('VALOR', euros(data.amountCents), { bold: true, large: true }),
    pair('Pago em', 'numerário'),
    pair('Pago por', data.paidBy),
    { kind: 'rule' },
    { kind: 'text', text: `Cartão premiado guardado até ${formatHallDate(data.retainUntil, data.timeZone)}` },
    { kind: 'signature', caption: 'Assinatura do premiado' },
    ...softwareFooter(data.software),
  ];
  return {
    kind: 'prize_payout',
    title: `Pagamento de prémio n.º ${data.payoutId}`,
    titleParams: { payoutId: data.payoutId } satisfies TitleParams<'prize_payout'>,
    blocks,
    openDrawer: true,
  };
}
