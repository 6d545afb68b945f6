/**
 * The one contract between the screens (or any script) and the main process.
 * Every channel has an input schema, an output schema and the roles allowed.
 * Values are JSON only (integer cents, ISO-8601 strings) so the same calls
 * cross Electron IPC and HTTP unchanged.
 */
import { z } from 'zod';
import { ROLES, type Role } from './roles.js';

const cents = z.number().int().nonnegative();
const isoTime = z.iso.datetime({ offset: true });
const username = z.string().trim().min(2).max(32).regex(/^[a-z0-9._-]+$/i, 'letras, algarismos, . _ -');
const pin = z.string();
const seriesCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,3}$/, 'uma a três letras');
const id = z.number().int().positive();
const empty = z.object({}).strict();

export const approvalSchema = z.object({ username, pin }).strict();

export const operatorSchema = z.object({
  id,
  username: z.string(),
  name: z.string(),
  roles: z.array(z.enum(ROLES)),
});

export const seriesSchema = z.object({
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
});

export const cardRangeSchema = z.object({ seriesCode: z.string(), from: z.number().int(), to: z.number().int() });

export const GAME_STATES = ['selling', 'sale_closed', 'drawing', 'finished', 'suspended', 'annulled'] as const;

export const gameSchema = z.object({
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
  cardsAvailable: z.number().int(),
  /** The numbers the next card sold would take, e.g. A 271. */
  nextCard: z.object({ seriesCode: z.string(), number: z.number().int() }).nullable(),
  openedAt: isoTime,
  saleClosedAt: isoTime.nullable(),
  announcement: z.string().nullable(),
  linePrizeCents: cents.nullable(),
  bingoPrizeCents: cents.nullable(),
  /** Opened within 10 minutes of the session's closing time (art. 14.5). */
  isLast: z.boolean(),
  ballCount: z.number().int(),
  suspendedAt: isoTime.nullable(),
  annulReason: z.enum(['failure_before_draw', 'failure_during_draw', 'announcement_error']).nullable(),
  ballSet: z.object({ serial: z.string(), gamesPlayed: z.number().int(), warning: z.boolean() }).nullable(),
});

export const sessionSchema = z.object({
  id,
  openedAt: isoTime,
  scheduledCloseAt: isoTime,
  closedAt: isoTime.nullable(),
  openedBy: z.string(),
  /** N of the accumulated special prize announced for this session (art. 10), if the hall has it. */
  specialBalls: z.number().int().nullable(),
});

export const saleSchema = z.object({
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

export const specialPrizeSchema = z
  .object({
    enabled: z.boolean(),
    /** Share of V fed into the fund each game, in basis points (1 % = 100). */
    shareBasisPoints: z.number().int().min(0).max(10_000),
    /** N: balls within which a bingo wins it, on the first day and after each win. */
    baseBalls: z.number().int().min(1).max(90),
  })
  .strict();

export const settingsSchema = z.object({
  hallName: z.string(),
  licence: z.string().nullable(),
  maxCardsPerSale: z.number().int(),
  chipsAllowed: z.boolean(),
  /** Stamp duty in basis points of V; null until the hall sets it (required before the first game). */
  stampDutyBasisPoints: z.number().int().nullable(),
  specialPrize: specialPrizeSchema.nullable(),
});

export const CLAIM_KINDS = ['line', 'bingo'] as const;
export const ANNUL_REASONS = ['failure_before_draw', 'failure_during_draw', 'announcement_error'] as const;

export const winnerSchema = z.object({
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

export const claimSchema = z.object({
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
  awarded: z.boolean(),
});

export const boardSchema = z.object({
  gameId: id,
  state: z.enum(['selling', 'sale_closed', 'drawing', 'finished', 'suspended', 'annulled']),
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
  special: z.object({ balls: z.number().int(), fundCents: cents, eligible: z.boolean() }).nullable(),
});

export const actaGameSchema = z.object({
  number: z.number().int(),
  state: z.string(),
  isLast: z.boolean(),
  priceCents: cents,
  series: z.array(z.object({ order: z.number().int(), seriesCode: z.string(), from: z.number().int(), to: z.number().int() })),
  cardsSold: z.number().int(),
  totalCents: cents,
  linePrizeCents: cents,
  bingoPrizeCents: cents,
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
});

export const PRINTER_ROLES = ['receipts', 'guias', 'reports'] as const;

export const printerSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(PRINTER_ROLES),
  transport: z.enum(['tcp', 'device']),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  path: z.string().nullable(),
  codepage: z.enum(['cp1252', 'cp858']),
  widthMm: z.union([z.literal(58), z.literal(80)]),
  drawerPin: z.union([z.literal(2), z.literal(5)]).nullable(),
  drawerOnMs: z.number().int(),
  drawerOffMs: z.number().int(),
});

export const printerStatusSchema = z.object({
  online: z.boolean(),
  coverOpen: z.boolean(),
  paperNearEnd: z.boolean(),
  paperOut: z.boolean(),
  error: z.string().nullable(),
});

export const printJobSchema = z.object({
  jobId: id,
  createdAt: isoTime,
  kind: z.string(),
  title: z.string(),
  printerId: z.string(),
  state: z.enum(['pending', 'printed', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  printedAt: isoTime.nullable(),
  reprintOf: id.nullable(),
  refType: z.string().nullable(),
  refId: z.number().int().nullable(),
  /** The document as plain text lines, for the on-screen preview. */
  preview: z.array(z.string()),
});

export const incidentSchema = z.object({
  id,
  at: isoTime,
  gameNumber: z.number().int().nullable(),
  author: z.string(),
  kind: z.string(),
  text: z.string(),
});

type Access = 'public' | readonly Role[];
interface ChannelDef<I extends z.ZodType, O extends z.ZodType> {
  input: I;
  output: O;
  /** 'public' channels need no operator (empty database setup, login). */
  roles: Access;
  /** Commands change state: run in one transaction, audited, pushed as events. */
  kind: 'command' | 'query';
  summary: string;
}
function channel<I extends z.ZodType, O extends z.ZodType>(def: ChannelDef<I, O>): ChannelDef<I, O> {
  return def;
}

const EVERYONE = ROLES;
const MANAGERS: readonly Role[] = ['manager', 'admin'];
const CASHIERS: readonly Role[] = ['cashier'];
const COUNTER: readonly Role[] = ['cashier', 'manager', 'admin'];

export const contract = {
  'setup.status': channel({
    summary: 'Whether the hall is set up; the terminal and the language.',
    kind: 'query',
    roles: 'public',
    input: empty,
    output: z.object({ initialized: z.boolean(), hallName: z.string().nullable(), terminalId: z.string() }),
  }),
  'setup.init': channel({
    summary: 'First run on an empty database: create the hall and its first admin.',
    kind: 'command',
    roles: 'public',
    input: z
      .object({
        hallName: z.string().trim().min(2).max(80),
        licence: z.string().trim().max(80).optional(),
        admin: z.object({ username, name: z.string().trim().min(2).max(80), pin }).strict(),
      })
      .strict(),
    output: z.object({ hallName: z.string(), adminId: id }),
  }),
  'auth.login': channel({
    summary: 'PIN login; 5 wrong PINs lock the user for 5 minutes.',
    kind: 'command',
    roles: 'public',
    input: z.object({ username, pin }).strict(),
    output: z.object({ operatorToken: z.string(), operator: operatorSchema }),
  }),
  'auth.logout': channel({
    summary: 'End this operator session (lock the screen).',
    kind: 'command',
    roles: EVERYONE,
    input: empty,
    output: z.object({}),
  }),
  'auth.me': channel({
    summary: 'The operator behind the token.',
    kind: 'query',
    roles: EVERYONE,
    input: empty,
    output: operatorSchema,
  }),
  'users.create': channel({
    summary: 'Create an operator with roles and a PIN.',
    kind: 'command',
    roles: ['admin'],
    input: z
      .object({
        username,
        name: z.string().trim().min(2).max(80),
        roles: z.array(z.enum(ROLES)).min(1),
        pin,
      })
      .strict(),
    output: operatorSchema,
  }),
  'users.list': channel({
    summary: 'Every operator.',
    kind: 'query',
    roles: MANAGERS,
    input: empty,
    output: z.array(operatorSchema.extend({ lockedUntil: isoTime.nullable() })),
  }),
  'settings.get': channel({
    summary: 'Hall settings.',
    kind: 'query',
    roles: EVERYONE,
    input: empty,
    output: settingsSchema,
  }),
  'settings.update': channel({
    summary: 'Change hall settings.',
    kind: 'command',
    roles: MANAGERS,
    input: z
      .object({
        hallName: z.string().trim().min(2).max(80).optional(),
        licence: z.string().trim().max(80).nullable().optional(),
        maxCardsPerSale: z.number().int().min(1).max(10000).optional(),
        chipsAllowed: z.boolean().optional(),
        stampDutyBasisPoints: z.number().int().min(0).max(10_000).optional(),
        specialPrize: specialPrizeSchema.nullable().optional(),
      })
      .strict(),
    output: settingsSchema,
  }),
  'ballSet.register': channel({
    summary: 'Register a new set of 90 balls (art. 5.3: at most 2000 games a set).',
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ serial: z.string().trim().min(1).max(40) }).strict(),
    output: z.object({ id, serial: z.string(), registeredAt: isoTime, gamesPlayed: z.number().int() }),
  }),
  'ballSet.current': channel({
    summary: 'The ball set in use and how many games it has played.',
    kind: 'query',
    roles: EVERYONE,
    input: empty,
    output: z.object({ id, serial: z.string(), registeredAt: isoTime, gamesPlayed: z.number().int(), warning: z.boolean() }).nullable(),
  }),
  'series.register': channel({
    summary: 'Register a series of cards (art. 3, 4).',
    kind: 'command',
    roles: MANAGERS,
    input: z
      .object({
        code: seriesCode,
        priceCents: z.number().int().positive().max(100_000),
        size: z.number().int().positive().max(1_000_000),
        colour: z.string().trim().max(30).optional(),
        emission: z.string().trim().max(30).optional(),
      })
      .strict(),
    output: seriesSchema,
  }),
  'series.importFaces': channel({
    summary: "Import a series' card faces (JSON or CSV), validated against art. 3.4 and 4.5.",
    kind: 'command',
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
    roles: COUNTER,
    input: empty,
    output: z.array(seriesSchema),
  }),
  'session.open': channel({
    summary: "Open the day's session with its scheduled closing time.",
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ scheduledCloseAt: isoTime }).strict(),
    output: sessionSchema,
  }),
  'session.current': channel({
    summary: 'The open session (or null) and its games.',
    kind: 'query',
    roles: EVERYONE,
    input: empty,
    output: z.object({ session: sessionSchema.nullable(), games: z.array(gameSchema) }),
  }),
  'game.open': channel({
    summary: 'Open a game on a first series, optionally naming the second (art. 12).',
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ seriesCode, secondSeriesCode: seriesCode.optional() }).strict(),
    output: gameSchema,
  }),
  'game.get': channel({
    summary: 'One game.',
    kind: 'query',
    roles: EVERYONE,
    input: z.object({ gameId: id }).strict(),
    output: gameSchema,
  }),
  'game.closeSale': channel({
    summary: 'Close the sale: totals, prizes, acta row and the art. 13 announcement.',
    kind: 'command',
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
    roles: MANAGERS,
    input: z.object({ gameId: id, number: z.number().int().min(1).max(90) }).strict(),
    output: boardSchema,
  }),
  'game.recallBall': channel({
    summary: "Recall the last ball recorded (a typing error), with a manager's approval.",
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ gameId: id, approval: approvalSchema }).strict(),
    output: boardSchema,
  }),
  'game.claim': channel({
    summary: 'Check a line or bingo claim against the face and the balls drawn (art. 9, 14, 15.4).',
    kind: 'command',
    roles: MANAGERS,
    input: z
      .object({
        gameId: id,
        kind: z.enum(CLAIM_KINDS),
        seriesCode,
        card: z.number().int().positive(),
        /** Series without faces: the operator's own check of the card. */
        confirmed: z.boolean().optional(),
      })
      .strict(),
    output: claimSchema,
  }),
  'game.closeClaims': channel({
    summary: '"Mais alguma linha?" / "Mais algum bingo?": close the window and award the prizes.',
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ gameId: id, kind: z.enum(CLAIM_KINDS) }).strict(),
    output: z.object({ gameId: id, state: z.string(), winners: z.array(winnerSchema) }),
  }),
  'game.board': channel({
    summary: 'The draw: balls, claims, winners and every sold card holding a line or bingo.',
    kind: 'query',
    roles: COUNTER,
    input: z.object({ gameId: id }).strict(),
    output: boardSchema,
  }),
  'game.suspend': channel({
    summary: 'Suspend a game after a failure (art. 16.1).',
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ gameId: id }).strict(),
    output: gameSchema,
  }),
  'game.resume': channel({
    summary: 'Resume a suspended game once the failure is solved.',
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ gameId: id }).strict(),
    output: gameSchema,
  }),
  'game.annul': channel({
    summary: 'Annul a game (art. 16.1, 16.2, 16.5): every sale refundable in full.',
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ gameId: id, reason: z.enum(ANNUL_REASONS) }).strict(),
    output: gameSchema,
  }),
  'prize.pay': channel({
    summary: 'Pay a prize in cash against the winning card (art. 15.3, 15.5).',
    kind: 'command',
    roles: CASHIERS,
    input: z.object({ winnerId: id }).strict(),
    output: winnerSchema,
  }),
  'prize.list': channel({
    summary: "The session's prizes, unpaid first.",
    kind: 'query',
    roles: COUNTER,
    input: z.object({ sessionId: id.optional() }).strict(),
    output: z.array(winnerSchema),
  }),
  'refund.pay': channel({
    summary: 'Refund a sale of an annulled game in full (art. 16.3).',
    kind: 'command',
    roles: CASHIERS,
    input: z.object({ saleId: id }).strict(),
    output: z.object({ saleId: id, gameId: id, amountCents: cents, ranges: z.array(cardRangeSchema), paidAt: isoTime }),
  }),
  'refund.list': channel({
    summary: 'The sales of annulled games of the session and whether they were refunded.',
    kind: 'query',
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
      }),
    ),
  }),
  'session.acta': channel({
    summary: 'The acta of a session (art. 17): games, prizes, stamp duty, incidents.',
    kind: 'query',
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({
      hallName: z.string(),
      licence: z.string().nullable(),
      sessionId: id,
      openedAt: isoTime,
      scheduledCloseAt: isoTime,
      closedAt: isoTime.nullable(),
      specialBalls: z.number().int().nullable(),
      checks: z.array(z.object({ at: isoTime, phase: z.string(), kind: z.string(), by: z.string() })),
      games: z.array(actaGameSchema),
      totals: z.object({
        cardsSold: z.number().int(),
        totalCents: cents,
        prizesPaidCents: cents,
        stampDutyCents: cents,
        refundedCents: cents,
      }),
      incidents: z.array(incidentSchema),
    }),
  }),
  'session.recordCheck': channel({
    summary: 'Record the checks of material and balls at the start or end of the session (art. 5.2, 11.1).',
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ phase: z.enum(['start', 'end']), kind: z.enum(['material', 'balls']) }).strict(),
    output: z.object({ at: isoTime, phase: z.string(), kind: z.string() }),
  }),
  'incident.add': channel({
    summary: 'Write in the incident book (art. 17.4).',
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ text: z.string().trim().min(1).max(2000), gameId: id.optional() }).strict(),
    output: incidentSchema,
  }),
  'printer.configure': channel({
    summary: 'Add or change a printer: role, transport and address, code page, paper width, drawer pin.',
    kind: 'command',
    roles: MANAGERS,
    input: z
      .object({
        id: z.string().trim().min(1).max(40),
        name: z.string().trim().min(1).max(80).optional(),
        role: z.enum(PRINTER_ROLES),
        transport: z.enum(['tcp', 'device']),
        host: z.string().trim().min(1).max(255).optional(),
        port: z.number().int().min(1).max(65535).optional(),
        path: z.string().trim().min(1).max(255).optional(),
        codepage: z.enum(['cp1252', 'cp858']),
        widthMm: z.union([z.literal(58), z.literal(80)]),
        drawerPin: z.union([z.literal(2), z.literal(5)]).nullable().optional(),
        /** The drawer kick's on and off times (ESC p), 2-510 ms; defaults 100 and 500. */
        drawerOnMs: z.number().int().min(2).max(510).optional(),
        drawerOffMs: z.number().int().min(2).max(510).optional(),
      })
      .strict(),
    output: printerSchema,
  }),
  'printer.list': channel({
    summary: 'The configured printers.',
    kind: 'query',
    roles: COUNTER,
    input: empty,
    output: z.array(printerSchema),
  }),
  'printer.test': channel({
    summary: 'Print a test page (every special character, a ruler, a QR code).',
    kind: 'command',
    roles: MANAGERS,
    input: z.object({ id: z.string() }).strict(),
    output: printJobSchema,
  }),
  'printer.status': channel({
    summary: 'Ask the printer for its status (DLE EOT): offline, cover open, paper near end, paper out.',
    kind: 'query',
    roles: COUNTER,
    input: z.object({ id: z.string() }).strict(),
    output: printerStatusSchema,
  }),
  'print.jobs': channel({
    summary: 'Print jobs, newest first; failures show with their error.',
    kind: 'query',
    roles: COUNTER,
    input: z.object({ since: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(200).optional() }).strict(),
    output: z.array(printJobSchema),
  }),
  'print.retry': channel({
    summary: 'Try a failed job again.',
    kind: 'command',
    roles: COUNTER,
    input: z.object({ jobId: id }).strict(),
    output: printJobSchema,
  }),
  'print.reprint': channel({
    summary: 'Print a document again, marked 2.ª VIA (never opens the drawer).',
    kind: 'command',
    roles: COUNTER,
    input: z.object({ jobId: id }).strict(),
    output: printJobSchema,
  }),
  'report.actaPdf': channel({
    summary: 'The acta of a session as an A4 PDF (base64).',
    kind: 'query',
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({ filename: z.string(), base64: z.string() }),
  }),
  'report.sessionPdf': channel({
    summary: 'The session report as an A4 PDF (base64).',
    kind: 'query',
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({ filename: z.string(), base64: z.string() }),
  }),
  'sale.create': channel({
    summary: 'Sell cards in serial order, cash only (art. 12).',
    kind: 'command',
    roles: CASHIERS,
    input: z
      .object({
        gameId: id,
        // Checked by the service so that each refusal has its own code.
        quantity: z.number(),
        payment: z.object({ method: z.string().min(1), tenderedCents: cents }).strict(),
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
    roles: CASHIERS,
    input: z.object({ gameId: id, approval: approvalSchema }).strict(),
    output: z.object({ saleId: id, ranges: z.array(cardRangeSchema), refundCents: cents }),
  }),
  'sale.list': channel({
    summary: "A game's sales, newest first.",
    kind: 'query',
    roles: COUNTER,
    input: z.object({ gameId: id, limit: z.number().int().min(1).max(500).optional() }).strict(),
    output: z.array(saleSchema),
  }),
  'audit.verify': channel({
    summary: 'Check the hash chain of the audit log.',
    kind: 'query',
    roles: MANAGERS,
    input: empty,
    output: z.object({ valid: z.boolean(), entries: z.number().int(), brokenAt: z.number().int().nullable() }),
  }),
  'ledger.verify': channel({
    summary: 'Check that every ledger transaction sums to zero; balances per account.',
    kind: 'query',
    roles: MANAGERS,
    input: empty,
    output: z.object({
      balanced: z.boolean(),
      transactions: z.number().int(),
      unbalanced: z.array(z.number().int()),
      balances: z.record(z.string(), z.number().int()),
    }),
  }),
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
export type ParsedInput<C extends Channel> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>;
export type GameView = z.output<typeof gameSchema>;
export type SeriesView = z.output<typeof seriesSchema>;
export type SaleView = z.output<typeof saleSchema>;
export type SessionView = z.output<typeof sessionSchema>;
export type OperatorView = z.output<typeof operatorSchema>;
export type Settings = z.output<typeof settingsSchema>;
export type WinnerView = z.output<typeof winnerSchema>;
export type ClaimView = z.output<typeof claimSchema>;
export type BoardView = z.output<typeof boardSchema>;
export type IncidentView = z.output<typeof incidentSchema>;
export type ActaGame = z.output<typeof actaGameSchema>;

export const CHANNELS = Object.keys(contract) as Channel[];

export function isChannel(name: string): name is Channel {
  return Object.hasOwn(contract, name);
}

/** Events pushed to every screen after a command commits. */
export interface KioskEvent {
  type: 'changed';
  channel: Channel;
  at: string;
}
