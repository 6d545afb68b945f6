/**
 * The merges of the domains' slices refuse a key two slices define, as their
 * modules load: a duplicate channel or error code stops the kiosk at start-up
 * instead of silently keeping the last slice's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as CaixaContract from './caixa/contract.js';
import type * as CaixaErrors from './caixa/errors.js';
import { mergeUnique } from './merge.js';

describe('mergeUnique', () => {
  it('merges named slices into one map, every key with its own value', () => {
    const merged = mergeUnique('channel', { a: { 'x.one': 1, 'x.two': 2 }, b: { 'y.one': 'three' } });
    expect(merged).toEqual({ 'x.one': 1, 'x.two': 2, 'y.one': 'three' });
    expect(Object.keys(merged)).toEqual(['x.one', 'x.two', 'y.one']);
  });

  it('refuses a key two slices define, naming the key and both slices', () => {
    expect(() => mergeUnique('error code', { peopleErrors: { A: 1, DUP: 2 }, bingoErrors: { DUP: 3 } })).toThrow(
      "Duplicate error code 'DUP': defined by peopleErrors and by bingoErrors; each error code is defined once.",
    );
  });

  it('keeps a key such as __proto__ a key, never the prototype', () => {
    const slice = JSON.parse('{"__proto__": {"polluted": true}}') as object;
    const merged = mergeUnique('channel', { slice }) as Record<string, unknown>;
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});

describe('the kernel merges refuse a duplicate as they load', () => {
  afterEach(() => {
    vi.doUnmock('./caixa/contract.js');
    vi.doUnmock('./caixa/errors.js');
    vi.resetModules();
  });

  it('a channel two domains define: core/contract.ts does not load', async () => {
    vi.resetModules();
    vi.doMock('./caixa/contract.js', async (original) => {
      const real = await original<typeof CaixaContract>();
      const { bingoContract } = await import('./bingo/contract.js');
      return { ...real, caixaContract: { ...real.caixaContract, 'sale.create': bingoContract['sale.create'] } };
    });
    await expect(import('./contract.js')).rejects.toThrow("Duplicate channel 'sale.create': defined by bingoContract and by caixaContract");
  });

  it('an error code two domains define: core/errors.ts does not load', async () => {
    vi.resetModules();
    vi.doMock('./caixa/errors.js', async (original) => {
      const real = await original<typeof CaixaErrors>();
      return { ...real, caixaErrors: { ...real.caixaErrors, NO_OPEN_SESSION: { pt: () => 'Outra.', en: () => 'Another.' } } };
    });
    await expect(import('./errors.js')).rejects.toThrow("Duplicate error code 'NO_OPEN_SESSION': defined by bingoErrors and by caixaErrors");
  });

  it('loads the real slices, each channel and code once', async () => {
    const { CHANNELS } = await import('./contract.js');
    const { ERROR_CODES } = await import('./errors.js');
    expect(new Set(CHANNELS).size).toBe(CHANNELS.length);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
