/**
 * The hall board (DN art. 7.1, 10.3, 11.2): which game it shows, and the
 * announcement made before the sale of a game.
 */
import { formatCents } from '../money.js';

type State = 'selling' | 'sale_closed' | 'drawing' | 'finished' | 'suspended' | 'annulled';

/** A game as the board chooses among them: its number, state and the state it was suspended from. */
export interface BoardCandidate {
  number: number;
  state: State;
  suspendedFrom: State | null;
}

/** How much a game draws the players' eyes: the draw first, then its close of sale, then a sale, then what was played. */
function weight(g: BoardCandidate): number {
  const state = g.state === 'suspended' ? g.suspendedFrom : g.state;
  if (state === 'drawing') return 4;
  if (state === 'sale_closed') return 3;
  if (state === 'selling') return 2;
  return 1;
}

/**
 * The game on the board: the one being drawn (suspended or not), else the one
 * whose sale just closed, else the one selling, else the last one played;
 * among equals the latest. Null for a session without games.
 */
export function boardGame<T extends BoardCandidate>(games: readonly T[]): T | null {
  let best: T | null = null;
  for (const g of games) {
    if (best === null || weight(g) > weight(best) || (weight(g) === weight(best) && g.number > best.number)) best = g;
  }
  return best;
}

interface SaleOpening {
  number: number;
  priceCents: number;
  /** The first series from its next number to its last card. */
  first: { code: string; from: number; to: number };
  /** The second series named for the game, from 1 to one before the first's start (art. 12.3). */
  second: { code: string; from: number; to: number } | null;
  isLast: boolean;
}

const cards = (n: number) => (n === 1 ? '1 cartão' : `${n} cartões`);

/**
 * Art. 11.2: before the sale, "a série ou séries a vender, o número de cartões
 * e o preço de cada cartão". Printed when the game opens and shown on the board
 * during its sale.
 */
export function saleOpeningText(o: SaleOpening): string {
  const first = o.first.to - o.first.from + 1;
  const second = o.second && o.second.to >= o.second.from ? o.second : null;
  const parts = [`série ${o.first.code}, do n.º ${o.first.from} ao n.º ${o.first.to} (${cards(first)})`];
  if (second) parts.push(`série ${second.code}, do n.º ${second.from} ao n.º ${second.to} (${cards(second.to - second.from + 1)})`);
  return [
    ...(o.isLast ? ['Última jogada da sessão.'] : []),
    `Jogada n.º ${o.number}: vendem-se cartões da ${parts.join(' e da ')}.`,
    `Preço de cada cartão: ${formatCents(o.priceCents)}.`,
  ].join('\n');
}
