/** Close of sale (DN art. 13, 15.2): totals, prizes and the announcement text. */
import { formatCents, percentFloor } from '../money.js';
import type { CardRange } from './allocation.js';

export const LINE_PRIZE_PERCENT = 5;
export const BINGO_PRIZE_PERCENT = 50;

export interface SaleClosure {
  cardsSold: number;
  totalCents: number;
  linePrizeCents: number;
  bingoPrizeCents: number;
  /** Sub-cent parts dropped by the floors, in hundredths of a cent (reported in the acta). */
  lineRoundingHundredths: number;
  bingoRoundingHundredths: number;
}

export function closeSaleFigures(cardsSold: number, priceCents: number): SaleClosure {
  return figuresOfValue(cardsSold, cardsSold * priceCents);
}

/** The figures of a game whose value V is given: a game of double cards counts its half of what was sold (core/bingo/double.ts). */
export function figuresOfValue(cardsSold: number, totalCents: number): SaleClosure {
  const line = percentFloor(totalCents, LINE_PRIZE_PERCENT);
  const bingo = percentFloor(totalCents, BINGO_PRIZE_PERCENT);
  return {
    cardsSold,
    totalCents,
    linePrizeCents: line.cents,
    bingoPrizeCents: bingo.cents,
    lineRoundingHundredths: line.remainderHundredths,
    bingoRoundingHundredths: bingo.remainderHundredths,
  };
}

/**
 * The art. 13 announcement, one sentence a line:
 * `Venderam-se N cartões da série A, do n.º X ao n.º Y[, e da série B, do n.º U ao n.º V].`
 * then the line and bingo prizes, then `Vai iniciar-se a extração.`
 */
export function announcementText(ranges: readonly CardRange[], figures: SaleClosure, options: { isLast?: boolean } = {}): string {
  const [first, second] = ranges;
  if (!first) throw new Error('announcement needs at least one range');
  const n = figures.cardsSold;
  let sold =
    n === 1
      ? `Vendeu-se 1 cartão da série ${first.seriesCode}, do n.º ${first.from} ao n.º ${first.to}`
      : `Venderam-se ${n} cartões da série ${first.seriesCode}, do n.º ${first.from} ao n.º ${first.to}`;
  if (second) sold += `, e da série ${second.seriesCode}, do n.º ${second.from} ao n.º ${second.to}`;
  return [
    // Art. 14.5: the last game of the session is announced as such.
    ...(options.isLast ? [LAST_GAME_NOTICE] : []),
    `${sold}.`,
    `Prémio de linha: ${formatCents(figures.linePrizeCents)}.`,
    `Prémio de bingo: ${formatCents(figures.bingoPrizeCents)}.`,
    'Vai iniciar-se a extração.',
  ].join('\n');
}

/** Art. 14.5: the words that announce the session's last game, first in its announcements. */
export const LAST_GAME_NOTICE = 'Última jogada da sessão.';

/** An announcement made when its game became the last (its draw beginning within the last 10 minutes): the notice first, once. */
export function withLastGameNotice(text: string): string {
  return text.startsWith(LAST_GAME_NOTICE) ? text : `${LAST_GAME_NOTICE}\n${text}`;
}

/** What the English rendering of an announcement needs: the game's figures as the screens have them. */
export interface AnnouncedGame {
  ranges: readonly CardRange[];
  cardsSold: number;
  linePrizeCents: number;
  bingoPrizeCents: number;
  isLast?: boolean;
  /** A double pair (art. 3.5): the first game sells the cards, the second plays them again. */
  double?: 'first' | 'second' | null;
  /** The second game of a pair: the number of the first, whose cards it plays. */
  pairFirstNumber?: number;
}

/**
 * The art. 13 announcement in English, line for line with the Portuguese text
 * the manager reads aloud (which stays Portuguese, DN art. 18): what an
 * operator working in English reads beside it, never a text for the players.
 */
export function announcementInEnglish(game: AnnouncedGame): string {
  const [first, second] = game.ranges;
  if (!first) throw new Error('announcement needs at least one range');
  const n = game.cardsSold;
  let sold = `${n} ${n === 1 ? 'card' : 'cards'} sold of series ${first.seriesCode}, nos. ${first.from} to ${first.to}`;
  if (second) sold += `, and of series ${second.seriesCode}, nos. ${second.from} to ${second.to}`;
  return [
    ...(game.double === 'second' && game.pairFirstNumber !== undefined ? [`Second game of the cards of double game no. ${game.pairFirstNumber}.`] : []),
    ...(game.isLast ? ['Last game of the session.'] : []),
    `${sold}.`,
    `Line prize: ${formatCents(game.linePrizeCents)}.`,
    `Bingo prize: ${formatCents(game.bingoPrizeCents)}.`,
    ...(game.double === 'first' ? ['Double game: these cards also play the next game (art. 3(5)); the prizes of both games are paid after the second (art. 14(3)).'] : []),
    'The draw is about to begin.',
  ].join('\n');
}
