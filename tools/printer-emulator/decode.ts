/**
 * A decoder of the ESC/POS bytes that printing/escpos.ts produces: what a
 * printer would put on paper, as text lines, QR payloads, cuts and drawer
 * pulses. Used by the tests and by the printer emulator.
 *
 * The code page tables are printing/codepages.ts's.
 */

import { codepageTable, ESC_T_CODEPAGES, NO_CHAR, type Codepage as DecodeCodepage } from '../../printing/codepages.js';

export type { DecodeCodepage };

export interface DecodedDrawerPulse {
  pin: 2 | 5;
  onMs: number;
  offMs: number;
}

export interface DecodedLineStyle {
  /** Some character of the line was printed bold. */
  bold: boolean;
  /** Some character of the line was printed larger than normal (GS ! / ESC !). */
  large: boolean;
}

/** Everything in the byte stream, in order (blank lines included, unlike `lines`). */
export type DecodedEvent =
  | { type: 'line'; text: string; bold: boolean; large: boolean }
  | { type: 'qr'; data: string }
  | { type: 'cut'; partial: boolean }
  | ({ type: 'pulse' } & DecodedDrawerPulse)
  | { type: 'codepage'; n: number; codepage: DecodeCodepage | null }
  | { type: 'initialize' }
  | { type: 'status'; n: number };

export interface DecodedEscPos {
  /**
   * The text lines as printed, trailing spaces trimmed; a QR code is a line
   * `[QR: payload]`. Blank lines next to a cut (the feed to the cutter and the
   * feed after it) are left out; `events` keeps them.
   */
  lines: string[];
  /** Bold / large, one entry per line of `lines`. */
  lineStyles: DecodedLineStyle[];
  /** `lines` split at each cut: one entry per piece of paper (the last may be empty). */
  pages: string[][];
  /** The payloads of the QR codes printed (GS ( k print), in order. */
  qr: string[];
  cuts: number;
  drawerPulses: DecodedDrawerPulse[];
  /** The code page last selected with ESC t (null if none was). */
  codepage: DecodeCodepage | null;
  events: DecodedEvent[];
  /** Commands the decoder did not understand, as hex. */
  unknown: string[];
}

export interface DecodeOptions {
  /** The printer's code page before any ESC t (its power-on setting); default cp437. */
  codepage?: DecodeCodepage;
}

function hex(bytes: Uint8Array, from: number, to: number): string {
  return Array.from(bytes.subarray(from, Math.min(to, bytes.length)), (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** Decode a stream of ESC/POS bytes. Never throws on unknown input: it is reported in `unknown`. */
export function decodeEscPos(bytes: Uint8Array, options: DecodeOptions = {}): DecodedEscPos {
  const powerOn: DecodeCodepage = options.codepage ?? 'cp437';
  const events: DecodedEvent[] = [];
  const qr: string[] = [];
  const drawerPulses: DecodedDrawerPulse[] = [];
  const unknown: string[] = [];
  let cuts = 0;

  let table: string | null = codepageTable(powerOn);
  let selected: DecodeCodepage | null = null;
  let bold = false;
  let large = false;
  let storedQr: string | null = null;

  let line = '';
  let lineBold = false;
  let lineLarge = false;

  const reset = () => {
    table = codepageTable(powerOn);
    bold = false;
    large = false;
  };
  const endLine = () => {
    events.push({ type: 'line', text: line.trimEnd(), bold: lineBold, large: lineLarge });
    line = '';
    lineBold = false;
    lineLarge = false;
  };
  /** Flush pending text (if any) as a line of its own, e.g. before a QR code or a cut. */
  const flushPending = () => {
    if (line.length > 0) endLine();
  };
  const put = (ch: string) => {
    line += ch;
    if (ch !== ' ') {
      if (bold) lineBold = true;
      if (large) lineLarge = true;
    }
  };

  const n = bytes.length;
  let i = 0;
  const at = (k: number): number => (k < n ? (bytes[k] as number) : -1);

  while (i < n) {
    const b = bytes[i] as number;

    if (b === 0x0a) {
      endLine();
      i += 1;
      continue;
    }
    if (b === 0x0d) {
      i += 1;
      continue;
    }
    if (b === 0x09) {
      put(' '.repeat(8 - (line.length % 8)));
      i += 1;
      continue;
    }
    if (b === 0x0c) {
      endLine();
      i += 1;
      continue;
    }

    if (b === 0x1b) {
      // ESC
      const c = at(i + 1);
      switch (c) {
        case 0x40: // ESC @ initialize
          flushPending();
          reset();
          events.push({ type: 'initialize' });
          i += 2;
          continue;
        case 0x74: {
          // ESC t n: select character code table
          const v = at(i + 2);
          const cp = ESC_T_CODEPAGES[v] ?? null;
          selected = cp;
          table = cp ? codepageTable(cp) : null;
          events.push({ type: 'codepage', n: v, codepage: cp });
          if (!cp) unknown.push(hex(bytes, i, i + 3));
          i += 3;
          continue;
        }
        case 0x45: // ESC E n: bold
          bold = (at(i + 2) & 1) === 1;
          i += 3;
          continue;
        case 0x21: {
          // ESC ! n: print mode (bit 3 bold, bit 4 double height, bit 5 double width)
          const v = at(i + 2);
          bold = (v & 0x08) !== 0;
          large = (v & 0x30) !== 0;
          i += 3;
          continue;
        }
        case 0x61: // ESC a n: justification. Our encoder pads text itself; only QR codes use it.
        case 0x47: // ESC G n: double strike
        case 0x2d: // ESC - n: underline
        case 0x34: // ESC 4 n: italic
        case 0x4d: // ESC M n: font
        case 0x33: // ESC 3 n: line spacing
        case 0x52: // ESC R n: international character set
        case 0x20: // ESC SP n: right-side character spacing
        case 0x56: // ESC V n: 90° rotation
        case 0x7b: // ESC { n: upside down
          i += 3;
          continue;
        case 0x63: // ESC c 3|4|5 n: paper sensors, panel buttons
          i += 4;
          continue;
        case 0x32: // ESC 2: default line spacing
          i += 2;
          continue;
        case 0x64: {
          // ESC d n: print and feed n lines
          const v = at(i + 2);
          endLine();
          for (let k = 1; k < v; k += 1) endLine();
          i += 3;
          continue;
        }
        case 0x4a: // ESC J n: print and feed n dots
          endLine();
          i += 3;
          continue;
        case 0x70: {
          // ESC p m t1 t2: drawer kick pulse
          const m = at(i + 2);
          const pulse: DecodedDrawerPulse = { pin: (m & 1) === 1 ? 5 : 2, onMs: at(i + 3) * 2, offMs: at(i + 4) * 2 };
          flushPending();
          drawerPulses.push(pulse);
          events.push({ type: 'pulse', ...pulse });
          i += 5;
          continue;
        }
        default:
          unknown.push(hex(bytes, i, i + 2));
          i += 2;
          continue;
      }
    }

    if (b === 0x1d) {
      // GS
      const c = at(i + 1);
      switch (c) {
        case 0x21: {
          // GS ! n: character size
          const v = at(i + 2);
          large = v > 0;
          i += 3;
          continue;
        }
        case 0x28: {
          // GS ( fn pL pH ...: functions with a length
          const fn = at(i + 2);
          // A command cut short at the end of a job reads as length 0: the decoder always moves forward.
          const len = Math.max(0, at(i + 3)) + Math.max(0, at(i + 4)) * 256;
          const body = i + 5;
          if (fn === 0x6b && at(body) === 0x31) {
            // GS ( k, cn 49: QR code
            const f = at(body + 1);
            if (f === 0x50) {
              // store: cn fn m d1...dk, the data is Latin-1 (the encoder's choice)
              storedQr = Array.from(bytes.subarray(body + 3, body + len), (x) => String.fromCharCode(x)).join('');
            } else if (f === 0x51) {
              flushPending();
              const data = storedQr ?? '';
              qr.push(data);
              events.push({ type: 'qr', data });
            }
          }
          i = body + len;
          continue;
        }
        case 0x56: {
          // GS V m [n]: cut
          const m = at(i + 2);
          flushPending();
          cuts += 1;
          events.push({ type: 'cut', partial: (m & 1) === 1 });
          i += m >= 65 ? 4 : 3;
          continue;
        }
        case 0x42: // GS B n: reverse
        case 0x48: // GS H n: HRI position
        case 0x68: // GS h n: barcode height
        case 0x77: // GS w n: barcode width
        case 0x66: // GS f n: HRI font
        case 0x4c: // GS L nL nH (2 args)
        case 0x57: // GS W nL nH (2 args)
          i += c === 0x4c || c === 0x57 ? 4 : 3;
          continue;
        case 0x50: // GS P x y
          i += 4;
          continue;
        case 0x6b: {
          // GS k m ...: barcode (skipped)
          const m = at(i + 2);
          if (m >= 0 && m <= 6) {
            let k = i + 3;
            while (k < n && bytes[k] !== 0x00) k += 1;
            i = k + 1;
          } else {
            i = i + 4 + Math.max(0, at(i + 3));
          }
          continue;
        }
        case 0x76: {
          // GS v 0 m xL xH yL yH d...: raster image (skipped)
          const bytesPerRow = Math.max(0, at(i + 4)) + Math.max(0, at(i + 5)) * 256;
          const rows = Math.max(0, at(i + 6)) + Math.max(0, at(i + 7)) * 256;
          i = i + 8 + bytesPerRow * rows;
          continue;
        }
        default:
          unknown.push(hex(bytes, i, i + 2));
          i += 2;
          continue;
      }
    }

    if (b === 0x1c) {
      // FS
      const c = at(i + 1);
      if (c === 0x2e || c === 0x26) {
        // FS . cancel / FS & select Kanji mode
        i += 2;
        continue;
      }
      unknown.push(hex(bytes, i, i + 2));
      i += 2;
      continue;
    }

    if (b === 0x10) {
      // DLE
      const c = at(i + 1);
      if (c === 0x04) {
        // DLE EOT n: real-time status request
        events.push({ type: 'status', n: at(i + 2) });
        i += 3;
        continue;
      }
      if (c === 0x14) {
        // DLE DC4 fn m t: fn 1 is a real-time drawer pulse of t x 100 ms
        const fn = at(i + 2);
        if (fn === 1) {
          const pulse: DecodedDrawerPulse = { pin: at(i + 3) === 1 ? 5 : 2, onMs: at(i + 4) * 100, offMs: at(i + 4) * 100 };
          drawerPulses.push(pulse);
          events.push({ type: 'pulse', ...pulse });
        }
        i += 5;
        continue;
      }
      unknown.push(hex(bytes, i, i + 2));
      i += 2;
      continue;
    }

    if (b < 0x20 || b === 0x7f) {
      i += 1;
      continue;
    }

    put(table ? (table[b] as string) : b < 0x80 ? String.fromCharCode(b) : NO_CHAR);
    i += 1;
  }
  if (line.length > 0) endLine();

  // Build the visible lines: blank lines next to a cut are paper feed, not content.
  const lines: string[] = [];
  const lineStyles: DecodedLineStyle[] = [];
  const pages: string[][] = [[]];
  const pending: { text: string; style: DecodedLineStyle }[] = [];
  let afterCut = false;
  const emit = (text: string, style: DecodedLineStyle) => {
    lines.push(text);
    lineStyles.push(style);
    (pages[pages.length - 1] as string[]).push(text);
  };
  for (const e of events) {
    if (e.type === 'line') {
      if (e.text === '') {
        if (!afterCut) pending.push({ text: '', style: { bold: false, large: false } });
        continue;
      }
      for (const p of pending.splice(0)) emit(p.text, p.style);
      emit(e.text, { bold: e.bold, large: e.large });
      afterCut = false;
    } else if (e.type === 'qr') {
      for (const p of pending.splice(0)) emit(p.text, p.style);
      emit(`[QR: ${e.data}]`, { bold: false, large: false });
      afterCut = false;
    } else if (e.type === 'cut') {
      pending.length = 0;
      pages.push([]);
      afterCut = true;
    }
  }
  for (const p of pending.splice(0)) emit(p.text, p.style);

  return { lines, lineStyles, pages, qr, cuts, drawerPulses, codepage: selected, events, unknown };
}
