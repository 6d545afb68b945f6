import { describe, expect, it } from 'vitest';
import { ACCOUNT_BUDGET, APPROVALS_BUDGET, attemptsLeft, blockMs, FRESH_BUDGET, startAttempt, type BudgetState } from './throttle.js';

const at = (iso: string) => new Date(iso);
const T0 = '2026-12-01T20:00:00.000Z';

/** Start n attempts at `now`, each counted as wrong; the refusals come back as their block's end. */
function run(rule = ACCOUNT_BUDGET, n: number, now = at(T0), from: BudgetState = FRESH_BUDGET) {
  let state = from;
  const answers: (string | 'ok')[] = [];
  for (let i = 0; i < n; i++) {
    const r = startAttempt(rule, state, now);
    if (r.ok) {
      state = r.next;
      answers.push('ok');
    } else answers.push(r.blockedUntil);
  }
  return { state, answers };
}

describe('wrong-PIN budgets', () => {
  it('let 4 wrong PINs of an account go by; the 5th is tried and blocks for 5 minutes; the rest wait unhashed', () => {
    const { state, answers } = run(ACCOUNT_BUDGET, 8);
    expect(answers).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', '2026-12-01T20:05:00.000Z', '2026-12-01T20:05:00.000Z', '2026-12-01T20:05:00.000Z']);
    expect(state).toEqual({ failures: 5, blocks: 1, blockedUntil: '2026-12-01T20:05:00.000Z' });
    expect(attemptsLeft(ACCOUNT_BUDGET, FRESH_BUDGET)).toBe(5);
    expect(attemptsLeft(ACCOUNT_BUDGET, state)).toBe(0);
  });

  it('after a block, one guess at a time, each block twice the last, never past the rule’s longest', () => {
    let state = run(ACCOUNT_BUDGET, 5).state;
    const lengths: number[] = [];
    let now = at(T0);
    for (let i = 0; i < 10; i++) {
      now = new Date(Date.parse(state.blockedUntil!));
      const r = startAttempt(ACCOUNT_BUDGET, state, now);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      state = r.next;
      lengths.push((Date.parse(state.blockedUntil!) - now.getTime()) / 60_000);
    }
    expect(lengths).toEqual([10, 20, 40, 80, 160, 240, 240, 240, 240, 240]);
    expect(blockMs(ACCOUNT_BUDGET, 1)).toBe(5 * 60_000);
  });

  it('approvals: the 3rd wrong PIN pauses them for 30 s, then 60 s…, at most 15 minutes', () => {
    expect(run(APPROVALS_BUDGET, 4).answers).toEqual(['ok', 'ok', 'ok', '2026-12-01T20:00:30.000Z']);
    expect([1, 2, 3, 6, 99].map((n) => blockMs(APPROVALS_BUDGET, n) / 1000)).toEqual([30, 60, 120, 900, 900]);
  });
});
