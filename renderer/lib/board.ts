/** The 1-90 board of the draw, the ball typed by the manager, and the board kept up to date from each ball's answer. */
import type { BoardView, ClaimView } from '../../core/contract.js';
import type { DrawnBall } from '../../core/bingo/contract.js';

const BALL_MIN = 1;
const BALL_MAX = 90;
const BOARD_COLUMNS = 9;
const BOARD_ROWS = 10;

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

type CardRef = BoardView['potential']['lines'][number];

/** Cards in the kiosk's order: the game's first series first, then by number (as game.board lists them). */
function inBoardOrder(cards: readonly CardRef[], firstSeriesCode: string): CardRef[] {
  const seen = new Set<string>();
  const unique = cards.filter((c) => {
    const id = `${c.seriesCode}\u0000${c.card}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const rank = (c: CardRef) => (c.seriesCode === firstSeriesCode ? 0 : 1);
  return unique.sort((a, b) => rank(a) - rank(b) || a.card - b.card);
}

/**
 * The board after a ball, from the board before it and `game.drawBall`'s
 * answer: the ball appended, the count and state, the cards it completed
 * added to the potential lines and bingos (a card holding the bingo is no
 * longer listed for a line), the special prize. Unchanged when the board
 * already holds the ball; null when the two do not follow each other (another
 * game, a ball missing or recalled in between) or when the answer lists only
 * the first of the cards the ball completed: fetch the board then.
 */
export function mergeDrawnBall(board: BoardView, drawn: DrawnBall, firstSeriesCode: string): BoardView | null {
  if (board.gameId !== drawn.gameId) return null;
  if (board.balls.length >= drawn.ballCount) return board.balls[drawn.ballCount - 1] === drawn.ball ? board : null;
  if (board.balls.length !== drawn.ballCount - 1 || board.balls.includes(drawn.ball)) return null;
  if (drawn.newLines.length < drawn.newLineCount || drawn.newBingos.length < drawn.newBingoCount) return null;
  const bingos = inBoardOrder([...board.potential.bingos, ...drawn.newBingos], firstSeriesCode);
  const bingo = new Set(bingos.map((c) => `${c.seriesCode}\u0000${c.card}`));
  const lines = board.lineAwarded
    ? []
    : inBoardOrder([...board.potential.lines, ...drawn.newLines], firstSeriesCode).filter((c) => !bingo.has(`${c.seriesCode}\u0000${c.card}`));
  return {
    ...board,
    state: drawn.state,
    balls: [...board.balls, drawn.ball],
    ballCount: drawn.ballCount,
    potential: { lines, bingos },
    special: drawn.special,
  };
}

/** The board with a claim just recorded at its current ball; null when the board is behind the claim (fetch it). */
export function withClaim(board: BoardView, claim: ClaimView): BoardView | null {
  if (board.claims.some((c) => c.claimId === claim.claimId)) return board;
  if (claim.ballCount !== board.ballCount) return null;
  return { ...board, claims: [...board.claims, claim].sort((a, b) => a.claimId - b.claimId) };
}
