/**
 * The roulette domain's slice of the contract (SPEC 8; Portaria 1441/95,
 * sections IX and X): tables with their wheel and limits, the wheels, the
 * settlement of a spin for the table inspector (fiscal de banca), and each
 * table's log of spins, null spins and the hourly ball and dealer changes.
 */
import { z } from 'zod';
import { approvalSchema, CAIXA_DESK, cents, chequeSchema, channel, COUNTER, empty, id, isoTime, MANAGERS, plainText, reasonText } from '../schema.js';
import { CHANCES, LAUNCH_DIRECTIONS, LIMIT_GROUPS } from './rules.js';

const tableCode = z.string().trim().regex(/^[A-Za-z0-9-]{1,12}$/, '1 a 12 letras, algarismos ou -');
const wheel = z.enum(['french', 'american']);
const stake = z.number().int().positive().max(100_000_000);
/** X.15: the ball is launched alternately from left to right and from right to left. */
const direction = z.enum(LAUNCH_DIRECTIONS);
const minimums = z.object(Object.fromEntries(LIMIT_GROUPS.map((g) => [g, stake])) as Record<(typeof LIMIT_GROUPS)[number], typeof stake>).strict();

const limitsSchema = z.record(z.string(), z.object({ minimumCents: cents, maximumCents: cents }));

const tableSchema = z.object({
  code: z.string(),
  wheel,
  minimumsCents: z.record(z.string(), cents),
  /** Per chance group: the minimum and the maximum (X.27). */
  limits: limitsSchema,
  registeredAt: isoTime,
});

const colourChipsSchema = z.object({
  tableCode: z.string(),
  chips: z.array(z.object({ colour: z.string(), valueCents: cents, late: z.boolean(), at: isoTime })),
});

const logEntry = z.object({
  id,
  at: isoTime,
  kind: z.enum(['spin', 'null_spin', 'ball_change', 'dealer_change']),
  number: z.number().int().nullable(),
  colour: z.string().nullable(),
  /** A launch's direction (X.15): spins and null spins; null for the changes, and for launches logged before directions were. */
  direction: direction.nullable(),
  note: z.string().nullable(),
  operator: z.string(),
});

const logSchema = z.object({
  tableCode: z.string(),
  entries: z.array(logEntry),
  /** X.12: the balls are changed hour by hour; X.28: the dealer too. Due when an hour has passed since the last change (or the first spin). */
  ballChangeDue: z.boolean(),
  dealerChangeDue: z.boolean(),
  /**
   * The next launch (X.15): its direction, the other way from the last spin's,
   * the same as a golpe nulo's (X.16: the null launch is made again); null
   * before the table's first launch (the fiscal gives it). `after`: the last
   * launch's kind.
   */
  nextLaunch: z.object({ direction: direction.nullable(), after: z.enum(['spin', 'null_spin']).nullable() }),
});

const chipExchangeSchema = z.object({
  exchangeId: id,
  kind: z.enum(['sell', 'redeem']),
  chips: z.array(z.object({ valueCents: cents, count: z.number().int() })),
  totalCents: cents,
  /** Sold: what was handed over, and the change (none for a card or a cheque: taken for the whole amount). */
  tenderedCents: cents.nullable(),
  changeCents: cents.nullable(),
  /** How it was paid: cash through the drawer, a bank card (a sale), cheques (the player's for a sale, the house's for a redemption). */
  cashCents: cents,
  cardCents: cents,
  chequeCents: cents,
  cheques: z.array(z.object({ amountCents: cents, number: z.string(), bank: z.string() })),
  /** The drawer's cash after the exchange; null for a counter role, whose close is blind. */
  drawerCashCents: z.number().int().nullable(),
});

export const rouletteContract = {
  'table.register': channel({
    summary: "Register a roulette table: its code, its wheel and the minimum stake of each chance; the maxima follow X.27.",
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ code: tableCode, wheel, minimumsCents: minimums }).strict(),
    output: tableSchema,
  }),
  'table.list': channel({
    summary: 'Every roulette table with its minima and maxima.',
    kind: 'query',
    topics: ['caixa'],
    roles: MANAGERS,
    input: empty,
    output: z.array(tableSchema),
  }),
  'table.printLimits': channel({
    summary: "Print the table's limits sign (X.27) on the receipts printer.",
    kind: 'command',
    topics: ['print'],
    roles: MANAGERS,
    input: z.object({ tableCode }).strict(),
    output: z.object({ printJobId: id }),
  }),
  'table.colourChip': channel({
    summary:
      "Give a colour of the table's chips without face value its value (IX.6: between the pleno's minimum and maximum), or the table minimum for a chip presented late (IX.9).",
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z
      .object({ tableCode, colour: plainText(1, 20), valueCents: stake.optional(), late: z.boolean().default(false) })
      .strict()
      .refine((x) => x.late || x.valueCents !== undefined, 'valor em falta (ou ficha tardia)'),
    output: colourChipsSchema,
  }),
  'table.colourChips': channel({
    summary: "Each colour of the table's chips without face value and its current value.",
    kind: 'query',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ tableCode }).strict(),
    output: colourChipsSchema,
  }),
  'report.tableLimitsPdf': channel({
    summary: "The table's limits sign (X.27) as an A4 PDF, to post at the table.",
    kind: 'query',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ tableCode }).strict(),
    output: z.object({ filename: z.string(), base64: z.string() }),
  }),
  'roulette.wheel': channel({
    summary: 'A wheel\'s sequence of numbers, clockwise from 0 (X.9 French; IX.2 American numbering).',
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    input: z.object({ wheel }).strict(),
    output: z.object({ wheel, sequence: z.array(z.number().int()) }),
  }),
  'roulette.settle': channel({
    summary:
      "Settle a spin for the fiscal: each bet's prize and what returns to the player (X.20, X.21), in the X.22 payment order with the X.25 announcement; an illegal bet or a stake outside the table's limits is refused. A bet in colour chips names a colour marked at the table and gives its chips (or a stake that is a whole number of them, IX.6, IX.7).",
    kind: 'query',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z
      .object({
        tableCode,
        number: z.number().int().min(0).max(36),
        bets: z
          .array(
            z
              .object({
                chance: z.enum(CHANCES),
                numbers: z.array(z.number().int()).max(24).optional(),
                /** The stake; for a bet in colour chips, instead of `chips`, a whole number of the colour's value. */
                amountCents: stake.optional(),
                /** The colour of the player's chips without face value (IX.3, X.25), as marked at this table. */
                colour: plainText(1, 20).optional(),
                /** How many chips of that colour: the stake is their count x the colour's value now. */
                chips: z.number().int().positive().max(10_000).optional(),
              })
              .strict()
              .refine((b) => b.chips === undefined || b.colour !== undefined, 'fichas sem cor: indique a cor das fichas')
              .refine((b) => (b.amountCents === undefined) !== (b.chips === undefined), 'indique o montante ou o número de fichas, não ambos'),
          )
          .min(1)
          .max(200),
      })
      .strict(),
    output: z.object({
      number: z.number().int(),
      colour: z.string(),
      bets: z.array(
        z.object({
          chance: z.string(),
          numbers: z.array(z.number().int()),
          amountCents: cents,
          /** A bet in colour chips: the colour, the chips and the value each had at the settlement (IX.7; IX.9 for a late one). */
          colourChips: z.object({ colour: z.string(), chips: z.number().int(), valueCents: cents, late: z.boolean() }).nullable(),
          won: z.boolean(),
          prizeCents: cents,
          returnedCents: cents,
          announcement: z.string().nullable(),
        }),
      ),
      /** Indices into `bets`: the X.22 order of the winning bets' payments. */
      paymentOrder: z.array(z.number().int()),
      totalPrizeCents: cents,
    }),
  }),
  'roulette.spin': channel({
    summary:
      "A spin's number in the table's log, with its launch's direction (X.15): the one expected (alternating); a direction given that is not it is refused, and the table's first launch must give one.",
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ tableCode, number: z.number().int().min(0).max(36), direction: direction.optional() }).strict(),
    output: logSchema,
  }),
  'roulette.nullSpin': channel({
    summary:
      'A "golpe nulo" (X.16) in the table\'s log, with its reason and its launch\'s direction (X.15, as for a spin): no number, nothing settled; the next launch goes the same way.',
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ tableCode, reason: plainText(3, 200), direction: direction.optional() }).strict(),
    output: logSchema,
  }),
  'roulette.change': channel({
    summary: 'The hourly change of the balls (X.12) or of the dealer (X.28), recorded in the table\'s log.',
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ tableCode, kind: z.enum(['ball', 'dealer']), note: plainText(1, 200).optional() }).strict(),
    output: logSchema,
  }),
  'roulette.log': channel({
    summary: "A table's log, newest first (at most 100), and whether the ball or the dealer change is due.",
    kind: 'query',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ tableCode }).strict(),
    output: logSchema,
  }),
  'chips.sell': channel({
    summary:
      "Sell face-value chips for cash (into this terminal's drawer, with the change), by bank card or by the player's cheque (for the whole amount, never into the drawer); the chips leave the caixa's chip float; the buyer identified where the day's exchanges and payments reach the identification threshold (Lei n.º 83/2017, art. 76.º).",
    kind: 'command',
    topics: ['caixa', 'drawer'],
    roles: CAIXA_DESK,
    input: z
      .object({
        chips: z.array(z.object({ valueCents: z.number().int().positive(), count: z.number().int() }).strict()).min(1).max(20),
        payment: z.discriminatedUnion('method', [
          z.object({ method: z.literal('cash'), tenderedCents: z.number().int().nonnegative().max(100_000_000) }).strict(),
          // Chips bought by card or cheque open the room for a chip cheque that day (Lei n.º 83/2017, art. 76.º, n.º 4).
          z.object({ method: z.literal('card') }).strict(),
          chequeSchema.omit({ amountCents: true }).extend({ method: z.literal('cheque') }).strict(),
        ]),
        /** The buyer's identification (person.identify): needed where the day's exchanges and payments reach the threshold (Lei n.º 83/2017, art. 76.º). */
        personId: id.optional(),
      })
      .strict(),
    output: chipExchangeSchema,
  }),
  'chips.redeem': channel({
    summary:
      "Redeem face-value chips for cash from this terminal's drawer; chips without face value are refused (IX.7); the player identified where the day's exchanges and payments reach the identification threshold (Lei n.º 83/2017, art. 76.º). Part may be paid by the house's cheques, only to an identified player and up to the chips that player bought by card or cheque that gaming day (art. 76.º, n.º 4); the rest in cash.",
    kind: 'command',
    topics: ['caixa', 'drawer'],
    roles: CAIXA_DESK,
    input: z
      .object({
        chips: z.array(z.object({ valueCents: z.number().int().positive(), count: z.number().int(), faceValue: z.boolean().default(true) }).strict()).min(1).max(20),
        /** The house's cheques paying part or all of it: each only to an identified player, within their chips bought by card or cheque today. */
        cheques: z.array(chequeSchema).max(5).default([]),
        /** The player's identification (person.identify): needed for any cheque and where the day's exchanges and payments reach the threshold (Lei n.º 83/2017, art. 76.º). */
        personId: id.optional(),
      })
      .strict(),
    output: chipExchangeSchema,
  }),
  'chips.chequeRoom': channel({
    summary:
      "What an identified player may still be paid in the house's cheques for chips this gaming day (Lei n.º 83/2017, art. 76.º, n.º 4): the chips they bought by card or cheque, less the chip cheques already paid to them.",
    kind: 'query',
    topics: ['caixa', 'identification'],
    roles: CAIXA_DESK,
    input: z.object({ personId: id }).strict(),
    output: z.object({ personId: id, gamingDay: z.string(), boughtCents: cents, chequedCents: cents, leftCents: cents }),
  }),
  'chips.move': channel({
    summary:
      "Chips brought to this terminal's caixa from the vault (fill) or sent back to it (credit), by face value, with a reason: the caixa's chip float, reconciled at the drawer's close.",
    kind: 'command',
    topics: ['caixa', 'drawer'],
    roles: CAIXA_DESK,
    input: z
      .object({
        kind: z.enum(['fill', 'credit']),
        chips: z.array(z.object({ valueCents: z.number().int().positive(), count: z.number().int() }).strict()).min(1).max(20),
        reason: reasonText,
      })
      .strict(),
    output: z.object({
      movementId: id,
      kind: z.enum(['fill', 'credit']),
      chips: z.array(z.object({ valueCents: cents, count: z.number().int() })),
      totalCents: cents,
      reason: z.string(),
      at: isoTime,
    }),
  }),
  'chips.handover': channel({
    summary:
      "Hand the chips this drawer took for cards (DN 80/85, art. 19.º) to the caixa, by face value: out of the caller's own drawer into the receiving caixa's open drawer, confirmed there and then by the caixa's PIN; both drawers count them at their close.",
    kind: 'command',
    topics: ['caixa', 'drawer'],
    roles: COUNTER,
    input: z
      .object({
        chips: z.array(z.object({ valueCents: z.number().int().positive(), count: z.number().int() }).strict()).min(1).max(20),
        /** The caixa who takes the chips: his username and PIN, typed by him. */
        receiver: approvalSchema,
      })
      .strict(),
    output: z.object({
      handoverId: id,
      chips: z.array(z.object({ valueCents: cents, count: z.number().int() })),
      totalCents: cents,
      fromTerminal: z.string(),
      toTerminal: z.string(),
      /** The receiving caixa's username. */
      receivedBy: z.string(),
      at: isoTime,
    }),
  }),
} as const;
