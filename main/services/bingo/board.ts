/**
 * The board of a game, from a per-game cache: the faces of the cards sold do
 * not change once the sale is closed, so they are read once per game (the
 * slow part: 10,000s of faces) into a WinnerTracker, and each ball after that
 * touches only the rows holding its number. The cache is only a memo of the
 * database: every use checks it against the balls on record, and a recall
 * (or anything unexpected) rebuilds it. It is used after a command commits
 * or by queries, never inside a write transaction.
 */
import { WinnerTracker, type SoldCard } from '../../../core/bingo/claims.js';
import type { ReadableDb } from '../../../db/connection.js';
import { activeBalls } from '../../../db/bingo/draw.js';
import { soldFaces } from '../../../db/bingo/sales.js';

export interface CardRef {
  seriesCode: string;
  card: number;
}

interface GameBoard {
  cards: readonly SoldCard[];
  complete: boolean;
  tracker: WinnerTracker;
  /** The balls the tracker has seen, in order. */
  balls: number[];
}

/** Games kept per kiosk: the one being drawn and a few before it. */
const KEEP = 4;
const caches = new WeakMap<object, Map<number, GameBoard>>();

function build(db: ReadableDb, gameId: number): GameBoard {
  const { cards, complete } = soldFaces(db, gameId);
  return { cards, complete, tracker: new WinnerTracker(cards), balls: [] };
}

const ref = (c: SoldCard): CardRef => ({ seriesCode: c.seriesCode, card: c.card });

export interface BoardState {
  balls: number[];
  facesKnown: boolean;
  /** Every sold card holding a line / a bingo now. */
  lines: CardRef[];
  bingos: CardRef[];
  /** What the balls not seen before by the cache added (the last ball's news, after a draw). */
  newLines: CardRef[];
  newBingos: CardRef[];
}

/**
 * The game's board as the database has it now. `memo` is the kiosk's own
 * object (ctx.memo): each kiosk has its own cache, as each has its own file.
 */
export function boardState(db: ReadableDb, memo: object, gameId: number): BoardState {
  let games = caches.get(memo);
  if (!games) {
    games = new Map();
    caches.set(memo, games);
  }
  const balls = activeBalls(db, gameId).map((b) => b.number);
  let board = games.get(gameId);
  const isPrefix = board !== undefined && board.balls.length <= balls.length && board.balls.every((b, i) => balls[i] === b);
  if (!board || !isPrefix) {
    board = build(db, gameId);
    games.delete(gameId);
    games.set(gameId, board);
    while (games.size > KEEP) games.delete(games.keys().next().value!);
  }
  const newLineIdx: number[] = [];
  const newBingoIdx: number[] = [];
  for (const ball of balls.slice(board.balls.length)) {
    const { newLines, newBingos } = board.tracker.draw(ball);
    newLineIdx.push(...newLines);
    newBingoIdx.push(...newBingos);
    board.balls.push(ball);
  }
  const now = board.tracker.winners();
  const bingoSet = new Set(now.bingos);
  const newBingoSet = new Set(newBingoIdx);
  return {
    balls,
    facesKnown: board.complete,
    lines: now.lines.filter((c) => !bingoSet.has(c)).map(ref),
    bingos: now.bingos.map(ref),
    newLines: newLineIdx.filter((i) => !newBingoSet.has(i)).map((i) => ref(board.cards[i]!)),
    newBingos: newBingoIdx.map((i) => ref(board.cards[i]!)),
  };
}

/** Read the faces now (after the close of sale commits), so that the first ball finds the board ready. */
export function warmBoard(db: ReadableDb, memo: object, gameId: number): void {
  boardState(db, memo, gameId);
}
