/** The draw screen's parts rendered to HTML (no DOM needed): what the manager sees for a given board. */
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardView, GameView } from '../../../core/contract.js';
import { i18n, initI18n } from '../../i18n/index.js';
import { Board } from './Board.js';
import { ClaimVerdict } from './Claims/ClaimVerdict.js';
import { ClaimsPanel } from './ClaimsPanel.js';

beforeAll(() => {
  initI18n('pt-PT');
});

const game: GameView = {
  id: 1,
  sessionId: 1,
  number: 3,
  state: 'drawing',
  priceCents: 100,
  firstSeries: { code: 'A', start: 1, nextNumber: 21, size: 300 },
  secondSeries: { code: 'B', named: false, nextNumber: 5, cap: 0 },
  cardsSold: 24,
  totalCents: 2400,
  soldRanges: [
    { seriesCode: 'A', from: 1, to: 20 },
    { seriesCode: 'B', from: 1, to: 4 },
  ],
  cardsAvailable: 0,
  nextCard: null,
  openedAt: '2026-01-10T20:00:00.000Z',
  saleClosedAt: '2026-01-10T20:30:00.000Z',
  announcement: 'x',
  linePrizeCents: 120,
  bingoPrizeCents: 1200,
  isLast: false,
  becameLastAt: null,
  closeAt: '2026-01-11T02:00:00.000Z',
  lastGameFrom: '2026-01-11T01:50:00.000Z',
  drawWaitsFor: null,
  unplayable: null,
  ballCount: 12,
  suspendedAt: null,
  suspendedFrom: null,
  manualDraw: false,
  double: null,
  annulReason: null,
  ballSet: { serial: 'S1', gamesPlayed: 10, warning: false },
};

const board: BoardView = {
  gameId: 1,
  state: 'drawing',
  balls: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  ballCount: 12,
  facesKnown: true,
  lineAwarded: false,
  claims: [],
  winners: [],
  potential: { lines: [{ seriesCode: 'A', card: 7 }], bingos: [] },
  special: null,
};

const render = (b: BoardView, g: GameView = game) => renderToStaticMarkup(<ClaimsPanel game={g} board={b} onClaimed={() => undefined} onChanged={async () => undefined} />);

describe('ClaimsPanel', () => {
  it('lists the cards holding a line now, offers both series and the line and bingo windows', () => {
    const html = render(board);
    expect(html).toContain('data-testid="potential-line-A-7"');
    expect(html).toMatch(/data-testid="potential-bingos"[^>]*><li class="empty">Nenhum/);
    expect(html).toContain('<option value="A" selected="">A</option><option value="B">B</option>');
    expect(html).toContain('Mais alguma linha?');
    expect(html).toContain('Verificar reclamação — 12.ª bola');
    expect(html).not.toContain('data-testid="special-prize"');
  });

  it('once the line is awarded: bingo only, no line list, the winner with the amount', () => {
    const html = render({
      ...board,
      lineAwarded: true,
      winners: [
        {
          winnerId: 9,
          gameId: 1,
          gameNumber: 3,
          kind: 'line',
          seriesCode: 'A',
          card: 7,
          prizeCents: 120,
          ballCount: 11,
          awardedAt: '2026-01-10T20:40:00.000Z',
          status: 'unpaid',
          paidAt: null,
          retainUntil: null,
        },
      ],
    });
    expect(html).not.toContain('data-testid="potential-lines"');
    expect(html).toMatch(/<option value="line" disabled="">Linha<\/option><option value="bingo" selected="">Bingo<\/option>/);
    expect(html).toMatch(/data-testid="winner-row-9">.*A 7.*1,20 €.*Por pagar/);
    expect(html).toMatch(/data-testid="close-line"[^>]*disabled=""/);
  });

  it('shows the special prize with its N and fund, and whether it is still in play', () => {
    const eligible = render({ ...board, special: { balls: 40, fundCents: 123456, eligible: true, frozen: false } });
    expect(eligible).toContain('Prémio especial acumulado');
    expect(eligible).toContain('Bingo até à 40.ª bola');
    expect(eligible).toContain('1 234,56 €');
    expect(eligible).toContain('Ainda em jogo: 12 de 40 bolas.');
    const gone = render({ ...board, ballCount: 45, special: { balls: 40, fundCents: 100, eligible: false, frozen: false } });
    expect(gone).toContain('Já não é possível nesta jogada (mais de 40 bolas).');
  });

  it('warns when sold series have no faces, and hides the claims once the game is over', () => {
    expect(render({ ...board, facesKnown: false })).toContain('sem faces registadas');
    const over = render({ ...board, state: 'finished' }, { ...game, state: 'finished' });
    expect(over).not.toContain('data-testid="claim-submit"');
    expect(over).not.toContain('data-testid="close-bingo"');
    expect(over).toContain('data-testid="winners"');
  });
});

describe('Board', () => {
  it('has 90 numbers in 9 columns of 10; drawn ones are pressed and cannot be drawn again; the last is marked', () => {
    const html = renderToStaticMarkup(<Board balls={[17, 4, 90]} canDraw onChoose={() => undefined} />);
    expect(html.match(/data-testid="board-number-\d+"/g)).toHaveLength(90);
    expect(html).toMatch(/class="ball-key drawn" data-testid="board-number-17" aria-pressed="true"[^>]*disabled=""/);
    expect(html).toMatch(/class="ball-key drawn last" data-testid="board-number-90" aria-pressed="true"/);
    expect(html).toMatch(/class="ball-key" data-testid="board-number-5" aria-pressed="false" aria-label="Escolher a bola 5 \(confirma-se a seguir\)">/);
    const order = [...html.matchAll(/board-number-(\d+)/g)].map((m) => Number(m[1]));
    expect(order.slice(0, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const closed = renderToStaticMarkup(<Board balls={[]} canDraw={false} onChoose={() => undefined} />);
    expect(closed.match(/disabled=""/g)).toHaveLength(90);
  });

  it('a touched number is only chosen: marked as waiting for its confirmation, not drawn', () => {
    const html = renderToStaticMarkup(<Board balls={[4]} canDraw pending={27} onChoose={() => undefined} />);
    expect(html).toMatch(/class="ball-key pending" data-testid="board-number-27" aria-pressed="false" aria-label="Bola 27 escolhida, por confirmar">/);
    expect(html.match(/pending/g)).toHaveLength(1);
  });
});

describe('ClaimVerdict', () => {
  const claim = {
    claimId: 5,
    kind: 'line' as const,
    seriesCode: 'A',
    card: 7,
    ballCount: 4,
    valid: false,
    manual: false,
    reason: 'x',
    missing: [9],
    numbers: null,
    awarded: false,
    face: [
      [1, 12, 23, 45, 67],
      [9, 14, 38, 50, 81],
      [5, 19, 29, 60, 90],
    ],
  };
  const verdict = (c: Parameters<typeof ClaimVerdict>[0]['claim'], balls = [12, 14, 38, 50, 81]) =>
    renderToStaticMarkup(<ClaimVerdict claim={c} balls={balls} />);

  it('says what is missing as Portuguese counts it: "falta o 9", "faltam o 9 e o 14"', () => {
    expect(verdict(claim)).toContain('Nenhuma linha completa: à linha mais próxima falta o 9.');
    expect(verdict({ ...claim, missing: [9, 14] })).toContain('à linha mais próxima faltam o 9 e o 14.');
    expect(verdict({ ...claim, missing: [5, 9, 14] })).toContain('faltam o 5, o 9 e o 14.');
    expect(verdict({ ...claim, kind: 'bingo', missing: [9] })).toContain('Bingo incompleto: falta o 9.');
    expect(verdict({ ...claim, kind: 'bingo', missing: [9, 14] })).toContain('Bingo incompleto: faltam 2 números: o 9 e o 14.');
    expect(verdict(claim)).not.toContain('faltam 9');
  });

  it('shows the card as the player holds it: 3 rows of 9 columns, the balls out by the claim marked, the missing ones apart', () => {
    const html = verdict(claim);
    expect(html).toContain('data-testid="claim-face"');
    expect(html).toContain('Cartão A 7: a azul os que já saíram, a vermelho os que faltam');
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html.match(/<td/g)).toHaveLength(27);
    // Second row: 9 in column 1, 14 in column 2, 38 in column 4, 50 in column 6, 81 in column 9 (the fifth ball, after the claim: not marked).
    expect(html).toMatch(
      /<tr><td class="missing" data-testid="face-number-9">9.*?<\/td><td class="drawn" data-testid="face-number-14">14.*?<\/td><td class="blank"><\/td><td class="drawn" data-testid="face-number-38">38.*?<\/td><td class="blank"><\/td><td class="drawn" data-testid="face-number-50">50.*?<\/td><td class="blank"><\/td><td class="blank"><\/td><td data-testid="face-number-81">81<\/td><\/tr>/,
    );
    expect(html).toMatch(/<td data-testid="face-number-1">1<\/td>/);
  });

  it('a valid claim shows the face too; a card without face shows the numbers read by hand', () => {
    const valid = verdict({ ...claim, valid: true, reason: null, missing: [] });
    expect(valid).toContain('Válida: linha do cartão A 7 à 4.ª bola.');
    expect(valid).toContain('Cartão A 7: os números a azul já saíram');
    const manual = verdict({ ...claim, valid: true, manual: true, reason: null, missing: [], face: null, numbers: [12, 14, 38, 50, 81] });
    expect(manual).not.toContain('claim-face');
    expect(manual).toContain('Números do cartão: 12 · 14 · 38 · 50 · 81');
    const refused = verdict({ ...claim, manual: true, reason: 'Reclamação recusada pelo operador após conferência manual do cartão.', missing: [], face: null });
    expect(refused).toContain('Reclamação recusada pelo operador após conferência manual do cartão.');
  });

  it('in English, singular and plural too', async () => {
    await i18n.changeLanguage('en');
    try {
      expect(verdict(claim)).toContain('No complete line: the closest line lacks 9.');
      expect(verdict({ ...claim, kind: 'bingo', missing: [9] })).toContain('Bingo not complete: 9 is missing.');
      expect(verdict({ ...claim, kind: 'bingo', missing: [9, 14] })).toContain('Bingo not complete: 2 numbers are missing: 9 and 14.');
      expect(verdict({ ...claim, manual: true, missing: [], face: null })).toContain('Claim refused by the operator after checking the card by hand.');
    } finally {
      await i18n.changeLanguage('pt-PT');
    }
  });
});
