import { describe, expect, it } from 'vitest';
import { caixaSubsFor } from './CaixaScreen.js';

describe("the caixa's sub-screens", () => {
  it('are guias, machines and chips for the caixa’s staff; all six for a manager or an admin (the identified players theirs alone)', () => {
    expect(caixaSubsFor(['caixa'])).toEqual(['guias', 'machines', 'chips']);
    expect(caixaSubsFor(['manager'])).toEqual(['guias', 'machines', 'funds', 'chips', 'tables', 'identifications']);
    expect(caixaSubsFor(['admin'])).toEqual(['guias', 'machines', 'funds', 'chips', 'tables', 'identifications']);
    expect(caixaSubsFor(['caixa', 'manager'])).toEqual(['guias', 'machines', 'funds', 'chips', 'tables', 'identifications']);
    // A bingo hall (no slot machines, no tables): the manager's caixa is the identified players' record alone.
    expect(caixaSubsFor(['manager'], false)).toEqual(['identifications']);
    expect(caixaSubsFor(['caixa', 'manager'], false)).toEqual(['guias', 'machines', 'funds', 'chips', 'tables', 'identifications']);
    // The compliance officer: the record and the barred list alone, in a casino as in a bingo hall.
    expect(caixaSubsFor(['compliance'])).toEqual(['identifications']);
    expect(caixaSubsFor(['compliance'], false)).toEqual(['identifications']);
    expect(caixaSubsFor(['caixa', 'compliance'])).toEqual(['guias', 'machines', 'chips', 'identifications']);
  });
});
