/** The people domain's slice of the contract: setup, PIN login, operators, hall settings. */
import { z } from 'zod';
import { ROLES } from '../roles.js';
import { channel, empty, EVERYONE, id, isoTime, MANAGERS, pin, plainText, username } from '../schema.js';
import { IDENTIFICATION_MOMENTS, settingsSchema, specialPrizeSchema } from '../settings.js';
import { HALL_TIME_ZONES } from '../time.js';

const operatorSchema = z.object({
  id,
  username: z.string(),
  name: z.string(),
  roles: z.array(z.enum(ROLES)),
});

export const peopleContract = {
  'setup.status': channel({
    summary: "Whether the hall is set up; the terminal, the language and the hall's time zone.",
    kind: 'query',
    topics: ['hall'],
    roles: 'public',
    input: empty,
    output: z.object({
      initialized: z.boolean(),
      hallName: z.string().nullable(),
      /** Every screen shows times on the hall's clock, the login's too (the mainland's until the hall is set up). */
      timeZone: z.enum(HALL_TIME_ZONES),
      terminalId: z.string(),
      /** 'other': the data folder's pin.key is not the one the PINs were sealed with (lost, or another hall's). */
      pinKey: z.enum(['ok', 'other']),
    }),
  }),
  'auth.staff': channel({
    summary:
      "The active staff as tiles for a touch counter: login and approvals by a tap on a name, then the PIN; a roving seller picked by a tap (seller.handOut takes the id). Names and ids only: no roles beyond whether one approves, no PIN state.",
    kind: 'query',
    topics: ['users'],
    roles: 'public',
    input: empty,
    output: z.array(z.object({ id, username: z.string(), name: z.string(), approver: z.boolean() })),
  }),
  'setup.init': channel({
    secretAnswer: true,
    summary: 'First run on an empty database: create the hall and its first admin.',
    kind: 'command',
    topics: ['hall', 'users', 'settings'],
    roles: 'public',
    input: z
      .object({
        hallName: plainText(2, 80),
        licence: plainText(0, 80).optional(),
        admin: z.object({ username, name: plainText(2, 80), pin }).strict(),
      })
      .strict(),
    output: z.object({ hallName: z.string(), adminId: id, recoveryCode: z.string() }),
  }),
  'auth.recover': channel({
    secretAnswer: true,
    summary: "An admin's recovery code sets a new PIN (every admin blocked, or the PIN key lost); a new code replaces it.",
    kind: 'command',
    topics: ['users', 'hall'],
    roles: 'public',
    input: z.object({ username, recoveryCode: z.string().max(40), pin }).strict(),
    output: z.object({ operator: operatorSchema, recoveryCode: z.string() }),
  }),
  'users.newRecoveryCode': channel({
    secretAnswer: true,
    summary: "A new recovery code for the admin logged in (shown once; the one before stops working).",
    kind: 'command',
    topics: ['users'],
    roles: ['admin'],
    input: empty,
    output: z.object({ recoveryCode: z.string() }),
  }),
  'auth.login': channel({
    secretAnswer: true,
    summary: 'PIN login; the 5th wrong PIN in a row blocks the user at this terminal for 5 minutes, then 10, 20… up to 4 hours.',
    kind: 'command',
    topics: ['users'],
    roles: 'public',
    input: z.object({ username, pin }).strict(),
    output: z.object({ operatorToken: z.string(), operator: operatorSchema }),
  }),
  'auth.logout': channel({
    summary: 'End this operator session (lock the screen).',
    kind: 'command',
    topics: [],
    roles: EVERYONE,
    input: empty,
    output: z.object({}),
  }),
  'auth.me': channel({
    summary: 'The operator behind the token.',
    kind: 'query',
    topics: ['users'],
    roles: EVERYONE,
    input: empty,
    output: operatorSchema,
  }),
  'users.create': channel({
    summary: 'Create an operator with roles and a PIN.',
    kind: 'command',
    topics: ['users'],
    roles: ['admin'],
    input: z
      .object({
        username,
        name: plainText(2, 80),
        roles: z.array(z.enum(ROLES)).min(1),
        pin,
      })
      .strict(),
    output: operatorSchema,
  }),
  'users.list': channel({
    summary: 'Every operator, active or not, with any lock-out in force.',
    kind: 'query',
    topics: ['users'],
    roles: MANAGERS,
    input: empty,
    output: z.array(operatorSchema.extend({ lockedUntil: isoTime.nullable(), active: z.boolean(), shortPin: z.boolean() })),
  }),
  'users.update': channel({
    summary: "Change an operator's name, roles or active state (audited; their sessions end so the change takes effect).",
    kind: 'command',
    topics: ['users'],
    roles: ['admin'],
    input: z
      .object({
        operatorId: id,
        name: plainText(2, 80).optional(),
        roles: z.array(z.enum(ROLES)).min(1).optional(),
        active: z.boolean().optional(),
      })
      .strict(),
    output: operatorSchema.extend({ active: z.boolean() }),
  }),
  'users.resetPin': channel({
    summary: "Give an operator a new PIN (audited, the PIN itself never logged); any lock-out ends and their sessions end.",
    kind: 'command',
    topics: ['users'],
    roles: ['admin'],
    input: z.object({ operatorId: id, pin }).strict(),
    output: operatorSchema.extend({ active: z.boolean() }),
  }),
  'users.unlock': channel({
    summary: "End an operator's lock-out after wrong PINs, before it runs out (audited).",
    kind: 'command',
    topics: ['users'],
    roles: MANAGERS,
    input: z.object({ operatorId: id }).strict(),
    output: operatorSchema.extend({ active: z.boolean() }),
  }),
  'settings.get': channel({
    summary: 'Hall settings.',
    kind: 'query',
    topics: ['hall', 'settings'],
    roles: EVERYONE,
    input: empty,
    output: settingsSchema,
  }),
  'settings.update': channel({
    summary: 'Change hall settings.',
    kind: 'command',
    topics: ['hall', 'settings'],
    roles: MANAGERS,
    input: z
      .object({
        hallName: plainText(2, 80).optional(),
        licence: plainText(0, 80).nullable().optional(),
        /** One of HALL_TIME_ZONES, admins only; any other text is refused by the rule (TIME_ZONE_NOT_ALLOWED) with its own code. */
        timeZone: z.string().max(64).optional(),
        maxCardsPerSale: z.number().int().min(1).max(10000).optional(),
        chipsAllowed: z.boolean().optional(),
        stampDutyBasisPoints: z.number().int().min(0).max(10_000).optional(),
        specialPrize: specialPrizeSchema.nullable().optional(),
        drawerVarianceThresholdCents: z.number().int().min(0).max(1_000_000).optional(),
        backupsKept: z.number().int().min(1).max(1000).optional(),
        /** An absolute folder (a mounted disk or share); null: no copy off the machine. */
        backupCopyDir: z.string().trim().min(1).max(400).regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'uma pasta absoluta').nullable().optional(),
        backupCopiesKept: z.number().int().min(1).max(1000).optional(),
        guiaApprovalThresholdCents: z.number().int().min(0).max(100_000_000).nullable().optional(),
        shiftHours: z.number().int().min(1).max(24).optional(),
        longManagerPins: z.boolean().optional(),
        identificationMoment: z.enum(IDENTIFICATION_MOMENTS).optional(),
        entryRegister: z.boolean().optional(),
        // Up to the law's own 2 000 €: a hall may ask earlier, never later.
        identificationThresholdCents: z.number().int().min(1).max(200_000).optional(),
      })
      .strict(),
    output: settingsSchema,
  }),
} as const;

export type OperatorView = z.output<typeof operatorSchema>;
