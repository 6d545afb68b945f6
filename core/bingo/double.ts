/**
 * Double cards (DN art. 3.5, 14.3; SPEC 3): a series authorised as double is
 * sold once and its cards play two consecutive games of the session.
 *
 * **Decision** (SPEC leaves it open): what a sale takes in is shared between
 * the two games, half each, the odd cent to the first (the second's share of
 * a sale is floor(amount / 2)). Each game's prizes (art. 15.2), stamp duty and
 * special prize share are computed on its own half, and the acta shows each
 * game with the cards sold and its half, so the two rows add up to what was
 * taken. If the second game is annulled, every sale is refunded its second
 * half: the game that did not play is given back in full (art. 16.3) while
 * the first, played, stands.
 */
import type { CardRange } from './allocation.js';
import { announcementText, type SaleClosure } from './announcement.js';

/** The second game's share of a sale of double cards. */
export const secondGameShare = (saleCents: number): number => Math.floor(saleCents / 2);

/** What the first game's announcement adds (art. 13): the cards play again, and when the prizes are paid (art. 14.3). */
export const DOUBLE_FIRST_NOTICE =
  'Jogada dupla: estes cartões jogam também a jogada seguinte (art. 3.º, n.º 5); os prémios das duas jogadas pagam-se depois da segunda (art. 14.º, n.º 3).';

/** The second game's announcement: the same cards, its own prizes. */
export function secondGameAnnouncement(firstNumber: number, ranges: readonly CardRange[], figures: SaleClosure, options: { isLast?: boolean } = {}): string {
  return [`Segunda jogada dos cartões da jogada dupla n.º ${firstNumber}.`, announcementText(ranges, figures, options)].join('\n');
}

/** Where a game stands in its pair: a single game, the first (sells), the second (plays them again). */
export type PairRole = 'first' | 'second' | null;

/**
 * May a prize of a game of a pair be paid now (art. 14.3: "só serão pagos
 * depois da segunda jogada")? A single game: yes. In a pair: once its second
 * game has ended (finished or annulled), or the first was annulled (there is
 * no second then).
 */
export function pairPrizesPayable(role: PairRole, first: { state: string }, second: { state: string } | null): boolean {
  if (role === null) return true;
  if (first.state === 'annulled') return true;
  return second !== null && (second.state === 'finished' || second.state === 'annulled');
}
