/**
 * One drum, one board and the session's end (DN art. 6.2, 7.1, 14.1, 14.5,
 * 16.1): when a game's draw may begin, when a game becomes the session's
 * last, when a game can no longer be played, and how long a suspension may
 * wait for its failure to be solved.
 */
import { KioskError } from '../refusal.js';
import type { PairRole } from './double.js';
import { LAST_GAME_MINUTES, SUSPENSION_ANNUL_MINUTES } from './rules.js';

type State = 'selling' | 'sale_closed' | 'drawing' | 'finished' | 'suspended' | 'annulled';

/** A game of the session as these rules see it. */
export interface SessionGame {
  id: number;
  number: number;
  state: State;
  suspendedFrom: State | null;
  isLast: boolean;
}

/** The game whose draw is asked for, or whose future is weighed. */
export interface CandidateGame extends SessionGame {
  double: PairRole;
}

/** The moment from which only one more game may be held (art. 14.5). */
export function lastGameFrom(scheduledCloseAt: string): Date {
  return new Date(new Date(scheduledCloseAt).getTime() - LAST_GAME_MINUTES * 60_000);
}

/** A game whose draw is under way: drawing, or suspended with balls out (the drum and the board are its own). */
export function isDrawing(g: Pick<SessionGame, 'state' | 'suspendedFrom'>): boolean {
  return g.state === 'drawing' || (g.state === 'suspended' && g.suspendedFrom === 'drawing');
}

/** The number of the session's last game other than `exceptId`, or null. */
export function lastOf(games: readonly SessionGame[], exceptId: number): number | null {
  return games.find((g) => g.id !== exceptId && g.isLast)?.number ?? null;
}

/** A game sold or selling whose draw has not begun (and is not over). */
export function awaitsDraw(g: Pick<SessionGame, 'state' | 'suspendedFrom'>): boolean {
  const state = g.state === 'suspended' ? g.suspendedFrom : g.state;
  return state === 'selling' || state === 'sale_closed';
}

export type ClosingBlock =
  | { code: 'LAST_GAME_HELD'; params: { number: number; last: number } }
  | { code: 'DRAW_AFTER_CLOSING_TIME'; params: { number: number; closeAt: string } }
  | { code: 'DOUBLE_LAST_AT_DRAW'; params: { number: number; from: string } };

/**
 * Why a game whose draw has not begun can never be played, or null: another
 * game is the session's last (`otherLast`, its number; art. 14.5: after it no other draw begins), the
 * closing time has passed (decision: no draw begins after it), or it is the
 * first of a double pair and would be the last, leaving its second unplayed
 * (art. 3.5). The second of a pair is owed to the cards sold: it is played
 * even past the closing time, as the pair's own.
 */
export function closingBlock(now: Date, scheduledCloseAt: string, game: CandidateGame, otherLast: number | null): ClosingBlock | null {
  if (otherLast !== null && !game.isLast) return { code: 'LAST_GAME_HELD', params: { number: game.number, last: otherLast } };
  if (game.double === 'second') return null;
  if (now.getTime() >= new Date(scheduledCloseAt).getTime()) {
    return { code: 'DRAW_AFTER_CLOSING_TIME', params: { number: game.number, closeAt: scheduledCloseAt } };
  }
  const from = lastGameFrom(scheduledCloseAt);
  if (game.double === 'first' && now.getTime() >= from.getTime()) {
    return { code: 'DOUBLE_LAST_AT_DRAW', params: { number: game.number, from: from.toISOString() } };
  }
  return null;
}

/**
 * May the game's draw begin now (its first ball)? Refuses while another game
 * of the session is being drawn (one drum, one board: art. 6.2, 7.1, 14.1)
 * and when the game can no longer be played; otherwise says whether the game
 * becomes the session's last by beginning within the last 10 minutes.
 */
export function checkDrawStart(now: Date, scheduledCloseAt: string, game: CandidateGame, others: readonly SessionGame[]): { becomesLast: boolean } {
  const drawing = others.find((g) => g.id !== game.id && isDrawing(g));
  if (drawing) throw new KioskError('DRAW_IN_PROGRESS', { number: game.number, drawing: drawing.number });
  const block = closingBlock(now, scheduledCloseAt, game, lastOf(others, game.id));
  if (block) throw new KioskError(block.code, block.params);
  return { becomesLast: !game.isLast && now.getTime() >= lastGameFrom(scheduledCloseAt).getTime() };
}

/**
 * Art. 14.5 when a game opens within the last 10 minutes: it is the one more
 * game, so no earlier game may still be waiting for its draw (that one will be
 * the last when its draw begins).
 */
export function checkOpenInLastMinutes(now: Date, scheduledCloseAt: string, games: readonly SessionGame[]): void {
  if (now.getTime() < lastGameFrom(scheduledCloseAt).getTime()) return;
  const waiting = games.find(awaitsDraw);
  if (waiting) throw new KioskError('LAST_GAME_WAITING', { number: waiting.number });
}

/** Whole minutes a suspension has lasted, and whether art. 16.1's 15 minutes are over (from the 15th minute on, it is). */
function suspensionExpired(now: Date, suspendedAt: string): boolean {
  return now.getTime() - new Date(suspendedAt).getTime() >= SUSPENSION_ANNUL_MINUTES * 60_000;
}

/** Art. 16.1: a failure not solved within 15 minutes is not solved: the game is not resumed, only annulled with refunds. */
export function checkResumable(now: Date, game: { number: number; suspendedAt: string | null }): void {
  if (game.suspendedAt !== null && suspensionExpired(now, game.suspendedAt)) {
    throw new KioskError('RESUME_TOO_LATE', { number: game.number, since: game.suspendedAt, minutes: SUSPENSION_ANNUL_MINUTES });
  }
}
