import { describe, expect, it } from 'vitest';
import { alteredPart } from './recompute.js';

describe("an entry of the group's copy that does not recompute", () => {
  const recomputed = 'a'.repeat(64);
  const stored = 'b'.repeat(64);
  it("is a replaced hash when the chain's other copy (the next prev_hash, the head) is the payload's hash", () => {
    expect(alteredPart(recomputed, stored, recomputed)).toBe('hash');
  });
  it('is an edited payload when that copy is the stored hash, or there is none', () => {
    expect(alteredPart(recomputed, stored, stored)).toBe('payload');
    expect(alteredPart(recomputed, stored, undefined)).toBe('payload');
    expect(alteredPart(recomputed, stored, 'c'.repeat(64))).toBe('payload');
  });
});
