/**
 * The customer display (issue 38) in Chromium beside the sale screen, on the
 * demo hall: /customer opened with no token in the same browser profile as
 * the counter follows the sale (the cards, the total, what was tendered, the
 * change, then the cards sold, checked against the kiosk's record of the
 * sale), names no operator, holds no token and can call nothing (its CSP),
 * greets again when the cashier logs out, and axe finds nothing in it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, expectText, launchChromium, login, type RunningKiosk, startKiosk } from './support.js';


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

/** The display's amounts as shown: { total: '3,00 €', ... }. */
const amounts = (display: Page) =>
  display.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-testid^="customer-"]')].filter((e) => e.tagName === 'DD').map((e) => [e.getAttribute('data-testid')!.slice(9), e.textContent])));


describe('the customer display', () => {
  it('follows the sale screen: 3 cards, 10 € tendered, the change, the cards sold; nothing of the operator, no token, no call', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    const sale = await context.newPage();
    await sale.goto(kiosk.appUrl);
    await login(sale, 'caixa1', '3333');
    await sale.getByTestId('sale-quantity').waitFor();

    // The second monitor: /customer, no token in its address. It asks for the view of the moment and is greeted.
    const display = await context.newPage();
    await display.goto(`${kiosk.url}/customer`);
    await expectText(display, 'customer-welcome', 'Bem-vindo!');
    await expectText(display, 'customer-hall', 'Bingo Demonstração');

    await sale.getByTestId('qty-3').tap();
    await expectText(display, 'customer-line', '3');
    expect(await display.getByTestId('customer-line').locator('td').allTextContents()).toEqual(['3', 'Cartões, jogada n.º 1', '1,00 €', '3,00 €']);
    await expectText(display, 'customer-total', '3,00 €');
    expect(await amounts(display)).toEqual({ total: '3,00 €' });

    // 10 € tendered on the keypad: 1, 00, 0.
    for (const key of ['tender-key-1', 'tender-key-00', 'tender-key-0']) await sale.getByTestId(key).tap();
    await expectText(display, 'customer-change', '7,00 €');
    expect(await amounts(display)).toEqual({ total: '3,00 €', tendered: '10,00 €', change: '7,00 €' });

    await sale.getByTestId('sale-submit').tap();
    await display.getByTestId('customer-cards').waitFor();
    // The cards sold as the kiosk recorded them.
    const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    const recorded = (await kiosk.call('sale.list', { gameId: 1, limit: 1 }, manager)).value[0] as { quantity: number; ranges: { seriesCode: string; from: number; to: number }[] };
    expect(recorded.quantity).toBe(3);
    const ranges = recorded.ranges.map((r) => (r.from === r.to ? `${r.seriesCode} ${r.from}` : `${r.seriesCode} ${r.from}\u2013${r.to}`));
    expect(await display.getByTestId('customer-cards').locator('li').allTextContents()).toEqual(ranges);
    expect(await sale.getByTestId('sale-result').textContent()).toBe(ranges.join(' + '));
    expect(await amounts(display)).toEqual({ total: '3,00 €', tendered: '10,00 €', change: '7,00 €' });
    await expectText(display, 'customer-heading', 'Obrigado! Boa sorte.');

    // Nothing but the sale: no operator's name or username, no drawer, no terminal.
    const text = await display.locator('body').innerText();
    for (const word of ['Ana Caixa', 'caixa1', 'Gerente', 'Gaveta', 'gaveta', 'Terminal', 'Anular']) expect([word, text.includes(word)]).toEqual([word, false]);
    // No token to call with, no bridge, and its CSP lets it call nothing even with one.
    expect(await display.evaluate(() => [sessionStorage.length, Object.keys(localStorage).filter((k) => /token/i.test(k)), typeof (window as { kiosk?: unknown }).kiosk, location.hash])).toEqual([0, [], 'undefined', '']);
    expect(await display.evaluate(() => fetch('/rpc/session.current', { method: 'POST', body: '{}' }).then((r) => `answered ${r.status}`, () => 'refused'))).toBe('refused');

    expect(await axeViolations(display)).toEqual([]);

    // The cashier leaves: the display greets the next customer.
    await sale.getByTestId('logout').click();
    await expectText(display, 'customer-welcome', 'Bem-vindo!');
    expect(await axeViolations(display)).toEqual([]);
    await context.close();
  });
});
