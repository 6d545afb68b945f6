import type { TitleParams } from '../../core/printing/jobs.js';
import type { Block, PrintDocument } from '../layout.js';
import { checkCents, euros, formatHallDateTime, hallHeader, heading, pair } from './format.js';

/** Cash through the drawer since it opened, by kind (all non-negative cents). */
export interface DrawerMovements {
  sales: number;
  prizes: number;
  refunds: number;
  /** Cash part of guias paid. */
  guias: number;
  payIns: number;
  payOuts: number;
  /** Cash taken to the safe; absent on reports that predate drops (printed only when given). */
  drops?: number;
  /** Face-value chips sold for cash and redeemed for cash at the caixa (IX.7); printed when not zero. */
  chipsSold?: number;
  chipsRedeemed?: number;
}

/** An X report: the state of a drawer at any time (SPEC 9). */
export interface XReportData {
  hallName: string;
  terminalId: string;
  drawerId: number;
  /** Shift label, if the hall names its shifts. */
  shift?: string | null;
  operator: string;
  openedAt: string;
  /** When the report was taken. */
  at: string;
  openingFloatCents: number;
  movements: DrawerMovements;
  /** A casino caixa's face-value chips through the drawer (IX.7); absent or null when it held none. */
  chips?: DrawerChips | null;
  /** Taken by a counter role before its blind close: the expected amounts are left out. */
  blind?: boolean;
}

export interface ChipCount {
  valueCents: number;
  count: number;
}

/** The chips of a drawer in cents: the float counted at the opening, what moved since, what it should hold. */
export interface DrawerChips {
  floatCents: number;
  float: ChipCount[];
  movements: { cards: number; sold: number; redeemed: number; fills: number; credits: number };
  expectedCents: number;
}

export interface DenominationCount {
  /** Face value of the note or coin, in cents (e.g. 5000 for 50 €). */
  denominationCents: number;
  count: number;
}

/** A Z report: the drawer's close, numbered, with the blind count (shared/SPEC.md, section 9). */
export interface ZReportData extends XReportData {
  zNumber: number;
  counted: DenominationCount[];
  /** A manager who accepted a variance over the hall threshold, and why. */
  varianceAcceptedBy?: string | null;
  varianceReason?: string | null;
  /** The chips counted by value at the close, with their variance; absent or null when the drawer held none. */
  chipsCount?: { counted: ChipCount[]; countedCents: number; varianceCents: number } | null;
  /** The audit chain's head at the close (issue 12): a later audit.verify {anchor} checks the file against it. */
  auditHead?: { seq: number; hash: string } | null;
}

/** Opening float + cash in (sales, pay-ins) - cash out (prizes, refunds, guias, pay-outs, drops). */
export function drawerExpectedCents(data: Pick<XReportData, 'openingFloatCents' | 'movements'>): number {
  const m = data.movements;
  return (
    data.openingFloatCents + m.sales + m.payIns + (m.chipsSold ?? 0) - m.prizes - m.refunds - m.guias - m.payOuts - (m.drops ?? 0) - (m.chipsRedeemed ?? 0)
  );
}

export function countedCents(counted: readonly DenominationCount[]): number {
  return counted.reduce((s, c) => s + c.denominationCents * c.count, 0);
}

function checkReport(data: XReportData): void {
  checkCents('openingFloatCents', data.openingFloatCents);
  for (const [k, v] of Object.entries(data.movements)) {
    checkCents(k, v);
    if (v < 0) throw new RangeError(`${k} must not be negative`);
  }
}

function signed(cents: number): string {
  return cents > 0 ? `+${euros(cents)}` : euros(cents);
}

const chipLines = (chips: readonly ChipCount[]) =>
  [...chips]
    .filter((c) => c.count > 0)
    .sort((a, b) => b.valueCents - a.valueCents)
    .map((c) => pair(`  ${c.count} x ${euros(c.valueCents)}`, euros(c.valueCents * c.count)));

/** The caixa's chips: float, what came in and went out, and what the drawer should hold. */
function chipsBody(chips: DrawerChips, blind: boolean): Block[] {
  const m = chips.movements;
  const lines: [string, number][] = [
    ['  Reforços do cofre', m.fills],
    ['  Fichas trocadas por dinheiro', m.redeemed],
    ['  Cartões pagos em fichas', m.cards],
    ['  Fichas vendidas', -m.sold],
    ['  Entregas ao cofre', -m.credits],
  ];
  return [
    { kind: 'rule' },
    { kind: 'text', text: 'FICHAS (valor facial)', bold: true },
    pair('Fundo de fichas', euros(chips.floatCents)),
    ...chipLines(chips.float),
    ...lines.filter(([, cents]) => cents !== 0).map(([label, cents]) => pair(label, signed(cents))),
    ...(blind ? [] : [pair('Fichas esperadas', euros(chips.expectedCents), { bold: true })]),
  ];
}

function body(data: XReportData): Block[] {
  const m = data.movements;
  return [
    pair('Terminal', data.terminalId),
    pair('Gaveta n.º', data.drawerId),
    ...(data.shift ? [pair('Turno', data.shift)] : []),
    pair('Operador', data.operator),
    pair('Aberta em', formatHallDateTime(data.openedAt)),
    pair('Data', formatHallDateTime(data.at)),
    { kind: 'rule' },
    pair('Fundo de caixa', euros(data.openingFloatCents)),
    { kind: 'text', text: 'Entradas', bold: true },
    pair('  Vendas', euros(m.sales)),
    pair('  Entradas de numerário', euros(m.payIns)),
    ...(m.chipsSold ? [pair('  Fichas vendidas', euros(m.chipsSold))] : []),
    { kind: 'text', text: 'Saídas', bold: true },
    pair('  Prémios', euros(m.prizes)),
    pair('  Devoluções', euros(m.refunds)),
    pair('  Guias', euros(m.guias)),
    pair('  Saídas de numerário', euros(m.payOuts)),
    ...(m.drops !== undefined ? [pair('  Recolhas para o cofre', euros(m.drops))] : []),
    ...(m.chipsRedeemed ? [pair('  Fichas trocadas', euros(m.chipsRedeemed))] : []),
    { kind: 'rule' },
    ...(data.blind
      ? [{ kind: 'text', text: 'Contagem cega: o valor esperado só aparece no fecho.' } as const]
      : [pair('Esperado na gaveta', euros(drawerExpectedCents(data)), { bold: true })]),
    ...(data.chips ? chipsBody(data.chips, data.blind === true) : []),
  ];
}

/** The X report (does not close the drawer). */
export function xReport(data: XReportData): PrintDocument {
  checkReport(data);
  return {
    kind: 'x_report',
    title: `Relatório X, gaveta n.º ${data.drawerId}`,
    titleParams: { drawerId: data.drawerId } satisfies TitleParams<'x_report'>,
    blocks: [
      ...hallHeader(data.hallName, null),
      { kind: 'rule' },
      heading('RELATÓRIO X'),
      { kind: 'text', text: 'Não fecha a gaveta', align: 'center' },
      ...body(data),
    ],
  };
}

/** The Z report (the drawer's close). */
export function zReport(data: ZReportData): PrintDocument {
  checkReport(data);
  for (const c of data.counted) {
    checkCents('denominationCents', c.denominationCents);
    if (!Number.isSafeInteger(c.count) || c.count < 0) throw new RangeError(`invalid count ${c.count}`);
  }
  const counted = countedCents(data.counted);
  const variance = counted - drawerExpectedCents(data);
  const countLines = [...data.counted]
    .filter((c) => c.count > 0)
    .sort((a, b) => b.denominationCents - a.denominationCents)
    .map((c) => pair(`  ${c.count} x ${euros(c.denominationCents)}`, euros(c.denominationCents * c.count)));
  return {
    kind: 'z_report',
    title: `Relatório Z n.º ${data.zNumber}`,
    titleParams: { zNumber: data.zNumber } satisfies TitleParams<'z_report'>,
    blocks: [
      ...hallHeader(data.hallName, null),
      { kind: 'rule' },
      heading(`RELATÓRIO Z N.º ${data.zNumber}`),
      { kind: 'text', text: 'Fecho da gaveta', align: 'center' },
      ...body(data),
      { kind: 'rule' },
      { kind: 'text', text: 'Contagem', bold: true },
      ...countLines,
      pair('Contado', euros(counted), { bold: true }),
      pair('Diferença', signed(variance), { bold: true }),
      ...(data.chipsCount
        ? [
            { kind: 'text', text: 'Contagem de fichas', bold: true } as Block,
            ...chipLines(data.chipsCount.counted),
            pair('Fichas contadas', euros(data.chipsCount.countedCents), { bold: true }),
            pair('Diferença em fichas', signed(data.chipsCount.varianceCents), { bold: true }),
          ]
        : []),
      ...(data.varianceAcceptedBy ? [pair('Aceite por', data.varianceAcceptedBy)] : []),
      ...(data.varianceReason ? [{ kind: 'text', text: `Motivo: ${data.varianceReason}` } as Block] : []),
      ...(data.auditHead ? [{ kind: 'rule' } as Block, pair('Auditoria n.º', data.auditHead.seq), { kind: 'text', text: `Cadeia: ${data.auditHead.hash}` } as Block] : []),
      { kind: 'signature', caption: 'Assinatura do operador' },
      { kind: 'signature', caption: 'Assinatura do gerente' },
    ],
  };
}
