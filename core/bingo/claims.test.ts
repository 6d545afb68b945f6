/**
 * Claims against a face and the balls drawn (art. 9.1, 15.4), and the
 * WinnerTracker that finds every sold card holding a line or a bingo after a
 * ball, checked against a brute force over a generated 1,200-card series.
 */
import { describe, it, expect } from 'vitest';
import { checkAgainstRecorded, checkClaim, checkPossibleCard, completedRows, drawnSet, hasBingo, WinnerTracker, type RecordedClaim, type Rows, type SoldCard } from './claims.js';
import { KioskError } from '../errors.js';
import { generateSeries, seededRandom } from '../../main/demo/faces.js';

const FACE: Rows = [
  [1, 10, 20, 30, 40],
  [2, 11, 50, 60, 70],
  [21, 31, 51, 61, 80],
];

describe('drawnSet, completedRows, hasBingo', () => {
  it('marks the numbers drawn, 1 to 90', () => {
    const d = drawnSet([1, 90, 45]);
    expect(d).toHaveLength(91);
    expect([d[1], d[45], d[90], d[2], d[0]]).toEqual([1, 1, 1, 0, 0]);
  });

  it('finds the rows whose five numbers were all drawn', () => {
    expect(completedRows(FACE, drawnSet([]))).toEqual([]);
    expect(completedRows(FACE, drawnSet([1, 10, 20, 30]))).toEqual([]);
    expect(completedRows(FACE, drawnSet([1, 10, 20, 30, 40]))).toEqual([0]);
    expect(completedRows(FACE, drawnSet([21, 31, 51, 61, 80, 2, 11, 50, 60, 70, 5]))).toEqual([1, 2]);
    expect(hasBingo(FACE, drawnSet(FACE.flat().slice(1)))).toBe(false);
    expect(hasBingo(FACE, drawnSet(FACE.flat()))).toBe(true);
  });
});

describe('checkClaim', () => {
  it('line: valid with the completed rows', () => {
    expect(checkClaim('line', FACE, drawnSet([2, 11, 50, 60, 70]))).toEqual({ valid: true, rows: [1] });
    expect(checkClaim('line', FACE, drawnSet([2, 11, 50, 60, 70, 1, 10, 20, 30, 40, 89]))).toEqual({ valid: true, rows: [0, 1] });
  });

  it('line: invalid, with the numbers missing from the closest row', () => {
    // Row 1 misses 40; row 2 misses 50, 60, 70; row 3 misses everything.
    expect(checkClaim('line', FACE, drawnSet([1, 10, 20, 30, 2, 11]))).toEqual({ valid: false, reason: 'no_line', missing: [40] });
    expect(checkClaim('line', FACE, drawnSet([2, 11, 50, 60, 21]))).toEqual({ valid: false, reason: 'no_line', missing: [70] });
    // Nothing drawn on the card: the first row (ties keep the row order).
    expect(checkClaim('line', FACE, drawnSet([3, 4, 5]))).toEqual({ valid: false, reason: 'no_line', missing: [1, 10, 20, 30, 40] });
  });

  it('bingo: valid with all rows, invalid with every missing number in row order', () => {
    expect(checkClaim('bingo', FACE, drawnSet([...FACE.flat(), 90]))).toEqual({ valid: true, rows: [0, 1, 2] });
    const drawn = FACE.flat().filter((n) => n !== 10 && n !== 61 && n !== 2);
    expect(checkClaim('bingo', FACE, drawnSet(drawn))).toEqual({ valid: false, reason: 'no_bingo', missing: [10, 2, 61] });
    // A line is not a bingo.
    expect(checkClaim('bingo', FACE, drawnSet(FACE[0]!))).toEqual({
      valid: false,
      reason: 'no_bingo',
      missing: [...FACE[1]!, ...FACE[2]!],
    });
  });
});

/** A random order of 1..90 from a seeded PRNG. */
function drawOrder(seed: number): number[] {
  const rng = seededRandom(seed);
  const balls = Array.from({ length: 90 }, (_, i) => i + 1);
  for (let i = balls.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [balls[i], balls[j]] = [balls[j]!, balls[i]!];
  }
  return balls;
}

describe('WinnerTracker', () => {
  it('finds exactly the cards that completed a row, and the card with each ball', () => {
    const cards: SoldCard[] = [
      { seriesCode: 'A', card: 1, rows: FACE },
      {
        seriesCode: 'A',
        card: 2,
        rows: [
          [3, 12, 22, 32, 41],
          [4, 13, 52, 62, 71],
          [23, 33, 53, 63, 81],
        ],
      },
      {
        seriesCode: 'B',
        card: 7,
        rows: [
          [1, 10, 20, 30, 42],
          [5, 14, 54, 64, 72],
          [24, 34, 55, 65, 82],
        ],
      },
    ];
    const t = new WinnerTracker(cards);
    for (const b of [1, 10, 20, 30]) expect(t.draw(b)).toEqual({ newLines: [], newBingos: [] });
    // 40 completes card 1's first row only; 42 completes card B 7's.
    expect(t.draw(40)).toEqual({ newLines: [0], newBingos: [] });
    expect(t.draw(42)).toEqual({ newLines: [2], newBingos: [] });
    // A second row of a card that already holds a line is no new line.
    for (const b of [2, 11, 50, 60]) t.draw(b);
    expect(t.draw(70)).toEqual({ newLines: [], newBingos: [] });
    // The same ball twice changes nothing.
    expect(t.draw(70)).toEqual({ newLines: [], newBingos: [] });
    for (const b of [21, 31, 51, 61]) t.draw(b);
    expect(t.draw(80)).toEqual({ newLines: [], newBingos: [0] });
    expect(t.winners()).toEqual({ lines: [cards[0], cards[2]], bingos: [cards[0]] });
  });

  it('matches a brute force over a generated 1,200-card series, ball by ball', () => {
    const faces = generateSeries(1200, 'claims-test');
    const cards: SoldCard[] = faces.map((f) => ({ seriesCode: 'A', card: f.card, rows: f.rows }));
    for (const seed of [1, 2]) {
      const tracker = new WinnerTracker(cards);
      const order = drawOrder(seed);
      const hadLine = new Array<boolean>(cards.length).fill(false);
      const hadBingo = new Array<boolean>(cards.length).fill(false);
      let firstLineAt = 0;
      let firstBingoAt = 0;
      for (let i = 0; i < order.length; i++) {
        const { newLines, newBingos } = tracker.draw(order[i]!);
        const drawn = drawnSet(order.slice(0, i + 1));
        const expectLines: number[] = [];
        const expectBingos: number[] = [];
        cards.forEach((c, ci) => {
          const line = completedRows(c.rows, drawn).length > 0;
          const bingo = hasBingo(c.rows, drawn);
          if (line && !hadLine[ci]) expectLines.push(ci);
          if (bingo && !hadBingo[ci]) expectBingos.push(ci);
          hadLine[ci] = line;
          hadBingo[ci] = bingo;
        });
        expect([...newLines].sort((a, b) => a - b), `lines at ball ${i + 1}`).toEqual(expectLines);
        expect([...newBingos].sort((a, b) => a - b), `bingos at ball ${i + 1}`).toEqual(expectBingos);
        if (!firstLineAt && expectLines.length) firstLineAt = i + 1;
        if (!firstBingoAt && expectBingos.length) firstBingoAt = i + 1;
        const w = tracker.winners();
        expect(w.lines.map((c) => c.card)).toEqual(cards.filter((_, ci) => hadLine[ci]).map((c) => c.card));
        expect(w.bingos.map((c) => c.card)).toEqual(cards.filter((_, ci) => hadBingo[ci]).map((c) => c.card));
      }
      // The draw went somewhere: lines and bingos were found, and every card holds a bingo at the end.
      expect(firstLineAt).toBeGreaterThan(4);
      expect(firstBingoAt).toBeGreaterThan(14);
      expect(tracker.winners().bingos).toHaveLength(1200);
    }
  });
});

describe('numbers read by hand are a possible card (art. 3.4)', () => {
  const code = (f: () => void): string | null => {
    try {
      f();
      return null;
    } catch (e) {
      if (e instanceof KioskError) return `${e.code} ${JSON.stringify(e.params)}`;
      throw e;
    }
  };
  it('a line: five columns; a bingo: one or two numbers in each of the nine, 90 in the last', () => {
    expect(code(() => checkPossibleCard('line', [1, 10, 20, 30, 40]))).toBeNull();
    expect(code(() => checkPossibleCard('line', [9, 19, 29, 80, 90]))).toBe('MANUAL_LINE_NOT_A_ROW {"columns":"80-90:80 90"}');
    expect(code(() => checkPossibleCard('line', [1, 2, 3, 10, 11]))).toBe('MANUAL_LINE_NOT_A_ROW {"columns":"1-9:1 2 3;10-19:10 11"}');
    expect(code(() => checkPossibleCard('bingo', [1, 2, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 70, 80, 90]))).toBeNull();
    expect(code(() => checkPossibleCard('bingo', [1, 2, 3, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 61, 70]))).toBe(
      'MANUAL_BINGO_NOT_A_CARD {"columns":"1-9:1 2 3;80-90:"}',
    );
  });

  it('agrees with what was read before: the same card, the series’ other cards', () => {
    const line: RecordedClaim = { card: 4, kind: 'line', numbers: [1, 10, 20, 30, 40], gameNumber: 1 };
    const bingo: RecordedClaim = { card: 4, kind: 'bingo', numbers: [1, 2, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 70, 80, 90], gameNumber: 2 };
    // Another card's line or bingo, the same numbers: refused; a line inside another card's bingo is not (we do not know its rows).
    expect(code(() => checkAgainstRecorded('line', 9, [1, 10, 20, 30, 40], [line]))).toBe('MANUAL_CLAIM_OTHER_CARD {"kind":"line","card":4,"game":1}');
    expect(code(() => checkAgainstRecorded('bingo', 9, bingo.numbers, [bingo]))).toBe('MANUAL_CLAIM_OTHER_CARD {"kind":"bingo","card":4,"game":2}');
    expect(code(() => checkAgainstRecorded('line', 9, [2, 11, 21, 31, 41], [bingo]))).toBeNull();
    // The same card: its line in its bingo, its bingo always the same, its lines apart or equal.
    expect(code(() => checkAgainstRecorded('line', 4, [1, 10, 20, 30, 40], [line, bingo]))).toBeNull();
    expect(code(() => checkAgainstRecorded('line', 4, [2, 11, 21, 31, 41], [line, bingo]))).toBeNull();
    expect(code(() => checkAgainstRecorded('line', 4, [1, 11, 21, 31, 41], [line]))).toBe('MANUAL_LINES_OVERLAP {"card":4,"game":1,"line":"1, 10, 20, 30, 40"}');
    expect(code(() => checkAgainstRecorded('line', 4, [3, 11, 21, 31, 41], [bingo]))).toBe('MANUAL_LINE_OFF_CARD {"card":4,"game":2,"off":"3"}');
    expect(code(() => checkAgainstRecorded('bingo', 4, [3, 2, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 70, 80, 90].sort((a, b) => a - b), [bingo]))).toBe(
      'MANUAL_BINGO_DIFFERS {"card":4,"game":2,"numbers":"1, 2, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 70, 80, 90"}',
    );
    expect(code(() => checkAgainstRecorded('bingo', 4, [2, 3, 11, 12, 21, 22, 31, 32, 41, 42, 50, 60, 70, 80, 90], [line]))).toBe(
      'MANUAL_BINGO_WITHOUT_LINE {"card":4,"game":1,"line":"1, 10, 20, 30, 40","missing":"1, 10, 20, 30, 40"}',
    );
  });
});
