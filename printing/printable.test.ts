import { describe, expect, it } from 'vitest';
import { reasonText } from '../core/schema.js';
import { renderEscPos, UnprintableCharacterError } from './escpos.js';
import { codePointName, describeCharacters, firstUnprintable, unprintableCharacters } from './printable.js';

describe('unprintableCharacters', () => {
  it('passes a Portuguese hall name on both code pages the printers take', () => {
    const name = 'Bingo São João, Praça n.º 3 - 1.ª sala, 2,50 € ÇÃÕ';
    expect(unprintableCharacters('cp1252', name)).toEqual([]);
    expect(unprintableCharacters('cp858', name)).toEqual([]);
  });

  it('names emoji and CJK characters, each once, in order of appearance', () => {
    expect(unprintableCharacters('cp1252', 'Sala 😀 中 😀')).toEqual(['😀', '中']);
    expect(unprintableCharacters('cp858', 'Sala 😀 中 😀')).toEqual(['😀', '中']);
  });

  it('knows what one page has and the other lacks', () => {
    // Typographic dash and quotes: WPC1252 has them, PC858 does not.
    expect(unprintableCharacters('cp1252', 'Bingo – “Praça”')).toEqual([]);
    expect(unprintableCharacters('cp858', 'Bingo – “Praça”')).toEqual(['–', '“', '”']);
    expect(unprintableCharacters('cp858', 'Œ Ž … • ™')).toEqual(['Œ', 'Ž', '…', '•', '™']);
    // Box drawing: PC858 only. The dotless i is where PC858 put the euro sign.
    expect(unprintableCharacters('cp1252', '─│')).toEqual(['─', '│']);
    expect(unprintableCharacters('cp858', '─│')).toEqual([]);
    expect(unprintableCharacters('cp858', 'ı')).toEqual(['ı']);
  });

  it('takes the text in NFC, as the layout does: a decomposed ã prints, a lone combining mark does not', () => {
    expect(unprintableCharacters('cp858', 'Sa\u0303o')).toEqual([]);
    expect(unprintableCharacters('cp858', 'q\u0303')).toEqual(['\u0303']);
  });

  it('refuses control characters and a new line (a saved text is one line)', () => {
    expect(unprintableCharacters('cp1252', 'a\tb\nc\u0000')).toEqual(['\t', '\n', '\u0000']);
  });

  it('agrees with the encoder: what it passes renders, what it names is what renderEscPos refuses', () => {
    const text = 'Sala – Nova';
    expect(() => renderEscPos({ kind: 'test_page', title: 't', blocks: [{ kind: 'text', text }] }, { codepage: 'cp1252', widthMm: 80 })).not.toThrow();
    let error: unknown;
    try {
      renderEscPos({ kind: 'test_page', title: 't', blocks: [{ kind: 'text', text }] }, { codepage: 'cp858', widthMm: 80 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnprintableCharacterError);
    expect((error as UnprintableCharacterError).char).toBe(unprintableCharacters('cp858', text)[0]);
  });
});

describe('describeCharacters', () => {
  it('quotes each character with its code point', () => {
    expect(codePointName('€')).toBe('U+20AC');
    expect(codePointName('😀')).toBe('U+1F600');
    expect(describeCharacters(['😀', '中'])).toBe("'😀' (U+1F600), '中' (U+4E2D)");
  });
});

describe('firstUnprintable', () => {
  const printers = [
    { id: 'balcao', codepage: 'cp1252' },
    { id: 'caixa', codepage: 'cp858' },
  ] as const;

  it('is null when every printer prints every text', () => {
    expect(firstUnprintable([{ field: 'hallName', text: 'Bingo Estrela' }, { field: 'licence', text: 'Alvará n.º 7/2019' }], printers)).toBeNull();
    expect(firstUnprintable([{ field: 'hallName', text: 'Bingo 😀' }], [])).toBeNull();
  });

  it('names the first text and the first printer that cannot print it', () => {
    expect(
      firstUnprintable(
        [
          { field: 'hallName', text: 'Bingo Estrela' },
          { field: 'operatorName', text: 'Zé – Caixa', subject: 'caixa1' },
          { field: 'licence', text: '中' },
        ],
        printers,
      ),
    ).toEqual({ text: { field: 'operatorName', text: 'Zé – Caixa', subject: 'caixa1' }, printer: { id: 'caixa', codepage: 'cp858' }, chars: ['–'] });
  });
});

describe('reasonText (drawer.kick, drawer.move, drawer.close, chips.move)', () => {
  it('takes only characters every code page prints, so a printed reason needs no TEXT_NOT_PRINTABLE check', () => {
    const taken: string[] = [];
    for (let cp = 0x20; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (reasonText.safeParse(`abc${ch}d`).success) taken.push(ch);
    }
    expect(taken).toEqual(expect.arrayContaining(['ç', 'Ã', 'õ', '€', 'º', 'ª', '"']));
    expect(unprintableCharacters('cp1252', taken.join(''))).toEqual([]);
    expect(unprintableCharacters('cp858', taken.join(''))).toEqual([]);
    expect(reasonText.safeParse('Troco 😀').success).toBe(false);
  });
});
