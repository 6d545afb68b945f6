/** The roving sellers' channels (DN 80/85, art. 12.º, n.º 2, and 13.º): blocks handed out in order and their surplus collected. */
import { z } from 'zod';
import { approvalSchema, CASHIERS, cents, channel, COUNTER, csvFileSchema, id, isoTime, MANAGERS, reasonText, seriesCode } from '../schema.js';
import { cardRangeSchema } from './contract.js';

const cardSchema = z.object({ seriesCode, number: z.number().int().min(1) }).strict();

const blockSchema = z.object({
  blockId: id,
  gameId: id,
  seller: z.object({ id, name: z.string(), username: z.string() }),
  handedBy: z.string(),
  cards: z.number().int(),
  ranges: z.array(cardRangeSchema),
  at: isoTime,
  /** null while the seller holds it; then what was sold, what came back, and the seller's cash against what the cards owe. */
  returned: z
    .object({
      at: isoTime,
      soldCards: z.number().int(),
      returnedCards: z.number().int(),
      saleId: id.nullable(),
      owedCents: z.number().int(),
      countedCents: z.number().int(),
      differenceCents: z.number().int(),
      acceptedBy: z.string().nullable(),
    })
    .nullable(),
});

export const sellersContract = {
  'seller.handOut': channel({
    summary: "Hand a seller a block of the game's next cards, in order (cards handed back from the middle first).",
    kind: 'command',
    topics: ['sales'],
    roles: CASHIERS,
    input: z.object({ gameId: id, sellerId: id, quantity: z.number() }).strict(),
    output: blockSchema,
  }),
  'seller.return': channel({
    summary:
      "Collect what is left of a seller's block, read as its first unsold card (null: all sold), with the seller's cash counted by denomination: the cards sold become a sale, a difference over the hall's threshold needs a manager's acceptance with a reason.",
    kind: 'command',
    topics: ['sales', 'drawer'],
    roles: CASHIERS,
    input: z
      .object({
        blockId: id,
        firstUnsold: cardSchema.nullable(),
        countedByDenomination: z.record(z.string(), z.number()),
        approval: approvalSchema.optional(),
        reason: reasonText.optional(),
      })
      .strict(),
    output: blockSchema,
  }),
  'seller.list': channel({
    summary: "A game's blocks, who holds what, and the cards handed back from the middle still to sell.",
    kind: 'query',
    topics: ['sales'],
    roles: COUNTER,
    input: z.object({ gameId: id }).strict(),
    output: z.object({ blocks: z.array(blockSchema), toSellFirst: z.array(cardRangeSchema) }),
  }),
  'export.sellerSettlements': channel({
    summary: "A session's roving sellers' settlements as a CSV file for a pt-PT spreadsheet: one line per block collected, its cards sold, owed, counted and the difference.",
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: csvFileSchema,
  }),
  'refund.payCard': channel({
    summary:
      "Refund one card of an annulled game by its series and number, whoever sold it (a counter or a seller's block): its price in cash, once (art. 16.3).",
    kind: 'command',
    topics: ['refunds'],
    roles: CASHIERS,
    input: z.object({ gameId: id, seriesCode, number: z.number().int().min(1) }).strict(),
    output: z.object({
      refundId: id,
      gameId: id,
      gameNumber: z.number().int(),
      /** The sale that sold the card (a counter's, or the one a seller's block became). */
      saleId: id,
      seriesCode: z.string(),
      number: z.number().int(),
      amountCents: cents,
      paidAt: isoTime,
    }),
  }),
};

export type SellerBlockView = z.output<typeof blockSchema>;
