/**
 * The card stock's slice of the contract (DN 80/85, art. 3.º, n.os 1 and 2):
 * a series' edition as authorised with its emission number, the boxes
 * received, the cards to the counters and back, the cards destroyed, and
 * the stock of every series.
 */
import { z } from 'zod';
import { channel, id, isoTime, MANAGERS, plainText, seriesCode } from '../schema.js';
import { STOCK_MOVES } from './stock.js';

/** Printed on receipts and the acta: letters, digits and a few marks every receipt code page holds. */
const printable = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-zÀ-ÖØ-öø-ÿ0-9 .,;:()/ºª#-]*$/u, 'letras, algarismos e pontuação');

const cardNumber = z.number().int().positive().max(1_000_000);
const range = { seriesCode, from: cardNumber, to: cardNumber };
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'AAAA-MM-DD');

export const editionInput = {
  authorisationRef: printable(60),
  authorisationDate: calendarDate,
  emission: printable(30),
};

const numberRange = z.object({ from: z.number().int(), to: z.number().int() });
const figures = z.object({
  received: z.number().int(),
  inStock: z.number().int(),
  atCounters: z.number().int(),
  sold: z.number().int(),
  destroyed: z.number().int(),
  soldNotReceived: z.number().int(),
});

const moveSchema = z.object({
  id,
  seriesCode: z.string(),
  kind: z.enum(STOCK_MOVES),
  from: z.number().int(),
  to: z.number().int(),
  box: z.string().nullable(),
  receivedBy: z.string().nullable(),
  reason: z.string().nullable(),
  recordRef: z.string().nullable(),
  at: isoTime,
  by: z.string(),
});

const seriesStockSchema = z.object({
  seriesCode: z.string(),
  size: z.number().int(),
  nextNumber: z.number().int(),
  /** The edition as authorised (art. 3.º, n.º 1); null: not recorded yet. */
  edition: z.object({ authorisationRef: z.string(), authorisationDate: z.string(), at: isoTime, by: z.string() }).nullable(),
  /** The series' emission number (art. 3.º, n.º 2): its edition's, else the one given at its registration; null: none. */
  emission: z.string().nullable(),
  /** A box of it was received: its sales are checked against its stock. */
  followed: z.boolean(),
  figures,
  inStock: z.array(numberRange),
  atCounters: z.array(numberRange),
  destroyed: z.array(numberRange),
});

export type SeriesStock = z.infer<typeof seriesStockSchema>;

const moveResult = moveSchema;

export const stockContract = {
  'stock.list': channel({
    summary: "Every series' edition, emission number and stock (art. 3.º), with the moves of its cards.",
    kind: 'query',
    topics: ['series', 'sales'],
    roles: MANAGERS,
    input: z.object({}).strict(),
    output: z.object({ series: z.array(seriesStockSchema), moves: z.array(moveSchema) }),
  }),
  'stock.recordEdition': channel({
    summary: "Record a series' edition as authorised (art. 3.º, n.º 1) and its emission number (art. 3.º, n.º 2); once.",
    kind: 'command',
    topics: ['series'],
    roles: MANAGERS,
    input: z.object({ seriesCode, ...editionInput }).strict(),
    output: z.object({ seriesCode: z.string(), authorisationRef: z.string(), authorisationDate: z.string(), emission: z.string() }),
  }),
  'stock.receive': channel({
    summary: "Record a box of a series' cards received (art. 3.º): from card to card, who received it.",
    kind: 'command',
    topics: ['series'],
    roles: MANAGERS,
    input: z.object({ ...range, receivedBy: plainText(1, 80), box: plainText(1, 40).optional() }).strict(),
    output: moveResult,
  }),
  'stock.issue': channel({
    summary: 'Record cards leaving the stock for the counters.',
    kind: 'command',
    topics: ['series'],
    roles: MANAGERS,
    input: z.object(range).strict(),
    output: moveResult,
  }),
  'stock.return': channel({
    summary: 'Record cards coming back from the counters to the stock.',
    kind: 'command',
    topics: ['series'],
    roles: MANAGERS,
    input: z.object(range).strict(),
    output: moveResult,
  }),
  'stock.destroy': channel({
    summary: "Destroy cards of the stock: a manager's act with its reason and record, irreversible; confirmed with the number of cards.",
    kind: 'command',
    topics: ['series'],
    roles: MANAGERS,
    input: z.object({ ...range, reason: printable(200), recordRef: printable(60), confirmCards: z.number().int().positive() }).strict(),
    output: moveResult,
  }),
};
