import { describe, expect, it } from 'vitest';
import type { GameView } from '../../../core/contract.js';
import { announcementFor, drawCandidates, inDraw, latestAnnouncement } from './drawGames.js';

const g = (id: number, state: GameView['state'], suspendedFrom: GameView['suspendedFrom'] = state === 'suspended' ? 'drawing' : null) =>
  ({ id, number: id, state, suspendedFrom }) as GameView;

describe('drawCandidates', () => {
  it('shows the games after their close of sale, suspended in their draw or before it, oldest first', () => {
    const games = [g(4, 'selling'), g(3, 'sale_closed'), g(2, 'drawing'), g(1, 'finished'), g(5, 'suspended'), g(6, 'suspended', 'sale_closed')];
    expect(drawCandidates(games, null).map((x) => x.id)).toEqual([2, 3, 5, 6]);
  });
  it('leaves out a game suspended during its sale: it has no draw yet', () => {
    expect(drawCandidates([g(1, 'finished'), g(2, 'suspended', 'selling')], null)).toEqual([]);
    expect(inDraw(g(2, 'suspended', 'selling'))).toBe(false);
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

describe('announcementFor', () => {
  it('a game’s own announcement only, never another game’s', () => {
    const mine = { ...g(2, 'drawing'), announcement: 'Anúncio 2', soldRanges: [], cardsSold: 3, totalCents: 300, linePrizeCents: 15, bingoPrizeCents: 150 } as unknown as GameView;
    expect(announcementFor(mine, null)?.announcement).toBe('Anúncio 2');
    expect(announcementFor({ ...g(3, 'suspended', 'selling'), announcement: null } as GameView, null)).toBeNull();
    const closed = { gameId: 2, announcement: 'Acabado de fechar', cardsSold: 3, totalCents: 300, linePrizeCents: 15, bingoPrizeCents: 150, ranges: [] };
    expect(announcementFor({ ...mine, announcement: null }, closed)?.announcement).toBe('Acabado de fechar');
    expect(announcementFor({ ...g(4, 'sale_closed'), announcement: null } as GameView, closed)).toBeNull();
  });
});
