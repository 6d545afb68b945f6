import { describe, expect, it } from 'vitest';
import { openBlock, saleHolder } from './opening.js';

const g = (number: number, state: 'selling' | 'sale_closed' | 'drawing' | 'finished' | 'suspended' | 'annulled', suspendedFrom: 'selling' | 'sale_closed' | 'drawing' | null = null) => ({
  number,
  state,
  suspendedFrom,
});

describe('openBlock', () => {
  it('allows a game when none sells and none is suspended during its sale', () => {
    expect(openBlock([])).toBeNull();
    expect(openBlock([g(1, 'finished'), g(2, 'suspended', 'drawing'), g(3, 'sale_closed'), g(4, 'suspended', 'sale_closed')])).toBeNull();
  });
  it('refuses while a game sells, or one suspended during its sale waits to be resumed or annulled', () => {
    expect(openBlock([g(1, 'finished'), g(2, 'selling')])).toEqual({ code: 'GAME_ALREADY_SELLING', params: { number: 2 } });
    expect(openBlock([g(1, 'finished'), g(2, 'suspended', 'selling')])).toEqual({ code: 'GAME_SUSPENDED_PENDING', params: { number: 2 } });
    expect(saleHolder([g(1, 'suspended', 'drawing'), g(2, 'suspended', 'selling')])?.number).toBe(2);
  });
});
