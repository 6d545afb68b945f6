/** The roving sellers' channels (DN 80/85, art. 12.º, n.º 2, and 13.º): blocks handed out in order and their surplus collected. */
import { z } from 'zod';
import { approvalSchema, CASHIERS, channel, COUNTER, id, isoTime, reasonText, seriesCode } from '../schema.js';
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
};

export type SellerBlockView = z.output<typeof blockSchema>;
