/**
 * The managers' alert of wrong approval PINs in Chromium on the demo hall
 * (issue 12, part 5): three wrong manager PINs typed in the cashier's void
 * dialog pause the terminal's approvals, and the manager's screen, open beside
 * it, shows it at once (the refused calls push an event); the cashier's does
 * not. Marked seen, it goes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';

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

const pageAs = (username: string, pin: string): Promise<Page> => openAs(browser, kiosk, username, pin, { viewport: { width: 1024, height: 768 } });

describe('wrong manager PINs at the counter', () => {
  it('pause the approvals and alert the manager on another screen', async () => {
    const manager = await pageAs('gerente', '2222');
    const cashier = await pageAs('caixa1', '3333');
    expect(await manager.getByTestId('approvals-alert').count()).toBe(0);

    // A sale to void: an approval's PIN is checked only for a request that stands (a void of nothing is refused before it).
    await cashier.getByTestId('sale-quantity').fill('2');
    await cashier.getByTestId('sale-tendered').fill('500');
    await cashier.getByTestId('sale-submit').click();
    await cashier.getByTestId('sale-result').waitFor();
    await cashier.getByTestId('void-last').click();
    for (let i = 0; i < 3; i++) {
      await cashier.getByTestId('approval-username').fill('gerente');
      await cashier.getByTestId('approval-pin').fill('9999');
      await cashier.getByTestId('approval-submit').click();
      await expectText(cashier, 'approval-error', i < 2 ? 'utilizador ou PIN incorretos' : 'em pausa');
    }

    await expectText(manager, 'approvals-alert', 'Aprovações em pausa neste terminal até às');
    await expectText(manager, 'approvals-alert', '3 PINs de gerente errados, o último às');
    await expectNoSidewaysScroll(manager);
    expect(await cashier.getByTestId('approvals-alert').count()).toBe(0);

    await manager.getByTestId('approvals-alert-seen').click();
    await manager.getByTestId('approvals-alert').waitFor({ state: 'detached' });
  });
});
