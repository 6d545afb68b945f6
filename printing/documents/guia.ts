import type { TitleParams } from '../../core/printing/jobs.js';
import type { HallTimeZone } from '../../core/time.js';
import { guiaQrPayload } from '../../core/caixa/guia-code.js';
import type { Block, PrintDocument } from '../layout.js';
import { checkCents, euros, formatHallDateTime, hallHeader, heading, pair, softwareFooter } from './format.js';

export type GuiaKind = 'jackpot' | 'superjackpot' | 'hand_pay' | 'credits_claim';

/** The kinds of guia (P, slot-machine rules n.º 14). */
export const GUIA_KIND_LABELS: Readonly<Record<GuiaKind, string>> = {
  jackpot: 'Jackpot',
  superjackpot: 'Superjackpot',
  hand_pay: 'Pagamento manual',
  credits_claim: 'Pagamento de créditos',
};

export interface GuiaCheque {
  number: string;
  bank: string;
  amountCents: number;
}

/** A guia de pagamento (P, n.º 13): issued for a prize the machine cannot pay. */
export interface GuiaData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
  hallName: string;
  licence?: string | null;
  guiaNumber: number;
  machine: { id: string; model: string; location?: string | null };
  kind: GuiaKind;
  amountCents: number;
  issuedBy: string;
  issuedAt: string;
  /** Meter readings at issue (whole numbers), when taken. */
  meters?: { coinsIn?: number | null; prizesPaid?: number | null; coinsCollected?: number | null } | null;
  /** How it was paid: cash part + cheque parts add up exactly to the amount. Absent while unpaid. */
  payment?: {
    cashCents: number;
    cheques: GuiaCheque[];
    paidBy: string;
    paidAt: string;
    /**
     * The identified person the cheques are made out to (Lei n.º 83/2017, art. 76.º, n.º 3): named on the caixa's
     * copy only, never on the player's; absent when no cheque was paid.
     */
    payee?: string | null;
  } | null;
}

export type GuiaCopy = 'caixa' | 'jogador';

const COPY_LABELS: Readonly<Record<GuiaCopy, string>> = {
  caixa: 'Exemplar da caixa',
  jogador: 'Exemplar do jogador',
};

/**
 * The cheques' clauses (Lei n.º 83/2017, art. 76.º, n.º 3): nominative, crossed, not endorsable; the payee named on
 * the caixa's copy, the slip kept with the cheques' stubs, never on the player's.
 */
export function chequeClauses(payee: string | null): Block[] {
  return [
    ...(payee !== null ? [pair('Cheque a favor de', payee, { bold: true })] : [{ kind: 'text', text: 'Cheque nominativo', bold: true } as const]),
    { kind: 'text', text: 'Cruzado', bold: true },
    { kind: 'text', text: 'Não à ordem', bold: true },
  ];
}

function checkGuia(data: GuiaData): void {
  checkCents('amountCents', data.amountCents);
  const p = data.payment;
  if (!p) return;
  checkCents('cashCents', p.cashCents);
  for (const c of p.cheques) checkCents('cheque amountCents', c.amountCents);
  const sum = p.cashCents + p.cheques.reduce((s, c) => s + c.amountCents, 0);
  if (sum !== data.amountCents) throw new RangeError(`cash + cheques (${sum}) must equal the amount (${data.amountCents})`);
}

/**
 * One copy of a guia. The caixa copy opens the drawer when a cash part was
 * paid; the player's copy never does (one pulse per payment).
 */
export function guia(data: GuiaData, copy: GuiaCopy): PrintDocument {
  checkGuia(data);
  const m = data.meters;
  const meterLines: Block[] = [];
  if (m) {
    if (m.coinsIn !== null && m.coinsIn !== undefined) meterLines.push(pair('Contador de entradas', m.coinsIn));
    if (m.prizesPaid !== null && m.prizesPaid !== undefined) meterLines.push(pair('Contador de prémios', m.prizesPaid));
    if (m.coinsCollected !== null && m.coinsCollected !== undefined) meterLines.push(pair('Contador de recolhas', m.coinsCollected));
  }
  const p = data.payment;
  const paymentLines: Block[] = p
    ? [
        pair('Numerário', euros(p.cashCents)),
        ...p.cheques.flatMap((c): Block[] => [
          pair(`Cheque n.º ${c.number}`, euros(c.amountCents)),
          { kind: 'text', text: `Banco: ${c.bank}` },
        ]),
        ...(p.cheques.length > 0 ? chequeClauses(copy === 'caixa' ? (p.payee ?? null) : null) : []),
        pair('Pago por', p.paidBy),
        pair('Pago em', formatHallDateTime(p.paidAt, data.timeZone)),
      ]
    : [{ kind: 'text', text: 'Por pagar', bold: true }];

  const blocks: Block[] = [
    ...hallHeader(data.hallName, data.licence),
    { kind: 'rule' },
    heading('GUIA DE PAGAMENTO'),
    { kind: 'text', text: COPY_LABELS[copy], align: 'center' },
    pair('Guia n.º', data.guiaNumber),
    pair('Data', formatHallDateTime(data.issuedAt, data.timeZone)),
    pair('Emitida por', data.issuedBy),
    { kind: 'rule' },
    pair('Máquina n.º', data.machine.id),
    pair('Modelo', data.machine.model),
    ...(data.machine.location ? [pair('Localização', data.machine.location)] : []),
    pair('Tipo', GUIA_KIND_LABELS[data.kind]),
    ...meterLines,
    { kind: 'rule' },
    pair('VALOR', euros(data.amountCents), { bold: true, large: true }),
    ...paymentLines,
    // Scanned at the caixa to find the guia (guia.find).
    { kind: 'qr', data: guiaQrPayload(data.guiaNumber) },
    { kind: 'signature', caption: 'Assinatura do jogador' },
    { kind: 'signature', caption: 'Assinatura do caixa' },
    ...softwareFooter(data.software),
  ];
  return {
    kind: 'guia',
    title: `Guia n.º ${data.guiaNumber} (${COPY_LABELS[copy].toLowerCase()})`,
    titleParams: { guiaNumber: data.guiaNumber, copy } satisfies TitleParams<'guia'>,
    blocks,
    openDrawer: copy === 'caixa' && !!p && p.cashCents > 0,
  };
}

/** Both copies, each its own document (and its own cut): the caixa's first, then the player's. */
export function guiaCopies(data: GuiaData): PrintDocument[] {
  return [guia(data, 'caixa'), guia(data, 'jogador')];
}
