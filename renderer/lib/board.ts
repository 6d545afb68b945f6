/** The 1-90 board of the draw and the ball typed by the manager. */

export const BALL_MIN = 1;
export const BALL_MAX = 90;
export const BOARD_COLUMNS = 9;
export const BOARD_ROWS = 10;

/**
 * The board's columns, left to right: 1-10, 11-20, ..., 81-90 (9 columns of
 * 10 rows), so that numbers read down each column as on the hall's panel.
 */
export function boardColumns(): number[][] {
  return Array.from({ length: BOARD_COLUMNS }, (_, c) => Array.from({ length: BOARD_ROWS }, (_, r) => c * BOARD_ROWS + r + 1));
}

/** A ball typed as text: a whole number 1-90 (leading zeros allowed: `07`), else null. */
export function parseBall(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number(t);
  return n >= BALL_MIN && n <= BALL_MAX ? n : null;
}

/** The last `count` balls, newest first. */
export function recentBalls(balls: readonly number[], count: number): number[] {
  return balls.slice(-count).reverse();
}

/** Minutes (rounded up) left before `from` + `minutes`, never below 0. */
export function minutesLeft(fromIso: string, minutes: number, now: Date): number {
  const ms = new Date(fromIso).getTime() + minutes * 60_000 - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 60_000);
}
