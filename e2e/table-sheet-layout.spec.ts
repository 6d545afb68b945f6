/**
 * The roulette table sheet in the window (issue 38: it was 1 514 px tall at
 * 1024x768), measured in Chromium on the demo hall at 1024x768 and 1366x768,
 * pt-PT and English, by touch: the page never scrolls, the cloth's corners,
 * the bet's entry and the spin's acts are inside the window, and none of them
 * moves (1 px at most) as a bet is added and settled, a spin is recorded or
 * a record is refused; the bets and the log scroll in their own boxes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSamePlace } from './layout.js';
import { byId, expectInSight, launchChromium, layout, openAs, startKiosk, switchLanguage, type Box, type RunningKiosk, type ScreenLang } from './support.js';

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

/** What the fiscal taps during a spin: the cloth's corners, the bet's entry, the number and the log's acts. */
const ACTS = ['cloth-n-0', 'cloth-n-3', 'cloth-coluna-1', 'cloth-simple-maior', 'bet-colour', 'bet-amount', 'bet-add', 'spin-number', 'settle', 'log-spin', 'log-null', 'log-ball', 'log-dealer', 'table-side-log'];

const boxes = async (page: Page): Promise<Box[]> => (await layout(page, ACTS.map(byId))).boxes.map((b) => b[0]!);

/** Every act where it was, to the pixel. */
const expectActsInPlace = (before: Box[], after: Box[], state: string) => expectSamePlace(ACTS, before, after, state);

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
const logRows = (page: Page) => page.locator('[data-testid^="log-row-"]').count();

describe('the table sheet fits the window', () => {
  it('at 1024x768 and 1366x768 in pt-PT and English: no page scroll, the acts in sight, nothing moves as a spin is settled and recorded', async () => {
    const page = await openAs(browser, kiosk, 'gerente', '2222', { viewport: { width: 1024, height: 768 }, hasTouch: true });
    await page.getByTestId('caixa-tab').tap();
    await page.getByTestId('caixa-sub-tables').tap();
    await page.getByTestId('log-spin').waitFor();
    // The demo's table R1 has no launch yet: the first one's way is the fiscal's (X.15).
    await page.getByTestId('launch-direction').selectOption('left_to_right');
    let lang: ScreenLang = 'pt-PT';
    const heights: Record<string, number> = {};
    for (const [width, want] of [
      [1024, 'pt-PT'],
      [1024, 'en'],
      [1366, 'en'],
      [1366, 'pt-PT'],
    ] as const) {
      const at = `${width}x768 ${want}`;
      await page.setViewportSize({ width, height: 768 });
      if (lang !== want) await switchLanguage(page, want);
      lang = want;
      await page.evaluate(() => document.fonts.ready);
      heights[at] = await pageHeight(page);
      expect([at, heights[at]! <= 768]).toEqual([at, true]);
      await expectInSight(page, ...ACTS);
      const before = await boxes(page);

      // A pleno of 5 € on 17, settled: the payment shows in the bets' box.
      await page.getByTestId('cloth-n-17').tap();
      await page.getByTestId('bet-amount').fill('5');
      await page.getByTestId('bet-add').tap();
      await page.getByTestId('spin-number').fill('17');
      await page.getByTestId('settle').tap();
      await page.getByTestId('settle-line-0').waitFor();
      expectActsInPlace(before, await boxes(page), `${at}, settled`);

      // Recorded: a line more in the log's box.
      const rows = await logRows(page);
      await page.getByTestId('log-spin').tap();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="log-row-"]').length > n, rows);
      expectActsInPlace(before, await boxes(page), `${at}, recorded`);

      // A record without its number is refused, once, under the acts.
      await page.getByTestId('spin-number').fill('');
      await page.getByTestId('log-spin').tap();
      await page.getByTestId('log-error').waitFor();
      expect(await page.locator('[role="alert"]').count()).toBe(1);
      expectActsInPlace(before, await boxes(page), `${at}, refused`);
      expect([at, await pageHeight(page)]).toEqual([at, heights[at]]);
    }
    console.log(JSON.stringify({ bench: 'table-sheet-height', unit: 'px', ...heights }));
    await page.context().close();
  });
});
