/**
 * The caixa closes her drawer after paying a guia wholly by the house's
 * cheque (Lei n.º 83/2017, art. 76.º, n.º 3), with no receipt printer: the Z
 * cannot print, and the closed drawer's screen says what goes with it beside
 * the cash («Fora da gaveta»), at 1024x768 by touch and at 1920x1080, inside
 * the window.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHIP_FLOAT } from '../main/demo/seed.js';
import { TEST_PERSON } from '../test/fixtures/persons.js';
import { expectInSight, expectNoSidewaysScroll, expectText, launchChromium, openAs, startKiosk, type RunningKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;
const SHOTS = process.env.E2E_DRAWER_OUTSIDE_SHOTS;

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  const caixa = (await kiosk.call('auth.login', { username: 'tesouraria', pin: '5555' })).value.operatorToken as string;
  const person = (await kiosk.call('person.identify', { person: TEST_PERSON, documentVerified: true }, caixa)).value.personId as number;
  const guia = (await kiosk.call('guia.issue', { machineNumber: '9', amountCents: 40_000, kind: 'hand_pay' }, caixa)).value.guiaId as number;
  const paid = await kiosk.call('guia.pay', { guiaId: guia, cashCents: 0, cheques: [{ amountCents: 40_000, number: '0000777', bank: 'CGD' }], personId: person }, caixa);
  expect(paid.ok).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

describe("the closed drawer's «Fora da gaveta»", () => {
  it('the Z not printed, the screen says the 400,00 € guia cheque to hand over with it, in the window at both sizes', async () => {
    const page = await openAs(browser, kiosk, 'tesouraria', '5555', { viewport: { width: 1024, height: 768 }, hasTouch: true, lang: 'pt-PT' });
    await page.getByTestId('drawer-tab').tap();
    await page.getByTestId('drawer-close-start').tap();
    // The float as it was: 5 x 20 € and the demo's chips (the cheque took nothing from the drawer).
    await page.getByTestId('close-count-2000').fill('5');
    for (const [value, count] of Object.entries(DEMO_CHIP_FLOAT)) await page.getByTestId(`close-chip-${value}`).fill(String(count));
    await page.getByTestId('close-submit').tap();
    await page.getByTestId('drawer-close-confirm').tap();
    await page.getByTestId('drawer-closed').waitFor();
    await expectText(page, 'drawer-variance', '0,00 €');
    await expectText(page, 'drawer-outside', 'Fora da gaveta (entregar com o Z)');
    await expectText(page, 'drawer-outside-guiaChequesPaidCents', '400,00 €');
    expect(await page.locator('[data-testid^="drawer-outside-"]').count()).toBe(1);
    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      await expectInSight(page, 'drawer-z', 'drawer-variance', 'drawer-outside-guiaChequesPaidCents');
      await expectNoSidewaysScroll(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/drawer-outside-${viewport.width}x${viewport.height}.png` });
    }
    await page.context().close();
  });
});
