import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { describe, expect, it } from 'vitest';
import { codepageTable, ESC_T, ESC_T_CODEPAGES, NO_CHAR } from '../../printing/codepages.js';
import { decodeEscPos, type DecodeCodepage } from './decode.js';

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

describe('code page tables', () => {
  it('have 256 entries, ASCII in the lower half, no control codes', () => {
    for (const cp of ['cp437', 'cp850', 'cp858', 'cp1252'] as const) {
      const t = codepageTable(cp);
      expect(t).toHaveLength(256);
      expect(t.slice(0x20, 0x7f)).toBe(' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~');
      expect([...t.slice(0, 0x20)].every((c) => c === NO_CHAR)).toBe(true);
      expect(t[0x7f]).toBe(NO_CHAR);
    }
  });

  it('place € ç Ç ã õ á é í ó ú à º ª where Windows-1252 and PC858 have them', () => {
    const where = (cp: DecodeCodepage) => Object.fromEntries([...'€çÇãõáéíóúàºª'].map((c) => [c, codepageTable(cp).indexOf(c)]));
    expect(where('cp1252')).toEqual({
      '€': 0x80, ç: 0xe7, Ç: 0xc7, ã: 0xe3, õ: 0xf5, á: 0xe1, é: 0xe9, í: 0xed, ó: 0xf3, ú: 0xfa, à: 0xe0, º: 0xba, ª: 0xaa,
    });
    expect(where('cp858')).toEqual({
      '€': 0xd5, ç: 0x87, Ç: 0x80, ã: 0xc6, õ: 0xe4, á: 0xa0, é: 0x82, í: 0xa1, ó: 0xa2, ú: 0xa3, à: 0x85, º: 0xa7, ª: 0xa6,
    });
    expect(codepageTable('cp850')[0xd5]).toBe('ı');
    expect(codepageTable('cp437').indexOf('€')).toBe(-1);
  });

  it('cp1252 is Windows-1252 (Unicode CP1252.TXT): 0x80-0x9F as below, Latin-1 from 0xA0', () => {
    // Not checked against TextDecoder('windows-1252'): Node 20's decodes 0x80-0x9F as C1 controls (Latin-1).
    const t = codepageTable('cp1252');
    const c1 = [
      0x20ac, -1, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, -1, 0x017d, -1,
      -1, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, -1, 0x017e, 0x0178,
    ];
    c1.forEach((cp, i) => expect(t[0x80 + i]).toBe(cp < 0 ? NO_CHAR : String.fromCodePoint(cp)));
    for (let b = 0xa0; b < 0x100; b += 1) expect(t.charCodeAt(b)).toBe(b);
  });

  it('agree with the encoder byte for byte (every character of the upper half)', () => {
    const encoderName = { cp437: 'cp437', cp850: 'cp850', cp858: 'cp858', cp1252: 'windows1252' } as const;
    const encode = (cp: DecodeCodepage, ch: string) => {
      const bytes = new ReceiptPrinterEncoder({ columns: 32, newline: '\n' }).initialize().codepage(encoderName[cp]).text(ch).encode();
      // ESC @, FS ., ESC M 0, ESC t n, then the character
      expect([...bytes.subarray(0, 9)]).toEqual([ESC, 0x40, 0x1c, 0x2e, ESC, 0x4d, 0, ESC, 0x74]);
      expect(ESC_T_CODEPAGES[bytes[9] as number]).toBe(cp);
      return bytes[10];
    };
    for (const cp of ['cp437', 'cp850', 'cp858', 'cp1252'] as const) {
      const t = codepageTable(cp);
      for (let b = 0x80; b < 0x100; b += 1) {
        const ch = t[b] as string;
        if (ch === NO_CHAR || ((cp === 'cp850' || cp === 'cp858') && (ch === '¶' || ch === '§'))) continue;
        expect([cp, ch, encode(cp, ch)]).toEqual([cp, ch, b]);
      }
    }
    // The encoder's cp850/cp858 inherit cp437's glyphs for control codes, so it sends
    // '¶' and '§' as 0x14 and 0x15 (printing/escpos.ts sends our bytes, 0xF4 and 0xF5).
    expect(encode('cp858', '¶')).toBe(0x14);
    expect(encode('cp858', '§')).toBe(0x15);
  });

  it('ESC t numbers are Epson numbers', () => {
    expect(ESC_T).toEqual({ cp437: 0, cp850: 2, cp1252: 16, cp858: 19 });
  });
});

describe('decodeEscPos', () => {
  it('text in the selected code page, bold, size, line feeds', () => {
    const bytes = Uint8Array.from([
      ESC, 0x40,
      ESC, 0x74, 16, 0x80, 0x20, 0xe7, 0xe3, 0xf5, 0xba, 0xaa, LF,
      ESC, 0x74, 19, 0xd5, 0x20, 0x87, 0xc6, 0xe4, 0xa7, 0xa6, 0x20, 0x20, LF,
      ESC, 0x45, 1, ...ascii('Negrito'), ESC, 0x45, 0, LF,
      0x20, 0x20, GS, 0x21, 0x11, ...ascii('Grande'), GS, 0x21, 0x00, 0x0d, LF,
      LF,
      ...ascii('fim'),
    ]);
    const d = decodeEscPos(bytes);
    expect(d.lines).toEqual(['€ çãõºª', '€ çãõºª', 'Negrito', '  Grande', '', 'fim']);
    expect(d.lineStyles).toEqual([
      { bold: false, large: false },
      { bold: false, large: false },
      { bold: true, large: false },
      { bold: false, large: true },
      { bold: false, large: false },
      { bold: false, large: false },
    ]);
    expect(d.codepage).toBe('cp858');
    expect(d.unknown).toEqual([]);
  });

  it('before any ESC t the power-on code page applies (cp437 unless told)', () => {
    expect(decodeEscPos(Uint8Array.from([0x87, 0xa7, LF])).lines).toEqual(['çº']);
    expect(decodeEscPos(Uint8Array.from([0x80, LF]), { codepage: 'cp1252' }).lines).toEqual(['€']);
    expect(decodeEscPos(Uint8Array.from([0x80, LF])).codepage).toBeNull();
  });

  it('an unknown ESC t is reported and its upper half decodes as U+FFFD', () => {
    const d = decodeEscPos(Uint8Array.from([ESC, 0x74, 99, 0x41, 0xe7, LF]));
    expect(d.lines).toEqual(['A\uFFFD']);
    expect(d.unknown).toEqual(['1b 74 63']);
  });

  it('QR code: stored with GS ( k fn 80, printed with fn 81', () => {
    const data = ascii('BINGO|x|V1|0000000A');
    const len = data.length + 3;
    const bytes = Uint8Array.from([
      ...ascii('antes'), // pending text is flushed before the symbol
      ESC, 0x61, 1,
      GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0,
      GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, 6,
      GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31,
      GS, 0x28, 0x6b, len & 0xff, len >> 8, 0x31, 0x50, 0x30, ...data,
      GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30,
      ESC, 0x61, 0,
      ...ascii('depois'), LF,
    ]);
    const d = decodeEscPos(bytes);
    expect(d.qr).toEqual(['BINGO|x|V1|0000000A']);
    expect(d.lines).toEqual(['antes', '[QR: BINGO|x|V1|0000000A]', 'depois']);
  });

  it('cuts: GS V 0/1 and GS V 65/66 n; blank feed lines around a cut are not content', () => {
    const bytes = Uint8Array.from([
      ...ascii('um'), LF, LF, LF, GS, 0x56, 1, LF,
      ...ascii('dois'), LF, GS, 0x56, 0x41, 3,
      ...ascii('tres'), LF, GS, 0x56, 0,
    ]);
    const d = decodeEscPos(bytes);
    expect(d.cuts).toBe(3);
    expect(d.lines).toEqual(['um', 'dois', 'tres']);
    expect(d.pages).toEqual([['um'], ['dois'], ['tres'], []]);
    expect(d.events.filter((e) => e.type === 'cut')).toEqual([
      { type: 'cut', partial: true },
      { type: 'cut', partial: true },
      { type: 'cut', partial: false },
    ]);
    // blank lines between content stay
    expect(decodeEscPos(Uint8Array.from([...ascii('a'), LF, LF, ...ascii('b'), LF])).lines).toEqual(['a', '', 'b']);
  });

  it('drawer pulses: ESC p m t1 t2 (2 ms units) and DLE DC4 1 m t (100 ms units)', () => {
    const d = decodeEscPos(Uint8Array.from([ESC, 0x70, 0, 50, 250, ESC, 0x70, 1, 60, 120, ESC, 0x70, 0x31, 25, 25, 0x10, 0x14, 1, 0, 2]));
    expect(d.drawerPulses).toEqual([
      { pin: 2, onMs: 100, offMs: 500 },
      { pin: 5, onMs: 120, offMs: 240 },
      { pin: 5, onMs: 50, offMs: 50 },
      { pin: 2, onMs: 200, offMs: 200 },
    ]);
  });

  it('DLE EOT status requests are events, not text', () => {
    const d = decodeEscPos(Uint8Array.from([0x10, 0x04, 1, 0x10, 0x04, 4, ...ascii('x'), LF]));
    expect(d.events.filter((e) => e.type === 'status')).toEqual([
      { type: 'status', n: 1 },
      { type: 'status', n: 4 },
    ]);
    expect(d.lines).toEqual(['x']);
  });

  it('reports commands it does not know and carries on', () => {
    const d = decodeEscPos(Uint8Array.from([ESC, 0x7e, ...ascii('ok'), LF]));
    expect(d.unknown).toEqual(['1b 7e']);
    expect(d.lines).toEqual(['ok']);
  });

  it('ESC @ resets bold and size', () => {
    const d = decodeEscPos(Uint8Array.from([ESC, 0x45, 1, GS, 0x21, 0x11, ESC, 0x40, ...ascii('x'), LF]));
    expect(d.lineStyles).toEqual([{ bold: false, large: false }]);
  });
});

describe('a job cut short', () => {
  it('decodes every prefix of a receipt (a dropped connection) without stalling', async () => {
    const { renderEscPos } = await import('../../printing/escpos.js');
    const { saleReceipt } = await import('../../printing/documents/index.js');
    const { SALE } = await import('../../test/fixtures/documents.js');
    const bytes = renderEscPos(saleReceipt(SALE), { codepage: 'cp858', widthMm: 80, drawer: { pin: 2, onMs: 100, offMs: 500 } });
    for (let n = 0; n <= bytes.length; n++) {
      const decoded = decodeEscPos(bytes.subarray(0, n));
      expect(Array.isArray(decoded.lines)).toBe(true);
    }
    // Whole: the QR is there; cut inside the QR command: it is not.
    expect(decodeEscPos(bytes).qr).toHaveLength(1);
  });
});
