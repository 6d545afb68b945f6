import { beforeAll, describe, expect, it } from 'vitest';
import { burnPinCheck, hashPin, verifyPin } from './pin.js';

describe('PIN hashing (scrypt)', () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hashPin('4821');
  });

  it('stores scheme, cost, salt and key, never the PIN', async () => {
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(stored).not.toContain('4821');
  });

  it('salts every hash', async () => {
    expect(await hashPin('4821')).not.toBe(stored);
  });

  it('verifies the right PIN only', async () => {
    expect(await verifyPin('4821', stored)).toBe(true);
    expect(await verifyPin('4822', stored)).toBe(false);
    expect(await verifyPin('', stored)).toBe(false);
    expect(await verifyPin('48210', stored)).toBe(false);
  });

  it('refuses a stored value that is not a scrypt hash', async () => {
    expect(await verifyPin('4821', '4821')).toBe(false);
    expect(await verifyPin('4821', 'bcrypt$x$y$z$salt$key')).toBe(false);
    expect(await verifyPin('4821', 'scrypt$16384$8$1$$')).toBe(false);
  });

  it('spends a check on an unknown user without throwing', async () => {
    await expect(burnPinCheck('1234')).resolves.toBeUndefined();
  });
});
