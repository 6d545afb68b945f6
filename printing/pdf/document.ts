/**
 * The A4 page every report shares: embedded DejaVu fonts, deterministic
 * metadata, and a footer on every page with `Página i de n` and, under it,
 * the program that made the PDF with its version and when (issue 40).
 */
import PDFDocument from 'pdfkit';
import type { HallTimeZone } from '../../core/time.js';
import { fontPath, registerFonts } from './fonts.js';
import { dateTime } from './format.js';

const MARGIN = 36;
/** Room kept under the content for the footer. */
const FOOTER_SPACE = 30;

interface DocumentSetup {
  title: string;
  author: string;
  subject: string;
  /** CreationDate of the PDF: fixed, so the same data gives the same bytes. */
  createdAt: string;
  layout: 'portrait' | 'landscape';
  /** The footer's second line, on every page: the program that made the PDF and, when given, the time it was made. */
  madeBy: MadeBy;
}

interface MadeBy {
  software: string;
  generatedAt?: string | undefined;
  timeZone: HallTimeZone;
}

/** `Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618) · gerado em 15/07/2025 01:50` (without a time when none is given). */
function madeByLine({ software, generatedAt, timeZone }: MadeBy): string {
  return `Programa: ${software}${generatedAt ? ` · gerado em ${dateTime(generatedAt, timeZone)}` : ''}`;
}

interface PdfWriter {
  doc: PDFKit.PDFDocument;
  /** Write the footer on every page and end the document. */
  finish(footerLeft: string): Promise<Buffer>;
}

export function createDocument(setup: DocumentSetup): PdfWriter {
  const created = new Date(setup.createdAt);
  if (Number.isNaN(created.getTime())) throw new RangeError(`invalid date: ${setup.createdAt}`);
  const madeBy = madeByLine(setup.madeBy);
  const doc = new PDFDocument({
    size: 'A4',
    layout: setup.layout,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    // The default face is embedded DejaVu, never the (unembedded) Helvetica.
    font: fontPath('regular'),
    lang: 'pt-PT',
    displayTitle: true,
    info: {
      Title: setup.title,
      Author: setup.author,
      Subject: setup.subject,
      Creator: 'bingo-caixa-kiosk',
      Producer: 'bingo-caixa-kiosk (PDFKit)',
      CreationDate: created,
      ModDate: created,
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  function finish(footerLeft: string): Promise<Buffer> {
    const range = doc.bufferedPageRange();
    const count = range.count;
    for (let i = 0; i < count; i++) {
      doc.switchToPage(range.start + i);
      const page = doc.page;
      const y = page.height - MARGIN - 10;
      const left = page.margins.left;
      const right = page.width - page.margins.right;
      doc
        .save()
        .moveTo(left, y - 6)
        .lineTo(right, y - 6)
        .lineWidth(0.5)
        .strokeColor('#888888')
        .stroke()
        .restore();
      doc.font('condensed').fontSize(8).fillColor('#000000');
      doc.text(footerLeft, left, y, { lineBreak: false });
      const label = `Página ${i + 1} de ${count}`;
      doc.text(label, right - doc.widthOfString(label), y, { lineBreak: false });
      doc.text(madeBy, left, y + 10, { lineBreak: false });
    }
    doc.end();
    return done;
  }

  return { doc, finish };
}

/** The width between the margins of the current page. */
export function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** The lowest y content may reach on the current page. */
export function bottomLimit(doc: PDFKit.PDFDocument): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Start a new page unless `height` points still fit under doc.y. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > bottomLimit(doc)) {
    doc.addPage();
    doc.x = doc.page.margins.left;
    doc.y = doc.page.margins.top;
  }
}

/** A bold section heading at the left margin. */
export function heading(doc: PDFKit.PDFDocument, text: string, keepWith = 40): void {
  ensureSpace(doc, 18 + keepWith);
  doc.font('bold').fontSize(10.5).fillColor('#000000');
  doc.text(text, doc.page.margins.left, doc.y, { lineBreak: false });
  doc.y += 16;
}

/** Two signature lines side by side, kept together on one page. */
export function signatures(doc: PDFKit.PDFDocument, captions: string[]): void {
  ensureSpace(doc, 58);
  doc.y += 34;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const slot = width / captions.length;
  const lineWidth = Math.min(220, slot - 40);
  const y = doc.y;
  doc.font('regular').fontSize(9).fillColor('#000000');
  captions.forEach((caption, i) => {
    const x = left + slot * i + (slot - lineWidth) / 2;
    doc.save().moveTo(x, y).lineTo(x + lineWidth, y).lineWidth(0.7).strokeColor('#000000').stroke().restore();
    doc.text(caption, x + (lineWidth - doc.widthOfString(caption)) / 2, y + 5, { lineBreak: false });
  });
  doc.x = left;
  doc.y = y + 20;
}
