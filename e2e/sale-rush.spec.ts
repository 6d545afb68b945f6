/**
 * The sale at the rush (issue 22, points 4, 5 and 8): digits typed are never
 * lost on a key and Enter never changes the quantity typed; the tendered
 * field's rule is on screen; six cards (a strip) and an exact-cash sale take
 * two taps; and a print that did not go out, or the link to the kiosk going
 * down, moves neither the keypad nor "Vender" at 1024x768, in either language.
 * Sales are counted in the kiosk's database, not in what the screen says.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInSight, expectNoSidewaysScroll, expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  // A receipts printer that never answers: every receipt stays pending, then fails.
  const admin = (await kiosk.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
  const configured = await kiosk.call('printer.configure', { id: 'recibos', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, admin);
  expect(configured.ok).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

/** The sales of game 1 as recorded, newest first: [quantity, tendered] each. */
async function recordedSales(): Promise<[number, number][]> {
  const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
  const list = (await kiosk.call('sale.list', { gameId: 1, limit: 100 }, manager)).value as { quantity: number; tenderedCents: number; voided: boolean }[];
  return list.filter((s) => !s.voided).map((s) => [s.quantity, s.tenderedCents]);
}

const KEYS = ['tender-key-00', 'tender-key-0', 'tender-backspace', 'tender-100', 'tender-200', 'sale-submit', 'sale-exact', 'sale-quantity', 'sale-tendered'];

/** Where the keypad's last row and the main actions are. */
async function boxes(page: Page): Promise<Record<string, { x: number; y: number }>> {
  const out: Record<string, { x: number; y: number }> = {};
  for (const id of KEYS) {
    const b = (await page.getByTestId(id).boundingBox())!;
    out[id] = { x: Math.round(b.x), y: Math.round(b.y) };
  }
  return out;
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

const cases = [
  { viewport: { width: 1024, height: 768 }, lang: 'pt-PT' as const, offline: 'Ligação ao quiosque perdida', hint: 'Entra pela direita: 2000 = 20,00 €' },
  { viewport: { width: 1920, height: 1080 }, lang: 'en' as const, offline: 'Connection to the kiosk lost', hint: 'From the right: 2000 = 20,00 €' },
];

describe('the sale at the rush', () => {
  for (const c of cases) {
    it(`at ${c.viewport.width}x${c.viewport.height} (${c.lang}): keys that keep what was typed, two taps for six or exact cash, banners that move nothing`, async () => {
      const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport: c.viewport, hasTouch: true, lang: c.lang });
      await page.getByTestId('sale-quantity').waitFor();
      const before = await recordedSales();
      const at = await boxes(page);

      // The tendered field's rule is on screen, beside its label.
      await expectText(page, 'sale-tendered-hint', c.hint);
      await expectInSight(page, 'sale-tendered-hint');

      // 2, Tab, 500, Enter: two cards, 5,00 € given. Then 3, Tab, 300, Enter: three cards.
      await page.getByTestId('sale-quantity').focus();
      await page.keyboard.type('2');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('sale-tendered');
      await page.keyboard.type('500');
      await page.keyboard.press('Enter');
      // Sold: the quantity takes the focus again, its "1" selected, the change of the sale shown.
      await expect.poll(() => focused(page)).toBe('sale-quantity');
      await expectText(page, 'sale-change', '3,00 €');
      await page.keyboard.type('3');
      await page.keyboard.press('Tab');
      await page.keyboard.type('300');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await recordedSales()).length).toBe(before.length + 2);
      await expect.poll(() => focused(page)).toBe('sale-quantity');
      expect((await recordedSales()).slice(0, 2)).toEqual([
        [3, 300],
        [2, 500],
      ]);

      // Digits typed on a quick amount go to the amount, not lost: 1, Tab, Tab (on "Valor exato"), 1000, Enter sells 1 for 10,00 €.
      await page.keyboard.type('1');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('tender-exact');
      await page.keyboard.type('1000');
      expect(await page.getByTestId('sale-tendered').inputValue()).toBe('10,00 €');
      expect(await page.getByTestId('sale-quantity').inputValue()).toBe('1');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await recordedSales()).length).toBe(before.length + 3);
      await expectText(page, 'sale-change', '9,00 €');

      // A strip of six and the exact cash: two taps.
      await page.getByTestId('qty-6').tap();
      await page.getByTestId('sale-exact').tap();
      await expect.poll(async () => (await recordedSales()).length).toBe(before.length + 4);
      await expectText(page, 'sale-change', '0,00 €');
      expect((await recordedSales()).slice(0, 4)).toEqual([
        [6, 600],
        [1, 1000],
        [3, 300],
        [2, 500],
      ]);
      expect((await recordedSales()).length).toBe(before.length + 4);

      // The receipts did not print: the header says so, and nothing moved.
      await page.getByTestId('print-badge').filter({ hasText: /1|2|3|4/ }).waitFor();
      expect(await boxes(page)).toEqual(at);
      await expectInSight(page, ...KEYS);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(c.viewport.height);

      // The link goes down: the banner says so, and the keypad and "Vender" stay where they were.
      const restarted = kiosk.restart(6_000);
      await expectText(page, 'connection-lost', c.offline, 15_000);
      expect(await boxes(page)).toEqual(at);
      await expectInSight(page, ...KEYS, 'connection-lost');
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(c.viewport.height);
      await expectNoSidewaysScroll(page);
      await restarted;
      await page.getByTestId('connection-lost').waitFor({ state: 'detached', timeout: 20_000 });
      await page.context().close();
    });
  }
});
