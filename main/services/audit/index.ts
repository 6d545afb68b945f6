/** The audit domain: checks of the audit chain and of the books. */
import { verifyAudit } from '../../../db/audit.js';
import { verifyLedger } from '../../../db/ledger.js';
import { query, type HandlerSlice } from '../shared/context.js';

export const auditHandlers: HandlerSlice<'audit.verify' | 'ledger.verify' | 'system.health'> = {
  'system.health': query((ctx) => ctx.io.storage()),
  'audit.verify': query((ctx, input) => verifyAudit(ctx.db, input.anchor)),
  'ledger.verify': query((ctx) => verifyLedger(ctx.db)),
};
