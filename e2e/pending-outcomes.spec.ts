/**
 * Every screen's command of unknown outcome, in Chromium (issue 37, point 1):
 * a drawer pay-in whose answer is cut on the way back from the hall is listed
 * by the corner indicator ("Operações por confirmar"), is not offered again
 * while the lost answer keeps the link down (issue 38: the banner says why; the
 * hall holds ONE pay-in), and once the link is back the indicator says what
 * the hall did. The indicator lies over the
 * page: nothing on it moves at 1024x768. The hall is the real program, the
 * counter its real link, between them a fault proxy (as e2e/sale-outcome.spec.ts).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Counter } from '../main/counter/index.js';
import type { FaultProxy } from '../test/fault-proxy.js';
import { expectText, hallBehindProxy, launchChromium, login, type ProxiedCounter } from './support.js';

const NAME = 'pending-outcomes';
const COUNTER_TOKEN = `${NAME}-counter-token-0123456789`;

let setup: ProxiedCounter;
let hallDir: string;
let proxy: FaultProxy;
let counter: Counter;
let browser: Browser;

beforeAll(async () => {
  setup = await hallBehindProxy(NAME);
  hallDir = setup.hallDir;
  proxy = setup.proxy;
  counter = setup.counter;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await setup?.close();
});

/** The pay-ins of 50,00 € in the hall's own database file. */
function payInsAtHall(): number {
  const db = new Database(join(hallDir, 'kiosk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM drawer_movements WHERE kind = 'pay_in' AND amount_cents = 5000").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The boxes of what the indicator must never move. */
const PAGE_PARTS = ['.topbar', '#movement-title', '[data-testid="movement-amount"]', '[data-testid="movement-submit"]', '[data-testid="drawer-status"]'];
async function pageBoxes(page: Page) {
  return Promise.all(PAGE_PARTS.map(async (s) => page.locator(s).first().boundingBox()));
}
/** The page's boxes with the indicator shown equal those with it taken out (the link's own banner may move them both). */
async function expectIndicatorMovesNothing(page: Page): Promise<void> {
  const shown = await pageBoxes(page);
  await page.evaluate(() => document.querySelector<HTMLElement>('.pending-outcomes')!.style.setProperty('display', 'none'));
  const without = await pageBoxes(page);
  await page.evaluate(() => document.querySelector<HTMLElement>('.pending-outcomes')!.style.removeProperty('display'));
  expect(shown.every((b) => b !== null)).toBe(true);
  expect(shown).toEqual(without);
}

describe('a command of another screen whose outcome is unknown', () => {
  it('is listed, not offered again while the link is down (one pay-in at the hall), and settles', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    await page.goto(`${counter.url}/#token=${COUNTER_TOKEN}`);
    await login(page, 'caixa1', '3333');
    await page.getByTestId('drawer-tab').click();
    await page.getByTestId('drawer-status').waitFor();
    expect(payInsAtHall()).toBe(0);

    await page.getByTestId('movement-kind-pay_in').check();
    await page.getByTestId('movement-amount').fill('50,00');
    // The hall's reasons come with the link whole (cut, their answer would be lost too).
    await page.getByTestId('movement-reason-choice-1').click();
    // The hall records the pay-in; its answer is cut on the way back.
    proxy.faultAt('/rpc/drawer.move', 'cut');
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/rpc/drawer.move')) keys.push(r.headers()['idempotency-key'] ?? '');
    });
    const answered = () => page.waitForResponse((r) => r.url().endsWith('/rpc/drawer.move'), { timeout: 20_000 });
    const answer = answered();
    await page.getByTestId('movement-submit').click();
    await answer;
    await page.getByTestId('pending-unknown').waitFor();
    expect(await page.getByTestId('pending-unknown').innerText()).toMatch(/^Operações por confirmar: entrada de caixa 50,00\s€ \(\d\d:\d\d\)$/);
    expect(payInsAtHall()).toBe(1);
    // Over the page's corner, inside the screen: nothing on the page moved for it.
    const box = (await page.getByTestId('pending-outcomes').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    await expectIndicatorMovesNothing(page);

    // The lost answer took the link down (issue 38): nothing that needs the hall is offered meanwhile, the banner says
    // why (the same key pressed again is client-lost-acts.test.ts's); still one pay-in, still one line.
    await page.getByTestId('hall-link-down').waitFor();
    expect(await page.getByTestId('movement-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('movement-submit').getAttribute('aria-describedby')).toBe('hall-link-down');
    expect(keys).toHaveLength(1);
    expect(await page.getByTestId('pending-unknown').innerText()).toMatch(/^Operações por confirmar: entrada de caixa 50,00\s€ \(\d\d:\d\d\)$/);
    expect(payInsAtHall()).toBe(1);

    // The link is back: the counter asks the hall for the key, and the indicator says it was done.
    proxy.fault = 'pass';
    await expectText(page, 'pending-settled', 'Confirmado pela sala: entrada de caixa 50,00 € — feito.', 15_000);
    expect(await page.getByTestId('pending-unknown').count()).toBe(0);
    await expectIndicatorMovesNothing(page);
    expect(payInsAtHall()).toBe(1);
    // Shown a moment, then gone.
    await page.getByTestId('pending-outcomes').waitFor({ state: 'detached', timeout: 12_000 });
    await page.context().close();
  }, 60_000);
});
