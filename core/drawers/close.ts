/**
 * The day's close (issue 8, part 3; SPEC 9): the manager closes the session
 * once every game is finished or annulled and the end-of-session check of the
 * balls is in the acta (art. 5.2). The acta gets its end time and becomes
 * final (art. 17.3), the unpaid prizes and refunds are carried to the next
 * session, and a backup is taken. This file is the close's part of the drawers
 * domain's contract slice and error codes.
 */
import { z } from 'zod';
import { channel, cents, id, isoTime, MANAGERS } from '../schema.js';

const carriedPrize = z.object({
  winnerId: id,
  gameNumber: z.number().int(),
  kind: z.enum(['line', 'bingo', 'special']),
  seriesCode: z.string(),
  card: z.number().int(),
  prizeCents: cents,
});

const carriedRefund = z.object({ saleId: id, gameNumber: z.number().int(), amountCents: cents });

const carriedGuia = z.object({ guiaId: id, number: z.number().int(), machineNumber: z.string(), amountCents: cents });

const tally = z.object({ count: z.number().int(), cents });

/** What stands between the session and its close (SPEC 9), in the order the close refuses them. */
export type DayCloseBlocker =
  | { kind: 'game'; number: number; state: string }
  | { kind: 'drawer'; terminalId: string; operator: string }
  | { kind: 'double_pending'; number: number }
  | { kind: 'end_check' };

const blockerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('game'), number: z.number().int(), state: z.string() }),
  z.object({ kind: z.literal('drawer'), terminalId: z.string(), operator: z.string() }),
  z.object({ kind: z.literal('double_pending'), number: z.number().int() }),
  z.object({ kind: z.literal('end_check') }),
]);

/**
 * The open items blocking the day's close: each game neither finished nor
 * annulled, each open drawer, each double game still owed its second, and the end-of-session check of the balls
 * (art. 5.2) when it is not in the acta. Empty: the session can close.
 */
export function dayCloseBlockers(f: {
  games: readonly { number: number; state: string }[];
  openDrawers: readonly { terminalId: string; operator: string }[];
  /** Double first games whose second game was not played yet (art. 3.5): their cards are owed a game. */
  doublePending?: readonly number[];
  endBallsChecked: boolean;
}): DayCloseBlocker[] {
  return [
    ...f.games.filter((g) => g.state !== 'finished' && g.state !== 'annulled').map((g): DayCloseBlocker => ({ kind: 'game', number: g.number, state: g.state })),
    ...f.openDrawers.map((d): DayCloseBlocker => ({ kind: 'drawer', terminalId: d.terminalId, operator: d.operator })),
    ...(f.doublePending ?? []).map((number): DayCloseBlocker => ({ kind: 'double_pending', number })),
    ...(f.endBallsChecked ? [] : [{ kind: 'end_check' } as const]),
  ];
}

export const dayCloseContract = {
  'session.overview': channel({
    summary:
      "The manager's night view of a session: sales per game, each drawer's cash, prizes and refunds paid and unpaid (and carried in), the special fund, and what blocks the close.",
    kind: 'query',
    topics: ['session', 'game', 'sales', 'prizes', 'refunds', 'drawer', 'acta'],
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({
      sessionId: id,
      openedAt: isoTime,
      scheduledCloseAt: isoTime,
      closedAt: isoTime.nullable(),
      games: z.array(z.object({ number: z.number().int(), state: z.string(), isLast: z.boolean(), cardsSold: z.number().int(), totalCents: cents })),
      /** The drawers whose shift overlaps the session, by terminal then opening. */
      drawers: z.array(
        z.object({
          drawerId: id,
          terminalId: z.string(),
          operator: z.string(),
          openedAt: isoTime,
          floatCents: cents,
          closedAt: isoTime.nullable(),
          /** Open: the cash it should hold now; closed: what it should have held at its close. */
          cashCents: z.number().int(),
          countedCents: cents.nullable(),
          varianceCents: z.number().int().nullable(),
          /** A caixa's chips counted at the close minus expected; null without chips or still open. */
          chipsVarianceCents: z.number().int().nullable(),
          zNumber: z.number().int().nullable(),
        }),
      ),
      /** This session's prizes (voided ones left out), and those carried in from earlier sessions still unpaid. */
      prizes: z.object({ paid: tally, unpaid: tally, carriedIn: tally }),
      /** Refunds of this session's annulled games, and those carried in still unpaid. */
      refunds: z.object({ paid: tally, unpaid: tally, carriedIn: tally }),
      /** Guias issued and not yet paid (they belong to no session: carried at every close). */
      guiasUnpaid: tally,
      /** The special prize fund now, when the hall has the prize. */
      /** The accumulated special prize's fund (art. 10): shown while the prize is on, and while it holds money after it was switched off. */
      specialFundCents: cents.nullable(),
      /** The prize is off and the fund holds the players' money: frozen until a manager carries it to a new prize. */
      specialFundFrozen: z.boolean(),
      blockers: z.array(blockerSchema),
    }),
  }),

  'session.close': channel({
    summary: "Close the day's session: every game finished or annulled, the end check of the balls recorded; the acta becomes final, unpaid prizes and refunds are carried, a backup is taken.",
    kind: 'command',
    topics: ['session', 'game', 'acta', 'prizes', 'refunds'],
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({
      sessionId: id,
      closedAt: isoTime,
      /** Carried to the next session: still payable there, listed in its prizes, refunds and guias. */
      carried: z.object({ prizes: z.array(carriedPrize), refunds: z.array(carriedRefund), guias: z.array(carriedGuia) }),
      backup: z.object({ file: z.string(), bytes: z.number().int() }).nullable(),
      /** Why the backup failed, when it did (the close stands: take one with backup.create). */
      backupError: z.string().nullable(),
    }),
  }),
} as const;

