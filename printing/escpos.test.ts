import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../tools/printer-emulator/decode.js';
import { saleReceipt } from './documents/index.js';
import { SALE } from '../test/fixtures/documents.js';
import { assertPrintable, drawerPulse, printableCharacters, renderEscPos, UnprintableCharacterError } from './escpos.js';
import { asReprint, type Block, type PrintDocument, type PrinterProfile } from './layout.js';

const ESC = 0x1b;
const GS = 0x1d;

const P58: PrinterProfile = { codepage: 'cp1252', widthMm: 58, drawer: { pin: 2, onMs: 100, offMs: 500 } };
const P80: PrinterProfile = { codepage: 'cp858', widthMm: 80, drawer: { pin: 5, onMs: 120, offMs: 240 } };

function doc(blocks: Block[], openDrawer = false): PrintDocument {
  return { kind: 'test_page', title: 'teste', blocks, openDrawer };
}

/** Index of a byte sequence in `bytes`, -1 if absent. */
function find(bytes: Uint8Array, seq: number[], from = 0): number {
  outer: for (let i = from; i <= bytes.length - seq.length; i += 1) {
    for (let k = 0; k < seq.length; k += 1) if (bytes[i + k] !== seq[k]) continue outer;
    return i;
  }
  return -1;
}

describe('renderEscPos', () => {
  it('starts with ESC @ and selects the code page: ESC t 16 (WPC1252) or ESC t 19 (PC858)', () => {
    const d = doc([{ kind: 'text', text: '€' }]);
    const a = renderEscPos(d, P58);
    const b = renderEscPos(d, P80);
    expect([...a.subarray(0, 2)]).toEqual([ESC, 0x40]);
    expect(find(a, [ESC, 0x74, 16, 0x80])).toBeGreaterThan(0);
    expect(find(b, [ESC, 0x74, 19, 0xd5])).toBeGreaterThan(0);
    // one code page for the whole receipt: no switch to cp437 for rules
    const r = renderEscPos(doc([{ kind: 'text', text: 'ç' }, { kind: 'rule' }, { kind: 'text', text: 'ã' }]), P80);
    expect(decodeEscPos(r).events.filter((e) => e.type === 'codepage')).toEqual([{ type: 'codepage', n: 19, codepage: 'cp858' }]);
  });

  it('never prints a question mark for a character', () => {
    const text = '€ ç Ç ã õ á é í ó ú à º ª Ã Õ Â Ê Ô â ê ô É Í Ó Ú À ü «»';
    for (const p of [P58, P80]) {
      const bytes = renderEscPos(doc([{ kind: 'text', text }]), p);
      expect(bytes.includes(0x3f)).toBe(false);
      expect(decodeEscPos(bytes).lines.join(' ')).toBe(text);
    }
  });

  it('bold is ESC E, large is GS ! 0x11, a QR code is native (model 2, size 6, level M), centred', () => {
    const bytes = renderEscPos(
      doc([
        { kind: 'text', text: 'B', bold: true },
        { kind: 'text', text: 'L', large: true },
        { kind: 'qr', data: 'BINGO||V1|0000000A' },
      ]),
      P58,
    );
    expect(find(bytes, [ESC, 0x45, 1, 0x42, ESC, 0x45, 0])).toBeGreaterThan(0);
    expect(decodeEscPos(bytes).lineStyles.slice(0, 2)).toEqual([
      { bold: true, large: false },
      { bold: false, large: true },
    ]);
    expect(find(bytes, [GS, 0x21, 0x11, 0x4c, GS, 0x21, 0x00])).toBeGreaterThan(0);
    const qrAt = find(bytes, [ESC, 0x61, 1, GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0]);
    expect(qrAt).toBeGreaterThan(0);
    expect(find(bytes, [GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, 6], qrAt)).toBeGreaterThan(qrAt);
    expect(find(bytes, [GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31], qrAt)).toBeGreaterThan(qrAt);
    expect(find(bytes, [GS, 0x28, 0x6b, 21, 0, 0x31, 0x50, 0x30, ...Buffer.from('BINGO||V1|0000000A')], qrAt)).toBeGreaterThan(qrAt);
    const printAt = find(bytes, [GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30, ESC, 0x61, 0]);
    expect(printAt).toBeGreaterThan(qrAt);
    expect(decodeEscPos(bytes).qr).toEqual(['BINGO||V1|0000000A']);
  });

  it('feeds the last line past the cutter, then cuts (GS V 1)', () => {
    const bytes = renderEscPos(doc([{ kind: 'text', text: 'fim' }]), { codepage: 'cp1252', widthMm: 80 });
    const fim = find(bytes, [...Buffer.from('fim'), 0x0a]);
    expect([...bytes.subarray(fim + 4)]).toEqual([0x0a, 0x0a, 0x0a, 0x0a, GS, 0x56, 1, 0x0a]);
    const d = decodeEscPos(bytes);
    expect(d.cuts).toBe(1);
    expect(d.lines).toEqual(['fim']);
  });

  it('wraps long text to the width of the paper', () => {
    const text = 'Venderam-se 25 cartões da série A, do n.º 271 ao n.º 295. Vai iniciar-se a extração.';
    expect(decodeEscPos(renderEscPos(doc([{ kind: 'text', text }]), P58)).lines).toEqual([
      'Venderam-se 25 cartões da série',
      'A, do n.º 271 ao n.º 295. Vai',
      'iniciar-se a extração.',
    ]);
    expect(decodeEscPos(renderEscPos(doc([{ kind: 'text', text, large: true }]), P58)).lines).toEqual([
      'Venderam-se 25',
      'cartões da série',
      'A, do n.º 271 ao',
      'n.º 295. Vai',
      'iniciar-se a',
      'extração.',
    ]);
    const lines = decodeEscPos(renderEscPos(doc([{ kind: 'text', text }]), P80)).lines;
    expect(lines).toEqual(['Venderam-se 25 cartões da série A, do n.º 271 ao', 'n.º 295. Vai iniciar-se a extração.']);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(48);
  });

  it('a signature is two blank lines, the line to sign on, and the caption', () => {
    const lines = decodeEscPos(renderEscPos(doc([{ kind: 'text', text: 'x' }, { kind: 'signature', caption: 'Assinatura do premiado' }]), P58)).lines;
    expect(lines).toEqual(['x', '', '', '________________________', 'Assinatura do premiado']);
  });
});

describe('drawer pulse', () => {
  it('pin 2: ESC p 0 t1 t2 with times in 2 ms units, after the cut', () => {
    const bytes = renderEscPos(doc([{ kind: 'text', text: 'x' }], true), P58);
    expect([...bytes.subarray(-9)]).toEqual([GS, 0x56, 1, 0x0a, ESC, 0x70, 0, 50, 250]);
    expect(decodeEscPos(bytes).drawerPulses).toEqual([{ pin: 2, onMs: 100, offMs: 500 }]);
  });

  it('pin 5: ESC p 1 t1 t2', () => {
    const bytes = renderEscPos(doc([{ kind: 'text', text: 'x' }], true), P80);
    expect([...bytes.subarray(-5)]).toEqual([ESC, 0x70, 1, 60, 120]);
    expect(decodeEscPos(bytes).drawerPulses).toEqual([{ pin: 5, onMs: 120, offMs: 240 }]);
  });

  it('the drawer option overrides the document; no drawer configured, no pulse', () => {
    const cash = doc([{ kind: 'text', text: 'x' }], true);
    expect(decodeEscPos(renderEscPos(cash, P58, { drawer: false })).drawerPulses).toEqual([]);
    expect(decodeEscPos(renderEscPos(doc([{ kind: 'text', text: 'x' }]), P58, { drawer: true })).drawerPulses).toHaveLength(1);
    expect(decodeEscPos(renderEscPos(cash, { codepage: 'cp1252', widthMm: 58 })).drawerPulses).toEqual([]);
    const noPulse = renderEscPos(cash, P58, { drawer: false });
    expect(find(noPulse, [ESC, 0x70])).toBe(-1);
    expect([...noPulse.subarray(-4)]).toEqual([GS, 0x56, 1, 0x0a]);
  });

  it('a cash sale opens the drawer; the same receipt without the drawer option does not', () => {
    const receipt = saleReceipt(SALE);
    expect(decodeEscPos(renderEscPos(receipt, P80)).drawerPulses).toEqual([{ pin: 5, onMs: 120, offMs: 240 }]);
    expect(decodeEscPos(renderEscPos(receipt, P80, { drawer: false })).drawerPulses).toEqual([]);
  });

  it('a reprint (2.ª VIA) never opens the drawer', () => {
    const bytes = renderEscPos(asReprint(saleReceipt(SALE)), P58);
    const d = decodeEscPos(bytes);
    expect(d.lines[0]).toBe('         2.ª VIA');
    expect(d.drawerPulses).toEqual([]);
    expect(find(bytes, [ESC, 0x70])).toBe(-1);
  });

  it('drawerPulse alone is exactly ESC p m t1 t2', () => {
    expect([...drawerPulse(P58)]).toEqual([ESC, 0x70, 0, 50, 250]);
    expect([...drawerPulse(P80)]).toEqual([ESC, 0x70, 1, 60, 120]);
    expect([...drawerPulse({ ...P58, drawer: { pin: 2, onMs: 2, offMs: 510 } })]).toEqual([ESC, 0x70, 0, 1, 255]);
    expect(decodeEscPos(drawerPulse(P80))).toMatchObject({ lines: [], cuts: 0, drawerPulses: [{ pin: 5, onMs: 120, offMs: 240 }] });
  });

  it('refuses a printer without a drawer and impossible timings', () => {
    expect(() => drawerPulse({ codepage: 'cp1252', widthMm: 58 })).toThrow(/gaveta/);
    expect(() => drawerPulse({ ...P58, drawer: { pin: 2, onMs: 600, offMs: 500 } })).toThrow(RangeError);
    expect(() => drawerPulse({ ...P58, drawer: { pin: 2, onMs: 100, offMs: 0 } })).toThrow(RangeError);
    expect(() => drawerPulse({ ...P58, drawer: { pin: 3 as 2, onMs: 100, offMs: 500 } })).toThrow(/pin/);
  });
});

describe('a character the code page cannot print', () => {
  function caught(fn: () => unknown): UnprintableCharacterError {
    try {
      fn();
    } catch (e) {
      if (e instanceof UnprintableCharacterError) return e;
      throw e;
    }
    throw new Error('no error');
  }

  it("'→' is an error naming it, on both code pages (the encoder would send '?' or 0x1A)", () => {
    for (const p of [P58, P80]) {
      const e = caught(() => renderEscPos(doc([{ kind: 'text', text: 'ok' }, { kind: 'pair', left: 'Total → a pagar', right: '1,00 €' }]), p));
      expect(e).toMatchObject({ char: '→', codePoint: 'U+2192', codepage: p.codepage, text: 'Total → a pagar', index: 6, blockIndex: 1 });
      expect(e.message).toContain("'→' (U+2192)");
      expect(e.message).toContain('posição 7 em "Total → a pagar"');
      expect(e.code).toBe('PRINT_UNPRINTABLE_CHARACTER');
    }
  });

  it("'✓' and an emoji are named whole", () => {
    expect(caught(() => assertPrintable(doc([{ kind: 'text', text: 'Pago ✓' }]), 'cp858'))).toMatchObject({ char: '✓', codePoint: 'U+2713', index: 5 });
    expect(caught(() => assertPrintable(doc([{ kind: 'signature', caption: 'Obrigado 🎉!' }]), 'cp1252'))).toMatchObject({
      char: '🎉',
      codePoint: 'U+1F389',
      index: 9,
    });
  });

  it('depends on the page: Š prints on WPC1252, not on PC858; ı the other way round is refused on both', () => {
    expect(() => assertPrintable(doc([{ kind: 'text', text: 'Škoda' }]), 'cp1252')).not.toThrow();
    expect(caught(() => assertPrintable(doc([{ kind: 'text', text: 'Škoda' }]), 'cp858')).char).toBe('Š');
    expect(caught(() => assertPrintable(doc([{ kind: 'text', text: 'ı' }]), 'cp858')).char).toBe('ı');
    expect(printableCharacters('cp858').has('─')).toBe(true);
    expect(printableCharacters('cp1252').has('─')).toBe(false);
  });

  it('§ and ¶ print on both pages (on PC858 as 0xF5 and 0xF4, where the encoder would send 0x15 and 0x14)', () => {
    const text = 'art. 5 § 2 ¶';
    for (const p of [P58, P80]) expect(decodeEscPos(renderEscPos(doc([{ kind: 'text', text }]), p)).lines).toEqual([text]);
    expect(find(renderEscPos(doc([{ kind: 'text', text }]), P80), [0x35, 0x20, 0xf5, 0x20, 0x32, 0x20, 0xf4])).toBeGreaterThan(0);
  });

  it('control characters and tabs are refused; a newline in a text block is a line break', () => {
    expect(caught(() => assertPrintable(doc([{ kind: 'text', text: 'a\tb' }]), 'cp1252')).codePoint).toBe('U+0009');
    expect(caught(() => assertPrintable(doc([{ kind: 'pair', left: 'a\nb', right: '' }]), 'cp1252')).codePoint).toBe('U+000A');
    expect(decodeEscPos(renderEscPos(doc([{ kind: 'text', text: 'um\ndois' }]), P58)).lines).toEqual(['um', 'dois']);
  });

  it('a QR payload must be Latin-1', () => {
    expect(caught(() => assertPrintable(doc([{ kind: 'qr', data: 'V1→2' }]), 'cp1252'))).toMatchObject({ codepage: 'qr', char: '→' });
  });

  it('decomposed accents are composed first (a + U+0303 prints as ã)', () => {
    const bytes = renderEscPos(doc([{ kind: 'text', text: 'Joa\u0303o' }]), P80);
    expect(decodeEscPos(bytes).lines).toEqual(['João']);
  });
});
