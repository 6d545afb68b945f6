/**
 * Chips taken for cards (DN 80/85, art. 19.º) handed to the caixa from the
 * drawer screen (issue 41): the cashier counts them by face value, the caixa
 * sharing the terminal picks his tile and types his PIN; they leave the
 * cashier's drawer and enter the caixa's. At 1024x768 and 1920x1080.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInSight, expectNoSidewaysScroll, expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;
const SHOTS = process.env.SHOTS_DIR;

const token = async (username: string, pin: string) => (await kiosk.call('auth.login', { username, pin })).value.operatorToken as string;

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  // The hall takes chips for cards; the demo's cashier sells 30 cards of game 1 for 30,00 € in chips, twice (a run per size).
  expect((await kiosk.call('settings.update', { chipsAllowed: true }, await token('gerente', '2222'))).ok).toBe(true);
  const cashier = await token('caixa1', '3333');
  for (let i = 0; i < 2; i++) {
    expect((await kiosk.call('sale.create', { gameId: 1, quantity: 30, payment: { method: 'chips', tenderedCents: 3_000 } }, cashier)).ok).toBe(true);
  }
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

describe('chips handed to the caixa', () => {
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    it(`from the cashier's drawer into the caixa's, at ${viewport.width}x${viewport.height}`, async () => {
      const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport });
      await page.getByTestId('drawer-tab').click();
      await page.getByTestId('handover-start').click();
      await page.getByTestId('handover-chip-1000').fill('2');
      await page.getByTestId('handover-chip-500').fill('2');
      await expectText(page, 'handover-total', '30,00');
      await page.getByTestId('handover-tile-tesouraria').click();
      await page.getByTestId('handover-pin').fill('5555');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/handover-dialog-${viewport.width}x${viewport.height}.png` });
      await expectInSight(page, 'handover-chip-1000', 'handover-total', 'handover-tile-tesouraria', 'handover-pin', 'handover-submit');
      await expectNoSidewaysScroll(page);
      await page.getByTestId('handover-submit').click();
      await expectText(page, 'handover-done', 'Entregues 30,00');
      // The caixa's drawer holds them, his X says from where.
      const x = (await kiosk.call('report.x', {}, await token('tesouraria', '5555'))).value as { blind: boolean };
      expect(x.blind).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/handover-done-${viewport.width}x${viewport.height}.png` });
      await page.context().close();
    });
  }
});
