/**
 * Wrong-PIN budgets. Every PIN check at a terminal spends from budgets, each
 * with its own scope: the account at that terminal (its logins and the
 * approvals given in its name there), and the terminal's approvals (any
 * manager's name). A budget lets `free` wrong PINs go by, then blocks its
 * scope, each block twice the one before up to `maxMs`, one guess between
 * blocks, until a right PIN starts it again.
 *
 * An attempt is counted as wrong when it starts, before the slow hash, so N
 * guesses sent at once cost N counted attempts and the block is taken by the
 * one that crosses the budget; a right PIN gives its attempt back by
 * starting the budget again. A wrong PIN that finishes late therefore never
 * touches a block (no wrong PIN ever ends one).
 */

export interface BudgetRule {
  /** Wrong PINs in a row let go before the first block. */
  free: number;
  /** The first block; each block after it lasts twice the one before. */
  firstBlockMs: number;
  maxBlockMs: number;
}

export interface BudgetState {
  /** Wrong (or still unchecked) PINs in a row since the last right one. */
  failures: number;
  /** Blocks in a row since the last right PIN. */
  blocks: number;
  blockedUntil: string | null;
}

export const FRESH_BUDGET: BudgetState = { failures: 0, blocks: 0, blockedUntil: null };

/** An account's PINs at one terminal: the 5th wrong one blocks it there for 5 minutes, then 10, 20… up to 4 hours. */
export const ACCOUNT_BUDGET: BudgetRule = { free: 4, firstBlockMs: 5 * 60_000, maxBlockMs: 4 * 3_600_000 };
/** Managers' PINs typed for approvals at one terminal: the 3rd wrong one pauses them there for 30 s, then 60 s… up to 15 minutes. */
export const APPROVALS_BUDGET: BudgetRule = { free: 2, firstBlockMs: 30_000, maxBlockMs: 15 * 60_000 };

export function blockedAt(state: BudgetState, at: string): string | null {
  return state.blockedUntil !== null && state.blockedUntil > at ? state.blockedUntil : null;
}

/** How long the n-th block in a row lasts (n from 1). */
export function blockMs(rule: BudgetRule, n: number): number {
  return Math.min(rule.firstBlockMs * 2 ** Math.min(Math.max(n - 1, 0), 30), rule.maxBlockMs);
}

/**
 * An attempt starting now: refused (`blockedUntil`) while the scope is
 * blocked; otherwise counted as wrong at once, and the attempt that goes
 * past the budget blocks the scope from now.
 */
export function startAttempt(rule: BudgetRule, state: BudgetState, now: Date): { ok: true; next: BudgetState } | { ok: false; blockedUntil: string } {
  const at = now.toISOString();
  const blocked = blockedAt(state, at);
  if (blocked) return { ok: false, blockedUntil: blocked };
  const failures = state.failures + 1;
  if (failures <= rule.free) return { ok: true, next: { failures, blocks: state.blocks, blockedUntil: null } };
  const blocks = state.blocks + 1;
  return { ok: true, next: { failures, blocks, blockedUntil: new Date(now.getTime() + blockMs(rule, blocks)).toISOString() } };
}

/** Wrong PINs left before the scope blocks (for the refusal's words). */
export function attemptsLeft(rule: BudgetRule, state: BudgetState): number {
  return Math.max(rule.free + 1 - state.failures, 0);
}
