/**
 * The day's close (issue 8, part 3; SPEC 9): the manager closes the session
 * once every game is finished or annulled and the end-of-session check of the
 * balls is in the acta (art. 5.2). The acta gets its end time and becomes
 * final (art. 17.3), the unpaid prizes and refunds are carried to the next
 * session, and a backup is taken. This file is the close's part of the drawers
 * domain's contract slice and error codes.
 */
import { z } from 'zod';
import { errors } from '../catalogue.js';
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

export const dayCloseContract = {
  'session.close': channel({
    summary: "Close the day's session: every game finished or annulled, the end check of the balls recorded; the acta becomes final, unpaid prizes and refunds are carried, a backup is taken.",
    kind: 'command',
    topics: ['session', 'game', 'acta', 'prizes', 'refunds'],
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({
      sessionId: id,
      closedAt: isoTime,
      /** Carried to the next session: still payable there, listed in its prizes and refunds. */
      carried: z.object({ prizes: z.array(carriedPrize), refunds: z.array(carriedRefund) }),
      backup: z.object({ file: z.string(), bytes: z.number().int() }).nullable(),
      /** Why the backup failed, when it did (the close stands: take one with backup.create). */
      backupError: z.string().nullable(),
    }),
  }),
} as const;

export const dayCloseErrors = errors({
  SESSION_CLOSED: {
    pt: (p) => `A sessão n.º ${p.sessionId} já foi encerrada às ${p.closedAt}: nada dela pode ser alterado (art. 17.º, n.º 3).`,
    en: (p) => `Session no. ${p.sessionId} was closed at ${p.closedAt}: nothing of it can change (art. 17(3)).`,
  },
  SESSION_GAMES_UNFINISHED: {
    pt: (p) => `A sessão não pode ser encerrada: a(s) jogada(s) ${p.games} ainda não terminaram nem foram anuladas.`,
    en: (p) => `The session cannot be closed: game(s) ${p.games} are neither finished nor annulled.`,
  },
  SESSION_END_CHECK_MISSING: {
    pt: () => 'Registe primeiro a verificação das bolas no fim da sessão (art. 5.º, n.º 2): Acta → Verificações → Fim, bolas.',
    en: () => 'First record the end-of-session check of the balls (art. 5(2)): Acta → Checks → End, balls.',
  },
  SESSION_DRAWERS_OPEN: {
    pt: (p) => `A sessão não pode ser encerrada: a gaveta do(s) terminal(is) ${p.terminals} ainda está aberta; feche-a com a contagem cega.`,
    en: (p) => `The session cannot be closed: the drawer of terminal(s) ${p.terminals} is still open; close it with a blind count.`,
  },
});
