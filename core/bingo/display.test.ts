import { describe, expect, it } from 'vitest';
import { boardGame, saleOpeningText, type BoardCandidate } from './display.js';

const g = (number: number, state: BoardCandidate['state'], suspendedFrom: BoardCandidate['state'] | null = null): BoardCandidate => ({ number, state, suspendedFrom });

describe('the game on the board', () => {
  it('is the one being drawn, even while the next one sells or after it was suspended', () => {
    expect(boardGame([g(1, 'finished'), g(2, 'drawing'), g(3, 'selling')])?.number).toBe(2);
    expect(boardGame([g(2, 'suspended', 'drawing'), g(3, 'selling')])?.number).toBe(2);
  });

  it('else the one whose sale closed, else the one selling, else the latest played', () => {
    expect(boardGame([g(1, 'finished'), g(2, 'sale_closed'), g(3, 'selling')])?.number).toBe(2);
    expect(boardGame([g(1, 'finished'), g(2, 'selling')])?.number).toBe(2);
    expect(boardGame([g(1, 'finished'), g(2, 'annulled')])?.number).toBe(2);
    expect(boardGame([g(1, 'suspended', 'selling'), g(2, 'finished')])?.number).toBe(1);
    expect(boardGame([])).toBeNull();
  });
});

describe('the announcement before the sale (art. 11.2)', () => {
  it('names the series, the number of cards and the price', () => {
    expect(saleOpeningText({ number: 3, priceCents: 100, first: { code: 'A', from: 271, to: 300 }, second: { code: 'B', from: 1, to: 270 }, isLast: false })).toBe(
      'Jogada n.º 3: vendem-se cartões da série A, do n.º 271 ao n.º 300 (30 cartões) e da série B, do n.º 1 ao n.º 270 (270 cartões).\nPreço de cada cartão: 1,00 €.',
    );
    expect(saleOpeningText({ number: 1, priceCents: 250, first: { code: 'A', from: 300, to: 300 }, second: null, isLast: true })).toBe(
      'Última jogada da sessão.\nJogada n.º 1: vendem-se cartões da série A, do n.º 300 ao n.º 300 (1 cartão).\nPreço de cada cartão: 2,50 €.',
    );
  });

  it('leaves out a second series that cannot sell (the first starts at 1)', () => {
    expect(saleOpeningText({ number: 1, priceCents: 100, first: { code: 'A', from: 1, to: 300 }, second: { code: 'B', from: 1, to: 0 }, isLast: false })).toBe(
      'Jogada n.º 1: vendem-se cartões da série A, do n.º 1 ao n.º 300 (300 cartões).\nPreço de cada cartão: 1,00 €.',
    );
  });
});
