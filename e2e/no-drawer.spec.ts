/**
 * A cashier whose terminal has no open drawer learns it before the first key
 * (issue 22, point 3): the sale screen says so beside a disabled "Vender",
 * with the way to the drawer, and the keypad stays where it was, at 1024x768
 * and 1920x1080.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInSight, expectNoSidewaysScroll, expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  // The demo's drawer on T1 holds its float of 5 x 20 €: closed exactly, the terminal has none open.
  const caixa1 = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
  const closed = await kiosk.call('drawer.close', { countedByDenomination: { '2000': 5 } }, caixa1);
  expect(closed.ok).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

describe('no open drawer at the counter', () => {
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    it(`says so before the first key, at ${viewport.width}x${viewport.height}, and leads to the drawer`, async () => {
      const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport });
      await expectText(page, 'sale-no-drawer', 'A gaveta deste terminal não está aberta');
      expect(await page.getByTestId('sale-submit').isDisabled()).toBe(true);
      // Enter sells nothing either: nothing was written.
      await page.getByTestId('sale-quantity').fill('2');
      await page.keyboard.press('Enter');
      expect((await kiosk.call('sale.list', { gameId: 1, limit: 5 }, (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken)).value).toHaveLength(0);
      await expectInSight(page, 'sale-quantity', 'tender-backspace', 'sale-submit', 'sale-no-drawer', 'sale-open-drawer');
      await expectNoSidewaysScroll(page);
      await page.getByTestId('sale-open-drawer').click();
      await page.getByTestId('drawer-none').waitFor();
      await page.context().close();
    });
  }
});
