import { describe, expect, it } from 'vitest';
import type { BoardView, ClaimView } from '../../core/contract.js';
import type { DrawnBall } from '../../core/bingo/contract.js';
import { boardColumns, mergeDrawnBall, minutesLeft, parseBall, recentBalls, withClaim } from './board.js';

describe('the 1-90 board', () => {
  it('has 9 columns of 10 rows holding every number once, 1-10 first and 81-90 last', () => {
    const cols = boardColumns();
    expect(cols).toHaveLength(9);
    for (const c of cols) expect(c).toHaveLength(10);
    expect(cols[0]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(cols[8]).toEqual([81, 82, 83, 84, 85, 86, 87, 88, 89, 90]);
    expect(cols.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
  });
});

describe('parseBall', () => {
  it.each([
    ['1', 1],
    ['07', 7],
    [' 90 ', 90],
    ['45', 45],
  ])('%s -> %d', (text, n) => expect(parseBall(text)).toBe(n));
  it.each(['', '0', '00', '91', '100', '4.5', '-3', 'x', '1 2'])('refuses %j', (text) => expect(parseBall(text)).toBeNull());
});

describe('recentBalls and minutesLeft', () => {
  it('lists the newest balls first', () => {
    expect(recentBalls([4, 17, 90, 33], 3)).toEqual([33, 90, 17]);
    expect(recentBalls([], 3)).toEqual([]);
  });
  it('counts the minutes left up to the rule, rounded up, never negative', () => {
    const from = '2026-01-10T21:00:00.000Z';
    expect(minutesLeft(from, 15, new Date('2026-01-10T21:08:30.000Z'))).toBe(7);
    expect(minutesLeft(from, 15, new Date('2026-01-10T21:15:00.000Z'))).toBe(0);
    expect(minutesLeft(from, 15, new Date('2026-01-10T22:00:00.000Z'))).toBe(0);
  });
});

const board = (over: Partial<BoardView> = {}): BoardView => ({
  gameId: 7,
  state: 'drawing',
  balls: [12, 45],
  ballCount: 2,
  facesKnown: true,
  lineAwarded: false,
  claims: [],
  winners: [],
  potential: { lines: [], bingos: [] },
  special: { balls: 40, fundCents: 50_000, eligible: true, frozen: false },
  ...over,
});
const drawn = (over: Partial<DrawnBall> = {}): DrawnBall => ({
  gameId: 7,
  ball: 3,
  ballCount: 3,
  state: 'drawing',
  newLines: [],
  newLineCount: over.newLines?.length ?? 0,
  newBingos: [],
  newBingoCount: over.newBingos?.length ?? 0,
  special: { balls: 40, fundCents: 50_000, eligible: true, frozen: false },
  becameLast: false,
  ...over,
});

describe("mergeDrawnBall: the board after a ball, from game.drawBall's answer", () => {
  it('appends the ball and takes the count, state and special prize from the answer', () => {
    const before = board({ state: 'sale_closed', balls: [], ballCount: 0 });
    const after = mergeDrawnBall(before, drawn({ ball: 88, ballCount: 1, special: { balls: 40, fundCents: 50_000, eligible: false, frozen: false } }), 'A');
    expect(after).toEqual({ ...before, state: 'drawing', balls: [88], ballCount: 1, special: { balls: 40, fundCents: 50_000, eligible: false, frozen: false } });
  });
  it('adds the new lines and bingos in the kiosk order (first series first, then by number)', () => {
    const before = board({ potential: { lines: [{ seriesCode: 'A', card: 9 }, { seriesCode: 'B', card: 2 }], bingos: [] } });
    const after = mergeDrawnBall(before, drawn({ newLines: [{ seriesCode: 'B', card: 1 }, { seriesCode: 'A', card: 30 }, { seriesCode: 'A', card: 4 }] }), 'A');
    expect(after?.potential).toEqual({
      lines: [
        { seriesCode: 'A', card: 4 },
        { seriesCode: 'A', card: 9 },
        { seriesCode: 'A', card: 30 },
        { seriesCode: 'B', card: 1 },
        { seriesCode: 'B', card: 2 },
      ],
      bingos: [],
    });
    expect(after?.balls).toEqual([12, 45, 3]);
  });
  it('a card that makes the bingo leaves the lines', () => {
    const before = board({ potential: { lines: [{ seriesCode: 'A', card: 5 }, { seriesCode: 'A', card: 6 }], bingos: [{ seriesCode: 'A', card: 2 }] } });
    const after = mergeDrawnBall(before, drawn({ newBingos: [{ seriesCode: 'A', card: 5 }] }), 'A');
    expect(after?.potential).toEqual({
      lines: [{ seriesCode: 'A', card: 6 }],
      bingos: [
        { seriesCode: 'A', card: 2 },
        { seriesCode: 'A', card: 5 },
      ],
    });
  });
  it('lists no line once the line is awarded', () => {
    const after = mergeDrawnBall(board({ lineAwarded: true }), drawn({ newLines: [{ seriesCode: 'A', card: 1 }] }), 'A');
    expect(after?.potential).toEqual({ lines: [], bingos: [] });
  });
  it('leaves a board that already holds the ball as it is (a fetch got there first)', () => {
    const fetched = board({ balls: [12, 45, 3], ballCount: 3, potential: { lines: [{ seriesCode: 'A', card: 1 }], bingos: [] } });
    expect(mergeDrawnBall(fetched, drawn({ newLines: [{ seriesCode: 'A', card: 1 }] }), 'A')).toBe(fetched);
    expect(mergeDrawnBall(board({ balls: [12, 45, 3, 70], ballCount: 4 }), drawn(), 'A')?.ballCount).toBe(4);
  });
  it('refuses what does not follow (fetch the board instead): another game, a ball missing, a recall, the ball twice', () => {
    expect(mergeDrawnBall(board(), drawn({ gameId: 8 }), 'A')).toBeNull();
    expect(mergeDrawnBall(board(), drawn({ ballCount: 4 }), 'A')).toBeNull();
    expect(mergeDrawnBall(board({ balls: [12, 45, 60], ballCount: 3 }), drawn(), 'A')).toBeNull();
    expect(mergeDrawnBall(board(), drawn({ ball: 45 }), 'A')).toBeNull();
  });
  it('refuses an answer that lists only the first of the cards completed (the board lists them all)', () => {
    const first50 = Array.from({ length: 50 }, (_, i) => ({ seriesCode: 'A', card: i + 1 }));
    expect(mergeDrawnBall(board(), drawn({ newLines: first50, newLineCount: 51 }), 'A')).toBeNull();
    expect(mergeDrawnBall(board(), drawn({ newBingos: first50, newBingoCount: 60 }), 'A')).toBeNull();
    expect(mergeDrawnBall(board(), drawn({ newLines: first50, newLineCount: 50 }), 'A')?.potential.lines).toHaveLength(50);
  });
});

describe('withClaim: the board with a claim just recorded', () => {
  const claim = (claimId: number, ballCount = 2): ClaimView => ({
    claimId,
    kind: 'line',
    seriesCode: 'A',
    card: 5,
    ballCount,
    valid: true,
    manual: false,
    reason: null,
    missing: [],
    numbers: null,
    awarded: false,
  });
  it('adds it in the order of the claims', () => {
    expect(withClaim(board({ claims: [claim(3)] }), claim(4))?.claims.map((c) => c.claimId)).toEqual([3, 4]);
  });
  it('keeps the board when the claim is already there, refuses it when the board is behind', () => {
    const b = board({ claims: [claim(3)] });
    expect(withClaim(b, claim(3))).toBe(b);
    expect(withClaim(board(), claim(4, 3))).toBeNull();
  });
});
