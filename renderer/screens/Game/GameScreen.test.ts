import { describe, expect, it } from 'vitest';
import type { GameView } from '../../../core/contract.js';
import { drawCandidates, latestAnnouncement } from './GameScreen.js';

const g = (id: number, state: GameView['state']) => ({ id, number: id, state }) as GameView;

describe('drawCandidates', () => {
  it('shows the games after their close of sale and the suspended ones, oldest first', () => {
    const games = [g(4, 'selling'), g(3, 'sale_closed'), g(2, 'drawing'), g(1, 'finished'), g(5, 'suspended')];
    expect(drawCandidates(games, null).map((x) => x.id)).toEqual([2, 3, 5]);
  });
  it('keeps the chosen game once it is over, so its winners stay on screen', () => {
    expect(drawCandidates([g(1, 'finished'), g(2, 'annulled'), g(3, 'selling')], 1).map((x) => x.id)).toEqual([1]);
  });
});

describe('latestAnnouncement', () => {
  const announced = (id: number, state: GameView['state']) => ({ ...g(id, state), announcement: `Anúncio ${id}`, cardsSold: 7, totalCents: 700, linePrizeCents: 35, bingoPrizeCents: 350 }) as GameView;
  const closed = { gameId: 1, announcement: 'Anúncio 1', cardsSold: 7, totalCents: 700, linePrizeCents: 35, bingoPrizeCents: 350, ranges: [] };

  it('the newest game announced', () => {
    expect(latestAnnouncement([announced(1, 'finished'), announced(2, 'drawing'), { ...g(3, 'selling'), announcement: null } as GameView], null)?.gameNumber).toBe(2);
  });
  it('an annulled game’s announcement leaves the screen while the next game sells, even just after its close of sale here', () => {
    const games = [{ ...announced(1, 'annulled') }, { ...g(2, 'selling'), announcement: null } as GameView];
    expect(latestAnnouncement(games, closed)).toBeNull();
    expect(latestAnnouncement(games, null)).toBeNull();
    // An older one still holding is shown instead.
    expect(latestAnnouncement([announced(3, 'finished'), { ...announced(4, 'annulled') }], null)?.gameNumber).toBe(3);
  });
});
