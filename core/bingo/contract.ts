/**
 * The bingo domain's slice of the contract (Despacho Normativo 80/85): series
 * and faces, ball sets, sessions and the acta, games, sales, the draw and
 * claims, prizes, annulments and refunds.
 */
import { z } from 'zod';
import { pageFields, pageSchema } from '../paging.js';
import { approvalSchema, CASHIERS, channel, COUNTER, csvFileSchema, empty, EVERYONE, id, isoTime, MANAGERS, plainText, seriesCode, signedCheckpointSchema } from '../schema.js';
import { ANNUL_REASONS } from './rules.js';
import { editionInput } from './stock-contract.js';
import { HALL_TIME_ZONES } from '../time.js';

const cents = z.number().int().nonnegative();

const seriesSchema = z.object({
  id,
  code: z.string(),
  priceCents: cents,
  size: z.number().int(),
  colour: z.string().nullable(),
  emission: z.string().nullable(),
  nextNumber: z.number().int(),
  cardsLeft: z.number().int(),
  registeredAt: isoTime,
  /** Whether the faces of its cards are on record (claims are then checked automatically). */
  hasFaces: z.boolean(),
  /** Authorised as double (art. 3.5): each card sold plays two consecutive games of the session. */
  double: z.boolean(),
});

export const cardRangeSchema = z.object({ seriesCode: z.string(), from: z.number().int(), to: z.number().int() });

/** A sale receipt's check value (printing/check.ts): 8 hexadecimal digits, upper case. */
const receiptCheck = z.string().regex(/^[0-9A-F]{8}$/);

/** A winning card as presented at the counter: typed (series and number) or its sale's receipt QR read (sale id and check value). */
const presentedCardSchema = z.union([
  z.object({ seriesCode, number: z.number().int().positive() }).strict(),
  z.object({ saleId: id, check: receiptCheck }).strict(),
]);

export const GAME_STATES = ['selling', 'sale_closed', 'drawing', 'finished', 'suspended', 'annulled'] as const;
export const CLAIM_KINDS = ['line', 'bingo'] as const;
export { ANNUL_REASONS };


const specialSchema = z.object({ balls: z.number().int().nullable(), fundCents: cents, eligible: z.boolean(), frozen: z.boolean() });

const gameSchema = z.object({
  id,
  sessionId: id,
  number: z.number().int(),
  state: z.enum(GAME_STATES),
  priceCents: cents,
  firstSeries: z.object({ code: z.string(), start: z.number().int(), nextNumber: z.number().int(), size: z.number().int() }),
  secondSeries: z
    .object({ code: z.string(), named: z.boolean(), nextNumber: z.number().int(), cap: z.number().int() })
    .nullable(),
  cardsSold: z.number().int(),
  totalCents: cents,
  /** The cards the game sold, per series (first series first): from its close of sale once closed, from its sales before. */
  soldRanges: z.array(cardRangeSchema),
  cardsAvailable: z.number().int(),
  /** The numbers the next card sold would take, e.g. A 271. */
  nextCard: z.object({ seriesCode: z.string(), number: z.number().int() }).nullable(),
  openedAt: isoTime,
  saleClosedAt: isoTime.nullable(),
  announcement: z.string().nullable(),
  linePrizeCents: cents.nullable(),
  bingoPrizeCents: cents.nullable(),
  /** The session's last game (art. 14.5): opened within its last 10 minutes, or an earlier one whose draw began within them. */
  isLast: z.boolean(),
  /** When a game opened earlier became the last, its draw beginning within the last 10 minutes (announced then); null otherwise. */
  becameLastAt: isoTime.nullable(),
  /** The session's scheduled closing time, and the moment from which only one more game may be held (art. 14.5). */
  closeAt: isoTime,
  lastGameFrom: isoTime,
  /** Another game of the session is being drawn: this one's draw waits for it (one drum, one board: art. 6.2, 7.1, 14.1). */
  drawWaitsFor: z.number().int().nullable(),
  /**
   * Why this game, its draw not begun, can no longer be played: another is the
   * last (its number), the closing time has passed, or a double first would be
   * the last. It is annulled for the closing time. Null while it can be played.
   */
  unplayable: z
    .object({ reason: z.enum(['last_game_held', 'closing_time_passed', 'double_as_last']), lastGame: z.number().int().nullable() })
    .nullable(),
  ballCount: z.number().int(),
  suspendedAt: isoTime.nullable(),
  /** What a suspended game was doing when suspended: its sale, its sale closed awaiting the draw, or its draw; null unless suspended. */
  suspendedFrom: z.enum(['selling', 'sale_closed', 'drawing']).nullable(),
  /** The draw goes on by hand after a failure of the mechanism (art. 16.2). */
  manualDraw: z.boolean(),
  /** A double pair (art. 3.5): 'first' sells the cards, 'second' plays them again; null for a single game. */
  double: z.enum(['first', 'second']).nullable(),
  annulReason: z.enum(ANNUL_REASONS).nullable(),
  ballSet: z.object({ serial: z.string(), gamesPlayed: z.number().int(), warning: z.boolean() }).nullable(),
});

const sessionSchema = z.object({
  id,
  openedAt: isoTime,
  scheduledCloseAt: isoTime,
  closedAt: isoTime.nullable(),
  openedBy: z.string(),
  /** N of the accumulated special prize announced for this session (art. 10), if the hall has it. */
  specialBalls: z.number().int().nullable(),
});

const saleSchema = z.object({
  saleId: id,
  gameId: id,
  quantity: z.number().int(),
  ranges: z.array(cardRangeSchema),
  unitPriceCents: cents,
  totalCents: cents,
  paymentMethod: z.enum(['cash', 'chips']),
  tenderedCents: cents,
  changeCents: cents,
  cashier: z.string(),
  terminalId: z.string(),
  createdAt: isoTime,
  voided: z.boolean(),
});

/** A sale of a session's list: the sale, its game's number, and its seller's full name (cashier is the username). */
const sessionSaleSchema = saleSchema.extend({ gameNumber: z.number().int(), cashierName: z.string() });

const winnerSchema = z.object({
  winnerId: id,
  gameId: id,
  gameNumber: z.number().int(),
  kind: z.enum(['line', 'bingo', 'special']),
  seriesCode: z.string(),
  card: z.number().int(),
  prizeCents: cents,
  ballCount: z.number().int(),
  awardedAt: isoTime,
  status: z.enum(['unpaid', 'paid', 'void']),
  paidAt: isoTime.nullable(),
  retainUntil: isoTime.nullable(),
});

const claimSchema = z.object({
  claimId: id,
  kind: z.enum(CLAIM_KINDS),
  seriesCode: z.string(),
  card: z.number().int(),
  ballCount: z.number().int(),
  valid: z.boolean(),
  manual: z.boolean(),
  /** Why an invalid claim failed, in words (pt-PT). */
  reason: z.string().nullable(),
  /** The numbers still missing for an invalid claim, when the face is known. */
  missing: z.array(z.number().int()),
  /** A claim checked by hand: the card's numbers the manager read, all drawn. */
  numbers: z.array(z.number().int()).nullable(),
  awarded: z.boolean(),
});

const boardSchema = z.object({
  gameId: id,
  state: z.enum(GAME_STATES),
  balls: z.array(z.number().int()),
  ballCount: z.number().int(),
  facesKnown: z.boolean(),
  lineAwarded: z.boolean(),
  claims: z.array(claimSchema),
  winners: z.array(winnerSchema),
  /** Every sold card holding a line / a bingo now (when faces are known). */
  potential: z.object({
    lines: z.array(z.object({ seriesCode: z.string(), card: z.number().int() })),
    bingos: z.array(z.object({ seriesCode: z.string(), card: z.number().int() })),
  }),
  /**
   * The accumulated special prize (art. 10): won by a bingo within `balls`; frozen (no N, never won) while the
   * prize is off and the fund still holds the players' money. Null when the hall has no such fund.
   */
  special: specialSchema.nullable(),
});

const cardRefSchema = z.object({ seriesCode: z.string(), card: z.number().int() });

/** What a ball changed: bounded by the cards it completed, whatever the number of cards sold. */
const drawnBallSchema = z.object({
  gameId: id,
  ball: z.number().int(),
  ballCount: z.number().int(),
  state: z.enum(GAME_STATES),
  /** Sold cards that completed a line with this ball (none once the line is awarded), when faces are known: the first 50. */
  newLines: z.array(cardRefSchema),
  newLineCount: z.number().int(),
  /** Sold cards that completed the bingo with this ball: the first 50 (`game.board` lists them all). */
  newBingos: z.array(cardRefSchema),
  newBingoCount: z.number().int(),
  /**
   * The accumulated special prize (art. 10): won by a bingo within `balls`; frozen (no N, never won) while the
   * prize is off and the fund still holds the players' money. Null when the hall has no such fund.
   */
  special: specialSchema.nullable(),
  /** This first ball made the game the session's last (art. 14.5). */
  becameLast: z.boolean(),
});

const actaGameSchema = z.object({
  number: z.number().int(),
  state: z.string(),
  isLast: z.boolean(),
  /** When a game opened earlier became the last, at the start of its draw (art. 14.5). */
  becameLastAt: isoTime.nullable(),
  priceCents: cents,
  series: z.array(z.object({ order: z.number().int(), seriesCode: z.string(), from: z.number().int(), to: z.number().int() })),
  cardsSold: z.number().int(),
  totalCents: cents,
  linePrizeCents: cents,
  bingoPrizeCents: cents,
  /** The prizes the game's claims won (art. 17.3), paid or not; an annulled game's unpaid ones are void, left out. */
  lineAwardedCents: cents,
  bingoAwardedCents: cents,
  specialAwardedCents: cents,
  /** Of those, paid by the session's close (now, while it is open). */
  linePaidCents: cents,
  bingoPaidCents: cents,
  specialPaidCents: cents,
  stampDutyCents: cents,
  roundingHundredths: z.object({ line: z.number().int(), bingo: z.number().int() }),
  ballSet: z.string().nullable(),
  balls: z.number().int(),
  openedAt: isoTime,
  saleClosedAt: isoTime.nullable(),
  endedAt: isoTime.nullable(),
  annulReason: z.string().nullable(),
  refundedCents: cents,
  /**
   * Its cards sold per person who sold them (issue 42; DN 80/85, art. 13.º): a counter's operator, or the roving
   * seller whose block the cards came from; by username (in order), with the name.
   */
  cardsBySeller: z.array(z.object({ username: z.string(), name: z.string(), cards: z.number().int() })),
});

/** A prize listed in the acta: owed at the close, or paid later (art. 17.3). */
const actaPrizeSchema = z.object({
  winnerId: id,
  gameNumber: z.number().int(),
  kind: z.enum(['line', 'bingo', 'special']),
  seriesCode: z.string(),
  card: z.number().int(),
  prizeCents: cents,
});

const incidentSchema = z.object({
  id,
  at: isoTime,
  gameNumber: z.number().int().nullable(),
  author: z.string(),
  kind: z.string(),
  text: z.string(),
});

/** What the hall board shows (DN art. 7.1, 10.3, 11.2, 13, 14.5): public by nature, it hangs on the hall's wall. */
const displayStateSchema = z.object({
  hallName: z.string(),
  at: isoTime,
  session: z
    .object({
      id,
      /** The start and end checks of the balls (art. 5.2) and the material (art. 11.1) in the acta. */
      checks: z.object({ startBalls: z.boolean(), startMaterial: z.boolean(), endBalls: z.boolean() }),
      /** The session's last game has been opened (art. 14.5). */
      lastGameOpened: z.boolean(),
    })
    .nullable(),
  /** The game on the board: the one being drawn, else the one selling, else the last one played. */
  game: z
    .object({
      id,
      number: z.number().int(),
      state: z.enum(GAME_STATES),
      priceCents: cents,
      cardsSold: z.number().int(),
      /** The prizes as the sale stands (art. 15.2), fixed at the close of sale. */
      linePrizeCents: cents,
      bingoPrizeCents: cents,
      isLast: z.boolean(),
      /** The draw goes on by hand after a failure of the mechanism (art. 16.2). */
      manualDraw: z.boolean(),
      suspendedAt: isoTime.nullable(),
      /** Before and during the sale (art. 11.2): the series, the number of cards and the price. */
      saleOpening: z.string().nullable(),
    })
    .nullable(),
  /** Another game selling while the board's game is drawn: its number, price and cards sold. */
  selling: z.object({ number: z.number().int(), priceCents: cents, cardsSold: z.number().int(), saleOpening: z.string() }).nullable(),
  balls: z.array(z.number().int()),
  ballCount: z.number().int(),
  lastBall: z.number().int().nullable(),
  /** The art. 13 announcement, once the sale is closed. */
  announcement: z.string().nullable(),
  /** "Mais alguma linha?" / "Mais algum bingo?": a valid claim waits for its window to close. */
  claimWindow: z.enum(CLAIM_KINDS).nullable(),
  winners: z.array(z.object({ kind: z.enum(['line', 'bingo', 'special']), seriesCode: z.string(), card: z.number().int(), prizeCents: cents, ballCount: z.number().int() })),
  /** The accumulated special prize (art. 10): won with a bingo within `balls` balls; frozen (no N) while the prize is off and the fund holds money. */
  special: z.object({ balls: z.number().int().nullable(), amountCents: cents, eligible: z.boolean(), frozen: z.boolean() }).nullable(),
});

export const bingoContract = {
  'display.state': channel({
    summary: 'The hall board (art. 7.1, 10.3, 11.2): the game, its balls, prizes, announcement, claim windows and winners. Readable with a display token.',
    kind: 'query',
    topics: ['session', 'game', 'sales', 'draw', 'prizes', 'acta'],
    roles: 'public',
    input: empty,
    output: displayStateSchema,
  }),
  'display.token': channel({
    secretAnswer: true,
    summary: "A token for a hall board in browser mode (/display): with it only the board's state and events answer.",
    kind: 'command',
    topics: [],
    roles: MANAGERS,
    input: empty,
    output: z.object({ token: z.string(), path: z.string() }),
  }),
  'ballSet.register': channel({
    summary: 'Register a new set of 90 balls (art. 5.3: at most 2000 games a set).',
    kind: 'command',
    topics: ['settings', 'acta'],
    roles: MANAGERS,
    input: z.object({ serial: plainText(1, 40) }).strict(),
    output: z.object({ id, serial: z.string(), registeredAt: isoTime, gamesPlayed: z.number().int() }),
  }),
  'ballSet.current': channel({
    summary: 'The ball set in use and how many games it has played.',
    kind: 'query',
    topics: ['settings', 'game'],
    roles: EVERYONE,
    input: empty,
    output: z.object({ id, serial: z.string(), registeredAt: isoTime, gamesPlayed: z.number().int(), warning: z.boolean() }).nullable(),
  }),
  'series.register': channel({
    summary: 'Register a series of cards (art. 3, 4).',
    kind: 'command',
    topics: ['series'],
    roles: MANAGERS,
    input: z
      .object({
        code: seriesCode,
        priceCents: z.number().int().positive().max(100_000),
        size: z.number().int().positive().max(1_000_000),
        colour: plainText(0, 30).optional(),
        emission: plainText(0, 30).optional(),
        /** The edition's authorisation (art. 3.º, n.º 1): given with the emission, the series' edition is recorded with it (stock.recordEdition). */
        authorisationRef: editionInput.authorisationRef.optional(),
        authorisationDate: editionInput.authorisationDate.optional(),
        /** Double cards (art. 3.5, 14.3): sold once, valid for two consecutive games. */
        double: z.boolean().optional(),
      })
      .strict(),
    output: seriesSchema,
  }),
  'series.importFaces': channel({
    summary: "Import a series' card faces (JSON or CSV), validated against art. 3.4 and 4.5.",
    kind: 'command',
    topics: ['series'],
    roles: MANAGERS,
    input: z
      .object({
        seriesCode,
        format: z.enum(['json', 'csv']),
        content: z.string().min(1).max(20_000_000),
        strips: z.boolean().optional(),
      })
      .strict(),
    output: z.object({ seriesCode: z.string(), cards: z.number().int() }),
  }),
  'series.list': channel({
    summary: 'Every series with its next number and cards left.',
    kind: 'query',
    topics: ['series', 'sales'],
    roles: COUNTER,
    input: empty,
    output: z.array(seriesSchema),
  }),
  'session.open': channel({
    summary: "Open the day's session with its scheduled closing time.",
    kind: 'command',
    topics: ['session', 'acta'],
    roles: MANAGERS,
    input: z
      .object({
        scheduledCloseAt: isoTime,
        /** The start-of-session checks done before opening (art. 5.2, 11.1), recorded in the acta at the open. */
        startChecks: z.array(z.enum(['material', 'balls'])).max(2).optional(),
      })
      .strict(),
    output: sessionSchema,
  }),
  'session.current': channel({
    summary: 'The open session (or null) and its games.',
    kind: 'query',
    topics: ['session', 'game', 'sales'],
    roles: EVERYONE,
    input: empty,
    output: z.object({
      session: sessionSchema.nullable(),
      games: z.array(gameSchema),
      /** The start-of-session checks not yet in the acta (art. 5.2, 11.1): no game opens until this is empty. */
      startChecksMissing: z.array(z.enum(['balls', 'material'])),
    }),
  }),
  'game.open': channel({
    summary: 'Open a game on a first series, optionally naming the second (art. 12).',
    kind: 'command',
    topics: ['game', 'acta', 'settings'],
    roles: MANAGERS,
    input: z.object({ seriesCode, secondSeriesCode: seriesCode.optional() }).strict(),
    output: gameSchema,
  }),
  'game.get': channel({
    summary: 'One game.',
    kind: 'query',
    topics: ['game', 'sales', 'draw'],
    roles: EVERYONE,
    input: z.object({ gameId: id }).strict(),
    output: gameSchema,
  }),
  'game.closeSale': channel({
    summary: 'Close the sale: totals, prizes, acta row and the art. 13 announcement.',
    kind: 'command',
    topics: ['game', 'acta'],
    roles: MANAGERS,
    input: z.object({ gameId: id }).strict(),
    output: z.object({
      gameId: id,
      announcement: z.string(),
      cardsSold: z.number().int(),
      totalCents: cents,
      linePrizeCents: cents,
      bingoPrizeCents: cents,
      ranges: z.array(cardRangeSchema),
    }),
  }),
  'game.drawBall': channel({
    summary: 'Record the next ball drawn (1-90, never twice), after the close of sale.',
    kind: 'command',
    topics: ['draw'],
    roles: MANAGERS,
    input: z
      .object({
        gameId: id,
        number: z.number().int().min(1).max(90),
        /** The first ball of a game that becomes the last with it: the manager has announced it aloud (art. 14.5). */
        lastGameAnnounced: z.boolean().optional(),
      })
      .strict(),
    output: drawnBallSchema,
  }),
  'game.recallBall': channel({
    summary: "Recall the last ball recorded (a typing error), with a manager's approval.",
    kind: 'command',
    topics: ['draw', 'acta'],
    roles: MANAGERS,
    input: z.object({ gameId: id, approval: approvalSchema }).strict(),
    output: boardSchema,
  }),
  'game.claim': channel({
    summary: 'Check a line or bingo claim against the face and the balls drawn (art. 9, 14, 15.4).',
    kind: 'command',
    topics: ['draw'],
    roles: MANAGERS,
    input: z
      .object({
        gameId: id,
        kind: z.enum(CLAIM_KINDS),
        seriesCode,
        card: z.number().int().positive(),
        /** Series without faces: the operator's own check of the card. */
        confirmed: z.boolean().optional(),
        /** Series without faces, confirmed: the card's numbers as read by the manager (5 for a line, 15 for a bingo), checked against the balls (art. 9.1). */
        numbers: z.array(z.number().int()).max(15).optional(),
      })
      .strict(),
    /** With the card's face when on record (3 rows of 5 numbers), to read against the player's card. */
    output: claimSchema.extend({ face: z.array(z.array(z.number().int())).nullable() }),
  }),
  'game.closeClaims': channel({
    summary: '"Mais alguma linha?" / "Mais algum bingo?": close the window and award the prizes.',
    kind: 'command',
    topics: ['draw', 'prizes', 'acta'],
    roles: MANAGERS,
    // claimIds: the valid claims the manager saw awarded; if they changed meanwhile (another terminal), nothing closes.
    input: z.object({ gameId: id, kind: z.enum(CLAIM_KINDS), claimIds: z.array(id).max(1000).optional() }).strict(),
    output: z.object({ gameId: id, state: z.string(), winners: z.array(winnerSchema) }),
  }),
  'game.board': channel({
    summary: 'The draw: balls, claims, winners and every sold card holding a line or bingo.',
    kind: 'query',
    topics: ['game', 'draw', 'prizes'],
    roles: COUNTER,
    input: z.object({ gameId: id }).strict(),
    output: boardSchema,
  }),
  'game.suspend': channel({
    summary: 'Suspend a game after a failure (art. 16.1).',
    kind: 'command',
    topics: ['game', 'acta'],
    roles: MANAGERS,
    input: z.object({ gameId: id }).strict(),
    output: gameSchema,
  }),
  'game.manualDraw': channel({
    summary: 'A failure during the draw: it goes on by hand (art. 16.2), recorded in the acta and the incident book; a suspended game resumes.',
    kind: 'command',
    topics: ['game', 'draw', 'acta'],
    roles: MANAGERS,
    input: z.object({ gameId: id }).strict(),
    output: gameSchema,
  }),
  'game.resume': channel({
    summary: 'Resume a suspended game once the failure is solved.',
    kind: 'command',
    topics: ['game', 'acta'],
    roles: MANAGERS,
    input: z.object({ gameId: id }).strict(),
    output: gameSchema,
  }),
  'game.annul': channel({
    summary: 'Annul a game (art. 16.1, 16.2, 16.5): every sale refundable in full.',
    kind: 'command',
    topics: ['game', 'acta', 'prizes', 'refunds'],
    roles: MANAGERS,
    input: z.object({ gameId: id, reason: z.enum(ANNUL_REASONS) }).strict(),
    output: gameSchema,
  }),
  'prize.pay': channel({
    summary:
      "Pay a prize in cash against the winning card (art. 15.3, 15.5); the winner identified where the hall identifies at a prize's delivery, and where the day's payments reach the identification threshold (Lei n.º 83/2017, art. 76.º).",
    kind: 'command',
    topics: ['prizes'],
    roles: CASHIERS,
    input: z
      .object({
        winnerId: id,
        /** The card handed in (art. 15.5), as read from it: its series and number, or the QR of the receipt that sold it. */
        card: presentedCardSchema,
        /** The winner's identification (person.identify): needed where the hall identifies at a prize's delivery and from the threshold (Lei n.º 83/2017, art. 76.º). */
        personId: id.optional(),
      })
      .strict(),
    output: winnerSchema,
  }),
  'specialPrize.fund': channel({
    summary: "The accumulated special prize's fund (art. 10): what it holds, whether it is played or frozen, and the decisions that carried it.",
    kind: 'query',
    topics: ['settings', 'prizes', 'session', 'game'],
    roles: MANAGERS,
    input: empty,
    output: z.object({
      heldCents: cents,
      state: z.enum(['active', 'frozen', 'none']),
      decisions: z.array(
        z.object({
          at: isoTime,
          by: z.string(),
          amountCents: cents,
          decision: z.string(),
          prize: z.object({ shareBasisPoints: z.number().int(), baseBalls: z.number().int(), startingCents: cents }),
        }),
      ),
    }),
  }),
  'specialPrize.carry': channel({
    summary: "Carry the frozen special fund to a new prize (art. 10): the manager's decision recorded, the prize on again with its share, N and starting amount.",
    kind: 'command',
    topics: ['settings', 'prizes', 'session', 'acta'],
    roles: MANAGERS,
    input: z
      .object({
        prize: z
          .object({
            shareBasisPoints: z.number().int().min(0).max(10_000),
            baseBalls: z.number().int().min(1).max(90),
            startingCents: z.number().int().min(0).max(10_000_000),
          })
          .strict(),
        /** The decision as recorded: who decided, the inspectorate's authorisation of the new prize. */
        decision: plainText(3, 200),
        /** The amount the manager saw frozen: if the fund holds another, nothing is carried. */
        amountCents: cents,
      })
      .strict(),
    output: z.object({ heldCents: cents, decisionId: id }),
  }),
  'prize.list': channel({
    summary: "The session's prizes, unpaid first.",
    kind: 'query',
    topics: ['session', 'game', 'prizes'],
    roles: COUNTER,
    input: z.object({ sessionId: id.optional() }).strict(),
    output: z.array(winnerSchema),
  }),
  'refund.check': channel({
    summary: 'What the refund of a sale would be, or the refusal refund.pay would give: shown before paying (art. 16.3, 16.4).',
    kind: 'query',
    topics: ['game', 'refunds'],
    roles: CASHIERS,
    input: z.object({ saleId: id, check: receiptCheck.optional() }).strict(),
    output: z.object({ saleId: id, gameId: id, gameNumber: z.number().int(), ranges: z.array(cardRangeSchema), amountCents: cents }),
  }),
  'refund.pay': channel({
    summary: 'Refund a sale of an annulled game in full (art. 16.3).',
    kind: 'command',
    topics: ['refunds'],
    roles: CASHIERS,
    input: z
      .object({
        saleId: id,
        /** The receipt's check value when its QR was scanned: the sale must be the one it was printed for. */
        check: receiptCheck.optional(),
      })
      .strict(),
    output: z.object({ saleId: id, gameId: id, amountCents: cents, ranges: z.array(cardRangeSchema), paidAt: isoTime }),
  }),
  'refund.list': channel({
    summary: 'The sales of annulled games of the session and whether they were refunded.',
    kind: 'query',
    topics: ['session', 'game', 'refunds'],
    roles: COUNTER,
    input: z.object({ sessionId: id.optional() }).strict(),
    output: z.array(
      z.object({
        saleId: id,
        gameId: id,
        gameNumber: z.number().int(),
        ranges: z.array(cardRangeSchema),
        amountCents: cents,
        refunded: z.boolean(),
        refundedAt: isoTime.nullable(),
        /** Its cards refunded one by one (refund.payCard, issue 42): such a sale is refunded card by card, never whole. */
        cardsRefunded: z.number().int(),
      }),
    ),
  }),
  'session.acta': channel({
    summary: 'The acta of a session (art. 17): games, prizes, stamp duty, incidents.',
    kind: 'query',
    topics: ['session', 'game', 'draw', 'prizes', 'refunds', 'acta'],
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({
      hallName: z.string(),
      licence: z.string().nullable(),
      /** The hall's zone: the acta's hours, on screen and on paper, are on its clock. */
      timeZone: z.enum(HALL_TIME_ZONES),
      sessionId: id,
      openedAt: isoTime,
      scheduledCloseAt: isoTime,
      closedAt: isoTime.nullable(),
      /** The audit chain's head at the session's close (now, while it is open): printed, it outlives the file (issue 12). */
      auditHead: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
      /** The audit log's checkpoint signed by the hall's key at the session's close (null while it is open). */
      checkpoint: signedCheckpointSchema.nullable(),
      /** The hall's public key that signs its checkpoints (its verifier key and key id). */
      hallKey: z.object({ keyId: z.string(), verifierKey: z.string() }).nullable(),
      specialBalls: z.number().int().nullable(),
      /** The special prize fund's starting amount put in by the house in this session: at its first session, after a win (SPEC 4). */
      specialFundStarts: z.array(z.object({ at: isoTime, amountCents: cents, gameNumber: z.number().int().nullable() })),
      /** The frozen special fund carried to a new prize in this session, by a manager's recorded decision (art. 10). */
      specialFundCarried: z.array(z.object({ at: isoTime, amountCents: cents, decision: z.string(), by: z.string() })),
      checks: z.array(z.object({ at: isoTime, phase: z.string(), kind: z.string(), by: z.string() })),
      /** The emission number of each series the session's games sold (DN 80/85, art. 3.º, n.º 2), in order of first use; null: none recorded. */
      emissions: z.array(z.object({ seriesCode: z.string(), emission: z.string().nullable() })),
      games: z.array(actaGameSchema),
      /** The prizes of the session's games not paid by its close: owed, each with its card and game (art. 17.3). */
      prizesOwed: z.array(actaPrizeSchema),
      /** Prizes won in earlier sessions and paid in this one, naming the session and game each was won in. */
      earlierPrizesPaid: z.array(actaPrizeSchema.extend({ sessionId: id })),
      totals: z.object({
        cardsSold: z.number().int(),
        totalCents: cents,
        /** The session's games' prizes: awarded, paid by the close, owed at it. */
        prizesAwardedCents: cents,
        prizesPaidCents: cents,
        prizesOwedCents: cents,
        /** Earlier sessions' prizes paid in this one. */
        earlierPrizesPaidCents: cents,
        stampDutyCents: cents,
        refundedCents: cents,
      }),
      incidents: z.array(incidentSchema),
    }),
  }),
  'session.recordCheck': channel({
    summary: 'Record the checks of material and balls at the start or end of the session (art. 5.2, 11.1).',
    kind: 'command',
    // 'session': the open session's missing start checks (session.current) change with it.
    topics: ['acta', 'session'],
    roles: MANAGERS,
    input: z.object({ phase: z.enum(['start', 'end']), kind: z.enum(['material', 'balls']) }).strict(),
    output: z.object({ at: isoTime, phase: z.string(), kind: z.string() }),
  }),
  'incident.add': channel({
    summary: 'Write in the incident book (art. 17.4).',
    kind: 'command',
    topics: ['acta'],
    roles: MANAGERS,
    input: z.object({ text: plainText(1, 2000, { multiline: true }), gameId: id.optional() }).strict(),
    output: incidentSchema,
  }),
  'report.actaPdf': channel({
    summary: 'The acta of a session as an A4 PDF (base64).',
    kind: 'query',
    topics: ['session', 'game', 'draw', 'prizes', 'refunds', 'acta'],
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({ filename: z.string(), base64: z.string() }),
  }),
  'report.sessionPdf': channel({
    summary: 'The session report as an A4 PDF (base64).',
    kind: 'query',
    topics: ['session', 'game', 'draw', 'prizes', 'refunds', 'acta'],
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({ filename: z.string(), base64: z.string() }),
  }),
  'sale.create': channel({
    summary: 'Sell cards in serial order, cash only (art. 12); to the identified player where the hall identifies its players at the purchase of cards (Lei n.º 83/2017, art. 76.º, n.º 5).',
    kind: 'command',
    topics: ['sales'],
    roles: CASHIERS,
    input: z
      .object({
        gameId: id,
        // Checked by the service so that each refusal has its own code.
        quantity: z.number(),
        payment: z.object({ method: z.string().min(1), tenderedCents: cents }).strict(),
        /** The player (person.identify), where the hall identifies its players at the purchase of cards (Lei n.º 83/2017, art. 76.º, n.º 5). */
        personId: id.optional(),
      })
      .strict(),
    output: z.object({
      saleId: id,
      ranges: z.array(cardRangeSchema),
      quantity: z.number().int(),
      totalCents: cents,
      tenderedCents: cents,
      changeCents: cents,
    }),
  }),
  'sale.voidLast': channel({
    summary: "Void the game's most recent sale, with a manager's approval.",
    kind: 'command',
    topics: ['sales'],
    roles: CASHIERS,
    // saleId: the sale the dialog showed the manager; if another sale came in since, nothing is voided.
    input: z.object({ gameId: id, saleId: id.optional(), approval: approvalSchema }).strict(),
    output: z.object({ saleId: id, ranges: z.array(cardRangeSchema), refundCents: cents }),
  }),
  'sale.list': channel({
    summary: "A game's sales, newest first.",
    kind: 'query',
    topics: ['sales'],
    roles: COUNTER,
    input: z.object({ gameId: id, limit: z.number().int().min(1).max(500).optional() }).strict(),
    output: z.array(saleSchema),
  }),
  'sale.page': channel({
    summary:
      "A session's sales (or one game's), in the order they were made, a page at a time: keyset paging by sale number (cursor: the last sale of the page before), at most 500 a page.",
    kind: 'query',
    topics: ['sales', 'session'],
    roles: MANAGERS,
    input: z.object({ sessionId: id, gameId: id.optional(), ...pageFields }).strict(),
    output: pageSchema('sales', sessionSaleSchema),
  }),
  'export.sales': channel({
    summary: "A session's sales (or one game's) as a CSV file for a pt-PT spreadsheet, built off the main thread on one snapshot, with progress.",
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    input: z.object({ sessionId: id, gameId: id.optional() }).strict(),
    output: csvFileSchema,
  }),
} as const;

export type GameView = z.output<typeof gameSchema>;
export type SeriesView = z.output<typeof seriesSchema>;
export type SaleView = z.output<typeof saleSchema>;
export type SessionSaleView = z.output<typeof sessionSaleSchema>;
export type SessionView = z.output<typeof sessionSchema>;
export type WinnerView = z.output<typeof winnerSchema>;
export type ClaimView = z.output<typeof claimSchema>;
export type BoardView = z.output<typeof boardSchema>;
export type DrawnBall = z.output<typeof drawnBallSchema>;
export type DisplayState = z.output<typeof displayStateSchema>;
export type IncidentView = z.output<typeof incidentSchema>;
export type ActaGame = z.output<typeof actaGameSchema>;
