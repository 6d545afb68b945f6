/**
 * The acta of a session (DN art. 17, SPEC 5) as an A4 PDF: the hall header,
 * one row per game (series, price, cards sold, total collected, prizes paid,
 * stamp duty, annulment and refunds), totals, the checks of art. 5.2 / 11.1,
 * the incident book (art. 17.4) and the signature lines; `Página i de n` on
 * every page. Fonts are embedded; the same acta gives the same bytes.
 */
import { type ActaGame, type ChannelOutput } from '../../core/contract.js';
import { formatCents } from '../../core/money.js';
import type { HallTimeZone } from '../../core/time.js';
import { contentWidth, createDocument, ensureSpace, heading, signatures } from './document.js';
import { annulReasonLabel, checkLabel, dateTime, gameStateLabel, incidentKindLabel, sessionTime, time } from './format.js';
import { type Column, drawTable, type TableRow } from './table.js';
import { drawQr } from './qr.js';
import { paragraph as note } from './text.js';

export type Acta = ChannelOutput<'session.acta'>;

export interface PdfOptions {
  /** When the PDF is made (ISO-8601): its CreationDate and the `Emitida em` line. Default: the session's opening. */
  generatedAt?: string;
  /** The program that makes it, with its version ("bingo-caixa-kiosk 0.1.0 (e2add13a8618)"): in every page's footer. */
  software: string;
}

/** `Acta da sessão n.º 3` */
export function actaTitle(acta: Pick<Acta, 'sessionId'>): string {
  return `Acta da sessão n.º ${acta.sessionId}`;
}

/** `Licença n.º 12/2020`, or a note that the hall has none on record. */
export function licenceLine(licence: string | null): string {
  return licence ? `Licença n.º ${licence}` : 'Licença: não registada';
}

/** One series range of a game: `1.ª AB 1–600`. */
function seriesLine(s: ActaGame['series'][number]): string {
  return `${s.order}.ª ${s.seriesCode} ${s.from}–${s.to}`;
}

/** The state cell: `Terminada`, `Terminada (última jogada)`, `Anulada: <art. 16 reason>`. */
export function gameStateCell(g: ActaGame, zone: HallTimeZone): string {
  let text = gameStateLabel(g.state);
  // Art. 14.5: a game opened earlier became the last when its draw began within the last 10 minutes.
  if (g.isLast) text += g.becameLastAt ? ` (última jogada, desde o início da extração às ${time(g.becameLastAt, zone)})` : ' (última jogada)';
  if (g.annulReason) text += `: ${annulReasonLabel(g.annulReason)}`;
  return text;
}

const GAME_COLUMNS: Column[] = [
  { header: 'N.º', width: 26, align: 'center' },
  { header: 'Hora', width: 54, align: 'center', noWrap: true },
  { header: 'Séries (ordem, código, cartões)', width: 100 },
  { header: 'Preço do cartão', width: 46, align: 'right', noWrap: true },
  { header: 'Cartões vendidos', width: 46, align: 'right', noWrap: true },
  { header: 'Total recolhido', width: 58, align: 'right', noWrap: true },
  { header: 'Linha paga', width: 54, align: 'right', noWrap: true },
  { header: 'Bingo pago', width: 54, align: 'right', noWrap: true },
  { header: 'Prémio especial pago', width: 54, align: 'right', noWrap: true },
  { header: 'Imposto do selo', width: 54, align: 'right', noWrap: true },
  { header: 'Estado / anulação (art. 16.º)', width: 'flex' },
  { header: 'Devolvido', width: 54, align: 'right', noWrap: true },
];

function gameRow(g: ActaGame, zone: HallTimeZone): TableRow {
  const hours = `${time(g.openedAt, zone)}–${g.endedAt ? time(g.endedAt, zone) : ''}`;
  return {
    cells: [
      String(g.number),
      hours,
      g.series.length ? g.series.map(seriesLine).join('\n') : '—',
      formatCents(g.priceCents),
      String(g.cardsSold),
      formatCents(g.totalCents),
      formatCents(g.linePaidCents),
      formatCents(g.bingoPaidCents),
      formatCents(g.specialPaidCents),
      formatCents(g.stampDutyCents),
      gameStateCell(g, zone),
      formatCents(g.refundedCents),
    ],
    ...(g.state === 'annulled' ? { fill: '#f1f1f1' } : {}),
  };
}

/** A sub-cent remainder, given in hundredths of a cent: `0,47 cênt.` */
function subCent(hundredths: number): string {
  return `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')} cênt.`;
}

const PRIZE_COLUMNS: Column[] = [
  { header: 'N.º', width: 26, align: 'center' },
  { header: 'Valor recolhido (V)', width: 90, align: 'right', noWrap: true },
  { header: 'Prémio de linha (5 % de V)', width: 110, align: 'right', noWrap: true },
  { header: 'Arredondamento da linha', width: 110, align: 'right', noWrap: true },
  { header: 'Prémio de bingo (50 % de V)', width: 110, align: 'right', noWrap: true },
  { header: 'Arredondamento do bingo', width: 110, align: 'right', noWrap: true },
  { header: '', width: 'flex' },
];

/** The prizes announced at each close of sale and the fraction of a cent each dropped (SPEC 4, art. 15.2). */
function prizeRows(acta: Acta): TableRow[] {
  return acta.games
    .filter((g) => g.saleClosedAt !== null)
    .map((g) => ({
      cells: [
        String(g.number),
        formatCents(g.totalCents),
        formatCents(g.linePrizeCents),
        subCent(g.roundingHundredths.line),
        formatCents(g.bingoPrizeCents),
        subCent(g.roundingHundredths.bingo),
        g.state === 'annulled' ? 'Anulada' : '',
      ],
    }));
}

/**
 * The cards each person sold in each game (issue 42; DN 80/85, art. 13.º): a counter's operator, or the roving
 * seller whose block the cards came from, as the table's chief keeps the count of each seller's cards.
 */
function sellersSection(doc: PDFKit.PDFDocument, acta: Acta): void {
  heading(doc, 'Cartões vendidos por vendedor (art. 13.º)');
  const rows = acta.games.flatMap((g) => g.cardsBySeller.map((s) => ({ cells: [String(g.number), s.name, s.username, String(s.cards), ''] })));
  if (rows.length === 0) {
    note(doc, 'Nenhum cartão foi vendido nesta sessão.', 9);
    return;
  }
  drawTable(
    doc,
    [
      { header: 'Jogada', width: 50, align: 'center' },
      { header: 'Vendedor', width: 180 },
      { header: 'Utilizador', width: 110 },
      { header: 'Cartões', width: 70, align: 'right' },
      { header: '', width: 'flex' },
    ],
    rows,
  );
}

const KIND_LABEL = { line: 'Linha', bingo: 'Bingo', special: 'Prémio especial' } as const;

/** Art. 17.3: each game's line, bingo and special prize, awarded and paid apart, and what its close left owed. */
function awardedRows(acta: Acta): TableRow[] {
  const owed = (g: ActaGame) => g.lineAwardedCents + g.bingoAwardedCents + g.specialAwardedCents - g.linePaidCents - g.bingoPaidCents - g.specialPaidCents;
  return acta.games
    .filter((g) => g.lineAwardedCents + g.bingoAwardedCents + g.specialAwardedCents > 0)
    .map((g) => ({
      cells: [
        String(g.number),
        formatCents(g.lineAwardedCents),
        formatCents(g.linePaidCents),
        formatCents(g.bingoAwardedCents),
        formatCents(g.bingoPaidCents),
        formatCents(g.specialAwardedCents),
        formatCents(g.specialPaidCents),
        formatCents(owed(g)),
      ],
    }));
}

/**
 * The prizes of the session's games, awarded, paid and owed (art. 17.3): a
 * prize not paid by the close is listed with its card and game; an earlier
 * session's prize paid in this one names the session and game it was won in.
 */
function prizesSection(doc: PDFKit.PDFDocument, acta: Acta): void {
  const t = acta.totals;
  const closed = acta.closedAt !== null;
  heading(doc, 'Prémios atribuídos, pagos e por pagar (art. 17.º, n.º 3)');
  const rows = awardedRows(acta);
  if (rows.length === 0) {
    note(doc, 'Nenhum prémio foi atribuído nas jogadas desta sessão.', 9);
  } else {
    const money = (header: string) => ({ header, width: 88, align: 'right' as const, noWrap: true });
    drawTable(
      doc,
      [
        { header: 'N.º', width: 26, align: 'center' },
        money('Linha atribuída'),
        money('Linha paga'),
        money('Bingo atribuído'),
        money('Bingo pago'),
        money('Prémio especial atribuído'),
        money('Prémio especial pago'),
        money(closed ? 'Por pagar no encerramento' : 'Por pagar'),
        { header: '', width: 'flex' },
      ],
      rows,
    );
    doc.y += 4;
  }
  note(
    doc,
    `Prémios das jogadas desta sessão (linha, bingo e prémio especial): atribuídos ${formatCents(t.prizesAwardedCents)}; ` +
      `pagos ${closed ? 'até ao encerramento' : 'até agora'} ${formatCents(t.prizesPaidCents)}; por pagar ${formatCents(t.prizesOwedCents)}.`,
  );
  if (acta.prizesOwed.length > 0) {
    doc.y += 4;
    heading(doc, closed ? 'Prémios por pagar no encerramento' : 'Prémios por pagar', 30);
    drawTable(
      doc,
      [
        { header: 'Jogada', width: 50, align: 'center' },
        { header: 'Prémio', width: 110 },
        { header: 'Série', width: 60, align: 'center' },
        { header: 'Cartão', width: 60, align: 'right' },
        { header: 'Valor', width: 80, align: 'right', noWrap: true },
        { header: '', width: 'flex' },
      ],
      acta.prizesOwed.map((p) => ({ cells: [String(p.gameNumber), KIND_LABEL[p.kind], p.seriesCode, String(p.card), formatCents(p.prizeCents), ''] })),
    );
  }
  doc.y += 4;
  if (acta.earlierPrizesPaid.length === 0) {
    note(doc, 'Nenhum prémio de sessões anteriores foi pago nesta sessão.', 9);
  } else {
    heading(doc, 'Prémios de sessões anteriores pagos nesta sessão', 30);
    drawTable(
      doc,
      [
        { header: 'Ganho na sessão', width: 90, align: 'center' },
        { header: 'Jogada', width: 50, align: 'center' },
        { header: 'Prémio', width: 110 },
        { header: 'Série', width: 60, align: 'center' },
        { header: 'Cartão', width: 60, align: 'right' },
        { header: 'Valor', width: 80, align: 'right', noWrap: true },
        { header: '', width: 'flex' },
      ],
      acta.earlierPrizesPaid.map((p) => ({
        cells: [`n.º ${p.sessionId}`, String(p.gameNumber), KIND_LABEL[p.kind], p.seriesCode, String(p.card), formatCents(p.prizeCents), ''],
      })),
    );
    doc.y += 4;
    note(doc, `Prémios de sessões anteriores pagos nesta sessão: ${formatCents(t.earlierPrizesPaidCents)}.`);
  }
}

function totalsRow(acta: Acta): TableRow {
  const sum = (f: (g: ActaGame) => number) => acta.games.reduce((s, g) => s + f(g), 0);
  return {
    bold: true,
    fill: '#e4e4e4',
    cells: [
      '',
      '',
      'Totais da sessão',
      '',
      String(acta.totals.cardsSold),
      formatCents(acta.totals.totalCents),
      formatCents(sum((g) => g.linePaidCents)),
      formatCents(sum((g) => g.bingoPaidCents)),
      formatCents(sum((g) => g.specialPaidCents)),
      formatCents(acta.totals.stampDutyCents),
      '',
      formatCents(acta.totals.refundedCents),
    ],
  };
}

function header(doc: PDFKit.PDFDocument, acta: Acta, generatedAt: string | undefined): void {
  const left = doc.page.margins.left;
  const right = left + contentWidth(doc);
  const top = doc.page.margins.top;
  doc.font('bold').fontSize(15).fillColor('#000000');
  doc.text(acta.hallName, left, top, { lineBreak: false });
  doc.font('regular').fontSize(9);
  doc.text(licenceLine(acta.licence), left, top + 20, { lineBreak: false });
  if (generatedAt) {
    const issued = `Emitida em ${dateTime(generatedAt, acta.timeZone)}`;
    doc.text(issued, right - doc.widthOfString(issued), top + 4, { lineBreak: false });
  }
  const legal = 'Despacho Normativo n.º 80/85, art. 17.º';
  doc.text(legal, right - doc.widthOfString(legal), top + 20, { lineBreak: false });

  let y = top + 42;
  doc.font('bold').fontSize(14);
  const title = actaTitle(acta);
  doc.text(title, left + (right - left - doc.widthOfString(title)) / 2, y, { lineBreak: false });
  y += 20;
  if (!acta.closedAt) {
    doc.font('bold').fontSize(9);
    const provisional = 'Acta provisória: a sessão ainda não foi encerrada';
    doc.text(provisional, left + (right - left - doc.widthOfString(provisional)) / 2, y, { lineBreak: false });
    y += 14;
  }

  doc.font('regular').fontSize(9);
  const times = [
    `Abertura: ${dateTime(acta.openedAt, acta.timeZone)}`,
    `Encerramento previsto: ${dateTime(acta.scheduledCloseAt, acta.timeZone)}`,
    `Encerramento: ${acta.closedAt ? dateTime(acta.closedAt, acta.timeZone) : '—'}`,
  ];
  let x = left;
  for (const t of times) {
    doc.text(t, x, y, { lineBreak: false });
    x += doc.widthOfString(t) + 28;
  }
  y += 14;
  if (acta.specialBalls !== null) {
    doc.text(`Prémio especial acumulado: bingo até à ${acta.specialBalls}.ª bola (N = ${acta.specialBalls})`, left, y, { lineBreak: false });
    y += 14;
  }
  for (const start of acta.specialFundStarts) {
    const when = start.gameNumber === null ? 'ao abrir a sessão' : `depois de ganho na jogada n.º ${start.gameNumber}`;
    doc.text(`Fundo do prémio especial iniciado pela sala com ${formatCents(start.amountCents)}, ${when} (${dateTime(start.at, acta.timeZone)})`, left, y, { lineBreak: false });
    y += 14;
  }
  // Art. 10: the frozen fund carried to a new prize, with the decision as the manager recorded it.
  for (const c of acta.specialFundCarried) {
    const line = `Fundo congelado do prémio especial (${formatCents(c.amountCents)}) levado a um novo prémio por ${c.by} (${dateTime(c.at, acta.timeZone)}): ${c.decision}`;
    doc.text(line, left, y, { width: right - left });
    y = doc.y + 4;
  }
  // Art. 3.º, n.º 2: the emission number of each series the session sold.
  if (acta.emissions.length > 0) {
    const list = acta.emissions.map((e) => `${e.seriesCode} ${e.emission ?? '(não registada)'}`).join('; ');
    doc.text(`Numeração de emissão das séries (art. 3.º, n.º 2): ${list}`, left, y, { width: right - left });
    y = doc.y + 4;
  }
  doc.save().moveTo(left, y + 2).lineTo(right, y + 2).lineWidth(0.8).strokeColor('#000000').stroke().restore();
  doc.x = left;
  doc.y = y + 12;
}

/** Render the acta of a session as an A4 (landscape) PDF. */
export async function renderActaPdf(acta: Acta, options: PdfOptions): Promise<Buffer> {
  const title = actaTitle(acta);
  const { doc, finish } = createDocument({
    title: `${title} — ${acta.hallName}`,
    author: acta.hallName,
    subject: 'Acta da sessão de bingo (Despacho Normativo n.º 80/85, art. 17.º)',
    createdAt: options.generatedAt ?? acta.openedAt,
    layout: 'landscape',
    madeBy: { software: options.software, generatedAt: options.generatedAt, timeZone: acta.timeZone },
  });

  header(doc, acta, options.generatedAt);

  heading(doc, 'Jogadas');
  if (acta.games.length === 0) note(doc, 'Não houve jogadas nesta sessão.', 9);
  drawTable(doc, GAME_COLUMNS, [...acta.games.map((g) => gameRow(g, acta.timeZone)), totalsRow(acta)]);
  doc.y += 6;
  if (acta.games.some((g) => g.state === 'annulled')) {
    note(
      doc,
      'As jogadas anuladas não entram nos totais de cartões vendidos, valor recolhido e imposto do selo; ' +
        'as suas vendas são devolvidas por inteiro, sem qualquer dedução (art. 16.º, n.º 3).',
    );
  }
  doc.y += 10;

  prizesSection(doc, acta);
  doc.y += 10;

  heading(doc, 'Prémios anunciados e arredondamentos (art. 15.º, n.º 2)');
  const prizeTable = prizeRows(acta);
  if (prizeTable.length === 0) {
    note(doc, 'Nenhuma venda foi fechada nesta sessão.', 9);
  } else {
    drawTable(doc, PRIZE_COLUMNS, prizeTable);
    doc.y += 4;
    const dropped = acta.games.filter((g) => g.saleClosedAt !== null).reduce((s, g) => s + g.roundingHundredths.line + g.roundingHundredths.bingo, 0);
    note(doc, `Os prémios são arredondados por defeito ao cêntimo; a fração não atribuída soma ${subCent(dropped)} nesta sessão.`);
  }
  doc.y += 10;

  heading(doc, 'Verificações (art. 5.º, n.º 2, e 11.º, n.º 1)');
  if (acta.checks.length === 0) {
    note(doc, 'Sem verificações registadas.', 9);
  } else {
    drawTable(
      doc,
      [
        { header: 'Hora', width: 70, noWrap: true },
        { header: 'Verificação', width: 'flex' },
        { header: 'Registada por', width: 120 },
      ],
      acta.checks.map((c) => ({ cells: [sessionTime(c.at, acta.openedAt, acta.timeZone), checkLabel(c.phase, c.kind), c.by] })),
    );
  }
  doc.y += 16;

  heading(doc, 'Livro de incidentes (art. 17.º, n.º 4)');
  if (acta.incidents.length === 0) {
    note(doc, 'Sem entradas nesta sessão.', 9);
  } else {
    drawTable(
      doc,
      [
        { header: 'Hora', width: 70, noWrap: true },
        { header: 'Jogada', width: 40, align: 'center' },
        { header: 'Autor', width: 90 },
        { header: 'Tipo', width: 70 },
        { header: 'Ocorrência', width: 'flex' },
      ],
      acta.incidents.map((i) => ({
        cells: [sessionTime(i.at, acta.openedAt, acta.timeZone), i.gameNumber === null ? '—' : String(i.gameNumber), i.author, incidentKindLabel(i.kind), i.text],
      })),
    );
  }

  doc.y += 16;
  sellersSection(doc, acta);

  if (acta.auditHead) {
    doc.y += 10;
    // The chain's head at the close: kept on paper, a later audit.verify {anchor} finds a file cut or rewritten after it.
    note(doc, `Registo de auditoria ${acta.closedAt ? 'no encerramento' : 'à data desta acta'}: n.º ${acta.auditHead.seq}, cadeia ${acta.auditHead.hash}.`, 8);
  }
  if (acta.checkpoint) checkpointSection(doc, acta.checkpoint, acta.hallKey);
  else if (acta.hallKey) {
    doc.y += 4;
    note(doc, `Chave pública da sala (Ed25519), id ${acta.hallKey.keyId}: ${acta.hallKey.verifierKey}`, 7);
  }

  signatures(doc, ['O chefe de sala', 'O adjunto']);
  return finish(`${acta.hallName} · ${licenceLine(acta.licence)} · ${title}${acta.closedAt ? '' : ' (provisória)'}`);
}

/**
 * The session's signed checkpoint: the note exactly as signed (text and QR),
 * and the hall's public key that verifies it. An inspector checks the
 * export's proofs against this root without trusting the hall's file.
 */
function checkpointSection(doc: PDFKit.PDFDocument, c: NonNullable<Acta['checkpoint']>, key: Acta['hallKey']): void {
  const side = 130;
  doc.y += 10;
  ensureSpace(doc, side + 20);
  const top = doc.y;
  const left = doc.page.margins.left;
  drawQr(doc, c.note, left + contentWidth(doc) - side, top, side);
  doc.font('bold').fontSize(9).fillColor('#000000').text('Ponto de verificação assinado pela sala', left, top, { lineBreak: false });
  doc.y = top + 14;
  const width = contentWidth(doc) - side - 10;
  doc.font('condensed').fontSize(7);
  for (const line of c.note.replace(/\n$/, '').split('\n')) {
    // Long lines (the signature) are cut in pieces that fit: the QR holds the note whole.
    let rest = line === '' ? ' ' : line;
    while (rest.length > 0) {
      let n = rest.length;
      while (n > 1 && doc.widthOfString(rest.slice(0, n)) > width) n--;
      doc.text(rest.slice(0, n), left, doc.y, { lineBreak: false });
      doc.y += 9;
      rest = rest.slice(n);
    }
  }
  doc.y = Math.max(doc.y, top + side) + 4;
  if (key) note(doc, `Chave pública da sala (Ed25519), id ${key.keyId}: ${key.verifierKey}`, 7);
}
