/**
 * A document -> ESC/POS bytes, with @point-of-sale/receipt-printer-encoder.
 *
 * The lines come from printing/preview.ts (the same lines the screen shows).
 * Every character is checked against the printer's code page first: the
 * encoder would print '?' (or, on cp858, a control byte) for a character the
 * page lacks, so such a character is an UnprintableCharacterError instead.
 *
 * The encoder sends the commands (initialise, bold, size, QR code, cut, drawer
 * pulse) and the line feeds. The characters of each line go to it as raw bytes
 * from our code page table (codepages.ts), which is checked byte for byte against
 * the encoder's own tables in tools/printer-emulator/decode.test.ts: its text path clones a 256-entry
 * table for every string it encodes (about 30 µs a line, 1.2 ms a receipt),
 * and its cp858 sends '¶' and '§' as the control bytes 0x14 and 0x15 (cp437's
 * glyph positions) instead of 0xF4 and 0xF5. We send ESC t ourselves.
 *
 * The drawer pulse is appended only when asked for (`{ drawer: true }`, by
 * default `doc.openDrawer`) and the printer has a drawer; the print queue sends
 * it only after the money is committed, and may send it alone (drawerPulse).
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Params } from '../core/catalogue.js';
import { errorMessage } from '../core/errors.js';
import { codepageTable, ESC_T, NO_CHAR } from './codepages.js';
import { columnsFor, type Block, type PrintDocument, type PrinterProfile } from './layout.js';
import { layoutDocument } from './preview.js';

/** Lines fed before the cut, so that the last line clears the cutter (the encoder's printer definitions use 3-4). */
const FEED_BEFORE_CUT = 4;

/** QR code: model 2, module size 6 dots (about 22 mm for a receipt payload), error correction M. */
const QR_OPTIONS = { model: 2, size: 6, errorlevel: 'm' } as const;

/** A character the printer's code page cannot print, named with where it is. */
export class UnprintableCharacterError extends Error {
  readonly code = 'PRINT_UNPRINTABLE_CHARACTER';
  constructor(
    /** The character itself, e.g. '→'. */
    readonly char: string,
    /** Its code point, e.g. 'U+2192'. */
    readonly codePoint: string,
    /** The code page ('cp1252', 'cp858') or 'qr' (a QR payload is Latin-1). */
    readonly codepage: string,
    /** The text it was found in. */
    readonly text: string,
    /** Its position in `text` (0-based, in UTF-16 units). */
    readonly index: number,
    /** The index of the block in the document. */
    readonly blockIndex: number,
  ) {
    super(errorMessage('PRINT_UNPRINTABLE_CHARACTER', unprintableParams(char, codePoint, codepage, text, index, blockIndex)));
    this.name = 'UnprintableCharacterError';
  }
  /** The message's parameters (the print queue keeps them with the job, so the screen words it in its language). */
  get params(): Params {
    return unprintableParams(this.char, this.codePoint, this.codepage, this.text, this.index, this.blockIndex);
  }
}

function unprintableParams(char: string, codePoint: string, codepage: string, text: string, index: number, blockIndex: number): Params {
  return { char, codePoint, codepage, block: blockIndex, position: index + 1, text };
}

const printableSets = new Map<PrinterProfile['codepage'], ReadonlySet<string>>();

/** The characters we print on a code page: space to '~' and the defined upper half. */
export function printableCharacters(codepage: PrinterProfile['codepage']): ReadonlySet<string> {
  let set = printableSets.get(codepage);
  if (!set) {
    set = new Set([...codepageTable(codepage)].filter((c) => c !== NO_CHAR));
    printableSets.set(codepage, set);
  }
  return set;
}

const LATIN1_PRINTABLE = new Set(
  Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)).filter((_, i) => (i >= 0x20 && i < 0x7f) || i >= 0xa0),
);

const byteTables = new Map<PrinterProfile['codepage'], ReadonlyMap<string, number>>();

function byteTable(codepage: PrinterProfile['codepage']): ReadonlyMap<string, number> {
  let map = byteTables.get(codepage);
  if (!map) {
    const allowed = printableCharacters(codepage);
    map = new Map([...codepageTable(codepage)].map((c, byte) => [c, byte] as const).filter(([c]) => allowed.has(c)));
    byteTables.set(codepage, map);
  }
  return map;
}

/** The bytes of a (checked, NFC) line of text in the code page. */
function encodeLine(text: string, codepage: PrinterProfile['codepage']): Uint8Array {
  const table = byteTable(codepage);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const byte = table.get(text[i] as string);
    if (byte === undefined) {
      const ch = String.fromCodePoint(text.codePointAt(i) as number);
      const codePoint = 'U+' + (ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
      throw new UnprintableCharacterError(ch, codePoint, codepage, text, i, -1);
    }
    out[i] = byte;
  }
  return out;
}

function checkText(text: string, allowed: ReadonlySet<string>, codepage: string, blockIndex: number, newlines: boolean): void {
  const t = text.normalize('NFC');
  let index = 0;
  for (const ch of t) {
    if (!allowed.has(ch) && !(newlines && ch === '\n')) {
      const codePoint = 'U+' + (ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0');
      throw new UnprintableCharacterError(ch, codePoint, codepage, t, index, blockIndex);
    }
    index += ch.length;
  }
}

function blockTexts(block: Block): { texts: string[]; newlines: boolean } {
  switch (block.kind) {
    case 'text':
      return { texts: [block.text], newlines: true };
    case 'pair':
      return { texts: [block.left, block.right], newlines: false };
    case 'signature':
      return { texts: [block.caption], newlines: true };
    default:
      return { texts: [], newlines: false };
  }
}

/** Throw UnprintableCharacterError for the first character of `doc` that `codepage` cannot print. */
export function assertPrintable(doc: PrintDocument, codepage: PrinterProfile['codepage']): void {
  const allowed = printableCharacters(codepage);
  doc.blocks.forEach((block, blockIndex) => {
    if (block.kind === 'qr') {
      checkText(block.data, LATIN1_PRINTABLE, 'qr', blockIndex, false);
      return;
    }
    const { texts, newlines } = blockTexts(block);
    for (const text of texts) checkText(text, allowed, codepage, blockIndex, newlines);
  });
}

function checkDrawer(drawer: NonNullable<PrinterProfile['drawer']>): void {
  if (drawer.pin !== 2 && drawer.pin !== 5) throw new RangeError(`drawer pin must be 2 or 5, not ${String(drawer.pin)}`);
  for (const [name, ms] of [
    ['onMs', drawer.onMs],
    ['offMs', drawer.offMs],
  ] as const) {
    if (!Number.isFinite(ms) || ms < 2 || ms > 510) throw new RangeError(`drawer ${name} must be 2-510 ms, not ${ms}`);
  }
}

function encoderFor(profile: PrinterProfile): ReceiptPrinterEncoder {
  return new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: columnsFor(profile.widthMm),
    codepageMapping: 'epson',
    newline: '\n',
    feedBeforeCut: FEED_BEFORE_CUT,
    feedAfterBlock: false,
    errors: 'strict',
  });
}

/** Drawer pin 2 is ESC p m = 0, pin 5 is m = 1; times go in 2 ms units (the encoder divides by 2). */
function addPulse(encoder: ReceiptPrinterEncoder, drawer: NonNullable<PrinterProfile['drawer']>): void {
  checkDrawer(drawer);
  encoder.pulse(drawer.pin === 5 ? 1 : 0, drawer.onMs, drawer.offMs);
}

const SPACES = new Uint8Array(48).fill(0x20);

interface RenderOptions {
  /** Append the drawer pulse (when the printer has a drawer). Default: `doc.openDrawer`. */
  drawer?: boolean;
}

/**
 * The ESC/POS bytes of a document: ESC @, the code page, the lines, the QR
 * codes, the feed and the cut, then (if asked and the printer has a drawer)
 * the drawer pulse.
 */
export function renderEscPos(doc: PrintDocument, profile: PrinterProfile, options: RenderOptions = {}): Uint8Array {
  assertPrintable(doc, profile.codepage);
  const encoder = encoderFor(profile);
  encoder.initialize().raw([0x1b, 0x74, ESC_T[profile.codepage]]);

  for (const line of layoutDocument(doc, columnsFor(profile.widthMm))) {
    if (line.kind === 'qr') {
      encoder.align('center').qrcode(line.data, QR_OPTIONS).align('left');
      continue;
    }
    if (line.pad > 0) encoder.raw(SPACES.subarray(0, line.pad));
    if (line.bold) encoder.bold(true);
    if (line.large) encoder.size(2, 2);
    if (line.text !== '') encoder.raw(encodeLine(line.text, profile.codepage));
    if (line.large) encoder.size(1, 1);
    if (line.bold) encoder.bold(false);
    encoder.newline();
  }
  encoder.cut('partial');

  const drawer = options.drawer ?? !!doc.openDrawer;
  if (drawer && profile.drawer) addPulse(encoder, profile.drawer);
  return encoder.encode();
}

/** The drawer pulse alone (ESC p m t1 t2), for the queue to send once the money is committed. */
export function drawerPulse(profile: PrinterProfile): Uint8Array {
  if (!profile.drawer) throw new Error('A impressora não tem gaveta configurada.');
  const encoder = encoderFor(profile);
  addPulse(encoder, profile.drawer);
  return encoder.encode();
}
