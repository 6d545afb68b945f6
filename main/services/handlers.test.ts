/**
 * The handler map refuses a channel two slices handle, as main/services/index.ts
 * loads: the kiosk does not start rather than silently answer a channel with
 * the last slice's handler.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../core/contract.js';
import type * as CaixaServices from './caixa/index.js';

describe('the handler map', () => {
  afterEach(() => {
    vi.doUnmock('./caixa/index.js');
    vi.resetModules();
  });

  it('refuses a channel two domains handle: main/services/index.ts does not load', async () => {
    vi.resetModules();
    vi.doMock('./caixa/index.js', async (original) => {
      const real = await original<typeof CaixaServices>();
      const { saleHandlers } = await import('./bingo/sales.js');
      return { ...real, caixaHandlers: { ...real.caixaHandlers, 'sale.create': saleHandlers['sale.create'] } };
    });
    await expect(import('./index.js')).rejects.toThrow("Duplicate handler 'sale.create': defined by bingoHandlers and by caixaHandlers");
  });

  it('has exactly one handler for every channel of the contract', async () => {
    const { handlers } = await import('./index.js');
    expect(Object.keys(handlers).sort()).toEqual([...CHANNELS].sort());
  });
});
