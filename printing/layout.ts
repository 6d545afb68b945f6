/**
 * A printed document as a neutral layout: what to print, not how. The same
 * layout becomes ESC/POS bytes (printing/escpos.ts), an on-screen preview
 * (printing/preview.ts) and, for A4 reports, a PDF (printing/pdf/).
 * It is stored as JSON with each print job, so a reprint is the same document.
 */

import type { DocumentKind, TitleParams } from '../core/printing/jobs.js';

export type Align = 'left' | 'center' | 'right';

export type Block =
  /** A line of text; long text wraps to the paper width. */
  | { kind: 'text'; text: string; align?: Align; bold?: boolean; /** Double width and height. */ large?: boolean }
  /** A label on the left and a value on the right (e.g. "Total" ... "12,50 €"). */
  | { kind: 'pair'; left: string; right: string; bold?: boolean; large?: boolean }
  /** A full-width separator line. */
  | { kind: 'rule'; style?: 'single' | 'double' }
  | { kind: 'blank' }
  /** A QR code (printed natively by the printer). */
  | { kind: 'qr'; data: string }
  /** A line to sign on, with its caption under it. */
  | { kind: 'signature'; caption: string };

export { DOCUMENT_KINDS, type DocumentKind } from '../core/printing/jobs.js';

export interface PrintDocument {
  kind: DocumentKind;
  /** Human title for lists of jobs ("Recibo de venda n.º 12"), in pt-PT. */
  title: string;
  /**
   * The title's parameters, without words ({ saleId: 12 }), so that a screen
   * words the title in its own language. Absent from documents stored before
   * they had them.
   */
  titleParams?: TitleParams;
  blocks: Block[];
  /** Open the cash drawer after printing (cash sales and payouts). */
  openDrawer?: boolean;
}

/** The printer settings that shape the bytes. */
export interface PrinterProfile {
  /** Code page with €, ç, ã, õ, º, ª: Windows-1252 or PC858. */
  codepage: 'cp1252' | 'cp858';
  widthMm: 58 | 80;
  /** Cash drawer kick: connector pin (2 or 5) and pulse timing in ms. */
  drawer?: { pin: 2 | 5; onMs: number; offMs: number };
}

/** Characters per line in font A on each paper width. */
export function columnsFor(widthMm: PrinterProfile['widthMm']): number {
  return widthMm === 58 ? 32 : 48;
}

/** A reprint carries "2.ª VIA" at the top (SPEC 7, issue #4). */
export function asReprint(doc: PrintDocument): PrintDocument {
  return {
    ...doc,
    openDrawer: false,
    blocks: [{ kind: 'text', text: '2.ª VIA', align: 'center', bold: true, large: true }, { kind: 'blank' }, ...doc.blocks],
  };
}
