import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { describe, expect, it } from 'vitest';
import { fallbackDecodeEscPos } from './fallback-decode.js';

const PT = 'Olá € ç ã õ º ª Ç Ã Õ é ê ó ô ú à';

function encoder(codepage: 'cp858' | 'cp1252') {
  return new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 48, codepageMapping: 'epson' })
    .initialize()
    .codepage(codepage === 'cp1252' ? 'windows1252' : codepage);
}

describe('fallbackDecodeEscPos', () => {
  it('decodes cp858 and cp1252 text with € and Portuguese accents', () => {
    for (const cp of ['cp858', 'cp1252'] as const) {
      const d = fallbackDecodeEscPos(encoder(cp).line(PT).line('Total: 12,50 €').encode());
      expect(d.codepage).toBe(cp);
      expect(d.lines).toEqual([PT, 'Total: 12,50 €']);
    }
  });

  it('keeps QR payloads, drawer pulses (pin, ms) and cuts', () => {
    const bytes = encoder('cp858').line('x').qrcode('REC-000123|7F3A').pulse(1, 120, 240).cut('partial').encode();
    const d = fallbackDecodeEscPos(bytes);
    expect(d.qr).toEqual(['REC-000123|7F3A']);
    expect(d.drawerPulses).toEqual([{ pin: 5, onMs: 120, offMs: 240 }]);
    expect(d.cuts).toBe(1);
    expect(d.lines[0]).toBe('x');
  });

  it('skips barcodes, bit images, GS V with a feed, DLE EOT; reads DLE DC4 pulses and ESC d feeds', () => {
    const bytes = Uint8Array.from([
      0x1b, 0x40,
      0x1d, 0x6b, 0x49, 0x03, 0x41, 0x0a, 0x42, // GS k m=73 n=3 (a 0x0a inside)
      0x1b, 0x2a, 0x00, 0x02, 0x00, 0x0a, 0x0a, // ESC * m=0 2 columns of LF bytes
      0x1d, 0x76, 0x30, 0x00, 0x01, 0x00, 0x02, 0x00, 0x0a, 0x0a, // GS v 0, 1x2 bytes
      0x10, 0x04, 0x01, // DLE EOT 1
      0x41, 0x1b, 0x64, 0x03, // "A", print and feed 3 lines
      0x10, 0x14, 0x01, 0x00, 0x02, // DLE DC4 1: pin 2, 200 ms
      0x1d, 0x56, 0x41, 0x10, // GS V 65 n
    ]);
    const d = fallbackDecodeEscPos(bytes);
    expect(d.lines).toEqual(['A', '', '']);
    expect(d.drawerPulses).toEqual([{ pin: 2, onMs: 200, offMs: 200 }]);
    expect(d.cuts).toBe(1);
    expect(d.codepage).toBeNull();
  });

  it('uses the power-on code page given before any ESC t', () => {
    expect(fallbackDecodeEscPos(Uint8Array.of(0x80, 0xd5), { codepage: 'cp858' }).lines).toEqual(['Ç€']);
    expect(fallbackDecodeEscPos(Uint8Array.of(0x80, 0xe7), { codepage: 'cp1252' }).lines).toEqual(['€ç']);
    expect(fallbackDecodeEscPos(Uint8Array.of(0x80, 0x9b)).lines).toEqual(['Ç¢']);
    const high = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);
    for (const cp of ['cp437', 'cp850', 'cp858']) {
      const [line] = fallbackDecodeEscPos(high, { codepage: cp }).lines;
      expect([...line!]).toHaveLength(128);
      expect(line).not.toContain('?');
    }
    expect(fallbackDecodeEscPos(Uint8Array.of(0x1b, 0x74, 16, 0x93, 0x94, 0x96)).lines).toEqual(['\u201c\u201d–']);
  });
});
