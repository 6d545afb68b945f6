import { describe, expect, it } from 'vitest';
import { KioskError } from '../errors.js';
import { awaitsDraw, checkDrawStart, checkOpenInLastMinutes, checkResumable, closingBlock, isDrawing, lastGameFrom, type CandidateGame, type SessionGame } from './closing.js';

const CLOSE = '2026-12-01T02:00:00.000Z';
const at = (minutesBeforeClose: number) => new Date(new Date(CLOSE).getTime() - minutesBeforeClose * 60_000);
const game = (over: Partial<CandidateGame> = {}): CandidateGame => ({ id: 1, number: 1, state: 'sale_closed', suspendedFrom: null, isLast: false, double: null, ...over });
const other = (over: Partial<SessionGame>): SessionGame => ({ id: 2, number: 2, state: 'sale_closed', suspendedFrom: null, isLast: false, ...over });

function refusal(f: () => unknown): { code: string; params: unknown } {
  try {
    f();
  } catch (e) {
    if (e instanceof KioskError) return { code: e.code, params: e.params };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('one drum, one board (art. 6.2, 7.1, 14.1)', () => {
  it('a game is being drawn while drawing, or suspended with balls out; waits for its draw while selling or sold', () => {
    expect(isDrawing({ state: 'drawing', suspendedFrom: null })).toBe(true);
    expect(isDrawing({ state: 'suspended', suspendedFrom: 'drawing' })).toBe(true);
    expect(isDrawing({ state: 'suspended', suspendedFrom: 'sale_closed' })).toBe(false);
    expect(isDrawing({ state: 'finished', suspendedFrom: null })).toBe(false);
    expect(awaitsDraw({ state: 'selling', suspendedFrom: null })).toBe(true);
    expect(awaitsDraw({ state: 'suspended', suspendedFrom: 'sale_closed' })).toBe(true);
    expect(awaitsDraw({ state: 'suspended', suspendedFrom: 'drawing' })).toBe(false);
    expect(awaitsDraw({ state: 'annulled', suspendedFrom: null })).toBe(false);
  });

  it('refuses a draw while another game of the session is drawn, naming it', () => {
    expect(refusal(() => checkDrawStart(at(60), CLOSE, game(), [other({ state: 'drawing', number: 4 })]))).toEqual({
      code: 'DRAW_IN_PROGRESS',
      params: { number: 1, drawing: 4 },
    });
    expect(refusal(() => checkDrawStart(at(60), CLOSE, game(), [other({ state: 'suspended', suspendedFrom: 'drawing' })])).code).toBe('DRAW_IN_PROGRESS');
    // Its own row among the session's games is not another draw.
    expect(checkDrawStart(at(60), CLOSE, game({ id: 2 }), [other({ state: 'sale_closed' })])).toEqual({ becomesLast: false });
    expect(checkDrawStart(at(60), CLOSE, game(), [other({ state: 'finished' }), other({ id: 3, state: 'suspended', suspendedFrom: 'sale_closed' })])).toEqual({
      becomesLast: false,
    });
  });
});

describe('the last game and the closing time (art. 14.5)', () => {
  it('only one more game from 10 minutes before the closing time', () => {
    expect(lastGameFrom(CLOSE).toISOString()).toBe('2026-12-01T01:50:00.000Z');
  });

  it('a draw beginning in the last 10 minutes makes its game the last; at 10:01 before, it does not', () => {
    expect(checkDrawStart(new Date(at(10).getTime() - 1000), CLOSE, game(), [])).toEqual({ becomesLast: false });
    expect(checkDrawStart(at(10), CLOSE, game(), [])).toEqual({ becomesLast: true });
    expect(checkDrawStart(at(1), CLOSE, game(), [])).toEqual({ becomesLast: true });
    // Already the last (opened within them): it stays so, nothing new to announce.
    expect(checkDrawStart(at(5), CLOSE, game({ isLast: true }), [])).toEqual({ becomesLast: false });
  });

  it('after the last game no other draw begins, nor after the closing time', () => {
    expect(closingBlock(at(30), CLOSE, game(), 7)).toEqual({
      code: 'LAST_GAME_HELD',
      params: { number: 1, last: 7 },
    });
    expect(closingBlock(at(0), CLOSE, game(), null)).toMatchObject({ code: 'DRAW_AFTER_CLOSING_TIME', params: { number: 1 } });
    expect(closingBlock(at(-90), CLOSE, game(), null)?.code).toBe('DRAW_AFTER_CLOSING_TIME');
    expect(closingBlock(new Date(at(0).getTime() - 1), CLOSE, game(), null)).toBeNull();
  });

  it('a double first cannot become the last (its second would not be played); the second is owed, even past the closing time', () => {
    expect(closingBlock(at(11), CLOSE, game({ double: 'first' }), null)).toBeNull();
    expect(closingBlock(at(10), CLOSE, game({ double: 'first' }), null)).toMatchObject({ code: 'DOUBLE_LAST_AT_DRAW', params: { number: 1 } });
    expect(closingBlock(at(-30), CLOSE, game({ double: 'second' }), null)).toBeNull();
    expect(checkDrawStart(at(-30), CLOSE, game({ double: 'second' }), [])).toEqual({ becomesLast: true });
    // Through the session's games: another game's last, this one's own row is not.
    expect(refusal(() => checkDrawStart(at(30), CLOSE, game(), [other({ isLast: true, state: 'finished', number: 7 })])).code).toBe('LAST_GAME_HELD');
    expect(checkDrawStart(at(5), CLOSE, game({ isLast: true }), [other({ id: 1, isLast: true })])).toEqual({ becomesLast: false });
  });

  it('a game opened in the last 10 minutes is the one more game: none opened earlier may still wait for its draw', () => {
    expect(() => checkOpenInLastMinutes(at(11), CLOSE, [other({ state: 'sale_closed' })])).not.toThrow();
    expect(refusal(() => checkOpenInLastMinutes(at(10), CLOSE, [other({ state: 'sale_closed', number: 3 })]))).toEqual({
      code: 'LAST_GAME_WAITING',
      params: { number: 3 },
    });
    expect(refusal(() => checkOpenInLastMinutes(at(5), CLOSE, [other({ state: 'suspended', suspendedFrom: 'sale_closed' })])).code).toBe('LAST_GAME_WAITING');
    // A draw under way, or games played, leave the one more game free.
    expect(() => checkOpenInLastMinutes(at(5), CLOSE, [other({ state: 'drawing' }), other({ id: 3, state: 'finished' }), other({ id: 4, state: 'annulled' })])).not.toThrow();
  });
});

describe('art. 16.1: 15 minutes to solve a failure', () => {
  const since = '2026-11-30T21:00:00.000Z';
  const after = (seconds: number) => new Date(new Date(since).getTime() + seconds * 1000);
  it('resumes within 15 minutes, never from the 15th minute on', () => {
    expect(() => checkResumable(after(14 * 60 + 59), { number: 2, suspendedAt: since })).not.toThrow();
    expect(refusal(() => checkResumable(after(15 * 60), { number: 2, suspendedAt: since }))).toMatchObject({ code: 'RESUME_TOO_LATE', params: { number: 2, minutes: 15 } });
    expect(refusal(() => checkResumable(after(45 * 60), { number: 2, suspendedAt: since })).code).toBe('RESUME_TOO_LATE');
  });
});
