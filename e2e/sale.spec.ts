/**
 * A whole sale in Chromium against browser mode: set up the hall, log in, open
 * a session and games, sell until the first series runs out and the second
 * takes over, hit the S − 1 cap, void, close the sale, read the announcement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closingInSixHours, expectText, launchChromium, login, openAs, openKiosk, type RunningKiosk, startKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  kiosk = await startKiosk();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

async function sell(page: Page, quantity: number, tenderedCents: number): Promise<void> {
  await page.getByTestId('sale-quantity').fill(String(quantity));
  await page.getByTestId('sale-tendered').fill(String(tenderedCents));
  await page.getByTestId('sale-submit').click();
}

async function sellExpecting(page: Page, quantity: number, tenderedCents: number, result: string, change: string): Promise<void> {
  await sell(page, quantity, tenderedCents);
  await expectText(page, 'sale-result', result);
  await expectText(page, 'sale-change', change);
}

describe('selling bingo cards in the browser', () => {
  it('runs from setup to the art. 13 announcement', async () => {
    const manager = await openKiosk(browser, kiosk, { viewport: { width: 1280, height: 800 } });

    // First run on an empty database: the setup screen creates the hall and its admin.
    await manager.getByTestId('setup-hall-name').fill('Bingo do Teste');
    await manager.getByTestId('setup-admin-username').fill('admin');
    await manager.getByTestId('setup-admin-name').fill('Administradora');
    await manager.getByTestId('setup-admin-pin').fill('1111');
    await manager.getByTestId('setup-admin-pin2').fill('1111');
    await manager.getByTestId('setup-submit').click();
    // The admin's recovery code, shown once: going on waits until it is written down.
    const code = (await manager.getByTestId('recovery-code').textContent())!;
    expect(code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    expect(await manager.getByTestId('recovery-code-done').isDisabled()).toBe(true);
    await manager.getByTestId('recovery-code-written').check();
    await manager.getByTestId('recovery-code-done').click();
    await manager.getByTestId('login-username').waitFor();

    // An admin locked out gets back in with it: a new PIN (the same here), and a new code to write down.
    await manager.getByTestId('login-recover').click();
    await manager.getByTestId('recover-username').fill('admin');
    await manager.getByTestId('recover-code').fill(code.toLowerCase());
    await manager.getByTestId('recover-pin').fill('1111');
    await manager.getByTestId('recover-pin2').fill('1111');
    await manager.getByTestId('recover-submit').click();
    const next = (await manager.getByTestId('recovery-code').textContent())!;
    expect(next).not.toBe(code);
    await manager.getByTestId('recovery-code-written').check();
    await manager.getByTestId('recovery-code-done').click();
    await expectText(manager, 'recovered-notice', 'PIN novo definido. Entre com ele.');

    // Operators and series through the scripting surface (their screens come later).
    const admin = (await kiosk.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
    for (const u of [
      { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' },
      { username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], pin: '3333' },
    ]) {
      expect((await kiosk.call('users.create', u, admin)).ok).toBe(true);
    }
    expect((await kiosk.call('settings.update', { stampDutyBasisPoints: 2500 }, admin)).ok).toBe(true);
    expect((await kiosk.call('ballSet.register', { serial: 'BOLAS-E2E' }, admin)).ok).toBe(true);
    for (const code of ['A', 'B']) {
      expect((await kiosk.call('series.register', { code, priceCents: 100, size: 20 }, admin)).ok).toBe(true);
    }
    // The cashier's drawer opens with its float through the API: it has no screen yet (SPEC 9).
    const caixa1 = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
    expect((await kiosk.call('drawer.open', { floatByDenomination: { '2000': 5 } }, caixa1)).ok).toBe(true);

    // The manager opens the session and game 1 on series A.
    await login(manager, 'gerente', '2222');
    await manager.getByTestId('open-session-close-at').fill(closingInSixHours());
    // The balls and the material were checked before the session (art. 5.2, 11.1).
    await manager.getByTestId('open-session-check-balls').check();
    await manager.getByTestId('open-session-check-material').check();
    await manager.getByTestId('open-session-submit').click();
    await manager.getByTestId('open-game-series').selectOption('A');
    await manager.getByTestId('open-game-submit').click();
    await manager.getByTestId('game-row-1').waitFor();

    // The cashier sells A 1–8 in game 1.
    const cashier = await openAs(browser, kiosk, 'caixa1', '3333', { viewport: { width: 1280, height: 800 } });
    await expectText(cashier, 'next-card', 'A 1');
    await sellExpecting(cashier, 8, 1000, 'A 1–8', '2,00 €');

    // Close game 1's sale; game 2 opens on A, which now starts at S = 9.
    await manager.getByTestId('game-row-1').getByTestId('close-sale-button').click();
    await manager.getByTestId('close-sale-confirm').click();
    await expectText(manager, 'announcement', 'Venderam-se 8 cartões da série A, do n.º 1 ao n.º 8.');
    await manager.getByTestId('open-game-series').selectOption('A');
    await manager.getByTestId('open-game-submit').click();
    await manager.getByTestId('game-row-2').waitFor();

    // Game 2: A 9–18, then a sale that spans the end of A and the start of B.
    await expectText(cashier, 'next-card', 'A 9');
    await expectText(cashier, 'cards-available', '20'); // 12 of A + B up to S − 1 = 8
    await sellExpecting(cashier, 10, 1000, 'A 9–18', '0,00 €');
    await sellExpecting(cashier, 5, 500, 'A 19–20 + B 1–3', '0,00 €');
    await expectText(cashier, 'next-card', 'B 4');

    // A sale by mistake, voided with the manager's PIN: its numbers go back.
    await sellExpecting(cashier, 2, 200, 'B 4–5', '0,00 €');
    await cashier.getByTestId('void-last').click();
    await cashier.getByTestId('approval-username').fill('gerente');
    await cashier.getByTestId('approval-pin').fill('2222');
    await cashier.getByTestId('approval-submit').click();
    await expectText(cashier, 'next-card', 'B 4');

    // B may only be sold up to S − 1 = 8: 5 cards are left, 6 are refused.
    await expectText(cashier, 'cards-available', '5');
    await sell(cashier, 6, 600);
    await expectText(cashier, 'sale-error', 'Só restam 5 cartões');
    await sellExpecting(cashier, 5, 2000, 'B 4–8', '15,00 €');
    await expectText(cashier, 'cards-available', '0');

    // Cash only (art. 12.º, n.º 4): the service refuses a cheque with its own code.
    const cashierToken = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
    const cheque = await kiosk.call('sale.create', { gameId: 2, quantity: 1, payment: { method: 'cheque', tenderedCents: 100 } }, cashierToken);
    expect(cheque.error?.code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    expect(cheque.error?.message).toContain('art. 12.º, n.º 4');

    // Close game 2's sale and read the announcement exactly.
    await manager.getByTestId('game-row-2').getByTestId('close-sale-button').click();
    await manager.getByTestId('close-sale-confirm').click();
    // Each announcement beside its own game: game 1's stays in its draw panel, game 2's arrives beside the games.
    await expectText(manager, 'announcement', 'Venderam-se 20 cartões');
    expect((await manager.getByTestId('draw-panel').getByTestId('announcement').innerText()).trim()).toContain(
      'Venderam-se 8 cartões da série A, do n.º 1 ao n.º 8.',
    );
    const announcement = (await manager.getByTestId('announcement-panel').getByTestId('announcement').innerText()).trim();
    expect(announcement).toContain(
      [
        'Venderam-se 20 cartões da série A, do n.º 9 ao n.º 20, e da série B, do n.º 1 ao n.º 8.',
        'Prémio de linha: 1,00 €.',
        'Prémio de bingo: 10,00 €.',
        'Vai iniciar-se a extração.',
      ].join('\n'),
    );
    await expectText(cashier, 'no-game', '');

    // Nothing was lost or duplicated on the way.
    const managerToken = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    const ledger = await kiosk.call('ledger.verify', {}, managerToken);
    expect(ledger.value.balanced).toBe(true);
    expect(ledger.value.balances['cash:T1']).toBe(2800); // 8 + 20 cards at 1,00 €
    expect((await kiosk.call('audit.verify', {}, managerToken)).value.valid).toBe(true);
  });
});
