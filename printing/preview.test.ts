import { describe, expect, it } from 'vitest';
import type { PrintDocument } from './layout.js';
import { layoutDocument, previewLines, previewText, wrapText } from './preview.js';

describe('wrapText', () => {
  it('keeps a line that fits as written', () => {
    expect(wrapText('a  b', 10)).toEqual(['a  b']);
    expect(wrapText('', 10)).toEqual(['']);
    expect(wrapText('abc   ', 3)).toEqual(['abc']);
  });

  it('wraps at spaces, one space between words', () => {
    expect(wrapText('um dois  três quatro', 9)).toEqual(['um dois', 'três', 'quatro']);
  });

  it('cuts a word longer than the line', () => {
    expect(wrapText('abcdefghij xy', 4)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
  });

  it("'\\n' starts a new line, an empty line stays", () => {
    expect(wrapText('a\n\nb', 5)).toEqual(['a', '', 'b']);
  });

  it('never separates an amount from €, nor n.º or art. from what follows', () => {
    expect(wrapText('Prémio de bingo: 10,00 €.', 23)).toEqual(['Prémio de bingo:', '10,00 €.']);
    expect(wrapText('do n.º 271 ao n.º 275', 12)).toEqual(['do n.º 271', 'ao n.º 275']);
    expect(wrapText('anulada (art. 16.º)', 12)).toEqual(['anulada', '(art. 16.º)']);
  });
});

const doc: PrintDocument = {
  kind: 'test_page',
  title: 't',
  blocks: [
    { kind: 'text', text: 'Centro', align: 'center' },
    { kind: 'text', text: 'Grande', align: 'center', large: true },
    { kind: 'text', text: 'Grande', align: 'right', large: true },
    { kind: 'pair', left: 'Total', right: '12,50 €', bold: true },
    { kind: 'pair', left: 'TOTAL', right: '12,50 €', large: true },
    { kind: 'pair', left: 'Um rótulo muito comprido demais', right: '1 234,00 €' },
    { kind: 'rule' },
    { kind: 'rule', style: 'double' },
    { kind: 'blank' },
    { kind: 'qr', data: 'BINGO||V1|00000000' },
    { kind: 'signature', caption: 'Assinatura' },
    { kind: 'text', text: 'a\u0303' },
  ],
};

describe('previewText', () => {
  it('lays out text, pairs, rules, QR and signatures for 58 mm', () => {
    expect(previewText(doc, 58)).toEqual([
      '             Centro',
      '          Grande',
      '                    Grande',
      'Total                    12,50 €',
      'TOTAL    12,50 €',
      'Um rótulo muito comprido demais',
      '                      1 234,00 €',
      '--------------------------------',
      '================================',
      '',
      '[QR: BINGO||V1|00000000]',
      '',
      '',
      '________________________',
      'Assinatura',
      'ã',
    ]);
  });

  it('lays out for 80 mm', () => {
    const lines = previewText(doc, 80);
    expect(lines[0]).toBe(' '.repeat(21) + 'Centro');
    expect(lines[1]).toBe(' '.repeat(18) + 'Grande');
    expect(lines[3]).toBe('Total' + ' '.repeat(36) + '12,50 €');
    expect(lines[4]).toBe('TOTAL' + ' '.repeat(12) + '12,50 €');
    expect(lines[5]).toBe('Um rótulo muito comprido demais' + ' '.repeat(7) + '1 234,00 €');
  });

  it('text is normalised to NFC (a + combining tilde is one ã)', () => {
    expect(previewText(doc, 58).at(-1)).toBe('ã');
  });

  it('previewLines carries the styles', () => {
    const lines = previewLines(doc, 58);
    expect(lines[1]).toEqual({ text: '          Grande', bold: false, large: true, qr: null });
    expect(lines[3]?.bold).toBe(true);
    expect(lines[10]).toEqual({ text: '[QR: BINGO||V1|00000000]', bold: false, large: false, qr: 'BINGO||V1|00000000' });
  });

  it('a large line pads in normal-width columns', () => {
    const laid = layoutDocument(doc, 32);
    expect(laid[2]).toEqual({ kind: 'text', pad: 20, text: 'Grande', bold: false, large: true });
  });
});
