/**
 * KioskError lives in a leaf that knows no catalogue: its words come from the
 * catalogue core/errors.ts registers as it loads, and are read when asked.
 */
import { describe, expect, it, vi } from 'vitest';

describe('KioskError (core/refusal.ts)', () => {
  it('reads its pt-PT words from the catalogue registered by core/errors.ts, even when built before it loaded', async () => {
    vi.resetModules();
    const { KioskError } = await import('./refusal.js');
    const early = new KioskError('NO_OPEN_SESSION');
    expect(early.message).toBe('NO_OPEN_SESSION');
    const { errorMessage, KioskError: Same } = await import('./errors.js');
    expect(Same).toBe(KioskError);
    expect(early.message).toBe(errorMessage('NO_OPEN_SESSION'));
    const e = new KioskError('NOT_ENOUGH_CARDS', { available: 3, requested: 4, cap: 6 }, { hint: 1 });
    expect(e.message).toBe('Só restam 3 cartões nesta jogada e foram pedidos 4. A segunda série só pode ser vendida até ao n.º 6 (art. 12.º, n.º 3).');
    expect(e).toBeInstanceOf(Error);
    expect([e.name, e.code, e.params, e.details]).toEqual(['KioskError', 'NOT_ENOUGH_CARDS', { available: 3, requested: 4, cap: 6 }, { hint: 1 }]);
    expect(String(e)).toBe(`KioskError: ${e.message}`);
    expect(e.stack?.split('\n')[0]).toBe(`KioskError: ${e.message}`);
  });
});
