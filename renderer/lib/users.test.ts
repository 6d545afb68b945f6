import { describe, expect, it } from 'vitest';
import { pinPairProblem } from './users.js';

describe('a PIN typed twice', () => {
  it('needs a PIN, the same twice; its format is the kiosk’s to check', () => {
    expect(pinPairProblem('', '')).toBe('pinRequired');
    expect(pinPairProblem('1234', '1243')).toBe('pinMismatch');
    expect(pinPairProblem('1234', '')).toBe('pinMismatch');
    expect(pinPairProblem('1234', '1234')).toBeNull();
    expect(pinPairProblem('12', '12')).toBeNull();
  });
});
