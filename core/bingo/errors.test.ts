import { describe, expect, it } from 'vitest';
import { errorMessage } from '../errors.js';

describe('NOT_ENOUGH_CARDS (art. 12.º, n.º 3): said as a cashier reads it', () => {
  const say = (available: number, requested: number, cap: number, lang: 'pt-PT' | 'en' = 'pt-PT') => errorMessage('NOT_ENOUGH_CARDS', { available, requested, cap }, lang);

  it('says sold out when nothing is left, never "0 cartões" nor the quantity asked', () => {
    expect(say(0, 1, 0)).toBe('Esgotado: já não há cartões para vender nesta jogada.');
    expect(say(0, 3, 6, 'en')).toBe('Sold out: there are no cards left to sell in this game.');
  });

  it('puts one card and one asked in the singular', () => {
    expect(say(1, 2, 6)).toBe('Só resta 1 cartão nesta jogada e foram pedidos 2. A segunda série só pode ser vendida até ao n.º 6 (art. 12.º, n.º 3).');
    expect(say(3, 4, 0)).toBe('Só restam 3 cartões nesta jogada e foram pedidos 4. Não há segunda série que possa ser vendida (art. 12.º, n.º 3).');
    expect(say(1, 2, 0, 'en')).toBe('Only 1 card is left in this game and 2 were asked for. No second series can be sold (art. 12(3)).');
  });
});
