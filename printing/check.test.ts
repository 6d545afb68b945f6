import { describe, expect, it } from 'vitest';
import { crc32, parseReceiptQr, qrLicence, receiptQrPayload, saleCheck, saleCheckCanonical, verifyReceiptCheck } from './check.js';
import { SALE } from '../test/fixtures/documents.js';

describe('crc32', () => {
  it('is the IEEE / zlib CRC-32', () => {
    expect(crc32('')).toBe(0);
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
    expect(crc32(new Uint8Array([0x00]))).toBe(0xd202ef8d);
    // UTF-8 of 'ã' is C3 A3
    expect(crc32('ã')).toBe(crc32(new Uint8Array([0xc3, 0xa3])));
  });
});

describe('sale check value', () => {
  it('covers the canonical fields of the sale', () => {
    expect(saleCheckCanonical(SALE)).toBe('SALE1|n.º 7/2019|1234|345|A:271-275,B:1-3|250|2000|2025-07-05T20:14:09.000Z');
    // zlib.crc32 of that text (checked with Python's zlib)
    expect(saleCheck(SALE)).toBe('1F3FDC9B');
    expect(receiptQrPayload(SALE)).toBe('BINGO|n.o 7/2019|V1234|1F3FDC9B');
  });

  it('does not depend on how the time is written', () => {
    expect(saleCheck({ ...SALE, createdAt: '2025-07-05T21:14:09+01:00' })).toBe('1F3FDC9B');
    expect(saleCheck({ ...SALE, createdAt: '2025-07-05T20:14:09Z' })).toBe('1F3FDC9B');
    expect(() => saleCheck({ ...SALE, createdAt: 'x' })).toThrow(RangeError);
  });

  it('verifies the payload of the sale', () => {
    expect(verifyReceiptCheck('BINGO|n.o 7/2019|V1234|1F3FDC9B', SALE)).toBe(true);
    expect(verifyReceiptCheck('BINGO|n.o 7/2019|V1234|1f3fdc9b', SALE)).toBe(true);
    expect(verifyReceiptCheck(' BINGO|n.o 7/2019|V1234|1F3FDC9B\n', SALE)).toBe(true);
  });

  it('a tampered payload or another sale does not verify', () => {
    const payload = receiptQrPayload(SALE);
    expect(verifyReceiptCheck(payload.replace('V1234', 'V1235'), SALE)).toBe(false);
    expect(verifyReceiptCheck(payload.replace('1F3FDC9B', '1F3FDC9C'), SALE)).toBe(false);
    expect(verifyReceiptCheck(payload.replace('n.o 7/2019', 'n.o 8/2019'), SALE)).toBe(false);
    expect(verifyReceiptCheck(payload, { ...SALE, saleId: 1235 })).toBe(false);
    expect(verifyReceiptCheck(payload, { ...SALE, totalCents: 2250 })).toBe(false);
    expect(verifyReceiptCheck(payload, { ...SALE, unitPriceCents: 200 })).toBe(false);
    expect(verifyReceiptCheck(payload, { ...SALE, gameId: 346 })).toBe(false);
    expect(verifyReceiptCheck(payload, { ...SALE, ranges: [{ seriesCode: 'A', from: 271, to: 278 }] })).toBe(false);
    expect(verifyReceiptCheck(payload, { ...SALE, createdAt: '2025-07-05T20:14:10.000Z' })).toBe(false);
    expect(verifyReceiptCheck(payload, { ...SALE, licence: 'n.º 8/2019' })).toBe(false);
    expect(verifyReceiptCheck('not a receipt', SALE)).toBe(false);
    expect(verifyReceiptCheck('BINGO|n.o 7/2019|V1234|1F3FDC9', SALE)).toBe(false);
  });

  it('parses the payload', () => {
    expect(parseReceiptQr('BINGO||V7|0000000A')).toEqual({ licence: '', saleId: 7, check: '0000000A' });
    expect(parseReceiptQr('BINGO|x|V0|0000000A')).toBeNull();
    expect(parseReceiptQr('BINGO|a|b|V7|0000000A')).toBeNull();
  });

  it('the licence in the QR is ASCII without separators', () => {
    expect(qrLicence('Alvará n.º 3|2019')).toBe('Alvara n.o 3/2019');
    expect(qrLicence(null)).toBe('');
  });
});
