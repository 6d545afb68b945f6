import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../renderer/i18n/index.js';
import { customerViewOf, type CustomerSaleState, type Translate } from '../renderer/lib/customerDisplay.js';
import { encodePoleInit, encodePoleLines, poleBytes, poleLinesOf, poleRow } from './pole-display.js';

let t: Translate;
beforeAll(() => {
  initI18n('pt-PT');
  t = (key, options) => i18n.t(key, { ...options, lng: 'pt-PT' });
});

const state: CustomerSaleState = { hallName: 'Bingo Demonstração', game: { number: 1, priceCents: 100 }, quantity: 3, tenderedCents: 0, pristine: false, last: null };
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const ascii = (s: string) => Buffer.from(s, 'latin1').toString('hex');

describe('the pole display (2x20)', () => {
  it('puts the customer\'s view on two lines of 20: the cards and the total, then the total and the change, then the cards sold', () => {
    expect(poleLinesOf(customerViewOf({ ...state, pristine: true }, t))).toEqual([' Bingo Demonstração', '     Bem-vindo!']);
    expect(poleLinesOf(customerViewOf(state, t))).toEqual(['3 x 1,00 €    3,00 €', 'Total         3,00 €']);
    expect(poleLinesOf(customerViewOf({ ...state, tenderedCents: 1000 }, t))).toEqual(['Total         3,00 €', 'Troco         7,00 €']);
    expect(poleLinesOf(customerViewOf({ ...state, tenderedCents: 200 }, t))).toEqual(['Total         3,00 €', 'Falta         1,00 €']);
    const last = { gameNumber: 1, quantity: 3, totalCents: 300, tenderedCents: 1000, changeCents: 700, ranges: [{ seriesCode: 'A', from: 4, to: 6 }] };
    expect(poleLinesOf(customerViewOf({ ...state, pristine: true, last }, t))).toEqual(['A 4\u20136', 'Troco         7,00 €']);
    for (const line of poleLinesOf(customerViewOf({ ...state, tenderedCents: 1000 }, t))) expect(line).toHaveLength(20);
  });

  it('cuts the label, never the amount', () => {
    expect(poleRow('Troco devolvido', '1 000,00 €')).toBe('Troco dev 1 000,00 €');
    expect(poleRow('X', '12345678901234567890123')).toBe('12345678901234567890');
  });

  it('writes each line as 20 bytes of the code page: € at 0xD5 in cp858, E where the page has none, accents dropped where they are missing', () => {
    expect(poleBytes('3,00 €', 'cp858')).toEqual([...Buffer.from('3,00 ', 'latin1'), 0xd5, ...Array(14).fill(0x20)]);
    expect(poleBytes('3,00 €', 'cp437')).toEqual([...Buffer.from('3,00 E', 'latin1'), ...Array(14).fill(0x20)]);
    // cp850 has ã (0xC6) and ç (0x87); cp437 has ç but no ã.
    expect(poleBytes('Demonstração', 'cp850').slice(0, 12)).toEqual([...Buffer.from('Demonstra', 'latin1'), 0x87, 0xc6, 0x6f]);
    expect(poleBytes('Demonstração', 'cp437').slice(0, 12)).toEqual([...Buffer.from('Demonstra', 'latin1'), 0x87, 0x61, 0x6f]);
    expect(poleBytes('A 4\u20136 \u{1F600}', 'cp858').slice(0, 8)).toEqual([...Buffer.from('A 4-6 ', 'latin1'), 0x3f, 0x20]);
    expect(poleBytes('x'.repeat(30), 'cp858')).toHaveLength(20);
  });

  it('speaks the Epson DM-D command set: ESC @, ESC t 19, CLR, US $ 1 1 and US $ 1 2', () => {
    expect(hex(encodePoleInit({ dialect: 'epson', codepage: 'cp858' }))).toBe('1b401b7413');
    expect(hex(encodePoleInit({ dialect: 'epson', codepage: 'cp437' }))).toBe('1b401b7400');
    expect(hex(encodePoleLines(['Total         3,00 €', 'Troco         7,00 €'], { dialect: 'epson', codepage: 'cp858' }))).toBe(
      `0c1f240101${ascii('Total         3,00 ')}d51f240102${ascii('Troco         7,00 ')}d5`,
    );
  });

  it('speaks the CD5220 command set: ESC @, CLR, ESC Q A <line> CR, ESC Q B <line> CR', () => {
    expect(hex(encodePoleInit({ dialect: 'cd5220', codepage: 'cp437' }))).toBe('1b40');
    expect(hex(encodePoleLines(['Total         3,00 €', 'Bem-vindo!'], { dialect: 'cd5220', codepage: 'cp437' }))).toBe(
      `0c1b5141${ascii('Total         3,00 E')}0d1b5142${ascii('Bem-vindo!          ')}0d`,
    );
  });
});
