/**
 * A username and PIN checked before a command's transaction (a login, a
 * manager's approval at the counter, an admin's recovery code).
 *
 * Each check spends from wrong-PIN budgets (core/people/throttle.ts): the
 * account at this terminal, and for approvals the terminal's approvals. The
 * attempt is counted, and any block taken, synchronously before the slow
 * hash is awaited: N guesses sent at once cost N counted attempts, and those
 * past the budget are refused unhashed, whatever their PIN. A right PIN
 * starts its budgets again; a wrong one that finishes late changes no block.
 *
 * An approval's PIN is checked last: the request is first rehearsed as it
 * stands (its command run and rolled back), so a refusal of the request
 * never tells whether the PIN was right.
 *
 * The budgets live in memory, per kiosk, where they decide; each wrong PIN
 * keeps them in pin_budgets for the next start (counters, not authority: a
 * full disk does not stop a check).
 */
import { KioskError } from '../../../core/errors.js';
import type { ApprovalAlert } from '../../../core/people/approvals.js';
import { approves, isValidPin } from '../../../core/people/rules.js';
import {
  ACCOUNT_BUDGET,
  APPROVALS_BUDGET,
  attemptsLeft,
  blockedAt,
  FRESH_BUDGET,
  startAttempt,
  type BudgetRule,
  type BudgetState,
} from '../../../core/people/throttle.js';
import { baselineCredentials, credentialVouched } from '../../../db/audit.js';
import { storageFailureOf, writeTransaction, type ReadableDb, type WritableDb } from '../../../db/connection.js';
import {
  accountBudgetScopes,
  budgetOf,
  findOperator,
  listOperators,
  metaValue,
  operatorById,
  saveBudget,
  saveMeta,
  setOperatorPin,
  setShortPin,
  type OperatorRow,
} from '../../../db/people.js';
import type { Channel, ChannelOutput, ParsedInput } from '../../../core/contract.js';
import { commandWith, type AuditedWrite, type CommandContext, type CommandHandler, type Done, type PrepareContext } from './context.js';
import { isSealed, type Pins } from './access/pin.js';
import { PIN_KEY_CHECK } from './access/pin-key.js';

type WrongPinCode = 'INVALID_CREDENTIALS' | 'APPROVAL_INVALID' | 'RECOVERY_INVALID';

/**
 * The answers of a PIN (or recovery code) refused here: a wrong one, or one not even tried because its budget is
 * spent. The metrics count them by code (main/watch/metrics.ts); nothing of the PIN itself goes with them.
 */
export const PIN_REFUSAL_CODES: ReadonlySet<string> = new Set<WrongPinCode | Scoped['blocked']>([
  'INVALID_CREDENTIALS',
  'APPROVAL_INVALID',
  'RECOVERY_INVALID',
  'USER_LOCKED',
  'APPROVALS_PAUSED',
  'RECOVERY_PAUSED',
]);
type CheckKind = 'login' | 'approval' | 'recovery';

/** An operator whose PIN was right, with what the PIN told (its length). */
interface CheckedOperator extends OperatorRow {
  pinDigits: number;
}

// ---- the budgets -----------------------------------------------------------------

interface Scoped {
  scope: string;
  rule: BudgetRule;
  blocked: 'USER_LOCKED' | 'APPROVALS_PAUSED' | 'RECOVERY_PAUSED';
}

const accountScope = (operatorId: number, terminalId: string): Scoped => ({ scope: `account:${operatorId}@${terminalId}`, rule: ACCOUNT_BUDGET, blocked: 'USER_LOCKED' });
const approvalsScope = (terminalId: string): Scoped => ({ scope: `approvals@${terminalId}`, rule: APPROVALS_BUDGET, blocked: 'APPROVALS_PAUSED' });
const recoveryScope = (operatorId: number, terminalId: string): Scoped => ({ scope: `recovery:${operatorId}@${terminalId}`, rule: ACCOUNT_BUDGET, blocked: 'RECOVERY_PAUSED' });

function scopesOf(kind: CheckKind, op: OperatorRow | null, terminalId: string): Scoped[] {
  if (kind === 'recovery') return op ? [recoveryScope(op.id, terminalId)] : [];
  const account = op ? [accountScope(op.id, terminalId)] : [];
  return kind === 'approval' ? [approvalsScope(terminalId), ...account] : account;
}

/** The budgets of a kiosk in memory (ctx.memo), read from pin_budgets the first time. */
const budgets = new WeakMap<object, Map<string, BudgetState>>();

function budgetsOf(memo: object): Map<string, BudgetState> {
  let map = budgets.get(memo);
  if (!map) budgets.set(memo, (map = new Map()));
  return map;
}

function stateOf(memo: object, db: ReadableDb, scope: string): BudgetState {
  const map = budgetsOf(memo);
  let state = map.get(scope);
  if (!state) map.set(scope, (state = budgetOf(db, scope) ?? FRESH_BUDGET));
  return state;
}

/** Kept on disk as well; a disk that refuses the write leaves the count in memory, which is what decides. */
function keep(writer: WritableDb, changes: readonly [string, BudgetState][]): void {
  try {
    writeTransaction(writer, () => {
      for (const [scope, state] of changes) saveBudget(writer, scope, state);
    });
  } catch (e) {
    if (storageFailureOf(e) === null) throw e;
  }
}

function setStates(memo: object, changes: readonly [string, BudgetState][]): void {
  const map = budgetsOf(memo);
  for (const [scope, state] of changes) map.set(scope, state);
}

function blockedError(s: Scoped, until: string, state: BudgetState): KioskError {
  if (s.blocked === 'APPROVALS_PAUSED') return new KioskError('APPROVALS_PAUSED', { failures: state.failures, until }, { pausedUntil: until });
  return new KioskError(s.blocked, { until }, { lockedUntil: until });
}

/** Count the attempt on every scope, or refuse (unhashed) if one is blocked; synchronous, so parallel calls queue here. */
function startAttempts(ctx: PrepareContext, scoped: readonly Scoped[]): BudgetState[] {
  const next: BudgetState[] = [];
  for (const s of scoped) {
    const state = stateOf(ctx.memo, ctx.db, s.scope);
    const started = startAttempt(s.rule, state, ctx.now);
    if (!started.ok) throw blockedError(s, started.blockedUntil, state);
    next.push(started.next);
  }
  // In memory only: what decides, at once. The file learns of it when the check ends (a kiosk killed
  // while a right PIN is hashed must not come back with one more wrong PIN counted).
  setStates(ctx.memo, scoped.map((s, i) => [s.scope, next[i]!]));
  return next;
}

/** A right PIN: its budgets start again. */
function startAgain(ctx: PrepareContext, scoped: readonly Scoped[]): void {
  const fresh = scoped.map((s): [string, BudgetState] => [s.scope, FRESH_BUDGET]);
  setStates(ctx.memo, fresh);
  keep(ctx.writer, fresh);
}

/** Until when an account's PIN checks are blocked at this terminal (users.list). */
export function accountBlockedUntil(ctx: { memo: object; db: ReadableDb; terminalId: string; at: string }, operatorId: number): string | null {
  return blockedAt(stateOf(ctx.memo, ctx.db, accountScope(operatorId, ctx.terminalId).scope), ctx.at);
}

/** An admin's unlock, a new PIN, a recovery: the account's budgets start again at every terminal. Inside the command's transaction. */
export function clearAccountBudgets(ctx: CommandContext, operatorId: number): BudgetState | null {
  const local = accountScope(operatorId, ctx.terminalId).scope;
  const before = stateOf(ctx.memo, ctx.db, local);
  const map = budgetsOf(ctx.memo);
  for (const scope of [...map.keys()]) if (scope.startsWith(`account:${operatorId}@`) || scope.startsWith(`recovery:${operatorId}@`)) map.delete(scope);
  for (const scope of accountBudgetScopes(ctx.db, operatorId)) saveBudget(ctx.db, scope, FRESH_BUDGET);
  return before === FRESH_BUDGET ? null : before;
}

// ---- the approvals' alert ------------------------------------------------------------

/**
 * The managers' alert of a terminal's paused approvals (core/people/approvals.ts),
 * per kiosk. A pause opens it; while it is open every wrong approval PIN
 * counts on. It outlives the pause and a right PIN (which might be the guess
 * that worked): only a manager marking it seen closes it.
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

// ---- the checks ------------------------------------------------------------------------

/** A wrong PIN (or username, or code) refused; its audit row commits (the attempt was counted when it started). */
async function refuseWrong(ctx: PrepareContext, op: OperatorRow | null, kind: CheckKind, scoped: readonly Scoped[], states: readonly BudgetState[]): Promise<never> {
  const wrong: WrongPinCode = kind === 'login' ? 'INVALID_CREDENTIALS' : kind === 'approval' ? 'APPROVAL_INVALID' : 'RECOVERY_INVALID';
  const blockedIndex = states.findIndex((s) => blockedAt(s, ctx.at) !== null);
  const error =
    blockedIndex >= 0
      ? blockedError(scoped[blockedIndex]!, states[blockedIndex]!.blockedUntil!, states[blockedIndex]!)
      : new KioskError(wrong, { remaining: Math.min(ACCOUNT_BUDGET.free + 1, ...scoped.map((s, i) => attemptsLeft(s.rule, states[i]!))) });
  if (kind === 'approval') {
    const terminal = states[0]!;
    noteApprovalFailure(ctx.memo, ctx.terminalId, ctx.at, terminal.failures, blockedAt(terminal, ctx.at));
  }
  const budgetsAfter = Object.fromEntries(scoped.map((s, i) => [s.scope, { failures: states[i]!.failures, blockedUntil: states[i]!.blockedUntil }]));
  try {
    // The budgets as they now stand in memory, kept with the refusal's audit row in one transaction, whose commit is
    // shared with the commands and refusals of the moment (a burst of wrong PINs costs a few fsyncs, not one each).
    await ctx.writeShared((audit) => {
      for (const s of scoped) saveBudget(ctx.writer, s.scope, stateOf(ctx.memo, ctx.db, s.scope));
      audit({
        at: ctx.at,
        // A failed login (or recovery) is the operator's own act; a failed approval is the act
        // of the operator asking for it (the approver is named in `after`).
        operatorId: kind !== 'approval' && op ? op.id : (ctx.operator?.id ?? null),
        terminalId: ctx.terminalId,
        channel: ctx.channel,
        outcome: 'refused',
        input: ctx.input,
        before: undefined,
        after: { ...(kind === 'approval' ? { approver: op?.username ?? null } : { username: op?.username ?? null }), budgets: budgetsAfter, refused: error.code },
      });
    });
  } finally {
    // Screens learn of it now: the command's own event never comes (it is refused).
    ctx.changed(kind === 'approval' ? ['approvals', 'users'] : op ? ['users'] : []);
  }
  throw error;
}

/**
 * Check a PIN against `op` (null: an unknown or inactive user, checked
 * against nothing in the same time). Counts first, hashes after.
 */
async function checkPin(ctx: PrepareContext, op: OperatorRow | null, pin: string, kind: 'login' | 'approval'): Promise<CheckedOperator> {
  const scoped = scopesOf(kind, op, ctx.terminalId);
  const states = startAttempts(ctx, scoped);
  // A PIN is 4 to 8 digits: anything else is wrong without being hashed (scrypt on a megabyte would hold the CPU).
  if (!isValidPin(pin)) return refuseWrong(ctx, op, kind, scoped, states);
  if (!op) {
    await ctx.pins.burn(pin);
    return refuseWrong(ctx, op, kind, scoped, states);
  }
  if (!(await ctx.pins.verify(pin, op.pinHash))) return refuseWrong(ctx, op, kind, scoped, states);
  // A right PIN for a record the audit log does not vouch for (a hash copied from another operator, a role added in
  // the file): refused as a wrong one, so the counter tells the forger nothing; audit:verify names the record (issue 37).
  if (!credentialVouched(ctx.db, op.id)) return refuseWrong(ctx, op, kind, scoped, states);
  startAgain(ctx, scoped);
  return { ...op, pinDigits: pin.length };
}

/** Check a username + PIN for a login. */
export async function checkLogin(ctx: PrepareContext, username: string, pin: string): Promise<CheckedOperator> {
  const op = findOperator(ctx.db, username);
  return checkPin(ctx, op?.active ? op : null, pin, 'login');
}

/**
 * A manager's username + PIN given at the counter for an act that needs
 * approval. What does not depend on the PIN is refused first: approvals
 * paused here, a username that is no manager, and the request itself as it
 * stands (`rehearse` runs the command with this approver and rolls it back).
 */
async function checkApproval(
  ctx: PrepareContext,
  approval: { username: string; pin: string },
  rehearse?: (candidate: OperatorRow) => void,
): Promise<CheckedOperator> {
  const terminal = approvalsScope(ctx.terminalId);
  const state = stateOf(ctx.memo, ctx.db, terminal.scope);
  const paused = blockedAt(state, ctx.at);
  if (paused) throw blockedError(terminal, paused, state);
  const found = findOperator(ctx.db, approval.username);
  const op = found?.active ? found : null;
  if (op && !approves(op.roles)) throw new KioskError('APPROVER_NOT_MANAGER', { username: op.username });
  if (op && rehearse) rehearse(op);
  return checkPin(ctx, op, approval.pin, 'approval');
}

/** An admin's recovery code: counted like a PIN (the check itself is fast: the code has 100 random bits). */
export async function checkRecoveryCode(ctx: PrepareContext, username: string, matches: (op: OperatorRow) => boolean): Promise<OperatorRow> {
  const found = findOperator(ctx.db, username);
  const op = found?.active && found.roles.includes('admin') ? found : null;
  const scoped = scopesOf('recovery', op, ctx.terminalId);
  const states = startAttempts(ctx, scoped);
  if (!op || !matches(op)) return refuseWrong(ctx, op, 'recovery', scoped, states);
  startAgain(ctx, scoped);
  return op;
}

/**
 * Inside the command's transaction: the operator checked before it opened is
 * still the same (active, PIN not changed in between). Wrong guesses made
 * meanwhile by someone else do not undo a right PIN.
 */
export function confirmCredentials(ctx: CommandContext, checked: OperatorRow | CheckedOperator): OperatorRow {
  const op = operatorById(ctx.db, checked.id);
  if (!op || !op.active || op.pinHash !== checked.pinHash) throw new KioskError('INVALID_CREDENTIALS', { remaining: ACCOUNT_BUDGET.free + 1 });
  if ('pinDigits' in checked) setShortPin(ctx.db, op.id, checked.pinDigits < 6);
  return op;
}

// ---- the PIN key -----------------------------------------------------------------------


/** Whether the PIN key in the data folder is the one the PINs were sealed with. */
export function pinKeyState(db: ReadableDb, pins: Pins): 'ok' | 'other' {
  const check = metaValue(db, PIN_KEY_CHECK);
  return check === null || check === pins.keyCheck ? 'ok' : 'other';
}

/**
 * At start: the key's check value is kept the first time, and every hash of
 * before the key is sealed under it, each with its audit row (the books
 * check explains each PIN change by the row after it). Nothing is sealed
 * under a key that is not the PINs' own.
 */
export function sealPinHashes(audited: AuditedWrite, db: WritableDb, pins: Pins, o: { at: string; terminalId: string }): number {
  return audited((audit) => {
    if (pinKeyState(db, pins) !== 'ok') return 0;
    // Operators the log holds no credential digest for (a hall last started before issue 37): vouched for as they stand,
    // once per hall, before the seal below writes digests of its own (after it, the file holds digests: no baseline).
    baselineCredentials(db, o, audit);
    // Sealed once, at the first start with the key: a hash of scrypt alone met after it was planted in the file, and
    // sealing it would give it an audit row the books accept (issue 37); it stays as it is, refused at login, named by the books.
    const first = metaValue(db, PIN_KEY_CHECK) === null;
    if (first) saveMeta(db, PIN_KEY_CHECK, pins.keyCheck);
    let sealed = 0;
    for (const op of first ? listOperators(db) : []) {
      if (isSealed(op.pinHash)) continue;
      const hash = pins.seal(op.pinHash);
      if (!hash) continue;
      setOperatorPin(db, op.id, hash, op.shortPin);
      audit({
        at: o.at,
        operatorId: null,
        terminalId: o.terminalId,
        channel: PINS_SEALED_CHANNEL,
        outcome: 'ok',
        input: {},
        before: undefined,
        after: { id: op.id, username: op.username, name: op.name, roles: op.roles, active: op.active, pinChanged: true },
      });
      sealed++;
    }
    return sealed;
  });
}

/** The audit row of a PIN hash sealed under the key at start (core/audit/books.ts explains the change by it). */
export const PINS_SEALED_CHANNEL = 'pins.sealed';

// ---- commands that take a manager's approval -----------------------------------------------

/**
 * A command that may take a manager's approval: `approvalOf` says whether
 * this request needs one (and refuses what is cheap to refuse), then the
 * request is rehearsed with the approver named and only then is the PIN
 * checked. `run` gets the approver, or null when none was needed; it
 * confirms them itself (confirmCredentials) inside its transaction.
 */
export function withApproval<C extends Channel>(
  approvalOf: (ctx: PrepareContext, input: ParsedInput<C>) => { username: string; pin: string } | null | undefined,
  run: (ctx: CommandContext, input: ParsedInput<C>, approver: OperatorRow | null) => Done<ChannelOutput<C>>,
): CommandHandler<C, OperatorRow | null> {
  return commandWith<C, OperatorRow | null>(async (ctx, input) => {
    const approval = approvalOf(ctx, input);
    if (!approval) return null;
    return checkApproval(ctx, approval, (candidate) => ctx.rehearse((c) => run(c, input, candidate)));
  }, run);
}
