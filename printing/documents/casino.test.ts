/**
 * The casino's documents as they come out of the printer, decoded from their
 * ESC/POS bytes: the roulette table's limits sign (X.27), and the X report of
 * a caixa that sold and redeemed chips (the chips' lines and the expected cash).
 */
import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../tools/printer-emulator/decode.js';
import { CHIP_LINES } from '../../core/money-registry.js';
import { linesOf, SOFTWARE, X_MOVEMENTS, X_REPORT } from '../../test/fixtures/documents.js';
import { renderEscPos } from '../escpos.js';
import { limitsSign, xReport, zReport } from './index.js';

const decoded = (doc: Parameters<typeof renderEscPos>[0]) => decodeEscPos(renderEscPos(doc, { codepage: 'cp858', widthMm: 80 }));

describe('casino documents on paper', () => {
  it('the limits sign: the table, its wheel and each chance from minimum to maximum', () => {
    const out = decoded(
      limitsSign({
        hallName: 'Casino Exemplo',
        timeZone: 'Europe/Lisbon',
        software: SOFTWARE,
        tableCode: 'R1',
        wheelName: 'Roleta francesa',
        rows: [
          { chance: 'Pleno', minimumCents: 500, maximumCents: 5_000 },
          { chance: 'Cavalo de dúzia', minimumCents: 1_000, maximumCents: 240_000 },
        ],
        at: '2026-12-01T21:00:00.000Z',
      }),
    );
    expect(out.unknown).toEqual([]);
    expect(out.lines).toContain('                    MESA R1');
    expect(out.lines).toContain('                Roleta francesa');
    expect(out.lines).toContain('Pleno                           5,00 € a 50,00 €');
    expect(out.lines).toContain('Cavalo de dúzia             10,00 € a 2 400,00 €');
    expect(out.drawerPulses).toEqual([]);
  });

  it('the X report lists chips sold and redeemed, and counts them in the cash expected', () => {
    const out = decoded(xReport({ ...X_REPORT, lines: linesOf({ ...X_MOVEMENTS, drops: 0, chipsSold: 9_000, chipsRedeemed: 5_000 }), expectedCents: 67_750 }));
    expect(out.lines).toContain('  Fichas vendidas                        90,00 €');
    expect(out.lines).toContain('  Fichas trocadas                        50,00 €');
    // 200 + 1500 + 100 + 90 - 600 - 12,50 - 500 - 50 - 0 - 50 = 677,50 €.
    expect(out.lines).toContain('Esperado na gaveta                      677,50 €');
  });

  it("the Z report of a caixa reconciles its chips by value: float, what moved, expected, counted and the variance", () => {
    const chips = {
      floatCents: 55_000,
      float: [{ valueCents: 10_000, count: 2 }, { valueCents: 2_500, count: 10 }, { valueCents: 500, count: 20 }],
      lines: linesOf({ cards: 0, sold: 29_000, redeemed: 10_500, fills: 25_000, credits: 30_000 }, CHIP_LINES),
      expectedCents: 31_500,
    };
    const out = decoded(
      zReport({
        ...X_REPORT,
        zNumber: 4,
        counted: [{ denominationCents: 2_000, count: 10 }],
        chips,
        chipsCount: { counted: [{ valueCents: 2_500, count: 8 }, { valueCents: 500, count: 17 }, { valueCents: 100, count: 5 }], countedCents: 29_000, varianceCents: -2_500 },
        varianceAcceptedBy: 'Gerente',
        varianceReason: 'Ficha de 25 € em falta',
      }),
    );
    const from = out.lines.indexOf('FICHAS (valor facial)');
    expect(out.lines.slice(from, from + 11)).toEqual([
      'FICHAS (valor facial)',
      'Fundo de fichas                         550,00 €',
      '  2 x 100,00 €                          200,00 €',
      '  10 x 25,00 €                          250,00 €',
      '  20 x 5,00 €                           100,00 €',
      '  Reforços do cofre                    +250,00 €',
      '  Fichas trocadas por dinheiro         +105,00 €',
      '  Fichas vendidas                      -290,00 €',
      '  Entregas ao cofre                    -300,00 €',
      'Fichas esperadas                        315,00 €',
      expect.stringMatching(/^-+$/),
    ]);
    const count = out.lines.indexOf('Contagem de fichas');
    expect(out.lines.slice(count, count + 6)).toEqual([
      'Contagem de fichas',
      '  8 x 25,00 €                           200,00 €',
      '  17 x 5,00 €                            85,00 €',
      '  5 x 1,00 €                              5,00 €',
      'Fichas contadas                         290,00 €',
      'Diferença em fichas                     -25,00 €',
    ]);
    expect(out.lines).toContain('Aceite por                               Gerente');
  });

  it('the Z report prints the audit chain head at its close, the whole hash legible across lines', () => {
    const hash = '3f2a9c'.padEnd(64, '0e');
    const out = decoded(zReport({ ...X_REPORT, zNumber: 5, counted: [{ denominationCents: 2_000, count: 10 }], auditHead: { seq: 1234, hash } }));
    expect(out.lines).toContain('Auditoria n.º                               1234');
    const from = out.lines.indexOf('Cadeia:');
    expect(out.lines.slice(from, from + 3)).toEqual(['Cadeia:', hash.slice(0, 48), hash.slice(48)]);
  });
});
