/**
 * An acta's figures recomputed from the rows of a session (the inspector's
 * check, issue 26): cards sold and value per game from its sales (voided ones
 * left out, a double pair's value split as core/bingo/double.ts does), the
 * line and bingo prizes of art. 15.2 with the sub-cent parts their floors drop,
 * stamp duty at the rate the close recorded (art. 17.3), the special prize's
 * share of V at its recorded rate (art. 10), the prizes awarded and those paid
 * by the close by kind, the special prize included (art. 17.3 asks the acta for
 * the line's and the bingo's amounts: a prize won and not yet paid is owed, not
 * nothing), the earlier sessions' prizes this session paid, and the refunds of
 * annulled games (art. 16.3). Pure: the same arithmetic as the close and the
 * acta (main/services/bingo/sessions.ts), from other rows.
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
  /** Who sold it (username): a counter's operator, or the roving seller whose block it came from (issue 42). */
  operator: string;
}

/** The cards a person sold in a game (DN 80/85, art. 13.º; the Orden of 1979's count per seller), by username. */
export interface SellerCards {
  username: string;
  cards: number;
}

/** The cards of `sales` per person who sold them, by username. */
export function cardsBySeller(sales: readonly Pick<FigureSale, 'operator' | 'quantity'>[]): SellerCards[] {
  const by = new Map<string, number>();
  for (const s of sales) by.set(s.operator, (by.get(s.operator) ?? 0) + s.quantity);
  return [...by.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([username, cards]) => ({ username, cards }));
}

export type PrizeKind = 'line' | 'bingo' | 'special';
type ByKind = Record<PrizeKind, number>;

/**
 * A prize in a session's rows: one awarded in its games, or one of an earlier
 * session paid in it (between the previous session's close and its own).
 */
export interface ActaPrizeRow {
  winnerId: number;
  /** The session whose game awarded it. */
  sessionId: number;
  gameNumber: number;
  kind: PrizeKind;
  seriesCode: string;
  card: number;
  prizeCents: number;
  /** As of the session's close (now, while it is open): void is an annulled game's unpaid prize (art. 16.3). */
  status: 'paid' | 'unpaid' | 'void';
}

/** A prize of the session's games not paid by its close: owed to the card that won it. */
export interface OwedPrize {
  winnerId: number;
  gameNumber: number;
  kind: PrizeKind;
  seriesCode: string;
  card: number;
  prizeCents: number;
}

/** A prize won in an earlier session and paid in this one, with the session and game it was won in. */
export interface EarlierPrizePaid extends OwedPrize {
  sessionId: number;
}

export interface SessionPrizes {
  /** Per game number: awarded (void ones left out) and paid by the close, by kind. */
  games: ReadonlyMap<number, { awarded: ByKind; paid: ByKind }>;
  owed: OwedPrize[];
  earlierPaid: EarlierPrizePaid[];
  totals: { prizesAwardedCents: number; prizesPaidCents: number; prizesOwedCents: number; earlierPrizesPaidCents: number };
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const noPrizes = (): ByKind => ({ line: 0, bingo: 0, special: 0 });
const KIND_ORDER: Record<PrizeKind, number> = { line: 0, bingo: 1, special: 2 };

/**
 * The prizes of a session's acta (art. 17.3): each awarded (won) and paid
 * apart; what its games awarded and the close found unpaid is owed, with its
 * card and game; a prize of an earlier session paid in this one is listed with
 * the session and game it was won in. An annulled game's unpaid prizes are
 * void (art. 16.3): neither awarded nor owed.
 */
export function sessionPrizes(sessionId: number, rows: readonly ActaPrizeRow[]): SessionPrizes {
  const games = new Map<number, { awarded: ByKind; paid: ByKind }>();
  const owed: OwedPrize[] = [];
  const earlierPaid: EarlierPrizePaid[] = [];
  const order = (a: OwedPrize, b: OwedPrize) => a.gameNumber - b.gameNumber || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.winnerId - b.winnerId;
  for (const p of rows) {
    const { winnerId, gameNumber, kind, seriesCode, card, prizeCents } = p;
    if (p.sessionId !== sessionId) {
      if (p.status === 'paid') earlierPaid.push({ winnerId, sessionId: p.sessionId, gameNumber, kind, seriesCode, card, prizeCents });
      continue;
    }
    const g = games.get(gameNumber) ?? { awarded: noPrizes(), paid: noPrizes() };
    games.set(gameNumber, g);
    if (p.status === 'void') continue;
    g.awarded[kind] += prizeCents;
    if (p.status === 'paid') g.paid[kind] += prizeCents;
    else owed.push({ winnerId, gameNumber, kind, seriesCode, card, prizeCents });
  }
  owed.sort(order);
  earlierPaid.sort((a, b) => a.sessionId - b.sessionId || order(a, b));
  const all = [...games.values()];
  const kinds = (f: (g: { awarded: ByKind; paid: ByKind }) => ByKind) => sum(all.map((g) => sum(Object.values(f(g)))));
  return {
    games,
    owed,
    earlierPaid,
    totals: {
      prizesAwardedCents: kinds((g) => g.awarded),
      prizesPaidCents: kinds((g) => g.paid),
      prizesOwedCents: sum(owed.map((p) => p.prizeCents)),
      earlierPrizesPaidCents: sum(earlierPaid.map((p) => p.prizeCents)),
    },
  };
}

/** A game's prizes in a session's (zeros for a game that awarded none). */
export function prizesOfGame(prizes: SessionPrizes, gameNumber: number): { awarded: ByKind; paid: ByKind } {
  return prizes.games.get(gameNumber) ?? { awarded: noPrizes(), paid: noPrizes() };
}

/**
 * What a game leaves the hall, the session report's balance: collected −
 * prizes awarded (paid or owed: a prize paid another day is still this game's)
 * − stamp duty. An annulled game's sales are refunded in full (art. 16.3), so
 * it counts 0 collected; its prizes paid before the annulment stand.
 */
export function gameBalanceCents(g: { annulled: boolean; totalCents: number; prizesAwardedCents: number; stampDutyCents: number }): number {
  return (g.annulled ? 0 : g.totalCents) - g.prizesAwardedCents - g.stampDutyCents;
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
  lineAwardedCents: number;
  bingoAwardedCents: number;
  specialAwardedCents: number;
  linePaidCents: number;
  bingoPaidCents: number;
  specialPaidCents: number;
  refundedCents: number;
  /** What the game's V gave the special prize's fund (art. 10), where the close recorded its rate; else null. */
  specialShareCents: number | null;
  /** Its cards sold per person who sold them (issue 42). */
  cardsBySeller: SellerCards[];
}

export interface ActaFigures {
  games: GameFigures[];
  prizesOwed: OwedPrize[];
  earlierPrizesPaid: EarlierPrizePaid[];
  totals: {
    cardsSold: number;
    totalCents: number;
    prizesAwardedCents: number;
    prizesPaidCents: number;
    prizesOwedCents: number;
    earlierPrizesPaidCents: number;
    stampDutyCents: number;
    refundedCents: number;
  };
}


export function recomputeActa(rows: {
  sessionId: number;
  games: readonly FigureGame[];
  sales: readonly FigureSale[];
  prizes: readonly ActaPrizeRow[];
  refunds: readonly FigureRefund[];
}): ActaFigures {
  const prizes = sessionPrizes(rows.sessionId, rows.prizes);
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
    const { awarded, paid } = prizesOfGame(prizes, g.number);
    return {
      number: g.number,
      cardsSold: f.cardsSold,
      totalCents: f.totalCents,
      linePrizeCents: f.linePrizeCents,
      bingoPrizeCents: f.bingoPrizeCents,
      roundingHundredths: { line: f.lineRoundingHundredths, bingo: f.bingoRoundingHundredths },
      stampDutyCents: g.state === 'annulled' || !closed ? 0 : stampDuty(value, g.stampDutyBasisPoints!),
      lineAwardedCents: awarded.line,
      bingoAwardedCents: awarded.bingo,
      specialAwardedCents: awarded.special,
      linePaidCents: paid.line,
      bingoPaidCents: paid.bingo,
      specialPaidCents: paid.special,
      refundedCents: sum(rows.refunds.filter((r) => r.gameNumber === g.number).map((r) => r.amountCents)),
      specialShareCents: closed && g.specialShareBasisPoints !== null && g.specialShareBasisPoints !== undefined ? basisPointsFloor(value, g.specialShareBasisPoints).cents : null,
      cardsBySeller: cardsBySeller(sales),
    };
  });
  const notAnnulled = games.filter((_, i) => rows.games[i]!.state !== 'annulled');
  return {
    games,
    prizesOwed: prizes.owed,
    earlierPrizesPaid: prizes.earlierPaid,
    totals: {
      cardsSold: sum(notAnnulled.map((g) => g.cardsSold)),
      totalCents: sum(notAnnulled.map((g) => g.totalCents)),
      ...prizes.totals,
      stampDutyCents: sum(notAnnulled.map((g) => g.stampDutyCents)),
      refundedCents: sum(games.map((g) => g.refundedCents)),
    },
  };
}

const FIELDS = [
  'cardsSold',
  'totalCents',
  'linePrizeCents',
  'bingoPrizeCents',
  'stampDutyCents',
  'lineAwardedCents',
  'bingoAwardedCents',
  'specialAwardedCents',
  'linePaidCents',
  'bingoPaidCents',
  'specialPaidCents',
  'refundedCents',
] as const;

/** The fields of a listed prize the acta must state as its rows give them. */
const PRIZE_FIELDS = ['winnerId', 'sessionId', 'gameNumber', 'kind', 'seriesCode', 'card', 'prizeCents'] as const;

interface FigureDifference {
  /** The game's number, or null for the totals. */
  game: number | null;
  field: string;
  recomputed: number | string;
  stated: number | string | undefined;
}

type StatedGame = Partial<Record<(typeof FIELDS)[number], number>> & {
  number: number;
  roundingHundredths?: { line?: number; bingo?: number };
  cardsBySeller?: readonly { username?: unknown; cards?: unknown }[];
};

type StatedPrize = Partial<Record<(typeof PRIZE_FIELDS)[number], unknown>>;

/**
 * What the acta came to state after the previous release (0.1.0), whose exports' acta.json have none of it: each
 * game's prizes awarded and the totals' awarded, owed and earlier paid with the lists of prizes owed and earlier
 * ones paid (issue 41), each game's cards per seller (issue 42). Left out, nothing is stated there and nothing
 * compared (the check still gives them, recomputed from the rows); stated, each must be what the rows give. Only
 * the hall can leave one out: acta.json's SHA-256 is in the manifest its key signs, so whoever else drops a field
 * from a signed export breaks that signature. Every other figure is required, as that release wrote it.
 */
const LATER_GAME_FIELDS: ReadonlySet<string> = new Set(['lineAwardedCents', 'bingoAwardedCents', 'specialAwardedCents']);
const LATER_TOTALS: ReadonlySet<string> = new Set(['prizesAwardedCents', 'prizesOwedCents', 'earlierPrizesPaidCents']);

/** The first figure the acta states otherwise than its rows give, or null when every one agrees (and no game or listed prize is missing or added). */
export function firstDifference(
  recomputed: ActaFigures,
  stated: { games: readonly StatedGame[]; prizesOwed?: readonly StatedPrize[]; earlierPrizesPaid?: readonly StatedPrize[]; totals: Partial<ActaFigures['totals']> },
): FigureDifference | null {
  if (stated.games.length !== recomputed.games.length) {
    return { game: null, field: 'games', recomputed: recomputed.games.length, stated: stated.games.length };
  }
  for (const [i, g] of recomputed.games.entries()) {
    const s = stated.games[i]!;
    if (s.number !== g.number) return { game: g.number, field: 'number', recomputed: g.number, stated: s.number };
    for (const field of FIELDS) {
      if (s[field] === undefined && LATER_GAME_FIELDS.has(field)) continue;
      if (s[field] !== g[field]) return { game: g.number, field, recomputed: g[field], stated: s[field] };
    }
    for (const part of ['line', 'bingo'] as const) {
      if (s.roundingHundredths?.[part] !== g.roundingHundredths[part]) {
        return { game: g.number, field: `roundingHundredths.${part}`, recomputed: g.roundingHundredths[part], stated: s.roundingHundredths?.[part] };
      }
    }
    // The cards per seller (issue 42): each person, in the same order, with the cards their sales give. An acta of
    // the previous release states none (LATER_GAME_FIELDS says why that holds): nothing to compare.
    if (s.cardsBySeller !== undefined) {
      const theirs: readonly unknown[] = Array.isArray(s.cardsBySeller) ? s.cardsBySeller : [];
      if (!Array.isArray(s.cardsBySeller) || theirs.length !== g.cardsBySeller.length) {
        return { game: g.number, field: 'cardsBySeller', recomputed: g.cardsBySeller.length, stated: Array.isArray(s.cardsBySeller) ? theirs.length : notAList(s.cardsBySeller) };
      }
      for (const [i, c] of g.cardsBySeller.entries()) {
        const stated = theirs[i] !== null && typeof theirs[i] === 'object' ? (theirs[i] as Record<string, unknown>) : {};
        for (const field of ['username', 'cards'] as const) {
          if (stated[field] !== c[field]) return { game: g.number, field: `cardsBySeller[${i}].${field}`, recomputed: c[field], stated: shown(stated[field]) };
        }
      }
    }
  }
  // The prizes owed at the close and the earlier ones paid: each named as its row gives it, in the same order.
  for (const list of ['prizesOwed', 'earlierPrizesPaid'] as const) {
    const mine = recomputed[list];
    // Not stated by an acta of the previous release (see LATER_GAME_FIELDS).
    if (stated[list] === undefined) continue;
    if (!Array.isArray(stated[list])) return { game: null, field: list, recomputed: mine.length, stated: notAList(stated[list]) };
    const theirs = stated[list];
    if (theirs.length !== mine.length) return { game: null, field: list, recomputed: mine.length, stated: theirs.length };
    for (const [i, p] of mine.entries()) {
      for (const field of PRIZE_FIELDS) {
        const value = (p as Partial<EarlierPrizePaid>)[field];
        if (value !== undefined && theirs[i]![field] !== value) {
          return { game: p.gameNumber, field: `${list}[${i}].${field}`, recomputed: value, stated: shown(theirs[i]![field]) };
        }
      }
    }
  }
  for (const field of Object.keys(recomputed.totals) as (keyof ActaFigures['totals'])[]) {
    if (stated.totals[field] === undefined && LATER_TOTALS.has(field)) continue;
    if (stated.totals[field] !== recomputed.totals[field]) return { game: null, field, recomputed: recomputed.totals[field], stated: stated.totals[field] };
  }
  return null;
}

const shown = (x: unknown): number | string | undefined => (typeof x === 'number' || typeof x === 'string' ? x : undefined);
/** A stated value that should be a list, named (null, a number or a text as it is; anything else as what it is). */
const notAList = (x: unknown): number | string => (x === null ? 'null' : (shown(x) ?? 'um objeto, não uma lista'));
