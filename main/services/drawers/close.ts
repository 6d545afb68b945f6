/** The day's close (SPEC 9): the session's end, its acta made final, what is carried, a backup. */
import { dayCloseBlockers, type DayCloseBlocker } from '../../../core/drawers/close.js';
import { KioskError } from '../../../core/errors.js';
import type { ReadableDb } from '../../../db/connection.js';
import { hallSettings } from '../../../db/people.js';
import { createBackup } from '../../../db/backup.js';
import { unpaidGuias } from '../../../db/caixa.js';
import { carriedUnpaidWinners, winnersOfSession } from '../../../db/bingo/draw.js';
import { closureOf, doubleFirstsWithoutSecond, gamesOfSession } from '../../../db/bingo/games.js';
import { carriedRefunds, gameSalesTotals, refundableSales } from '../../../db/bingo/sales.js';
import { hasCheck, markSessionClosed, sessionById } from '../../../db/bingo/sessions.js';
import { chipCountOf, drawerExpectedCash, drawersDuring, openDrawers } from '../../../db/drawers.js';
import { signCheckpoint } from '../shared/signing/checkpoint.js';
import { command, finishAfterCommit, query, type HandlerSlice } from '../shared/context.js';
import { specialFundState } from '../../../core/bingo/prizes.js';
import { specialFundHeld } from '../../../db/bingo/special.js';

function blockersOf(db: ReadableDb, sessionId: number): DayCloseBlocker[] {
  return dayCloseBlockers({
    games: gamesOfSession(db, sessionId),
    openDrawers: openDrawers(db).map((d) => ({ terminalId: d.terminalId, operator: d.openedBy })),
    doublePending: doubleFirstsWithoutSecond(db, sessionId),
    endBallsChecked: hasCheck(db, sessionId, 'end', 'balls'),
  });
}

const tally = (items: readonly number[]) => ({ count: items.length, cents: items.reduce((s, c) => s + c, 0) });

export const dayCloseHandlers: HandlerSlice<'session.close' | 'session.overview'> = {
  'session.overview': query((ctx, input) => {
    const session = sessionById(ctx.db, input.sessionId);
    if (!session) throw new KioskError('SESSION_NOT_FOUND', { sessionId: input.sessionId });
    const games = gamesOfSession(ctx.db, session.id).map((g) => {
      const closure = closureOf(ctx.db, g.id);
      const sold = closure ? { cards: closure.cardsSold, cents: closure.totalCents } : gameSalesTotals(ctx.db, g.id);
      return { number: g.number, state: g.state, isLast: g.isLast === 1, cardsSold: sold.cards, totalCents: sold.cents };
    });
    const drawers = drawersDuring(ctx.db, session.openedAt, session.closedAt).map((d) => ({
      drawerId: d.id,
      terminalId: d.terminalId,
      operator: d.openedBy,
      openedAt: d.openedAt,
      floatCents: d.floatCents,
      closedAt: d.close?.closedAt ?? null,
      cashCents: d.close ? d.close.expectedCents : drawerExpectedCash(ctx.db, d),
      countedCents: d.close?.countedCents ?? null,
      varianceCents: d.close?.varianceCents ?? null,
      chipsVarianceCents: chipCountOf(ctx.db, d.id, 'close')?.varianceCents ?? null,
      zNumber: d.close?.zNumber ?? null,
    }));
    const winners = winnersOfSession(ctx.db, session.id);
    const prizesOf = (status: string) => tally(winners.filter((w) => w.status === status).map((w) => w.prizeCents));
    const refunds = refundableSales(ctx.db, session.id);
    const specialHeld = specialFundHeld(ctx.db);
    const specialState = specialFundState(hallSettings(ctx.db).specialPrize, specialHeld);
    return {
      sessionId: session.id,
      openedAt: session.openedAt,
      scheduledCloseAt: session.scheduledCloseAt,
      closedAt: session.closedAt,
      games,
      drawers,
      prizes: { paid: prizesOf('paid'), unpaid: prizesOf('unpaid'), carriedIn: tally(carriedUnpaidWinners(ctx.db, session.id).map((w) => w.prizeCents)) },
      refunds: {
        paid: tally(refunds.filter((r) => r.refundedAt !== null).map((r) => r.amountCents)),
        unpaid: tally(refunds.filter((r) => r.refundedAt === null).map((r) => r.amountCents)),
        carriedIn: tally(carriedRefunds(ctx.db, session.id).map((r) => r.amountCents)),
      },
      guiasUnpaid: tally(unpaidGuias(ctx.db).map((g) => g.amountCents)),
      // Shown while the prize is on and, frozen, while the fund still holds the players' money (art. 10).
      specialFundCents: specialState === 'none' ? null : specialHeld,
      specialFundFrozen: specialState === 'frozen',
      blockers: session.closedAt ? [] : blockersOf(ctx.db, session.id),
    };
  }),

  'session.close': command((ctx, input) => {
    const session = sessionById(ctx.db, input.sessionId);
    if (!session) throw new KioskError('SESSION_NOT_FOUND', { sessionId: input.sessionId });
    if (session.closedAt) throw new KioskError('SESSION_CLOSED', { sessionId: session.id, closedAt: session.closedAt });
    const blockers = blockersOf(ctx.db, session.id);
    const games = blockers.flatMap((b) => (b.kind === 'game' ? [b.number] : []));
    if (games.length > 0) throw new KioskError('SESSION_GAMES_UNFINISHED', { games: games.join(', ') });
    const terminals = blockers.flatMap((b) => (b.kind === 'drawer' ? [b.terminalId] : []));
    if (terminals.length > 0) throw new KioskError('SESSION_DRAWERS_OPEN', { terminals: terminals.join(', ') });
    const pair = blockers.find((b) => b.kind === 'double_pending');
    if (pair) throw new KioskError('SESSION_DOUBLE_PENDING', { number: pair.number });
    if (blockers.some((b) => b.kind === 'end_check')) throw new KioskError('SESSION_END_CHECK_MISSING');
    markSessionClosed(ctx.db, session.id, ctx.at);
    // The acta's checkpoint: the log up to the close, signed by the hall's key (the inspector's export proves the session's entries by it).
    signCheckpoint(ctx, ctx.keys.current(), { reason: 'session', ref: { type: 'session', id: session.id } });
    // What is still owed to players goes on: the next session lists and pays it.
    const carried = {
      prizes: carriedUnpaidWinners(ctx.db, session.id + 1).map((w) => ({
        winnerId: w.winnerId,
        gameNumber: w.gameNumber,
        kind: w.kind,
        seriesCode: w.seriesCode,
        card: w.card,
        prizeCents: w.prizeCents,
      })),
      refunds: carriedRefunds(ctx.db, session.id + 1).map((r) => ({ saleId: r.saleId, gameNumber: r.gameNumber, amountCents: r.amountCents })),
      // Guias belong to no session: every unpaid one is listed and stays payable (SPEC 7).
      guias: unpaidGuias(ctx.db).map((g) => ({ guiaId: g.id, number: g.number, machineNumber: g.machineNumber, amountCents: g.amountCents })),
    };
    const closed = { sessionId: session.id, closedAt: ctx.at, carried };
    // The backup follows the commit, so that it holds the closed session; a failed
    // backup does not undo the close (it is said, and can be taken again).
    return finishAfterCommit(
      async (read) => {
        try {
          const b = await createBackup(read.db, read.dataDir, read.now, {
            keep: hallSettings(read.db).backupsKept,
            onProgress: (pages, total) => read.io.progress('backup', pages, total),
          check: (file) => read.io.checkBackup(file),
          });
          return { ...closed, backup: { file: b.file, bytes: b.bytes }, backupError: null };
        } catch (e) {
          return { ...closed, backup: null, backupError: e instanceof Error ? e.message : String(e) };
        }
      },
      { before: { closedAt: null }, after: closed },
    );
  }),
};
