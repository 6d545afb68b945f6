import { describe, expect, it } from 'vitest';
import { parseCardEntry, parseReceipt } from './cardEntry.js';

describe('a receipt scanned or typed into the refund field', () => {
  it('reads the QR payload as a scanner types it: the sale id and the check value', () => {
    expect(parseReceipt('BINGO|DEMO-001|V6|1A2B3C4D')).toEqual({ saleId: 6, check: '1A2B3C4D' });
    expect(parseReceipt(' BINGO|n.o 7/2019|V1234|1f3fdc9b\n')).toEqual({ saleId: 1234, check: '1F3FDC9B' });
    expect(parseReceipt('BINGO||V7|0000000A')).toEqual({ saleId: 7, check: '0000000A' });
  });

  it('reads the line printed under the QR and the sale number alone', () => {
    expect(parseReceipt('V6-1A2B3C4D')).toEqual({ saleId: 6, check: '1A2B3C4D' });
    expect(parseReceipt('v6 1a2b3c4d')).toEqual({ saleId: 6, check: '1A2B3C4D' });
    expect(parseReceipt('6')).toEqual({ saleId: 6, check: null });
  });

  it('refuses what is not a receipt: not "00166181194" from the digits of the QR', () => {
    for (const text of ['', '0', 'BINGO|DEMO-001|V6|1A2B3C4', 'BINGO|DEMO-001|V0|1A2B3C4D', 'BINGO|a|b|V6|1A2B3C4D', 'V6', '6A', '99999999999999999'])
      expect(parseReceipt(text)).toBeNull();
  });
});

describe('the winning card presented for a prize', () => {
  it('reads a card as printed on it', () => {
    expect(parseCardEntry('A 17')).toEqual({ card: { seriesCode: 'A', number: 17 } });
    expect(parseCardEntry('a17')).toEqual({ card: { seriesCode: 'A', number: 17 } });
    expect(parseCardEntry(' AB-5 ')).toEqual({ card: { seriesCode: 'AB', number: 5 } });
    expect(parseCardEntry('A n.º 17')).toEqual({ card: { seriesCode: 'A', number: 17 } });
  });

  it('reads the receipt that sold it, only with its check value', () => {
    expect(parseCardEntry('BINGO|DEMO-001|V6|1A2B3C4D')).toEqual({ receipt: { saleId: 6, check: '1A2B3C4D' } });
    expect(parseCardEntry('V6-1A2B3C4D')).toEqual({ receipt: { saleId: 6, check: '1A2B3C4D' } });
    expect(parseCardEntry('6')).toBeNull();
    expect(parseCardEntry('17')).toBeNull();
    expect(parseCardEntry('A 0')).toBeNull();
    expect(parseCardEntry('ABCD 1')).toBeNull();
  });
});
