import { describe, expect, it } from 'vitest';
import type { GameView } from '../../../core/contract.js';
import { drawCandidates } from './GameScreen.js';

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
