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
});

export const sessionSchema = z.object({
  id,
  openedAt: isoTime,
  scheduledCloseAt: isoTime,
  closedAt: isoTime.nullable(),
  openedBy: z.string(),
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

export const settingsSchema = z.object({
  hallName: z.string(),
  licence: z.string().nullable(),
  maxCardsPerSale: z.number().int(),
  chipsAllowed: z.boolean(),
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
      })
      .strict(),
    output: settingsSchema,
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
