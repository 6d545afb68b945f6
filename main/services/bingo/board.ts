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
import { gameById, salesGameId } from '../../../db/bingo/games.js';
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
  /** Every holder at `balls.length` balls, kept until the next ball (the board is read by several screens). */
  holders?: { ballCount: number; lines: CardRef[]; bingos: CardRef[] };
}

/** Games kept per kiosk: the one being drawn and a few before it. */
const KEEP = 4;
const caches = new WeakMap<object, Map<number, GameBoard>>();

function build(db: ReadableDb, gameId: number): GameBoard {
  // The second game of a double pair plays the cards its first sold.
  const game = gameById(db, gameId);
  const { cards, complete } = soldFaces(db, game ? salesGameId(game) : gameId);
  return { cards, complete, tracker: new WinnerTracker(cards), balls: [] };
}

const ref = (c: SoldCard): CardRef => ({ seriesCode: c.seriesCode, card: c.card });

/** At most this many cards are named in a ball's answer; the count says how many there were (the board lists them all). */
const NEWS_LIMIT = 50;

interface BallNews {
  balls: number[];
  facesKnown: boolean;
  /** Cards that the balls not seen before by the cache completed: a line (without the bingo) / the bingo. */
  newLines: CardRef[];
  newLineCount: number;
  newBingos: CardRef[];
  newBingoCount: number;
}

function cacheOf(memo: object): Map<number, GameBoard> {
  let games = caches.get(memo);
  if (!games) {
    games = new Map();
    caches.set(memo, games);
  }
  return games;
}

/**
 * Bring the game's cache up to the balls on record and say what the new balls
 * completed: a few increments per ball, whatever the number of cards sold.
 * `memo` is the kiosk's own object (ctx.memo): each kiosk has its own cache,
 * as each has its own file.
 */
function sync(db: ReadableDb, memo: object, gameId: number): { board: GameBoard; news: BallNews } {
  const games = cacheOf(memo);
  const balls = activeBalls(db, gameId).map((b) => b.number);
  let board = games.get(gameId);
  const isPrefix = board !== undefined && board.balls.length <= balls.length && board.balls.every((b, i) => balls[i] === b);
  if (!board || !isPrefix) {
    board = build(db, gameId);
    games.delete(gameId);
    games.set(gameId, board);
    while (games.size > KEEP) games.delete(games.keys().next().value!);
  }
  const lines: number[] = [];
  const bingos: number[] = [];
  for (const ball of balls.slice(board.balls.length)) {
    const { newLines, newBingos } = board.tracker.draw(ball);
    lines.push(...newLines);
    bingos.push(...newBingos);
    board.balls.push(ball);
  }
  const bingoSet = new Set(bingos);
  const onlyLines = lines.filter((i) => !bingoSet.has(i));
  const cards = board.cards;
  return {
    board,
    news: {
      balls,
      facesKnown: board.complete,
      newLines: onlyLines.slice(0, NEWS_LIMIT).map((i) => ref(cards[i]!)),
      newLineCount: onlyLines.length,
      newBingos: bingos.slice(0, NEWS_LIMIT).map((i) => ref(cards[i]!)),
      newBingoCount: bingos.length,
    },
  };
}

/** What the balls drawn since the cache last looked completed (the answer of a ball). */
export function ballNews(db: ReadableDb, memo: object, gameId: number): BallNews {
  return sync(db, memo, gameId).news;
}

/** The whole board: every sold card holding a line (without the bingo) / a bingo now. */
export function boardHolders(db: ReadableDb, memo: object, gameId: number): { balls: number[]; facesKnown: boolean; lines: CardRef[]; bingos: CardRef[] } {
  const { board, news } = sync(db, memo, gameId);
  if (board.holders?.ballCount !== board.balls.length) {
    const now = board.tracker.winners();
    const bingoSet = new Set(now.bingos);
    board.holders = { ballCount: board.balls.length, lines: now.lines.filter((c) => !bingoSet.has(c)).map(ref), bingos: now.bingos.map(ref) };
  }
  return { balls: news.balls, facesKnown: board.complete, lines: board.holders.lines, bingos: board.holders.bingos };
}

/** Read the faces now (after the close of sale commits), so that the first ball finds the board ready. */
export function warmBoard(db: ReadableDb, memo: object, gameId: number): void {
  sync(db, memo, gameId);
}
