/**
 * Reasons by touch (issue 38), at a touch counter of 1024x768: a pay-in's
 * reason is one tap on the hall's list; a pay-out's is "Outro…" and words
 * tapped on the screen's keyboard (accents, the automatic capital, a space)
 * then a few typed on a physical keyboard. Each is recorded word for word in
 * the drawer's movements; the picker and the keyboard pass axe, and the
 * keyboard's dialog fits the screen.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';


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


describe('reasons by touch', () => {
  it('a listed reason in one tap, words on the screen keyboard under "Outro…", both recorded as shown', async () => {
    const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport: { width: 1024, height: 768 }, hasTouch: true, bypassCSP: true });
    await page.getByTestId('drawer-tab').tap();
    await page.getByTestId('drawer-status').waitFor();

    // A pay-in: the hall's first pay-in reason, one tap.
    await page.getByTestId('movement-kind-pay_in').check();
    await page.getByTestId('movement-amount').fill('5,00');
    await page.getByTestId('movement-reason-choice-1').tap();
    expect(await page.getByTestId('movement-reason-choice-1').getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(page, '[data-testid="movement-reason-picker"]')).toEqual([]);
    await page.getByTestId('movement-submit').tap();
    await expectText(page, 'movement-result', 'Entrada de 5,00 € registada: Reforço de trocos.');

    // A pay-out: its own list (the pay-in's choice is gone), then "Outro…".
    await page.getByTestId('movement-kind-pay_out').check();
    expect(await page.getByTestId('movement-reason-choice-1').innerText()).toBe('Compra de material');
    expect(await page.locator('[data-testid="movement-reason-picker"] [aria-pressed="true"]').count()).toBe(0);
    await page.getByTestId('movement-amount').fill('2,50');
    await page.getByTestId('movement-reason-other').tap();
    const dialog = page.getByTestId('movement-reason-dialog');
    await dialog.waitFor();
    // Nothing typed yet: refused, saying why.
    await page.getByTestId('movement-reason-use').tap();
    await expectText(page, 'movement-reason-problem', 'Escreva o motivo.');
    for (const key of ['á', 'g', 'u', 'a', 'space', 'e', 'space', 'c', 'a', 'f', 'é']) {
      await page.getByTestId(key === 'space' ? 'movement-reason-keyboard-space' : `movement-reason-keyboard-key-${key}`).tap();
    }
    const field = page.getByTestId('movement-reason');
    expect(await field.inputValue()).toBe('Água e café');
    // The field kept the focus: a physical keyboard types on at the caret.
    await page.keyboard.type(' (2)');
    expect(await field.inputValue()).toBe('Água e café (2)');
    expect(await axeViolations(page, '[data-testid="movement-reason-dialog"]')).toEqual([]);
    // The whole keyboard and its buttons inside the 768 px screen.
    const box = (await page.getByTestId('movement-reason-use').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    await page.getByTestId('movement-reason-use').tap();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('movement-reason-other').innerText()).toBe('Água e café (2)');
    expect(await page.getByTestId('movement-reason-other').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('movement-submit').tap();
    await expectText(page, 'movement-result', 'Saída de 2,50 € registada: Água e café (2).');

    const db = new Database(join(kiosk.dataDir, 'kiosk.sqlite'), { readonly: true });
    try {
      const rows = db
        .prepare(`SELECT m.kind, m.amount_cents AS cents, m.reason FROM drawer_movements m JOIN operators o ON o.id = m.operator_id WHERE o.username = 'caixa1' ORDER BY m.id`)
        .all();
      expect(rows).toEqual([
        { kind: 'pay_in', cents: 500, reason: 'Reforço de trocos' },
        { kind: 'pay_out', cents: 250, reason: 'Água e café (2)' },
      ]);
    } finally {
      db.close();
    }
    await page.context().close();
  });

  it("a manager's list, edited by touch in Configuração → Motivos, is what the counter offers (audited)", async () => {
    const page = await openAs(browser, kiosk, 'gerente', '2222', { viewport: { width: 1024, height: 768 }, hasTouch: true });
    await page.getByTestId('settings-tab').tap();
    await page.getByTestId('settings-sub-reasons').tap();
    await page.getByTestId('reasons-act-drawer_pay_out').tap();
    await expectText(page, 'reasons-entry-1', 'Compra de material');
    // The third goes, the second goes up, a new one is added from the keyboard's dialog.
    await page.getByTestId('reasons-remove-3').tap();
    await page.getByTestId('reasons-up-2').tap();
    await page.getByTestId('reasons-add').tap();
    await page.getByTestId('reasons-words').fill('Água e café');
    await page.getByTestId('reasons-words-use').tap();
    await page.getByTestId('reasons-save').tap();
    await expectText(page, 'reasons-saved', 'Lista "Saída de dinheiro" guardada.');
    const token = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
    const lists = (await kiosk.call('reasons.get', {}, token)).value as Record<string, string[]>;
    expect(lists['drawer.pay_out']).toEqual(['Pagamento a fornecedor', 'Compra de material', 'Água e café']);
    const db = new Database(join(kiosk.dataDir, 'kiosk.sqlite'), { readonly: true });
    try {
      const row = db.prepare(`SELECT after FROM audit_log WHERE channel = 'reasons.update' ORDER BY id DESC LIMIT 1`).get() as { after: string };
      expect(JSON.parse(row.after)).toEqual({ act: 'drawer.pay_out', reasons: ['Pagamento a fornecedor', 'Compra de material', 'Água e café'], default: false });
    } finally {
      db.close();
    }
    await page.context().close();
  });
});
