/**
 * An acta's figures recomputed from the rows of a session (the inspector's
 * check, issue 26): cards sold and value per game from its sales (voided ones
 * left out, a double pair's value split as core/bingo/double.ts does), the
 * line and bingo prizes of art. 15.2 with the sub-cent parts their floors drop,
 * stamp duty at the rate the close recorded (art. 17.3), the special prize's
 * share of V at its recorded rate (art. 10), the prizes paid by kind, the
 * special prize included, and the refunds of annulled
 * games (art. 16.3). Pure: the same arithmetic as the close, from other rows.
 */
import { figuresOfValue } from './announcement.js';
import { secondGameShare, type PairRole } from './double.js';
import { basisPointsFloor, stampDuty } from './prizes.js';

export interface FigureGame {
  number: number;
  state: string;
  double: PairRole;
  /** The second game of a pair: its first's number, whose sales are its cards. */
  doubleOfNumber: number | null;
  /** The rate the close of sale recorded, in basis points of V (null: the game never closed its sale). */
  stampDutyBasisPoints: number | null;
  /** The special prize's share rate the close recorded (0: the prize off; null: not recorded, or no close). */
  specialShareBasisPoints?: number | null;
}

interface FigureSale {
  gameNumber: number;
  quantity: number;
  totalCents: number;
  voided: boolean;
}

interface FigurePrize {
  gameNumber: number;
  kind: 'line' | 'bingo' | 'special';
  prizeCents: number;
  /** Paid by the session's close. */
  paid: boolean;
}

interface FigureRefund {
  gameNumber: number;
  amountCents: number;
}

interface GameFigures {
  number: number;
  cardsSold: number;
  totalCents: number;
  linePrizeCents: number;
  bingoPrizeCents: number;
  roundingHundredths: { line: number; bingo: number };
  stampDutyCents: number;
  linePaidCents: number;
  bingoPaidCents: number;
  specialPaidCents: number;
  refundedCents: number;
  /** What the game's V gave the special prize's fund (art. 10), where the close recorded its rate; else null. */
  specialShareCents: number | null;
}

export interface ActaFigures {
  games: GameFigures[];
  totals: { cardsSold: number; totalCents: number; prizesPaidCents: number; stampDutyCents: number; refundedCents: number };
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

export function recomputeActa(rows: { games: readonly FigureGame[]; sales: readonly FigureSale[]; prizes: readonly FigurePrize[]; refunds: readonly FigureRefund[] }): ActaFigures {
  const live = (n: number) => rows.sales.filter((s) => s.gameNumber === n && !s.voided);
  const games = rows.games.map((g): GameFigures => {
    const closed = g.stampDutyBasisPoints !== null;
    // A second game plays its first's cards (once its sale closed); its value is each sale's lower half, the first keeps the rest.
    const sales = live(closed ? (g.doubleOfNumber ?? g.number) : g.number);
    const cards = sum(sales.map((s) => s.quantity));
    const value = !closed
      ? sum(sales.map((s) => s.totalCents))
      : g.double === 'second'
        ? sum(sales.map((s) => secondGameShare(s.totalCents)))
        : g.double === 'first'
          ? sum(sales.map((s) => s.totalCents - secondGameShare(s.totalCents)))
          : sum(sales.map((s) => s.totalCents));
    // A game annulled while selling never closed its sale: what it sold stands in the acta, with no prizes.
    const f = closed ? figuresOfValue(cards, value) : { cardsSold: cards, totalCents: value, linePrizeCents: 0, bingoPrizeCents: 0, lineRoundingHundredths: 0, bingoRoundingHundredths: 0 };
    const paid = (kind: FigurePrize['kind']) => sum(rows.prizes.filter((p) => p.gameNumber === g.number && p.kind === kind && p.paid).map((p) => p.prizeCents));
    return {
      number: g.number,
      cardsSold: f.cardsSold,
      totalCents: f.totalCents,
      linePrizeCents: f.linePrizeCents,
      bingoPrizeCents: f.bingoPrizeCents,
      roundingHundredths: { line: f.lineRoundingHundredths, bingo: f.bingoRoundingHundredths },
      stampDutyCents: g.state === 'annulled' || !closed ? 0 : stampDuty(value, g.stampDutyBasisPoints!),
      linePaidCents: paid('line'),
      bingoPaidCents: paid('bingo'),
      specialPaidCents: paid('special'),
      refundedCents: sum(rows.refunds.filter((r) => r.gameNumber === g.number).map((r) => r.amountCents)),
      specialShareCents: closed && g.specialShareBasisPoints !== null && g.specialShareBasisPoints !== undefined ? basisPointsFloor(value, g.specialShareBasisPoints).cents : null,
    };
  });
  const notAnnulled = games.filter((_, i) => rows.games[i]!.state !== 'annulled');
  return {
    games,
    totals: {
      cardsSold: sum(notAnnulled.map((g) => g.cardsSold)),
      totalCents: sum(notAnnulled.map((g) => g.totalCents)),
      prizesPaidCents: sum(games.map((g) => g.linePaidCents + g.bingoPaidCents + g.specialPaidCents)),
      stampDutyCents: sum(notAnnulled.map((g) => g.stampDutyCents)),
      refundedCents: sum(games.map((g) => g.refundedCents)),
    },
  };
}

const FIELDS = ['cardsSold', 'totalCents', 'linePrizeCents', 'bingoPrizeCents', 'stampDutyCents', 'linePaidCents', 'bingoPaidCents', 'specialPaidCents', 'refundedCents'] as const;

interface FigureDifference {
  /** The game's number, or null for the totals. */
  game: number | null;
  field: string;
  recomputed: number;
  stated: number | undefined;
}

type StatedGame = Partial<Record<(typeof FIELDS)[number], number>> & { number: number; roundingHundredths?: { line?: number; bingo?: number } };

/** The first figure the acta states otherwise than its rows give, or null when every one agrees (and no game is missing or added). */
export function firstDifference(recomputed: ActaFigures, stated: { games: readonly StatedGame[]; totals: Partial<ActaFigures['totals']> }): FigureDifference | null {
  if (stated.games.length !== recomputed.games.length) {
    return { game: null, field: 'games', recomputed: recomputed.games.length, stated: stated.games.length };
  }
  for (const [i, g] of recomputed.games.entries()) {
    const s = stated.games[i]!;
    if (s.number !== g.number) return { game: g.number, field: 'number', recomputed: g.number, stated: s.number };
    for (const field of FIELDS) if (s[field] !== g[field]) return { game: g.number, field, recomputed: g[field], stated: s[field] };
    for (const part of ['line', 'bingo'] as const) {
      if (s.roundingHundredths?.[part] !== g.roundingHundredths[part]) {
        return { game: g.number, field: `roundingHundredths.${part}`, recomputed: g.roundingHundredths[part], stated: s.roundingHundredths?.[part] };
      }
    }
  }
  for (const field of Object.keys(recomputed.totals) as (keyof ActaFigures['totals'])[]) {
    if (stated.totals[field] !== recomputed.totals[field]) return { game: null, field, recomputed: recomputed.totals[field], stated: stated.totals[field] };
  }
  return null;
}
