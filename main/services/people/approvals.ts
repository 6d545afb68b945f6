/** The managers' alert of wrong approval PINs at this terminal (core/people/approvals.ts): read it, mark it seen. */
import { command, done, query, type HandlerSlice } from '../shared/context.js';
import { acknowledgeApprovalAlert, approvalAlertOf } from '../shared/credentials.js';

export const approvalsHandlers: HandlerSlice<'approvals.alert' | 'approvals.acknowledge'> = {
  'approvals.alert': query((ctx) => approvalAlertOf(ctx.memo, ctx.terminalId)),
  'approvals.acknowledge': command((ctx, input) => {
    const seen = acknowledgeApprovalAlert(ctx.memo, ctx.terminalId, input.lastFailureAt);
    // Who saw what is in the audit log: the alert as it stood.
    return done({ acknowledged: seen !== null }, { before: seen ?? undefined });
  }),
};
