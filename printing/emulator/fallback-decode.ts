/**
 * A small ESC/POS decoder for the emulator, used until printing/decode.ts
 * (the full decoder the document tests use) is there, and as a second
 * opinion when that one throws. It walks the command set a receipt printer
 * understands closely enough to skip every argument, and keeps: the text
 * lines, QR payloads (GS ( k fn 80), cuts (GS V, ESC i, ESC m), drawer pulses
 * (ESC p and DLE DC4 1) and the code page chosen with ESC t.
 */

export interface DecodedJob {
  lines: string[];
  qr: string[];
  cuts: number;
  drawerPulses: { pin: 2 | 5; onMs: number; offMs: number }[];
  codepage: string | null;
}

/** CP850 0x80..0xFF; CP858 is the same with 0xD5 = '€'. */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';
/** CP437 0x80..0xFF. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/**
 * Windows-1252 0x80..0x9F ('?' where undefined); 0xA0..0xFF are Latin-1.
 * (Node 20's TextDecoder('windows-1252') decodes these as Latin-1 C1 codes.)
 */
const CP1252_80_9F = '€?‚ƒ„…†‡ˆ‰Š‹Œ?Ž??\u2018\u2019\u201c\u201d•–—˜™š›œ?žŸ';

const TABLES: Record<string, (b: number) => string> = {
  cp437: (b) => CP437_HIGH[b - 0x80] ?? '?',
  cp850: (b) => CP850_HIGH[b - 0x80] ?? '?',
  cp858: (b) => (b === 0xd5 ? '€' : (CP850_HIGH[b - 0x80] ?? '?')),
  cp1252: (b) => (b < 0xa0 ? (CP1252_80_9F[b - 0x80] ?? '?') : String.fromCharCode(b)),
};

/** ESC t n -> code page name (Epson numbering). */
export const ESC_T_CODEPAGES: Record<number, string> = { 0: 'cp437', 2: 'cp850', 16: 'cp1252', 19: 'cp858' };

/** Commands with a fixed number of argument bytes after ESC x / GS x / FS x. */
const ESC_ARGS: Record<number, number> = {
  0x20: 1, 0x21: 1, 0x24: 2, 0x25: 1, 0x2d: 1, 0x32: 0, 0x33: 1, 0x3c: 0, 0x3d: 1, 0x3f: 1, 0x40: 0,
  0x45: 1, 0x47: 1, 0x4a: 1, 0x4b: 1, 0x4c: 0, 0x4d: 1, 0x52: 1, 0x53: 0, 0x54: 1, 0x55: 1, 0x56: 1,
  0x57: 8, 0x5c: 2, 0x61: 1, 0x63: 2, 0x64: 1, 0x65: 1, 0x69: 0, 0x6d: 0, 0x70: 3, 0x72: 1, 0x74: 1,
  0x75: 1, 0x76: 0, 0x7b: 1, 0x0c: 0,
};
const GS_ARGS: Record<number, number> = {
  0x21: 1, 0x23: 1, 0x24: 2, 0x2f: 1, 0x3a: 0, 0x42: 1, 0x45: 1, 0x48: 1, 0x49: 1, 0x4c: 2, 0x50: 2,
  0x54: 1, 0x57: 2, 0x5c: 2, 0x5e: 3, 0x61: 1, 0x62: 1, 0x63: 0, 0x66: 1, 0x67: 2, 0x68: 1, 0x72: 1,
  0x77: 1, 0x7a: 2,
};
const FS_ARGS: Record<number, number> = { 0x21: 1, 0x26: 0, 0x2d: 1, 0x2e: 0, 0x43: 1, 0x53: 2, 0x57: 1, 0x70: 2 };

export function fallbackDecodeEscPos(bytes: Uint8Array, opts: { codepage?: string } = {}): DecodedJob {
  const out: DecodedJob = { lines: [], qr: [], cuts: 0, drawerPulses: [], codepage: null };
  const start = opts.codepage && TABLES[opts.codepage] ? opts.codepage : 'cp437';
  let page = start;
  let line = '';
  const at = (i: number): number => bytes[i] ?? 0;
  const u16 = (i: number): number => at(i) + at(i + 1) * 256;
  const endLine = (): void => {
    out.lines.push(line);
    line = '';
  };
  const pulse = (m: number, on: number, off: number): void => {
    out.drawerPulses.push({ pin: m % 2 === 0 ? 2 : 5, onMs: on, offMs: off });
  };

  let i = 0;
  while (i < bytes.length) {
    const b = at(i);
    if (b >= 0x20 && b < 0x7f) {
      // a run of ASCII at once
      let j = i + 1;
      while (j < bytes.length && j - i < 4096 && at(j) >= 0x20 && at(j) < 0x7f) j++;
      line += String.fromCharCode(...bytes.subarray(i, j));
      i = j;
      continue;
    }
    if (b >= 0x80) {
      line += (TABLES[page] ?? TABLES.cp437!)(b);
      i += 1;
      continue;
    }
    if (b === 0x0a) {
      endLine();
      i += 1;
      continue;
    }
    if (b === 0x09) {
      line += ' ';
      i += 1;
      continue;
    }
    if (b === 0x1b) {
      const c = at(i + 1);
      if (c === 0x40) page = start;
      if (c === 0x74) {
        page = ESC_T_CODEPAGES[at(i + 2)] ?? `escpos:${at(i + 2)}`;
        out.codepage = page;
      }
      if (c === 0x70) pulse(at(i + 2), at(i + 3) * 2, at(i + 4) * 2);
      if (c === 0x64) {
        // print and feed n lines
        const n = at(i + 2);
        if (n > 0) {
          endLine();
          for (let k = 1; k < n; k++) out.lines.push('');
        }
      }
      if (c === 0x69 || c === 0x6d) out.cuts += 1;
      if (c === 0x2a) {
        // ESC * m nL nH data
        const m = at(i + 2);
        i += 5 + u16(i + 3) * (m === 0 || m === 1 ? 1 : 3);
        continue;
      }
      if (c === 0x44) {
        // ESC D n1..nk NUL
        let j = i + 2;
        while (j < bytes.length && at(j) !== 0) j++;
        i = j + 1;
        continue;
      }
      if (c === 0x28) {
        // ESC ( fn pL pH ...
        i += 5 + u16(i + 3);
        continue;
      }
      if (c === 0x26) {
        // ESC & y c1 c2 [x d1..d(y*x)]...
        const y = at(i + 2);
        const c1 = at(i + 3);
        const c2 = at(i + 4);
        let j = i + 5;
        for (let k = c1; k <= c2 && j < bytes.length; k++) j += 1 + y * at(j);
        i = j;
        continue;
      }
      i += 2 + (ESC_ARGS[c] ?? 0);
      continue;
    }
    if (b === 0x1d) {
      const c = at(i + 1);
      if (c === 0x56) {
        // GS V m [n]
        const m = at(i + 2);
        out.cuts += 1;
        i += m >= 0x41 ? 4 : 3;
        continue;
      }
      if (c === 0x28) {
        // GS ( fn pL pH data
        const fn = at(i + 2);
        const len = u16(i + 3);
        if (fn === 0x6b && at(i + 5) === 0x31 && at(i + 6) === 0x50 && len >= 3) {
          // QR store: cn=49 fn=80 m=48 d1..dk
          out.qr.push(new TextDecoder('utf-8').decode(bytes.subarray(i + 8, i + 5 + len)));
        }
        i += 5 + len;
        continue;
      }
      if (c === 0x6b) {
        // GS k m ...
        const m = at(i + 2);
        if (m <= 6) {
          let j = i + 3;
          while (j < bytes.length && at(j) !== 0) j++;
          i = j + 1;
        } else i += 4 + at(i + 3);
        continue;
      }
      if (c === 0x76 && at(i + 2) === 0x30) {
        // GS v 0 m xL xH yL yH data
        i += 8 + u16(i + 4) * u16(i + 6);
        continue;
      }
      if (c === 0x2a) {
        // GS * x y data
        i += 4 + at(i + 2) * at(i + 3) * 8;
        continue;
      }
      if (c === 0x38 && (at(i + 2) === 0x4c || at(i + 2) === 0x42)) {
        // GS 8 L p1 p2 p3 p4 ...
        i += 7 + at(i + 3) + at(i + 4) * 256 + at(i + 5) * 65536 + at(i + 6) * 16777216;
        continue;
      }
      i += 2 + (GS_ARGS[c] ?? 0);
      continue;
    }
    if (b === 0x1c) {
      const c = at(i + 1);
      if (c === 0x28) {
        i += 5 + u16(i + 3);
        continue;
      }
      i += 2 + (FS_ARGS[c] ?? 0);
      continue;
    }
    if (b === 0x10) {
      const c = at(i + 1);
      if (c === 0x04 || c === 0x05) {
        i += 3;
        continue;
      }
      if (c === 0x14) {
        // DLE DC4 fn ...: fn 1 = real-time drawer pulse (m, t x 100 ms)
        const fn = at(i + 2);
        if (fn === 1) pulse(at(i + 3), at(i + 4) * 100, at(i + 4) * 100);
        i += fn === 1 || fn === 2 ? 5 : fn === 7 ? 4 : fn === 8 ? 10 : 3;
        continue;
      }
      i += 1;
      continue;
    }
    // CR, FF, other C0 bytes: nothing on paper.
    i += 1;
  }
  if (line !== '') endLine();
  return out;
}
