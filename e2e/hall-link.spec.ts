/**
 * A counter in Chromium (issue 24, point 6): a cashier sells at the counter,
 * the hall server stops — every screen says since when and nothing is sold —
 * and starts again: the banner goes by itself and selling resumes, without
 * reloading the page and without the cashier's PIN again (the sessions are
 * kept in the hall's file, issue 38).
 * The hall is the real program (`npm run hall`), the counter too (`npm run
 * counter`, enrolled with a code, every call over mutual TLS 1.3).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, launchChromium, login, type RunningHall, type RunningKiosk, startCounterAt, startHall } from './support.js';

let hall: RunningHall;
let counter: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  hall = await startHall();
  counter = await startCounterAt(hall, 'C2');
  // C2's own drawer, opened at the counter by its cashier (the demo's open drawer is T1's, the hall server's).
  const cashier = (await counter.call('auth.login', { username: 'caixa2', pin: '4444' })).value.operatorToken as string;
  const opened = await counter.call('drawer.open', { floatByDenomination: { '2000': 5 } }, cashier);
  if (!opened.ok) throw new Error(`drawer.open at C2: ${opened.error?.code}`);
  await counter.call('auth.logout', {}, cashier);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await counter?.stop();
  await hall?.stop();
});

const salesOfGame = async () => {
  const manager = (await hall.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
  return (await hall.call('sale.list', { gameId: 1, limit: 50 }, manager)).value as { saleId: number; quantity: number }[];
};

async function sell(page: Page, quantity: number, tendered: number): Promise<void> {
  await page.getByTestId('sale-quantity').fill(String(quantity));
  await page.getByTestId('sale-tendered').fill(String(tendered));
  await page.getByTestId('sale-submit').click();
}

describe('a counter whose hall server stops and starts again', () => {
  it('shows the banner, sells nothing, and sells again once the hall is back, without a reload', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(counter.appUrl);
    await login(page, 'caixa2', '4444');
    const before = (await salesOfGame()).length;
    await sell(page, 2, 500);
    await page.getByTestId('sale-result').waitFor();
    await expectText(page, 'sale-change', '3,00 €');
    expect((await salesOfGame()).length).toBe(before + 1);
    expect(await page.getByTestId('hall-link-down').count()).toBe(0);

    // Down for a while: the banner says it, once; "Vender" and "Exato" are off and say why in short; nothing sold.
    const back = hall.restart(8_000);
    await page.getByTestId('hall-link-down').waitFor({ timeout: 5_000 });
    const banner = await page.getByTestId('hall-link-down').innerText();
    expect(banner).toMatch(/^Sem ligação ao servidor da sala desde as \d\d:\d\d — nada é vendido até voltar\./);
    expect(await page.getByTestId('sale-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('sale-exact').isDisabled()).toBe(true);
    expect(await page.getByTestId('sale-submit').getAttribute('aria-describedby')).toBe('sale-link-down');
    await expectText(page, 'sale-link-down', 'Sem ligação à sala');
    // Enter on the screen sells nothing either, and no second message says what the banner says.
    await page.getByTestId('sale-quantity').fill('1');
    await page.getByTestId('sale-tendered').fill('100');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Enter');
    expect(await page.getByText('Sem ligação ao servidor da sala').count()).toBe(1);
    await back;
    expect((await salesOfGame()).length).toBe(before + 1);

    // Back: the banner goes by itself; the screens fetch again, the hall's new process knows the cashier's
    // session from its file, so no PIN is asked and the sale goes through.
    await page.getByTestId('hall-link-down').waitFor({ state: 'detached', timeout: 5_000 });
    await page.waitForFunction(() => (document.querySelector('[data-testid="sale-submit"]') as HTMLButtonElement | null)?.disabled === false, undefined, { timeout: 10_000 });
    // The first sale's cards are still shown: the second's replace them.
    const first = await page.getByTestId('sale-result').innerText();
    await sell(page, 1, 100);
    await page.waitForFunction((was) => { const r = document.querySelector('[data-testid="sale-result"]'); return r !== null && r.textContent !== was; }, first, { timeout: 10_000 });
    expect(await page.getByTestId('login-pin').count()).toBe(0);
    expect((await salesOfGame()).length).toBe(before + 2);
    expect(loads).toBe(1);
    await page.context().close();
  }, 90_000);
});
