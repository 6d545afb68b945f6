/**
 * The paper layout of a document: blocks -> lines of fixed-width text, wrapped
 * and aligned for the paper's columns. The ESC/POS rendering (printing/escpos.ts)
 * prints exactly these lines, so the on-screen preview and the paper agree.
 */
import { columnsFor, type Block, type PrintDocument, type PrinterProfile } from './layout.js';

/** One line on paper, or a QR code. `pad` is the number of normal-width spaces before the text. */
type LaidLine =
  | { kind: 'text'; pad: number; text: string; bold: boolean; large: boolean }
  | { kind: 'qr'; data: string };

/** The line a signature is written on. */
const SIGNATURE_LINE = '________________________';

/** Spaces that do not break a line: before '€' ("10,00 €"), after "n.º" and "art.". */
const GLUE = /(?<=\bn\.º|\bart\.) | (?=€)/g;
const GLUED = '\u0000';

/**
 * Word-wrap `text` to lines of at most `width` characters. A paragraph that
 * fits is kept as written (inner spaces included); otherwise words are joined
 * by one space and a word longer than the line is cut. '\n' starts a new line.
 */
export function wrapText(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    const trimmed = paragraph.trimEnd();
    if (trimmed.length <= width) {
      out.push(trimmed);
      continue;
    }
    const start = out.length;
    let current = '';
    for (const word of trimmed.replace(GLUE, GLUED).split(' ')) {
      if (word === '') continue;
      let rest = word;
      while (rest.length > 0) {
        if (current === '') {
          if (rest.length <= width) {
            current = rest;
            rest = '';
          } else {
            out.push(rest.slice(0, width));
            rest = rest.slice(width);
          }
        } else if (current.length + 1 + rest.length <= width) {
          current += ' ' + rest;
          rest = '';
        } else {
          out.push(current);
          current = '';
        }
      }
    }
    out.push(current);
    for (let k = start; k < out.length; k += 1) out[k] = (out[k] as string).replaceAll(GLUED, ' ');
  }
  return out;
}

function alignPad(align: 'left' | 'center' | 'right' | undefined, used: number, columns: number): number {
  if (align === 'center') return Math.max(0, columns - used) >> 1;
  if (align === 'right') return Math.max(0, columns - used);
  return 0;
}

function layoutBlock(block: Block, columns: number, out: LaidLine[]): void {
  switch (block.kind) {
    case 'text': {
      const factor = block.large ? 2 : 1;
      for (const text of wrapText(block.text.normalize('NFC'), columns / factor)) {
        out.push({
          kind: 'text',
          pad: text === '' ? 0 : alignPad(block.align, text.length * factor, columns),
          text,
          bold: !!block.bold,
          large: !!block.large,
        });
      }
      return;
    }
    case 'pair': {
      const factor = block.large ? 2 : 1;
      const width = columns / factor;
      const left = block.left.normalize('NFC').trimEnd();
      const right = block.right.normalize('NFC').trim();
      const style = { bold: !!block.bold, large: !!block.large };
      if (left.length + 1 + right.length <= width) {
        out.push({ kind: 'text', pad: 0, text: left + ' '.repeat(width - left.length - right.length) + right, ...style });
        return;
      }
      // Too long for one line: the label wrapped, then the value on the right.
      for (const text of wrapText(left, width)) out.push({ kind: 'text', pad: 0, text, ...style });
      for (const text of wrapText(right, width)) {
        out.push({ kind: 'text', pad: alignPad('right', text.length * factor, columns), text, ...style });
      }
      return;
    }
    case 'rule':
      out.push({ kind: 'text', pad: 0, text: (block.style === 'double' ? '=' : '-').repeat(columns), bold: false, large: false });
      return;
    case 'blank':
      out.push({ kind: 'text', pad: 0, text: '', bold: false, large: false });
      return;
    case 'qr':
      out.push({ kind: 'qr', data: block.data });
      return;
    case 'signature': {
      const plain = { pad: 0, bold: false, large: false } as const;
      out.push({ kind: 'text', text: '', ...plain }, { kind: 'text', text: '', ...plain });
      out.push({ kind: 'text', text: SIGNATURE_LINE.slice(0, columns), ...plain });
      for (const text of wrapText(block.caption.normalize('NFC'), columns)) out.push({ kind: 'text', text, ...plain });
      return;
    }
  }
}

/** Lay a document out for a paper of `columns` characters (font A). */
export function layoutDocument(doc: PrintDocument, columns: number): LaidLine[] {
  const out: LaidLine[] = [];
  for (const block of doc.blocks) layoutBlock(block, columns, out);
  return out;
}

/** A laid-out line as plain text (trailing spaces trimmed); a QR code as `[QR: payload]`. */
function laidLineText(line: LaidLine): string {
  if (line.kind === 'qr') return `[QR: ${line.data}]`;
  return (' '.repeat(line.pad) + line.text).trimEnd();
}

/** A preview line with its style, for a screen that shows bold and large text. */
interface PreviewLine {
  text: string;
  bold: boolean;
  large: boolean;
  qr: string | null;
}

export function previewLines(doc: PrintDocument, widthMm: PrinterProfile['widthMm']): PreviewLine[] {
  return layoutDocument(doc, columnsFor(widthMm)).map((l) =>
    l.kind === 'qr'
      ? { text: laidLineText(l), bold: false, large: false, qr: l.data }
      : { text: laidLineText(l), bold: l.bold, large: l.large, qr: null },
  );
}

/**
 * The on-screen preview: the same lines the printer prints, as plain text
 * (a QR code as `[QR: payload]`). Large text keeps one character per
 * character: on paper it takes two columns.
 */
export function previewText(doc: PrintDocument, widthMm: PrinterProfile['widthMm']): string[] {
  return layoutDocument(doc, columnsFor(widthMm)).map(laidLineText);
}
