/**
 * The drawers domain's slice of the contract (SPEC 9): a drawer per terminal,
 * operator and shift, opened with its float counted by denomination; pay-ins,
 * pay-outs and drops; the blind close with its Z report; the X report.
 * A drawer is the caller's terminal's (ctx.terminalId): no channel names a terminal.
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../roles.js';
import { approvalSchema, cents, channel, csvFileSchema, empty, id, isoTime, MANAGERS, periodFields, reasonText, signedCheckpointSchema } from '../schema.js';
import { MOVEMENT_KINDS } from './rules.js';

/** Who handles a drawer: cashiers and caixa staff at their own counter, managers and admins too. */
const DRAWER_ROLES = STAFF_ROLES;

/**
 * Denomination in cents (as a string key) to a count. Keys and counts are
 * checked by the service (core/drawers/rules.ts) so that each refusal has its
 * own code naming the denomination.
 */
const denominationMap = z.record(z.string(), z.number());


const denominationCount = z.object({ denominationCents: z.number().int(), count: z.number().int() });
const chipCount = z.object({ valueCents: z.number().int(), count: z.number().int() });

/**
 * A casino caixa's face-value chips through the drawer (IX.7), in cents: the
 * float counted at the opening, what moved since, and what it should hold.
 * Null on a drawer that never held chips.
 */
const chipsSchema = z.object({
  floatCents: cents,
  float: z.array(chipCount),
  movements: z
    .object({
      /** Chips taken in payment of bingo cards (art. 19). */
      cards: z.number().int(),
      sold: cents,
      redeemed: cents,
      /** Chips brought from the vault, and sent back to it. */
      fills: cents,
      credits: cents,
    })
    .catchall(z.number().int()),
  expectedCents: z.number().int(),
});

/** The chips counted by value at the close, and counted minus expected. */
const chipsCountSchema = z.object({ counted: z.array(chipCount), countedCents: cents, varianceCents: z.number().int() });

const drawerSchema = z.object({
  drawerId: id,
  terminalId: z.string(),
  openedAt: isoTime,
  openedBy: z.string(),
  floatCents: cents,
  floatByDenomination: z.record(z.string(), z.number().int()),
  /** The chip float counted at the opening (face value in cents to count), or null without one. */
  chipFloatByValue: z.record(z.string(), z.number().int()).nullable(),
  chipFloatCents: cents,
  /** The drawer has held chips (a float, an exchange, a fill): its close counts them too. Blind: no amount. */
  holdsChips: z.boolean(),
  /**
   * The close's count recorded as final, awaiting a manager's acceptance of
   * its variance (drawer.close with the same count gives the figures again).
   */
  recordedCount: z
    .object({
      at: isoTime,
      countedBy: z.string(),
      countedByDenomination: z.record(z.string(), z.number().int()),
      countedCents: cents,
      countedChipsByValue: z.record(z.string(), z.number().int()).nullable(),
    })
    .nullable(),
});

/**
 * The drawer's cash by line (core/money-registry.ts CASH_LINES: what each
 * domain's money kinds move): those shipped named, and any line a domain
 * adds carried as it is, so the X on screen shows it too.
 */
const movementsSchema = z
  .object({
    sales: z.number().int(),
    prizes: cents,
    refunds: cents,
    guias: cents,
    payIns: cents,
    payOuts: cents,
    drops: cents,
    /** Face-value chips sold and redeemed for cash at this drawer (IX.7). */
    chipsSold: cents,
    chipsRedeemed: cents,
  })
  .catchall(z.number().int());

/** The X report's data: the drawer now. */
export const xReportSchema = z.object({
  drawerId: id,
  terminalId: z.string(),
  operator: z.string(),
  openedAt: isoTime,
  at: isoTime,
  openingFloatCents: cents,
  movements: movementsSchema,
  expectedCents: z.number().int(),
  /** Absent on reports recorded before chip floats existed. */
  chips: chipsSchema.nullable().optional(),
});

/**
 * The X report as a counter role (cashier, caixa) reads it while its drawer is
 * open: the close is blind, so it carries no amount at all. Not the expected
 * cash, and none of the lines it is the sum of either (the float, sales,
 * prizes, pay-ins...: they add up to it), nor counts of operations (a count of
 * sales times the card's price is the sales line). Only which drawer, whose,
 * since when and when the X was taken: the operator counts the drawer at the
 * close, and its figures come with that count once it is on record
 * (drawer.close), then on the Z.
 */
/**
 * What a drawer's exchanges and guias took or paid outside its cash (Lei n.º 83/2017, art. 76.º, n.º 3 and 4): chips
 * sold by bank card and by the player's cheque, chips and guias paid by the house's cheques; handed over with the Z,
 * never counted in it. guiaChequesPaidCents is absent on a Z closed before guias' cheques were said on it.
 */
const outsideDrawerView = z.object({ chipsByCardCents: cents, chipsByChequeCents: cents, chipChequesPaidCents: cents, guiaChequesPaidCents: cents.optional() });

export const blindXReportSchema = z.object({
  blind: z.literal(true),
  drawerId: id,
  terminalId: z.string(),
  operator: z.string(),
  openedAt: isoTime,
  at: isoTime,
});

/** The X report as the caller may read it: a manager's shows everything; a counter role's is blind. */
const xReportAnswerSchema = z.discriminatedUnion('blind', [xReportSchema.extend({ blind: z.literal(false) }), blindXReportSchema]);

/** The Z report's data, recorded at the close and never changed. */
const zReportSchema = xReportSchema.extend({
  zNumber: z.number().int().positive(),
  closedBy: z.string(),
  counted: z.array(denominationCount),
  countedCents: cents,
  varianceCents: z.number().int(),
  varianceAcceptedBy: z.string().nullable(),
  varianceReason: z.string().nullable(),
  chipsCount: chipsCountSchema.nullable().optional(),
  /** The audit chain's head when the drawer closed: on paper, it outlives the file (audit.verify {anchor}). */
  auditHead: z.object({ seq: z.number().int(), hash: z.string() }).nullable().optional(),
  /** The audit log's signed checkpoint at the close (the entries before it), by the hall's key: the inspector checks it offline. */
  checkpoint: signedCheckpointSchema.nullable().optional(),
  /**
   * The roving sellers whose blocks' cash came into the drawer (issue 42; DN 80/85, art. 13.º), each with the
   * cards they sold, what those owed, what was counted and the difference; absent when none did.
   */
  sellers: z
    .array(
      z.object({
        seller: z.string(),
        username: z.string(),
        blocks: z.number().int(),
        cardsSold: z.number().int(),
        owedCents: cents,
        countedCents: cents,
        differenceCents: z.number().int(),
      }),
    )
    .optional(),
  /**
   * What the drawer's exchanges took or paid outside its cash (Lei n.º 83/2017, art. 76.º, n.º 4): chips sold by bank
   * card and by the player's cheque, chips paid back by the house's cheques; handed over with the Z, never counted in
   * it. Absent when there was none.
   */
  outsideDrawer: outsideDrawerView.optional(),
});

export const drawersContract = {
  'drawer.open': channel({
    summary: "Open this terminal's drawer for the shift with its float counted by denomination.",
    kind: 'command',
    topics: ['drawer'],
    roles: DRAWER_ROLES,
    input: z
      .object({
        floatByDenomination: denominationMap,
        /** A casino caixa's chip float by face value (cents as the key), when it holds one. */
        chipFloatByValue: denominationMap.optional(),
      })
      .strict(),
    output: drawerSchema,
  }),
  'drawer.kick': channel({
    summary: 'Open the cash drawer without a sale (change for a note, a count): a manager, or anyone with a manager\'s approval; logged and printed.',
    kind: 'command',
    topics: ['drawer', 'print'],
    roles: DRAWER_ROLES,
    input: z.object({ reason: reasonText, approval: approvalSchema.optional() }).strict(),
    output: z.object({ drawerId: id, jobId: id, at: isoTime, approvedBy: z.string().nullable() }),
  }),
  'drawer.move': channel({
    summary: "A pay-in, pay-out or drop to the safe in this terminal's open drawer, with a reason.",
    kind: 'command',
    topics: ['drawer'],
    roles: DRAWER_ROLES,
    input: z.object({ kind: z.enum(MOVEMENT_KINDS), amountCents: z.number().int().positive(), reason: reasonText }).strict(),
    output: z.object({ movementId: id, drawerId: id, kind: z.enum(MOVEMENT_KINDS), amountCents: cents, reason: z.string(), at: isoTime }),
  }),
  'drawer.close': channel({
    summary:
      "Blind close of this terminal's drawer: the count by denomination; over the hall's threshold a manager accepts the variance with a reason. Prints the Z report.",
    kind: 'command',
    topics: ['drawer', 'print'],
    roles: DRAWER_ROLES,
    input: z
      .object({
        countedByDenomination: denominationMap,
        /** The chips counted by face value: required when the drawer has held chips. */
        countedChipsByValue: denominationMap.optional(),
        approval: approvalSchema.optional(),
        /** Why the manager accepts the variance: required with an approval. */
        reason: reasonText.optional(),
      })
      .strict(),
    /**
     * 'closed' with its Z; or 'awaiting_acceptance': the variance is over the
     * threshold, so the count is recorded as final and its figures can be
     * shown to the manager who accepts it (the close then takes this count).
     */
    output: z.object({
      status: z.enum(['closed', 'awaiting_acceptance']),
      drawerId: id,
      zNumber: z.number().int().positive().nullable(),
      expectedCents: z.number().int(),
      countedCents: cents,
      varianceCents: z.number().int(),
      thresholdCents: cents,
      closedAt: isoTime.nullable(),
      acceptedBy: z.string().nullable(),
      chips: z.object({ expectedCents: z.number().int(), countedCents: cents, varianceCents: z.number().int() }).nullable(),
      /** What to hand over with the Z beside the cash (its «Fora da gaveta»): said on screen too, should the Z not print. */
      outsideDrawer: outsideDrawerView.optional(),
    }),
  }),
  'drawer.current': channel({
    summary: "This terminal's open drawer, or null. Blind: never the expected cash.",
    kind: 'query',
    topics: ['drawer'],
    roles: DRAWER_ROLES,
    input: empty,
    output: drawerSchema.nullable(),
  }),
  'drawer.cash': channel({
    summary: "The cash in this terminal's open drawer now, for a payout (a guia's cash part): null without an open drawer; its cashCents null for a counter role, whose close is blind.",
    kind: 'query',
    topics: ['drawer', 'caixa', 'sales', 'prizes', 'refunds'],
    roles: DRAWER_ROLES,
    input: empty,
    output: z.object({ drawerId: id, cashCents: z.number().int().nullable() }).nullable(),
  }),
  'report.x': channel({
    summary:
      "X report of this terminal's open drawer: printed and returned; does not close it. A counter role's is blind: no amount on screen or paper until its count is on record.",
    kind: 'command',
    topics: ['print'],
    roles: DRAWER_ROLES,
    input: empty,
    output: xReportAnswerSchema,
  }),
  'report.z': channel({
    summary: "A closed drawer's Z report, as recorded at its close (reprint: print.reprint of its job).",
    kind: 'query',
    topics: ['drawer', 'print'],
    roles: DRAWER_ROLES,
    input: z.object({ drawerId: id }).strict(),
    output: zReportSchema.extend({ printJobId: id.nullable() }),
  }),
  'export.zReports': channel({
    summary:
      "The Z reports of a session (the drawers of its night view that closed) or of a period [from, to) of closes, one line per Z with its figures as recorded, as a CSV file for a pt-PT spreadsheet.",
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    // A session, or a period: one object (each channel's input is one JSON object), either but not both.
    input: z
      .object({ sessionId: id.optional(), from: periodFields.from.optional(), to: periodFields.to.optional() })
      .strict()
      .refine((i) => (i.sessionId !== undefined ? i.from === undefined && i.to === undefined : i.from !== undefined && i.to !== undefined), {
        message: 'uma sessão (sessionId) ou um período (from e to)',
      }),
    output: csvFileSchema,
  }),
} as const;

export type DrawerView = z.output<typeof drawerSchema>;
export type XReportView = z.output<typeof xReportSchema>;
export type XReportAnswer = z.output<typeof xReportAnswerSchema>;
export type ZReportView = z.output<typeof zReportSchema>;
export type DrawerChipsView = z.output<typeof chipsSchema>;
