/**
 * A sale whose answer is lost on the way (issue 24, point 5): the kiosk sells,
 * the browser never hears it; the screen sends it again with the same
 * Idempotency-Key and shows the one sale that happened — its cards, its
 * change — and the kiosk holds one sale. Pressed again after the link stays
 * down, "Vender" is still the same act.
 */
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

const salesOfGame = async () => {
  const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
  return (await kiosk.call('sale.list', { gameId: 1, limit: 50 }, manager)).value as { saleId: number; quantity: number }[];
};

describe('a sale whose answer was lost', () => {
  it('is sent again with its key and shows the one sale that happened', async () => {
    const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport: { width: 1024, height: 768 } });
    const before = (await salesOfGame()).length;
    const keys: (string | undefined)[] = [];
    let lose = 1;
    await page.route('**/rpc/sale.create', async (route) => {
      const request: Request = route.request();
      keys.push(request.headers()['idempotency-key']);
      if (lose > 0) {
        lose--;
        // The kiosk sells; its answer never reaches the screen.
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.getByTestId('sale-quantity').fill('2');
    await page.getByTestId('sale-tendered').fill('500');
    await page.getByTestId('sale-submit').click();
    await page.getByTestId('sale-result').waitFor();
    await expectText(page, 'sale-change', '3,00 €');
    // Two requests, one key; one sale in the kiosk.
    expect(keys.length).toBe(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(keys[1]).toBe(keys[0]);
    const after = await salesOfGame();
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ quantity: 2 });

    // The link stays down through every retry: "Vender" pressed again for the same cards is still the same act.
    lose = 10;
    await page.getByTestId('sale-quantity').fill('3');
    await page.getByTestId('sale-tendered').fill('300');
    await page.getByTestId('sale-submit').click();
    // Said as what it is, with what to do: pressing again is safe.
    await expectText(page, 'sale-error', 'A resposta da venda não chegou (sem ligação ao quiosque). Quando a ligação voltar, toque outra vez em «Vender» com os mesmos cartões', 15_000);
    const lostKey = keys.at(-1);
    lose = 0;
    await page.getByTestId('sale-quantity').fill('3');
    await page.getByTestId('sale-tendered').fill('300');
    await page.getByTestId('sale-submit').click();
    await page.getByTestId('sale-result').waitFor();
    expect(keys.at(-1)).toBe(lostKey);
    const last = await salesOfGame();
    expect(last.length).toBe(before + 2);
    expect(last[0]).toMatchObject({ quantity: 3 });
    await page.context().close();
  }, 60_000);
});
