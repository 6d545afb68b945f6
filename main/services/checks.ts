import { verifyAudit } from '../../db/audit.js';
import { verifyLedger } from '../../db/ledger.js';
import type { Handler } from './context.js';

export const auditVerify: Handler<'audit.verify'> = (ctx) => verifyAudit(ctx.db);
export const ledgerVerify: Handler<'ledger.verify'> = (ctx) => verifyLedger(ctx.db);
