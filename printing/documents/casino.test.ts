/**
 * The casino's documents as they come out of the printer, decoded from their
 * ESC/POS bytes: the roulette table's limits sign (X.27), and the X report of
 * a caixa that sold and redeemed chips (the chips' lines and the expected cash).
 */
import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../tools/printer-emulator/decode.js';
import { X_REPORT } from '../../test/fixtures/documents.js';
import { renderEscPos } from '../escpos.js';
import { limitsSign, xReport } from './index.js';

const decoded = (doc: Parameters<typeof renderEscPos>[0]) => decodeEscPos(renderEscPos(doc, { codepage: 'cp858', widthMm: 80 }));

describe('casino documents on paper', () => {
  it('the limits sign: the table, its wheel and each chance from minimum to maximum', () => {
    const out = decoded(
      limitsSign({
        hallName: 'Casino Exemplo',
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
    expect(out.lines).toContain('Cavalo de dúzia              10,00 € a 2400,00 €');
    expect(out.drawerPulses).toEqual([]);
  });

  it('the X report lists chips sold and redeemed, and counts them in the cash expected', () => {
    const out = decoded(xReport({ ...X_REPORT, movements: { ...X_REPORT.movements, drops: 0, chipsSold: 9_000, chipsRedeemed: 5_000 } }));
    expect(out.lines).toContain('  Fichas vendidas                        90,00 €');
    expect(out.lines).toContain('  Fichas trocadas                        50,00 €');
    // 200 + 1500 + 100 + 90 - 600 - 12,50 - 500 - 50 - 0 - 50 = 677,50 €.
    expect(out.lines).toContain('Esperado na gaveta                      677,50 €');
  });
});
