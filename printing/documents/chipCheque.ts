/**
 * Chips paid back by the house's cheques (Lei n.º 83/2017, art. 76.º, n.º 4): the caixa's slip, kept with the
 * cheques' stubs, naming the identified payee with the cheques' clauses (nominative, crossed, not endorsable), the
 * chips redeemed and the part paid in cash. One copy, the caixa's: the player takes the cheques.
 */
import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import type { Block, PrintDocument } from '../layout.js';
import { checkCents, euros, formatHallDateTime, hallHeader, heading, pair, softwareFooter } from './format.js';
import { chequeClauses, type GuiaCheque } from './guia.js';

export interface ChipChequeData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version: printed last. */
  software: string;
  hallName: string;
  licence?: string | null;
  exchangeId: number;
  /** Largest first, as counted. */
  chips: readonly { valueCents: number; count: number }[];
  totalCents: number;
  cashCents: number;
  cheques: readonly GuiaCheque[];
  /** The identified player the cheques are made out to. */
  payee: string;
  paidBy: string;
  at: string;
}

export function chipChequeSlip(data: ChipChequeData): PrintDocument {
  checkCents('totalCents', data.totalCents);
  checkCents('cashCents', data.cashCents);
  for (const c of data.cheques) checkCents('cheque amountCents', c.amountCents);
  const sum = data.cashCents + data.cheques.reduce((s, c) => s + c.amountCents, 0);
  if (sum !== data.totalCents) throw new RangeError(`cash + cheques (${sum}) must equal the chips redeemed (${data.totalCents})`);
  if (data.cheques.length === 0) throw new RangeError('a chip cheque slip needs a cheque');
  const blocks: Block[] = [
    ...hallHeader(data.hallName, data.licence),
    { kind: 'rule' },
    heading('FICHAS PAGAS EM CHEQUE'),
    pair('Troca n.º', data.exchangeId),
    pair('Data', formatHallDateTime(data.at, data.timeZone)),
    { kind: 'rule' },
    ...data.chips.map((c) => pair(`${c.count} × ${euros(c.valueCents)}`, euros(c.valueCents * c.count))),
    pair('TOTAL', euros(data.totalCents), { bold: true }),
    { kind: 'rule' },
    pair('Numerário', euros(data.cashCents)),
    ...data.cheques.flatMap((c): Block[] => [pair(`Cheque n.º ${c.number}`, euros(c.amountCents)), { kind: 'text', text: `Banco: ${c.bank}` }]),
    ...chequeClauses(data.payee),
    { kind: 'text', text: 'Até às fichas compradas hoje com cartão ou cheque (Lei n.º 83/2017, art. 76.º, n.º 4).' },
    pair('Pago por', data.paidBy),
    { kind: 'signature', caption: 'Assinatura do jogador' },
    ...softwareFooter(data.software),
  ];
  return {
    kind: 'chip_cheque',
    title: `Fichas pagas em cheque, troca n.º ${data.exchangeId}`,
    titleParams: { exchangeId: data.exchangeId } satisfies TitleParams<'chip_cheque'>,
    blocks,
  };
}
