import { describe, expect, it } from 'vitest';
import { caixaSubsFor } from './CaixaScreen.js';

describe("the caixa's sub-screens", () => {
  it('are guias, machines and chips for the caixa’s staff; all five for a manager or an admin', () => {
    expect(caixaSubsFor(['caixa'])).toEqual(['guias', 'machines', 'chips']);
    expect(caixaSubsFor(['manager'])).toEqual(['guias', 'machines', 'funds', 'chips', 'tables']);
    expect(caixaSubsFor(['admin'])).toEqual(['guias', 'machines', 'funds', 'chips', 'tables']);
    expect(caixaSubsFor(['caixa', 'manager'])).toEqual(['guias', 'machines', 'funds', 'chips', 'tables']);
  });
});
