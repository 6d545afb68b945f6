/**
 * The accumulated special prize's fund (DN art. 10): money held for the
 * players, never reduced but by a win. Switched off, the prize leaves its
 * fund frozen, on every report; a manager's recorded decision carries it to
 * a new prize, whose N is announced from the next session on.
 */
import { specialFundState } from '../../../core/bingo/prizes.js';
import { KioskError } from '../../../core/errors.js';
import { appendActa, openSession } from '../../../db/bingo/sessions.js';
import { insertSpecialFundDecision, specialFundDecisions, specialFundHeld } from '../../../db/bingo/special.js';
import { hallSettings, saveSetting } from '../../../db/people.js';
import { command, done, operatorOf, query, type HandlerSlice } from '../shared/context.js';

export const specialHandlers: HandlerSlice<'specialPrize.fund' | 'specialPrize.carry'> = {
  'specialPrize.fund': query((ctx) => {
    const heldCents = specialFundHeld(ctx.db);
    return {
      heldCents,
      state: specialFundState(hallSettings(ctx.db).specialPrize, heldCents),
      decisions: specialFundDecisions(ctx.db).map(({ at, by, amountCents, decision, prize }) => ({ at, by, amountCents, decision, prize })),
    };
  }),

  'specialPrize.carry': command((ctx, input) => {
    const settings = hallSettings(ctx.db).specialPrize;
    const heldCents = specialFundHeld(ctx.db);
    if (specialFundState(settings, heldCents) !== 'frozen') throw new KioskError('SPECIAL_FUND_NOT_FROZEN');
    // What the dialog said is what is carried: a fund changed since is shown again first.
    if (input.amountCents !== heldCents) throw new KioskError('SPECIAL_FUND_CHANGED', { shownCents: input.amountCents, heldCents });
    const operator = operatorOf(ctx);
    const decisionId = insertSpecialFundDecision(ctx.db, { at: ctx.at, operatorId: operator.id, amountCents: heldCents, decision: input.decision, prize: input.prize });
    const prize = { enabled: true, ...input.prize };
    saveSetting(ctx.db, 'specialPrize', prize);
    const session = openSession(ctx.db);
    if (session) {
      appendActa(ctx.db, {
        sessionId: session.id,
        gameId: null,
        at: ctx.at,
        kind: 'special_fund_carried',
        data: { amountCents: heldCents, decision: input.decision, by: operator.username, prize: input.prize },
      });
    }
    return done({ heldCents, decisionId }, { before: { specialPrize: settings, heldCents }, after: { specialPrize: prize, heldCents, decision: input.decision } });
  }),
};
