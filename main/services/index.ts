/** The one handler map: every channel of the contract has exactly one handler, in its domain's room. */
import { mergeUnique } from '../../core/merge.js';
import { auditHandlers } from './audit/index.js';
import { checkpointHandlers } from './audit/checkpoints.js';
import { exportHandlers } from './audit/exports.js';
import { outcomeHandlers } from './audit/outcome.js';
import { bingoHandlers } from './bingo/index.js';
import { caixaHandlers } from './caixa/index.js';
import { complianceHandlers } from './compliance/index.js';
import { backupHandlers } from './drawers/backups.js';
import { dayCloseHandlers } from './drawers/close.js';
import { drawersExportHandlers } from './drawers/exports.js';
import { drawersHandlers } from './drawers/index.js';
import { approvalsHandlers } from './people/approvals.js';
import { peopleHandlers } from './people/index.js';
import { reasonsHandlers } from './people/reasons.js';
import { printingHandlers } from './printing/index.js';
import { rouletteHandlers } from './roulette/index.js';
import { terminalsHandlers } from './terminals/index.js';
import { postHandlers } from './terminals/post.js';
import type { HandlerMap } from './shared/context.js';

// A channel two slices handle stops the kiosk as this module loads (never the last one silently kept).
export const handlers: HandlerMap = mergeUnique('handler', {
  peopleHandlers,
  approvalsHandlers,
  bingoHandlers,
  drawersHandlers,
  drawersExportHandlers,
  backupHandlers,
  dayCloseHandlers,
  caixaHandlers,
  complianceHandlers,
  rouletteHandlers,
  printingHandlers,
  reasonsHandlers,
  auditHandlers,
  checkpointHandlers,
  exportHandlers,
  outcomeHandlers,
  terminalsHandlers,
  postHandlers,
});

/** The machine commands of the hall's terminals port that are a domain's (the print queue's are the kiosk's own). */
export { terminalsMachine } from './terminals/index.js';
/** The kiosk's own acts of no operator (a jump of its clock), recorded in the books. */
export { auditMachine } from './audit/index.js';
