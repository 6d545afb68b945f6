/**
 * The session report: per game totals and a summary of the session (cards
 * sold, collected, prizes awarded, paid and owed, stamp duty, refunds, the
 * balance), made from the acta data by a pure function and rendered as an A4
 * PDF. The balance counts the prizes the games awarded, paid by the close or
 * not (a prize paid the next day is still the game's; art. 17.3).
 */
import { gameBalanceCents } from '../../core/bingo/acta-figures.js';
import { type ActaGame } from '../../core/contract.js';
import { formatCents } from '../../core/money.js';
import type { HallTimeZone } from '../../core/time.js';
import { type Acta, actaTitle, gameStateCell, licenceLine, type PdfOptions } from './acta.js';
import { createDocument, contentWidth, heading, signatures } from './document.js';
import { dateTime } from './format.js';
import { type Column, drawTable, type TableRow } from './table.js';
import { paragraph } from './text.js';

interface SessionReportGame {
  number: number;
  state: string;
  /** `Terminada`, `Anulada: <art. 16 reason>`… */
  stateText: string;
  annulled: boolean;
  cardsSold: number;
  collectedCents: number;
  prizesAwardedCents: number;
  prizesPaidCents: number;
  /** Awarded and not paid by the close. */
  prizesOwedCents: number;
  stampDutyCents: number;
  refundedCents: number;
  /**
   * What the game leaves to the hall: collected − prizes awarded − stamp duty
   * (core/bingo/acta-figures.ts). An annulled game's takings are returned in
   * full (art. 16.3), so it counts 0 collected, and its prizes already paid stay paid.
   */
  netCents: number;
}

interface SessionReportSummary {
  games: number;
  gamesAnnulled: number;
  /** Of the games that count (not annulled). */
  cardsSold: number;
  collectedCents: number;
  lineAwardedCents: number;
  bingoAwardedCents: number;
  specialAwardedCents: number;
  prizesAwardedCents: number;
  /** Of the session's games' prizes, paid by the close. */
  prizesPaidCents: number;
  /** Of the session's games' prizes, not paid by the close: owed. */
  prizesOwedCents: number;
  /** Earlier sessions' prizes paid in this one: cash out, but not this session's games' (they count in their own). */
  earlierPrizesPaidCents: number;
  stampDutyCents: number;
  /** Sales of annulled games: to be refunded in full. */
  annulledSalesCents: number;
  refundedCents: number;
  /** Sales of annulled games not refunded yet. */
  refundsPendingCents: number;
  netCents: number;
}

interface SessionReport {
  hallName: string;
  licence: string | null;
  /** The hall's zone: the report's times are printed on its clock. */
  timeZone: HallTimeZone;
  sessionId: number;
  openedAt: string;
  scheduledCloseAt: string;
  closedAt: string | null;
  games: SessionReportGame[];
  summary: SessionReportSummary;
}

function reportGame(g: ActaGame, zone: HallTimeZone): SessionReportGame {
  const annulled = g.state === 'annulled';
  const awarded = g.lineAwardedCents + g.bingoAwardedCents + g.specialAwardedCents;
  const paid = g.linePaidCents + g.bingoPaidCents + g.specialPaidCents;
  return {
    number: g.number,
    state: g.state,
    stateText: gameStateCell(g, zone),
    annulled,
    cardsSold: g.cardsSold,
    collectedCents: g.totalCents,
    prizesAwardedCents: awarded,
    prizesPaidCents: paid,
    prizesOwedCents: awarded - paid,
    stampDutyCents: g.stampDutyCents,
    refundedCents: g.refundedCents,
    netCents: gameBalanceCents({ annulled, totalCents: g.totalCents, prizesAwardedCents: awarded, stampDutyCents: g.stampDutyCents }),
  };
}

/** The session report of an acta (pure: same acta, same report). */
export function sessionReportFromActa(acta: Acta): SessionReport {
  const games = acta.games.map((g) => reportGame(g, acta.timeZone));
  const sum = (list: SessionReportGame[], f: (g: SessionReportGame) => number) => list.reduce((s, g) => s + f(g), 0);
  const live = games.filter((g) => !g.annulled);
  const annulled = games.filter((g) => g.annulled);
  const annulledSales = sum(annulled, (g) => g.collectedCents);
  const refunded = sum(games, (g) => g.refundedCents);
  return {
    hallName: acta.hallName,
    licence: acta.licence,
    timeZone: acta.timeZone,
    sessionId: acta.sessionId,
    openedAt: acta.openedAt,
    scheduledCloseAt: acta.scheduledCloseAt,
    closedAt: acta.closedAt,
    games,
    summary: {
      games: games.length,
      gamesAnnulled: annulled.length,
      cardsSold: sum(live, (g) => g.cardsSold),
      collectedCents: sum(live, (g) => g.collectedCents),
      lineAwardedCents: acta.games.reduce((s, g) => s + g.lineAwardedCents, 0),
      bingoAwardedCents: acta.games.reduce((s, g) => s + g.bingoAwardedCents, 0),
      specialAwardedCents: acta.games.reduce((s, g) => s + g.specialAwardedCents, 0),
      prizesAwardedCents: sum(games, (g) => g.prizesAwardedCents),
      prizesPaidCents: sum(games, (g) => g.prizesPaidCents),
      prizesOwedCents: sum(games, (g) => g.prizesOwedCents),
      earlierPrizesPaidCents: acta.totals.earlierPrizesPaidCents,
      stampDutyCents: sum(live, (g) => g.stampDutyCents),
      annulledSalesCents: annulledSales,
      refundedCents: refunded,
      refundsPendingCents: Math.max(0, annulledSales - sum(annulled, (g) => g.refundedCents)),
      netCents: sum(games, (g) => g.netCents),
    },
  };
}

/** `Relatório da sessão n.º 3` */
function reportTitle(report: Pick<SessionReport, 'sessionId'>): string {
  return `Relatório da sessão n.º ${report.sessionId}`;
}

const GAME_COLUMNS: Column[] = [
  { header: 'N.º', width: 28, align: 'center' },
  { header: 'Estado', width: 'flex' },
  { header: 'Cartões vendidos', width: 48, align: 'right', noWrap: true },
  { header: 'Recolhido', width: 60, align: 'right', noWrap: true },
  { header: 'Prémios atribuídos', width: 60, align: 'right', noWrap: true },
  { header: 'Prémios pagos', width: 60, align: 'right', noWrap: true },
  { header: 'Imposto do selo', width: 54, align: 'right', noWrap: true },
  { header: 'Devolvido', width: 56, align: 'right', noWrap: true },
  { header: 'Saldo', width: 60, align: 'right', noWrap: true },
];

/** The summary lines: label and amount. */
function summaryLines(s: SessionReportSummary, closed: boolean): [string, string][] {
  const lines: [string, string][] = [
    ['Jogadas', s.gamesAnnulled ? `${s.games} (${s.gamesAnnulled} anulada${s.gamesAnnulled > 1 ? 's' : ''})` : String(s.games)],
    ['Cartões vendidos', String(s.cardsSold)],
    ['Total recolhido', formatCents(s.collectedCents)],
    ['Prémios atribuídos: linha', formatCents(s.lineAwardedCents)],
    ['Prémios atribuídos: bingo', formatCents(s.bingoAwardedCents)],
    ['Prémios atribuídos: prémio especial', formatCents(s.specialAwardedCents)],
    ['Prémios atribuídos: total', formatCents(s.prizesAwardedCents)],
    [closed ? 'Prémios pagos até ao encerramento' : 'Prémios pagos até agora', formatCents(s.prizesPaidCents)],
    [closed ? 'Prémios por pagar no encerramento' : 'Prémios por pagar', formatCents(s.prizesOwedCents)],
    ['Prémios de sessões anteriores pagos nesta sessão', formatCents(s.earlierPrizesPaidCents)],
    ['Imposto do selo', formatCents(s.stampDutyCents)],
    ['Vendas de jogadas anuladas', formatCents(s.annulledSalesCents)],
    ['Devoluções pagas', formatCents(s.refundedCents)],
    ['Devoluções por pagar', formatCents(s.refundsPendingCents)],
    ['Saldo (recolhido − prémios atribuídos − imposto do selo)', formatCents(s.netCents)],
  ];
  return lines;
}

/** Render the session report as an A4 (portrait) PDF. */
export async function renderSessionReportPdf(report: SessionReport, options: PdfOptions): Promise<Buffer> {
  const title = reportTitle(report);
  const { doc, finish } = createDocument({
    title: `${title} — ${report.hallName}`,
    author: report.hallName,
    subject: 'Relatório da sessão de bingo',
    createdAt: options.generatedAt ?? report.openedAt,
    layout: 'portrait',
    madeBy: { software: options.software, generatedAt: options.generatedAt, timeZone: report.timeZone },
  });

  const left = doc.page.margins.left;
  const right = left + contentWidth(doc);
  const top = doc.page.margins.top;
  doc.font('bold').fontSize(14).fillColor('#000000');
  doc.text(report.hallName, left, top, { lineBreak: false });
  doc.font('regular').fontSize(9);
  doc.text(licenceLine(report.licence), left, top + 19, { lineBreak: false });
  if (options.generatedAt) {
    const issued = `Emitido em ${dateTime(options.generatedAt, report.timeZone)}`;
    doc.text(issued, right - doc.widthOfString(issued), top + 3, { lineBreak: false });
  }
  doc.font('bold').fontSize(13);
  doc.text(title, left + (right - left - doc.widthOfString(title)) / 2, top + 40, { lineBreak: false });
  doc.font('regular').fontSize(9);
  let y = top + 60;
  for (const line of [
    `Abertura: ${dateTime(report.openedAt, report.timeZone)}`,
    `Encerramento previsto: ${dateTime(report.scheduledCloseAt, report.timeZone)}`,
    `Encerramento: ${report.closedAt ? dateTime(report.closedAt, report.timeZone) : '— (sessão aberta)'}`,
  ]) {
    doc.text(line, left, y, { lineBreak: false });
    y += 13;
  }
  doc.save().moveTo(left, y + 2).lineTo(right, y + 2).lineWidth(0.8).strokeColor('#000000').stroke().restore();
  doc.y = y + 12;

  heading(doc, 'Jogadas');
  const rows: TableRow[] = report.games.map((g) => ({
    cells: [
      String(g.number),
      g.stateText,
      String(g.cardsSold),
      formatCents(g.collectedCents),
      formatCents(g.prizesAwardedCents),
      formatCents(g.prizesPaidCents),
      formatCents(g.stampDutyCents),
      formatCents(g.refundedCents),
      formatCents(g.netCents),
    ],
    ...(g.annulled ? { fill: '#f1f1f1' } : {}),
  }));
  const s = report.summary;
  rows.push({
    bold: true,
    fill: '#e4e4e4',
    cells: [
      '',
      'Totais',
      String(s.cardsSold),
      formatCents(s.collectedCents),
      formatCents(s.prizesAwardedCents),
      formatCents(s.prizesPaidCents),
      formatCents(s.stampDutyCents),
      formatCents(s.refundedCents),
      formatCents(s.netCents),
    ],
  });
  drawTable(doc, GAME_COLUMNS, rows);
  doc.y += 16;

  heading(doc, 'Resumo da sessão', 200);
  drawTable(
    doc,
    [
      { header: 'Rubrica', width: 300 },
      { header: 'Valor', width: 90, align: 'right', noWrap: true },
    ],
    summaryLines(s, report.closedAt !== null).map(([label, value], i, all) => ({ cells: [label, value], ...(i === all.length - 1 ? { bold: true } : {}) })),
    { fontSize: 9 },
  );
  if (s.gamesAnnulled) {
    doc.y += 6;
    paragraph(
      doc,
      'As jogadas anuladas não entram nos cartões vendidos, no total recolhido nem no imposto do selo: as suas vendas são devolvidas por inteiro (art. 16.º, n.º 3).',
    );
  }

  signatures(doc, ['O chefe de sala']);
  return finish(`${report.hallName} · ${title} · ${actaTitle(report)}`);
}
