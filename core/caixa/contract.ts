/**
 * The caixa domain's slice of the contract (SPEC 7; Portaria 1441/95,
 * slot-machine rules n.º 2-14): machines, guias, jackpot and superjackpot
 * funds, meter readings and the return-to-player report. Funds are named
 * `machine:<number>` (a machine's jackpot) or `group:<code>` (a group's superjackpot).
 */
import { z } from 'zod';
import { pageFields, pageSchema } from '../paging.js';
import { approvalSchema, CAIXA_DESK, cents, chequeSchema, channel, csvFileSchema, empty, id, isoTime, MANAGERS, periodFields, plainText } from '../schema.js';
import { TRANSFER_BRANCHES } from './rules.js';

const positiveCents = z.number().int().positive().max(100_000_000);
const machineNumber = z.string().trim().regex(/^[A-Za-z0-9._-]{1,20}$/, '1 a 20 letras, algarismos, . _ -');
const groupCode = machineNumber;
/** A model or a location: one line of plain text (kernel's plainText). */
const shortText = (max: number) => plainText(1, max);
const basisPoints = z.number().int().min(0).max(10_000);
const meterValue = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const guiaStatus = z.enum(['unpaid', 'paid', 'void', 'all']);
const guiaKind = z.enum(['jackpot', 'superjackpot', 'hand_pay', 'credits_claim']);
const fundName = plainText(3, 40);

const machineSchema = z.object({
  number: z.string(),
  model: z.string(),
  betCents: cents,
  location: z.string().nullable(),
  group: z.string().nullable(),
  jackpotShareBasisPoints: z.number().int(),
  superjackpotShareBasisPoints: z.number().int(),
  /** What the machine's jackpot fund holds now. */
  jackpotHeldCents: cents,
  lastReadingAt: isoTime.nullable(),
});

const machineFields = {
  model: shortText(60),
  betCents: positiveCents,
  location: shortText(60).nullable().optional(),
  group: groupCode.nullable().optional(),
  jackpotShareBasisPoints: basisPoints.optional(),
  superjackpotShareBasisPoints: basisPoints.optional(),
};

const guiaSchema = z.object({
  guiaId: id,
  number: z.number().int().positive(),
  machineNumber: z.string(),
  model: z.string(),
  kind: guiaKind,
  amountCents: cents,
  fund: z.string().nullable(),
  meters: z.object({ coinsIn: z.number().int(), prizesPaid: z.number().int(), coinsCollected: z.number().int() }).partial().nullable(),
  notes: z.string().nullable(),
  issuedAt: isoTime,
  issuedBy: z.string(),
  status: z.enum(['unpaid', 'paid', 'void']),
  payment: z
    .object({
      cashCents: cents,
      cheques: z.array(z.object({ amountCents: cents, number: z.string(), bank: z.string() })),
      paidAt: isoTime,
      paidBy: z.string(),
    })
    .nullable(),
  voidReason: z.string().nullable(),
  /** The guia's print job (both copies, queued in order), when a printer was there. */
  printJobId: id.nullable(),
});

const fundHeldSchema = z.object({
  fund: z.string(),
  kind: z.enum(['jackpot', 'superjackpot']),
  heldCents: cents,
  machines: z.array(z.string()),
  model: z.string().nullable(),
  betCents: cents.nullable(),
});

export const caixaContract = {
  'machine.register': channel({
    summary: 'Register a slot machine: identification number, model, bet value, location, superjackpot group, fund shares.',
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ number: machineNumber, ...machineFields }).strict(),
    output: machineSchema,
  }),
  'machine.update': channel({
    summary: "Edit a machine's model, bet value, location, group or fund shares (its number never changes).",
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ number: machineNumber, ...machineFields }).strict(),
    output: machineSchema,
  }),
  'machine.import': channel({
    summary: 'Register machines from a CSV file (number,model,bet,location,group): the whole file or nothing, a bad row named by its line.',
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ csv: z.string().min(1).max(2_000_000) }).strict(),
    output: z.object({ imported: z.number().int(), numbers: z.array(z.string()) }),
  }),
  'machine.list': channel({
    summary: 'Every machine with its jackpot fund and last meter reading.',
    kind: 'query',
    topics: ['caixa'],
    roles: CAIXA_DESK,
    input: empty,
    output: z.array(machineSchema),
  }),
  'guia.issue': channel({
    summary: 'Issue a guia for a prize the machine cannot pay (n.º 13): the next number, never reused; both copies printed.',
    kind: 'command',
    topics: ['caixa', 'print'],
    roles: CAIXA_DESK,
    input: z
      .object({
        machineNumber,
        amountCents: positiveCents,
        kind: guiaKind,
        meters: z.object({ coinsIn: meterValue, prizesPaid: meterValue, coinsCollected: meterValue }).partial().strict().optional(),
        notes: shortText(200).optional(),
      })
      .strict(),
    output: guiaSchema,
  }),
  'guia.pay': channel({
    summary:
      "Pay a guia once: a cash part from this terminal's drawer plus cheque parts, adding up to the amount; over the hall's threshold a manager's approval; cheques only to an identified winner, and the winner identified where the day's payments reach the identification threshold (Lei n.º 83/2017, art. 76.º).",
    kind: 'command',
    topics: ['caixa', 'drawer', 'print'],
    roles: CAIXA_DESK,
    input: z
      .object({
        guiaId: id,
        cashCents: cents.max(100_000_000),
        cheques: z.array(chequeSchema).max(10).default([]),
        approval: approvalSchema.optional(),
        /** The winner's identification (person.identify): needed for any cheque and where the day's payments reach the threshold (Lei n.º 83/2017, art. 76.º). */
        personId: id.optional(),
      })
      .strict(),
    output: guiaSchema,
  }),
  'guia.void': channel({
    summary: "Void an unpaid guia with a reason and a manager's approval: it stays on record, its number is not reused.",
    kind: 'command',
    topics: ['caixa'],
    roles: CAIXA_DESK,
    input: z.object({ guiaId: id, reason: shortText(200).pipe(z.string().min(3)), approval: approvalSchema }).strict(),
    output: guiaSchema,
  }),
  'guia.reprint': channel({
    summary: 'Print a guia again (both copies), marked 2.ª VIA; never opens the drawer.',
    kind: 'command',
    topics: ['print'],
    roles: CAIXA_DESK,
    input: z.object({ guiaId: id }).strict(),
    output: z.object({ guiaId: id, printJobIds: z.array(id) }),
  }),
  'guia.find': channel({
    summary: "A guia by its number or by its printed QR code's text.",
    kind: 'query',
    topics: ['caixa'],
    roles: CAIXA_DESK,
    input: z.object({ query: z.string().trim().min(1).max(120) }).strict(),
    output: guiaSchema,
  }),
  'guia.list': channel({
    summary:
      'Guias, newest first, a page at a time (keyset paging by guia number; cursor: the last number of the page before; at most 500 a page): unpaid, paid, void or all, issued in a period [from, to) when given.',
    kind: 'query',
    topics: ['caixa'],
    roles: CAIXA_DESK,
    input: z
      .object({ status: guiaStatus.default('all'), from: isoTime.optional(), to: isoTime.optional(), ...pageFields })
      .strict(),
    output: pageSchema('guias', guiaSchema),
  }),
  'export.guias': channel({
    summary: 'The guias issued in a period [from, to) (of a status, all by default) as a CSV file for a pt-PT spreadsheet, in number order.',
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    input: z.object({ ...periodFields, status: guiaStatus.default('all') }).strict(),
    output: csvFileSchema,
  }),
  'jackpot.contribute': channel({
    summary: 'Put an amount into a jackpot (machine:<n>) or superjackpot (group:<code>) fund, entered by a manager.',
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ fund: fundName, amountCents: positiveCents }).strict(),
    output: z.object({ fund: z.string(), heldCents: cents }),
  }),
  'jackpot.transfer': channel({
    summary:
      "Move a fund whole (n.º 6) to another machine or group of the same model and bet ('same_model'), or, only where the hall has none, to the machines the Inspecção-Geral de Jogos authorised, of any model ('inspectorate'); with the authorisation's reference and a second manager's approval.",
    kind: 'command',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z
      .object({ from: fundName, to: fundName, branch: z.enum(TRANSFER_BRANCHES).default('same_model'), authorisationRef: shortText(60), approval: approvalSchema })
      .strict(),
    output: z.object({ from: z.string(), to: z.string(), branch: z.enum(TRANSFER_BRANCHES), authorisationRef: z.string(), amountCents: cents, toHeldCents: cents }),
  }),
  'jackpot.transfers': channel({
    summary: 'The funds moved (n.º 6), newest first (at most 50): from, to, amount, the branch of n.º 6, the authorisation reference, who moved and who approved.',
    kind: 'query',
    topics: ['caixa'],
    roles: MANAGERS,
    input: empty,
    output: z.array(
      z.object({
        transferId: id,
        at: isoTime,
        from: z.string(),
        to: z.string(),
        amountCents: cents,
        branch: z.enum(TRANSFER_BRANCHES),
        authorisationRef: z.string(),
        operator: z.string(),
        approvedBy: z.string(),
      }),
    ),
  }),
  'meters.record': channel({
    summary:
      "A machine's meter reading (n.º 9): coins in, prizes paid, coins collected, as whole numbers of credits; lower than the last only as a rollover or a reset.",
    kind: 'command',
    topics: ['caixa'],
    roles: CAIXA_DESK,
    input: z
      .object({
        machineNumber,
        coinsIn: meterValue,
        prizesPaid: meterValue,
        coinsCollected: meterValue,
        kind: z.enum(['reading', 'rollover', 'reset']).default('reading'),
        /** A rollover's meter capacity, e.g. 100000000. */
        modulus: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      })
      .strict(),
    output: z.object({
      readingId: id,
      delta: z.object({ coinsIn: z.number().int(), prizesPaid: z.number().int(), coinsCollected: z.number().int() }),
      contributions: z.array(z.object({ fund: z.string(), amountCents: cents })),
    }),
  }),
  'report.machineReturn': channel({
    summary: "Each machine's return to players over a period (n.º 2): machine prizes plus guias over the amounts played, flagged under 80 %.",
    kind: 'query',
    topics: ['caixa'],
    roles: MANAGERS,
    input: z.object({ from: isoTime, to: isoTime }).strict(),
    output: z.object({
      from: isoTime,
      to: isoTime,
      minimumBasisPoints: z.number().int(),
      machines: z.array(
        z.object({
          number: z.string(),
          model: z.string(),
          playedCents: cents,
          machinePrizesCents: cents,
          guiasCents: cents,
          readings: z.number().int(),
          returnBasisPoints: z.number().int().nullable(),
          below: z.boolean(),
        }),
      ),
    }),
  }),
  'export.machineReturn': channel({
    summary: "Each machine's return to players over a period (report.machineReturn's figures) as a CSV file for a pt-PT spreadsheet.",
    kind: 'query',
    topics: [],
    roles: MANAGERS,
    input: z.object(periodFields).strict(),
    output: csvFileSchema,
  }),
  'report.fundsHeld': channel({
    summary: 'Every jackpot and superjackpot fund and what it holds: the concessionaire\'s custody for the players ("valores cativos", n.º 5).',
    kind: 'query',
    topics: ['caixa'],
    roles: MANAGERS,
    input: empty,
    output: z.object({
      funds: z.array(fundHeldSchema),
      totalCents: cents,
      /**
       * The bingo's accumulated special prize fund (DN art. 10), also held for the players: while the prize is on,
       * and frozen while it holds money after the prize was switched off. Null when there is none.
       */
      specialFund: z.object({ heldCents: cents, frozen: z.boolean() }).nullable(),
    }),
  }),
} as const;

export type MachineView = z.output<typeof machineSchema>;
export type GuiaView = z.output<typeof guiaSchema>;
export type MachineReturnRow = z.output<(typeof caixaContract)['report.machineReturn']['output']>['machines'][number];
