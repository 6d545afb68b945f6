import { describe, it, expect } from 'vitest';
import { burnPinCheck, hashPin, verifyPin } from './pin.js';

describe('PIN hashing (scrypt)', () => {
  const stored = hashPin('4821');

  it('stores scheme, cost, salt and key, never the PIN', () => {
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(stored).not.toContain('4821');
  });

  it('salts every hash', () => {
    expect(hashPin('4821')).not.toBe(stored);
  });

  it('verifies the right PIN only', () => {
    expect(verifyPin('4821', stored)).toBe(true);
    expect(verifyPin('4822', stored)).toBe(false);
    expect(verifyPin('', stored)).toBe(false);
    expect(verifyPin('48210', stored)).toBe(false);
  });

  it('refuses a stored value that is not a scrypt hash', () => {
    expect(verifyPin('4821', '4821')).toBe(false);
    expect(verifyPin('4821', 'bcrypt$x$y$z$salt$key')).toBe(false);
    expect(verifyPin('4821', 'scrypt$16384$8$1$$')).toBe(false);
  });

  it('spends a check on an unknown user without throwing', () => {
    expect(() => burnPinCheck('1234')).not.toThrow();
  });
});
