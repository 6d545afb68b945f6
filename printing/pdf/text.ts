/** Text wrapped by us, not by PDFKit, so that PDFKit never adds a page on its own. */
import { contentWidth, ensureSpace } from './document.js';

/** Wrap text into lines no wider than `width` in the current font and size. */
export function wrapText(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (doc.widthOfString(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      let rest = word;
      // A word wider than the column is broken between characters.
      while (rest.length > 1 && doc.widthOfString(rest) > width) {
        let n = rest.length - 1;
        while (n > 1 && doc.widthOfString(rest.slice(0, n)) > width) n--;
        out.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    out.push(line);
  }
  return out;
}

/** A paragraph at the left margin, wrapped to the page width; breaks to a new page between lines. */
export function paragraph(doc: PDFKit.PDFDocument, text: string, size = 8, font = 'regular'): void {
  doc.font(font).fontSize(size).fillColor('#000000');
  const lineHeight = size * 1.3;
  for (const line of wrapText(doc, text, contentWidth(doc))) {
    ensureSpace(doc, lineHeight);
    doc.font(font).fontSize(size).fillColor('#000000');
    doc.text(line, doc.page.margins.left, doc.y, { lineBreak: false });
    doc.y += lineHeight;
  }
}
