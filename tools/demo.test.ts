import { describe, expect, it } from 'vitest';
import { nextClosingTime } from './demo.js';

/** The demo's session must open at any hour: after now and within 24 hours (session.open's rule). */
describe('the demo session closes', () => {
  const at = (h: number, m = 0) => new Date(2026, 11, 1, h, m, 0, 0);
  it.each([
    [at(20, 0), at(2, 0).getTime() + 86_400_000],
    [at(0, 10), at(2, 0).getTime()],
    [at(1, 30), at(1, 30).getTime() + 12 * 3_600_000],
    [at(1, 59), at(1, 59).getTime() + 12 * 3_600_000],
    [at(2, 0), at(2, 0).getTime() + 86_400_000],
  ])('from %s', (now, expected) => {
    const close = nextClosingTime(now);
    expect(close.getTime()).toBe(expected);
    const ahead = close.getTime() - now.getTime();
    expect(ahead).toBeGreaterThanOrEqual(3_600_000);
    expect(ahead).toBeLessThanOrEqual(24 * 3_600_000);
  });
});
