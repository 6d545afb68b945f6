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

describe('LAST_GAME_PLAYED (DN 80/85, art. 14.º, n.º 5): the reason as it happened', () => {
  // 21:00 UTC is 21:00 in Lisbon in December (winter time).
  const say = (becameLast: 'opened' | 'draw', at: string, lang: 'pt-PT' | 'en' = 'pt-PT') =>
    errorMessage('LAST_GAME_PLAYED', { number: 4, becameLast, at, closeAt: '2026-12-01T21:00:00.000Z' }, lang);

  it('a game opened within the last 10 minutes: says when it was opened', () => {
    expect(say('opened', '2026-12-01T20:52:00.000Z')).toBe(
      'A jogada n.º 4 é a última desta sessão: nos 10 minutos antes do encerramento (21:00) só se realiza mais uma jogada, e esta foi aberta às 20:52; não se pode abrir outra (DN 80/85, art. 14.º, n.º 5).',
    );
  });

  it('a game opened 10:30 before the close that became the last at its first ball: says so, not that it opened within the 10 minutes', () => {
    expect(say('draw', '2026-12-01T20:53:00.000Z')).toBe(
      'A jogada n.º 4 é a última desta sessão: nos 10 minutos antes do encerramento (21:00) só se realiza mais uma jogada, e esta, aberta antes, passou a ser a última ao começar a extração às 20:53; não se pode abrir outra (DN 80/85, art. 14.º, n.º 5).',
    );
    expect(say('draw', '2026-12-01T20:53:00.000Z', 'en')).toBe(
      "Game no. 4 is this session's last: within the 10 minutes before closing (21:00) only one more game may be held, and this one, opened earlier, became the last when its draw began at 20:53; no further game can be opened (DN 80/85, art. 14(5)).",
    );
  });
});
