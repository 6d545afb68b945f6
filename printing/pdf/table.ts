/**
 * A ruled table that breaks across pages cleanly: rows are never cut by the
 * page end (a row too tall for a whole page is split between lines), and the
 * header row is repeated at the top of every page the table continues on.
 * Text is wrapped here, not by PDFKit, so PDFKit never adds a page by itself.
 */
import { bottomLimit, contentWidth } from './document.js';
import { wrapText } from './text.js';

export type Align = 'left' | 'right' | 'center';

export interface Column {
  header: string;
  /** Points, or 'flex' for what the fixed columns leave (shared evenly). */
  width: number | 'flex';
  align?: Align;
  /** Never wrap (amounts: `1500,00 €` stays on one line). */
  noWrap?: boolean;
}

export interface TableRow {
  cells: string[];
  bold?: boolean;
  /** Background of the row, e.g. for totals. */
  fill?: string;
  /** Text colour of the row. */
  color?: string;
}

interface TableStyle {
  font: string;
  boldFont: string;
  fontSize: number;
  padX: number;
  padY: number;
  headerFill: string;
  rule: string;
}

const DEFAULT_STYLE: TableStyle = {
  font: 'condensed',
  boldFont: 'condensedBold',
  fontSize: 8,
  padX: 3,
  padY: 2.5,
  headerFill: '#e4e4e4',
  rule: '#9a9a9a',
};

interface Layout {
  x: number[];
  width: number[];
}

function layoutColumns(doc: PDFKit.PDFDocument, columns: Column[]): Layout {
  const total = contentWidth(doc);
  const fixed = columns.reduce((s, c) => s + (c.width === 'flex' ? 0 : c.width), 0);
  const flexCount = columns.filter((c) => c.width === 'flex').length;
  const flex = flexCount ? Math.max(0, total - fixed) / flexCount : 0;
  const width = columns.map((c) => (c.width === 'flex' ? flex : c.width));
  const x: number[] = [];
  let at = doc.page.margins.left;
  for (const w of width) {
    x.push(at);
    at += w;
  }
  return { x, width };
}

/**
 * Draw the table from doc.y; leaves doc.y under it. The header is never left
 * alone at the foot of a page: it goes where the row after it goes.
 */
export function drawTable(doc: PDFKit.PDFDocument, columns: Column[], rows: TableRow[], style: Partial<TableStyle> = {}): void {
  const s = { ...DEFAULT_STYLE, ...style };
  const { x, width } = layoutColumns(doc, columns);
  const lineHeight = s.fontSize * 1.22;
  const tableLeft = x[0] ?? doc.page.margins.left;
  const tableRight = tableLeft + width.reduce((a, b) => a + b, 0);

  const cellLines = (row: { cells: string[] }, font: string, wrapAll = false): string[][] => {
    doc.font(font).fontSize(s.fontSize);
    return columns.map((c, i) => {
      const text = row.cells[i] ?? '';
      const w = (width[i] ?? 0) - 2 * s.padX;
      return c.noWrap && !wrapAll ? text.split('\n') : wrapText(doc, text, w);
    });
  };

  const drawRow = (lines: string[][], y: number, font: string, fill: string | undefined, color: string): number => {
    const count = Math.max(1, ...lines.map((l) => l.length));
    const height = count * lineHeight + 2 * s.padY;
    if (fill) doc.save().rect(tableLeft, y, tableRight - tableLeft, height).fillColor(fill).fill().restore();
    doc.font(font).fontSize(s.fontSize).fillColor(color);
    columns.forEach((c, i) => {
      const cx = x[i] ?? 0;
      const cw = width[i] ?? 0;
      (lines[i] ?? []).forEach((text, n) => {
        const tw = doc.widthOfString(text);
        const tx = c.align === 'right' ? cx + cw - s.padX - tw : c.align === 'center' ? cx + (cw - tw) / 2 : cx + s.padX;
        doc.text(text, tx, y + s.padY + n * lineHeight, { lineBreak: false });
      });
    });
    // Rules: the box of the row and the lines between its cells.
    doc.save().lineWidth(0.4).strokeColor(s.rule);
    doc.rect(tableLeft, y, tableRight - tableLeft, height).stroke();
    for (let i = 1; i < columns.length; i++) {
      const cx = x[i] ?? 0;
      doc.moveTo(cx, y).lineTo(cx, y + height).stroke();
    }
    doc.restore();
    return height;
  };

  const header = cellLines({ cells: columns.map((c) => c.header) }, s.boldFont, true);
  const headerHeight = Math.max(1, ...header.map((l) => l.length)) * lineHeight + 2 * s.padY;
  const top = () => doc.page.margins.top;
  const newPage = () => {
    doc.addPage();
    return top();
  };

  let y = doc.y;
  let headerOnPage = false;
  const putHeader = () => {
    y += drawRow(header, y, s.boldFont, s.headerFill, '#000000');
    headerOnPage = true;
  };

  for (const row of rows) {
    const font = row.bold ? s.boldFont : s.font;
    let lines = cellLines(row, font);
    for (;;) {
      const count = Math.max(1, ...lines.map((l) => l.length));
      const need = (headerOnPage ? 0 : headerHeight) + count * lineHeight + 2 * s.padY;
      if (y + need <= bottomLimit(doc)) {
        if (!headerOnPage) putHeader();
        y += drawRow(lines, y, font, row.fill, row.color ?? '#000000');
        break;
      }
      const roomOnFreshPage = bottomLimit(doc) - top() - headerHeight - 2 * s.padY;
      const fitsFresh = count * lineHeight <= roomOnFreshPage;
      const roomHere = bottomLimit(doc) - y - (headerOnPage ? 0 : headerHeight) - 2 * s.padY;
      const linesHere = Math.floor(roomHere / lineHeight);
      if (fitsFresh || linesHere < 2) {
        // Move the whole row (or, if it cannot fit anywhere, its start) to a new page.
        y = newPage();
        headerOnPage = false;
        if (fitsFresh) continue;
      }
      // A row taller than a page: draw what fits, carry the rest of its lines over.
      const room = bottomLimit(doc) - y - (headerOnPage ? 0 : headerHeight) - 2 * s.padY;
      const take = Math.max(1, Math.floor(room / lineHeight));
      if (!headerOnPage) putHeader();
      y += drawRow(
        lines.map((l) => l.slice(0, take)),
        y,
        font,
        row.fill,
        row.color ?? '#000000',
      );
      lines = lines.map((l) => l.slice(take));
      y = newPage();
      headerOnPage = false;
    }
  }
  if (!headerOnPage && rows.length === 0) putHeader();
  doc.x = doc.page.margins.left;
  doc.y = y;
}
