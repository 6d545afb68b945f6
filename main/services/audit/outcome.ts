/**
 * command.outcome (issue 37): a counter that lost a command's answer asks
 * what became of its key, and the hall answers one fact in one write
 * transaction, serialized with every command: the key kept (done, with its
 * answer), or not (not done). A key the hall never received is given up in
 * that same transaction, so the command, arriving later, is refused
 * (COMMAND_GIVEN_UP) and "not done" stays true.
 *
 * The terminal is the transport's (keys are the terminal's own); no operator
 * is needed: the hall may have restarted and its sessions gone meanwhile.
 */
import type { CommandOutcome } from '../../../core/audit/contract.js';
import { keepsKey } from '../../../core/contract.js';
import { KioskError } from '../../../core/errors.js';
import { giveUpKey, keptAnswer } from '../../../db/idempotency.js';
import { command, done, type HandlerSlice } from '../shared/context.js';

export const outcomeHandlers: HandlerSlice<'command.outcome'> = {
  'command.outcome': command((ctx, input) => {
    // Only a command whose key the hall keeps can have been lost: anything else names no command, and is given up nothing.
    if (!keepsKey(input.channel)) throw new KioskError('UNKNOWN_CHANNEL', { channel: input.channel.slice(0, 80) });
    const kept = keptAnswer(ctx.db, ctx.terminalId, input.key);
    if (kept?.outcome === 'done') {
      const answer: CommandOutcome =
        kept.answer === null
          ? { outcome: 'done', channel: kept.channel, value: null, answerLost: true }
          : { outcome: 'done', channel: kept.channel, value: JSON.parse(kept.answer) as unknown, answerLost: false };
      // The audit row says what was answered, not the answer again (it is the command's own row's).
      return done(answer, { after: { outcome: 'done', channel: kept.channel } });
    }
    const notDone: CommandOutcome = { outcome: 'not_done' };
    if (kept?.outcome === 'given_up') return done(notDone, { after: { outcome: 'not_done', givenUp: 'before' } });
    return {
      value: notDone,
      audit: { after: { outcome: 'not_done', givenUp: 'now' } },
      audited: (auditSeq) =>
        giveUpKey(ctx.db, { terminalId: ctx.terminalId, key: input.key, channel: input.channel, operatorId: ctx.operator?.id ?? null, at: ctx.at, auditSeq }),
    };
  }),
};
