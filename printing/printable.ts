/**
 * Which characters of a saved text a printer cannot print (issue 12): checked
 * when the text is saved, so that a hall name with such a character is refused
 * at once instead of making every later receipt fail in renderEscPos.
 *
 * The check is the encoder's own: the text is taken in NFC (as the layout does)
 * and each character must be in the code page's printable set; there is no
 * transliteration, so a character outside the page is never printed as '?'.
 */
import type { PrintedField } from '../core/printing/errors.js';
import { printableCharacters } from './escpos.js';
import type { PrinterProfile } from './layout.js';

type Codepage = PrinterProfile['codepage'];

/** The distinct characters of `text` that `codepage` cannot print, in order of first appearance (empty: it prints). */
export function unprintableCharacters(codepage: Codepage, text: string): string[] {
  const allowed = printableCharacters(codepage);
  const out: string[] = [];
  for (const ch of text.normalize('NFC')) {
    if (!allowed.has(ch) && !out.includes(ch)) out.push(ch);
  }
  return out;
}

/** `U+20AC` */
export function codePointName(ch: string): string {
  return 'U+' + (ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
}

/** `'😀' (U+1F600), '中' (U+4E2D)`: the characters as a refusal names them (the code point shows a mark or an invisible one). */
export function describeCharacters(chars: readonly string[]): string {
  return chars.map((ch) => `'${ch}' (${codePointName(ch)})`).join(', ');
}

/** A saved text that goes on paper: which field it is and, for a list (operators, machines), whose. */
export interface PrintedText {
  field: PrintedField;
  text: string;
  /** The username or machine number it belongs to; absent for the hall's own texts. */
  subject?: string;
}

export interface PrinterCodepage {
  id: string;
  codepage: Codepage;
}

interface UnprintableText {
  text: PrintedText;
  printer: PrinterCodepage;
  chars: string[];
}

/** The first text (in the order given) that one of the printers (in the order given) cannot print, or null. */
export function firstUnprintable(texts: readonly PrintedText[], printers: readonly PrinterCodepage[]): UnprintableText | null {
  for (const text of texts) {
    for (const printer of printers) {
      const chars = unprintableCharacters(printer.codepage, text.text);
      if (chars.length > 0) return { text, printer, chars };
    }
  }
  return null;
}
