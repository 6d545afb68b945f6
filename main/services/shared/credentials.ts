/**
 * A username and PIN checked before a command's transaction (a login, a
 * manager's approval at the counter). The KDF runs with no write lock held;
 * a wrong PIN is counted towards the lock-out in a short transaction of its
 * own (with its audit row: it changes the operator's failure count), then
 * refused. The command then confirms, inside its transaction, that the
 * operator it checked is still the same (PIN not changed, not locked since).
 */
import { KioskError } from '../../../core/errors.js';
import type { ApprovalAlert } from '../../../core/people/approvals.js';
import { approvalPauseSeconds, isValidPin, lockMinutes, PIN_MAX_ATTEMPTS } from '../../../core/people/rules.js';
import { APPROVER_ROLES } from '../../../core/roles.js';
import { hallClock } from '../../../core/time.js';
import { appendAudit } from '../../../db/audit.js';
import { writeTransaction } from '../../../db/connection.js';
import { findOperator, operatorById, recordPinFailure, recordPinSuccess, type OperatorRow } from '../../../db/people.js';
import type { CommandContext, PrepareContext } from './context.js';
import { burnPinCheck, verifyPin } from './pin.js';

export type WrongPinCode = 'INVALID_CREDENTIALS' | 'APPROVAL_INVALID';

function lockedError(lockedUntil: string): KioskError {
  return new KioskError('USER_LOCKED', { attempts: PIN_MAX_ATTEMPTS, until: hallClock(lockedUntil) }, { lockedUntil });
}

/** Wrong approval PINs in a row at each terminal, per kiosk (ctx.memo): they pause the terminal's approvals, never lock the manager. */
interface ApprovalFailures {
  failures: number;
  pausedUntil: string | null;
}
const approvalFailures = new WeakMap<object, Map<string, ApprovalFailures>>();

/** The approvals of a terminal now: how many wrong PINs in a row, and until when they are paused. */
export function approvalStateOf(memo: object, terminalId: string): ApprovalFailures {
  return approvalFailures.get(memo)?.get(terminalId) ?? { failures: 0, pausedUntil: null };
}

function setApprovalState(memo: object, terminalId: string, state: ApprovalFailures): void {
  let byTerminal = approvalFailures.get(memo);
  if (!byTerminal) approvalFailures.set(memo, (byTerminal = new Map()));
  if (state.failures === 0) byTerminal.delete(terminalId);
  else byTerminal.set(terminalId, state);
}

/**
 * The managers' alert of a terminal's paused approvals (core/people/approvals.ts),
 * per kiosk like the pause itself. A pause opens it; while it is open every
 * wrong approval PIN counts on. It outlives the pause and a right PIN (which
 * might be the guess that worked): only a manager marking it seen closes it.
 */
const approvalAlerts = new WeakMap<object, Map<string, ApprovalAlert>>();

export function approvalAlertOf(memo: object, terminalId: string): ApprovalAlert | null {
  return approvalAlerts.get(memo)?.get(terminalId) ?? null;
}

function noteApprovalFailure(memo: object, terminalId: string, at: string, failures: number, pausedUntil: string | null): void {
  let byTerminal = approvalAlerts.get(memo);
  if (!byTerminal) approvalAlerts.set(memo, (byTerminal = new Map()));
  const open = byTerminal.get(terminalId);
  if (open) byTerminal.set(terminalId, { ...open, failures: open.failures + 1, pausedUntil: pausedUntil ?? open.pausedUntil, lastFailureAt: at });
  else if (pausedUntil) byTerminal.set(terminalId, { terminalId, failures, pausedUntil, lastFailureAt: at });
}

/** A manager has seen the alert whose last failure is `lastFailureAt`: it closes (a newer one stays). Returns the alert closed. */
export function acknowledgeApprovalAlert(memo: object, terminalId: string, lastFailureAt: string): ApprovalAlert | null {
  const open = approvalAlertOf(memo, terminalId);
  if (!open || open.lastFailureAt !== lastFailureAt) return null;
  approvalAlerts.get(memo)!.delete(terminalId);
  return open;
}

/** Count a wrong PIN (or a wrong username) and refuse; the count and its audit row commit. */
function refuseWrongPin(ctx: PrepareContext, checked: OperatorRow | null, wrong: WrongPinCode): never {
  const error = writeTransaction(ctx.writer, (): KioskError => {
      let error: KioskError;
      let after: Record<string, unknown>;
      const op = checked ? operatorById(ctx.writer, checked.id) : null;
      if (wrong === 'APPROVAL_INVALID') {
        // A wrong approval PIN is the terminal's, not the manager's: anyone at a counter could otherwise lock the manager out.
        const failures = approvalStateOf(ctx.memo, ctx.terminalId).failures + 1;
        const pause = approvalPauseSeconds(failures);
        const pausedUntil = pause > 0 ? new Date(ctx.now.getTime() + pause * 1000).toISOString() : null;
        setApprovalState(ctx.memo, ctx.terminalId, { failures, pausedUntil });
        noteApprovalFailure(ctx.memo, ctx.terminalId, ctx.at, failures, pausedUntil);
        error = pausedUntil ? approvalsPausedError(pausedUntil, failures) : new KioskError(wrong);
        after = { approver: checked?.username ?? null, terminalFailures: failures, approvalsPausedUntil: pausedUntil, refused: error.code };
      } else if (!op) {
        error = new KioskError(wrong, { remaining: PIN_MAX_ATTEMPTS });
        after = { refused: wrong };
      } else {
        const failures = op.failedAttempts + 1;
        const locks = failures >= PIN_MAX_ATTEMPTS;
        // Each lock-out in a row lasts twice the last (5, 10, 20… minutes), until a good PIN.
        const lockedUntil = locks ? new Date(ctx.now.getTime() + lockMinutes(op.lockCount) * 60_000).toISOString() : null;
        recordPinFailure(ctx.writer, op.id, locks ? 0 : failures, lockedUntil, locks ? op.lockCount + 1 : op.lockCount);
        error = locks ? lockedError(lockedUntil!) : new KioskError(wrong, { remaining: PIN_MAX_ATTEMPTS - failures });
        after = { username: op.username, failedAttempts: failures, lockedUntil, refused: error.code };
      }
      appendAudit(ctx.writer, {
        at: ctx.at,
        // A failed login is the operator's own act; a failed approval is the act
        // of the operator asking for it (the approver is named in `after`).
        operatorId: wrong === 'INVALID_CREDENTIALS' && op ? op.id : (ctx.operator?.id ?? null),
        terminalId: ctx.terminalId,
        channel: ctx.channel,
        outcome: 'refused',
        input: ctx.input,
        before: undefined,
        after,
      });
      return error;
    });
  // Screens learn of it now: the command's own event never comes (it is refused).
  ctx.changed(wrong === 'APPROVAL_INVALID' ? ['approvals'] : checked ? ['users'] : []);
  throw error;
}

/** Check a username + PIN, counting failures towards the lock-out. */
export async function checkCredentials(ctx: PrepareContext, username: string, pin: string, wrong: WrongPinCode): Promise<OperatorRow> {
  const op = findOperator(ctx.db, username);
  // A PIN is 4 to 8 digits: anything else is wrong without being hashed (scrypt on a megabyte would hold the CPU).
  if (!isValidPin(pin)) refuseWrongPin(ctx, op?.active ? op : null, wrong);
  if (!op || !op.active) {
    await burnPinCheck(pin);
    refuseWrongPin(ctx, null, wrong);
  }
  if (op.lockedUntil && op.lockedUntil > ctx.at) throw lockedError(op.lockedUntil);
  if (!(await verifyPin(pin, op.pinHash))) refuseWrongPin(ctx, op, wrong);
  return op;
}

function approvalsPausedError(pausedUntil: string, failures: number): KioskError {
  return new KioskError('APPROVALS_PAUSED', { failures, until: hallClock(pausedUntil) }, { pausedUntil });
}

/** A manager's username + PIN given at the counter for an act that needs approval. */
export async function checkApproval(ctx: PrepareContext, approval: { username: string; pin: string }): Promise<OperatorRow> {
  const paused = approvalStateOf(ctx.memo, ctx.terminalId);
  if (paused.pausedUntil && paused.pausedUntil > ctx.at) throw approvalsPausedError(paused.pausedUntil, paused.failures);
  const op = await checkCredentials(ctx, approval.username, approval.pin, 'APPROVAL_INVALID');
  if (!op.roles.some((r) => APPROVER_ROLES.includes(r))) throw new KioskError('APPROVER_NOT_MANAGER', { username: op.username });
  // Only a manager's right PIN starts the count again: a cashier's own PIN between guesses must not.
  setApprovalState(ctx.memo, ctx.terminalId, { failures: 0, pausedUntil: null });
  return op;
}

/**
 * Inside the command's transaction: the operator checked before it opened is
 * still the same (no PIN change, no lock-out in between); failures reset.
 */
export function confirmCredentials(ctx: CommandContext, checked: OperatorRow): OperatorRow {
  const op = operatorById(ctx.db, checked.id);
  if (!op || !op.active || op.pinHash !== checked.pinHash) throw new KioskError('INVALID_CREDENTIALS', { remaining: PIN_MAX_ATTEMPTS });
  if (op.lockedUntil && op.lockedUntil > ctx.at) throw lockedError(op.lockedUntil);
  recordPinSuccess(ctx.db, op.id);
  return op;
}
