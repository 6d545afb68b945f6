import type { DrawerLineAmount } from '../../core/money-kinds.js';
import type { HallTimeZone } from '../../core/time.js';
import type { TitleParams } from '../../core/printing/jobs.js';
import type { Block, PrintDocument } from '../layout.js';
import { checkCents, euros, formatHallDateTime, hallHeader, heading, pair, softwareFooter } from './format.js';

/** An X report: the state of a drawer at any time (SPEC 9). */
export interface XReportData {
  /** The hall's time zone: the document's times are printed on its clock. */
  timeZone: HallTimeZone;
  /** The program that made the document, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): printed last. */
  software: string;
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
  /**
   * The lines of the drawer's cash in the report's order, each with its words
   * and amount as the money kinds that move it declare them (core/money-registry.ts):
   * a new kind's line prints without this file changing.
   */
  lines: readonly DrawerLineAmount[];
  /** What the drawer should hold: its float plus its cash in the ledger, the one source (never worked out here). */
  expectedCents: number;
  /** A casino caixa's face-value chips through the drawer (IX.7); absent or null when it held none. */
  chips?: DrawerChips | null;
}

/** A counter role's X before its blind close: which drawer and when, no figure (core/drawers/contract.ts blindXReportSchema). */
export type BlindXReportData = Pick<XReportData, 'timeZone' | 'software' | 'hallName' | 'terminalId' | 'drawerId' | 'shift' | 'operator' | 'openedAt' | 'at'>;

/** What a blind X prints in place of its figures (print.jobs tells a blind X from a manager's by it). */
const BLIND_X_NOTE = 'Contagem cega: conte a gaveta no fecho. Os valores aparecem depois de a contagem ficar registada.';

export interface ChipCount {
  valueCents: number;
  count: number;
}

/** The chips of a drawer in cents: the float counted at the opening, what moved since, what it should hold. */
interface DrawerChips {
  floatCents: number;
  float: ChipCount[];
  /** Its lines, as for the cash: what came in (+) and went out (-) by kind. */
  lines: readonly DrawerLineAmount[];
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
  /** The audit log's checkpoint signed by the hall's key at the close (the entries before it). */
  checkpoint?: { size: number; rootHash: string; keyId: string; note: string } | null;
  /** The roving sellers whose cash the drawer collected (issue 42): each one's cards sold, owed, counted and difference. */
  sellers?: readonly { seller: string; cardsSold: number; owedCents: number; countedCents: number; differenceCents: number }[] | null;
  /** What the drawer's chip exchanges took or paid outside its cash (card slips, cheques): handed over with the Z. */
  outsideDrawer?: { chipsByCardCents: number; chipsByChequeCents: number; chipChequesPaidCents: number; guiaChequesPaidCents?: number | undefined } | null;
}

/** Card slips and cheques of the drawer's chip exchanges and guias, apart from the cash counted (Lei n.º 83/2017, art. 76.º, n.º 3 and 4). */
function outsideBlocks(o: NonNullable<ZReportData['outsideDrawer']>): Block[] {
  const lines: [string, number][] = [
    ['  Fichas vendidas com cartão', o.chipsByCardCents],
    ['  Fichas vendidas por cheque', o.chipsByChequeCents],
    ['  Fichas pagas em cheque', o.chipChequesPaidCents],
    ['  Guias pagas em cheque', o.guiaChequesPaidCents ?? 0],
  ];
  for (const [, cents] of lines) checkCents('outsideDrawer', cents);
  return [{ kind: 'rule' }, { kind: 'text', text: 'Fora da gaveta (entregar com o Z)', bold: true }, ...lines.filter(([, c]) => c > 0).map(([label, c]) => pair(label, euros(c)))];
}

/** Each seller settled into the drawer: the cards sold and the cash against what they owed (DN 80/85, art. 13.º). */
function sellerBlocks(sellers: NonNullable<ZReportData['sellers']>): Block[] {
  if (sellers.length === 0) return [];
  return [
    { kind: 'rule' },
    { kind: 'text', text: 'Vendedores', bold: true },
    ...sellers.flatMap((s): Block[] => {
      checkCents('owedCents', s.owedCents);
      checkCents('countedCents', s.countedCents);
      checkCents('differenceCents', s.differenceCents);
      return [
        { kind: 'text', text: s.seller },
        pair(`  Cartões vendidos`, s.cardsSold),
        pair(`  Devido`, euros(s.owedCents)),
        pair(`  Contado`, euros(s.countedCents)),
        pair(`  Diferença`, signed(s.differenceCents)),
      ];
    }),
  ];
}

export function countedCents(counted: readonly DenominationCount[]): number {
  return counted.reduce((s, c) => s + c.denominationCents * c.count, 0);
}

function checkReport(data: XReportData): void {
  checkCents('openingFloatCents', data.openingFloatCents);
  checkCents('expectedCents', data.expectedCents);
  for (const l of [...data.lines, ...(data.chips?.lines ?? [])]) {
    checkCents(l.key, l.cents);
    if (l.cents < 0) throw new RangeError(`${l.key} must not be negative`);
  }
}

/** A line is printed always, or once something moved on it. */
const printed = (l: DrawerLineAmount) => l.shown === 'always' || l.cents !== 0;

function signed(cents: number): string {
  return cents > 0 ? `+${euros(cents)}` : euros(cents);
}

const chipLines = (chips: readonly ChipCount[]) =>
  [...chips]
    .filter((c) => c.count > 0)
    .sort((a, b) => b.valueCents - a.valueCents)
    .map((c) => pair(`  ${c.count} x ${euros(c.valueCents)}`, euros(c.valueCents * c.count)));

/** The caixa's chips: float, what came in and went out, and what the drawer should hold. */
function chipsBody(chips: DrawerChips): Block[] {
  return [
    { kind: 'rule' },
    { kind: 'text', text: 'FICHAS (valor facial)', bold: true },
    pair('Fundo de fichas', euros(chips.floatCents)),
    ...chipLines(chips.float),
    ...chips.lines.filter(printed).map((l) => pair(`  ${l.label}`, signed(l.side === 'in' ? l.cents : 0 - l.cents))),
    pair('Fichas esperadas', euros(chips.expectedCents), { bold: true }),
  ];
}

/** Which drawer, whose, since when, and when the report was taken. */
function identity(data: BlindXReportData): Block[] {
  return [
    pair('Terminal', data.terminalId),
    pair('Gaveta n.º', data.drawerId),
    ...(data.shift ? [pair('Turno', data.shift)] : []),
    pair('Operador', data.operator),
    pair('Aberta em', formatHallDateTime(data.openedAt, data.timeZone)),
    pair('Data', formatHallDateTime(data.at, data.timeZone)),
  ];
}

function body(data: XReportData): Block[] {
  const side = (which: 'in' | 'out') => data.lines.filter((l) => l.side === which && printed(l)).map((l) => pair(`  ${l.label}`, euros(l.cents)));
  return [
    ...identity(data),
    { kind: 'rule' },
    pair('Fundo de caixa', euros(data.openingFloatCents)),
    { kind: 'text', text: 'Entradas', bold: true },
    ...side('in'),
    { kind: 'text', text: 'Saídas', bold: true },
    ...side('out'),
    { kind: 'rule' },
    pair('Esperado na gaveta', euros(data.expectedCents), { bold: true }),
    ...(data.chips ? chipsBody(data.chips) : []),
  ];
}

/** An X report's document: its header, then the body given (a manager's figures, or a counter's blind note). */
function xDocument(drawerId: number, hallName: string, software: string, body: Block[]): PrintDocument {
  return {
    kind: 'x_report',
    title: `Relatório X, gaveta n.º ${drawerId}`,
    titleParams: { drawerId } satisfies TitleParams<'x_report'>,
    blocks: [...hallHeader(hallName, null), { kind: 'rule' }, heading('RELATÓRIO X'), { kind: 'text', text: 'Não fecha a gaveta', align: 'center' }, ...body, ...softwareFooter(software)],
  };
}

/** The X report (does not close the drawer). */
export function xReport(data: XReportData): PrintDocument {
  checkReport(data);
  return xDocument(data.drawerId, data.hallName, data.software, body(data));
}

/**
 * A counter role's X (the close is blind): no amount at all, since the float
 * and the lines add up to the expected cash; what is printed is only which
 * drawer and when, and what to do.
 */
export function blindXReport(data: BlindXReportData): PrintDocument {
  return xDocument(data.drawerId, data.hallName, data.software, [...identity(data), { kind: 'rule' }, { kind: 'text', text: BLIND_X_NOTE }]);
}

/** Whether an X report's document is a blind one (no figure on it). */
export function isBlindXReport(doc: PrintDocument): boolean {
  return doc.kind === 'x_report' && doc.blocks.some((b) => b.kind === 'text' && b.text === BLIND_X_NOTE);
}

/** The Z report (the drawer's close). */
export function zReport(data: ZReportData): PrintDocument {
  checkReport(data);
  for (const c of data.counted) {
    checkCents('denominationCents', c.denominationCents);
    if (!Number.isSafeInteger(c.count) || c.count < 0) throw new RangeError(`invalid count ${c.count}`);
  }
  const counted = countedCents(data.counted);
  const variance = counted - data.expectedCents;
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
      ...sellerBlocks(data.sellers ?? []),
      ...(data.outsideDrawer ? outsideBlocks(data.outsideDrawer) : []),
      ...(data.auditHead ? [{ kind: 'rule' } as Block, pair('Auditoria n.º', data.auditHead.seq), { kind: 'text', text: `Cadeia: ${data.auditHead.hash}` } as Block] : []),
      ...(data.checkpoint ? checkpointBlocks(data.checkpoint) : []),
      { kind: 'signature', caption: 'Assinatura do operador' },
      { kind: 'signature', caption: 'Assinatura do gerente' },
      ...softwareFooter(data.software),
    ],
  };
}

/**
 * A signed checkpoint on paper: its size, root and key, and the signature, in
 * ASCII (any code page prints them); the signed note is rebuilt from these
 * and the hall's origin by the inspector's verifier.
 */
function checkpointBlocks(c: { size: number; rootHash: string; keyId: string; note: string }): Block[] {
  const signature = /\n\u2014 \S+ (\S+)\n/.exec(c.note)?.[1] ?? '';
  const body = c.note.slice(0, c.note.indexOf('\n\n') + 1).split('\n');
  return [
    { kind: 'text', text: 'Ponto de verificação assinado', bold: true },
    { kind: 'text', text: body[0] ?? '' },
    pair('Entradas', c.size),
    { kind: 'text', text: `Raiz: ${body[2] ?? ''}` },
    ...body.slice(3, -1).map((line) => ({ kind: 'text', text: line }) as Block),
    pair('Chave da sala', c.keyId),
    { kind: 'text', text: `Assinatura: ${signature}` },
  ];
}
