/**
 * The counter's staff at the rush and at 2 a.m. (issue 22): staff tiles at
 * login and in approvals (a tap on a name, then the PIN; typing still works),
 * a blocked user's error in sight on a 768 px screen, the blind close whose
 * count is recorded before the manager sees expected, counted and variance,
 * and reports that say whether they printed. At 1024x768 (touch, pt-PT) and
 * 1920x1080 (keyboard, en).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInSight, expectNoSidewaysScroll, expectText, launchChromium, openKiosk, type RunningKiosk, startKiosk, switchLanguage, typeReason } from './support.js';

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

const token = async (username: string, pin: string) => (await kiosk.call('auth.login', { username, pin })).value.operatorToken as string;

const cases = [
  { viewport: { width: 1024, height: 768 }, touch: true, lang: 'pt-PT' as const },
  { viewport: { width: 1920, height: 1080 }, touch: false, lang: 'en' as const },
];

const words = {
  'pt-PT': {
    locked: 'um administrador pode desbloqueá-lo já (Utilizadores)',
    explain: 'A contagem ficou registada e é a do fecho.',
    recorded: 'É a contagem do fecho e não pode ser refeita',
    zNone: 'O relatório Z não foi impresso: não há impressora de recibos configurada.',
    xNone: 'O relatório X não foi impresso',
    money: (s: string) => `${s} €`,
  },
  en: {
    locked: 'an admin can unlock them now (Users)',
    explain: "The count is recorded and is the close's.",
    recorded: "It is the close's count and cannot be redone",
    zNone: 'The Z report did not print: no receipt printer is set up.',
    xNone: 'The X report did not print',
    // Amounts read the same in both languages (the hall's money).
    money: (s: string) => `${s} €`,
  },
};

/** A PIN by the on-screen pad (touch) or the keyboard. */
async function enterPin(page: Page, pin: string, touch: boolean): Promise<void> {
  if (touch) for (const d of pin) await page.getByTestId(`pin-key-${d}`).tap();
  else await page.keyboard.type(pin);
}

async function tap(page: Page, testId: string, touch: boolean): Promise<void> {
  if (touch) await page.getByTestId(testId).tap();
  else await page.getByTestId(testId).click();
}

describe('staff tiles, the blind close and honest print status', () => {
  for (const c of cases) {
    it(`at ${c.viewport.width}x${c.viewport.height} (${c.touch ? 'touch' : 'keyboard'}, ${c.lang})`, async () => {
      const w = words[c.lang];
      const page = await openKiosk(browser, kiosk, { viewport: c.viewport, hasTouch: c.touch, locale: c.lang, lang: c.lang });
      // Five wrong PINs for one tile: the refusal is read in full on the screen, and says who unlocks.
      for (let n = 0; n < 5; n++) {
        await tap(page, 'login-tile-caixa2', c.touch);
        await enterPin(page, '9999', c.touch);
        await tap(page, 'pin-enter', c.touch);
        await page.getByTestId('login-error').waitFor();
      }
      await expectText(page, 'login-error', w.locked);
      await expectInSight(page, 'login-error', 'login-pin');
      await expectNoSidewaysScroll(page);

      // A tap on a name, then the PIN: no username typed.
      await tap(page, 'login-tile-caixa1', c.touch);
      expect(await page.getByTestId('login-username').inputValue()).toBe('caixa1');
      await enterPin(page, '3333', c.touch);
      await tap(page, 'pin-enter', c.touch);
      await page.getByTestId('logout').waitFor();

      // A drawer of 100,00 € on this terminal, as the demo's: its X says that it did not print (no printer in the demo).
      await page.getByTestId('drawer-tab').click();
      const me = await token('caixa1', '3333');
      const open = await kiosk.call('drawer.current', {}, me);
      expect(open.value).not.toBeNull();
      await tap(page, 'drawer-x-report', c.touch);
      await expectText(page, 'x-print', w.xNone);

      // The blind close, 20,00 € short (4 x 20 €): nothing of the expected cash before the count is recorded.
      await tap(page, 'drawer-close-start', c.touch);
      await page.getByTestId('close-count-2000').fill('4');
      await tap(page, 'close-submit', c.touch);
      expect(await page.getByTestId('x-expected').count()).toBe(0);
      expect(await page.getByTestId('approval-expected').count()).toBe(0);
      await tap(page, 'drawer-close-confirm', c.touch);
      await expectText(page, 'drawer-approval-dialog', w.explain);
      await expectText(page, 'approval-expected', w.money('100,00'));
      await expectText(page, 'approval-counted', w.money('80,00'));
      await expectText(page, 'approval-variance', `-${w.money('20,00')}`);
      await expectInSight(page, 'approval-expected', 'approval-variance', 'approval-reason-other', 'approval-tile-gerente', 'approval-pin', 'approval-submit');
      expect(await page.getByTestId('approval-tile-caixa1').count()).toBe(0);
      const drawerId = open.value.drawerId as number;
      const recorded = (await kiosk.call('drawer.current', {}, me)).value.recordedCount;
      expect(recorded).toMatchObject({ countedCents: 8_000, countedByDenomination: { '2000': 4 }, countedBy: 'caixa1' });

      // The cashier walks away and counts again to match: refused, and the screen, reloaded, keeps the recorded count.
      await tap(page, 'approval-cancel', c.touch);
      const recount = await kiosk.call('drawer.close', { countedByDenomination: { '2000': 5 } }, me);
      expect(recount.error?.code).toBe('DRAWER_COUNT_RECORDED');
      expect((await kiosk.call('drawer.current', {}, me)).value.drawerId).toBe(drawerId);
      await page.reload();
      if (c.lang === 'en') await switchLanguage(page, 'en');
      await tap(page, 'login-tile-caixa1', c.touch);
      await enterPin(page, '3333', c.touch);
      await tap(page, 'pin-enter', c.touch);
      await page.getByTestId('drawer-tab').click();
      await expectText(page, 'drawer-recorded', w.recorded);
      await tap(page, 'drawer-recorded-accept', c.touch);
      await expectText(page, 'approval-variance', `-${w.money('20,00')}`);

      // The manager taps his name and his PIN.
      await typeReason(page, 'approval-reason', 'Nota de 20 € entregue ao cofre');
      await tap(page, 'approval-tile-gerente', c.touch);
      expect(await page.getByTestId('approval-username').inputValue()).toBe('gerente');
      await enterPin(page, '2222', c.touch);
      await tap(page, 'approval-submit', c.touch);
      await page.getByTestId('drawer-closed').waitFor();
      await expectText(page, 'drawer-variance', `-${w.money('20,00')}`);
      // No printer: the Z says it did not print, never "sent to the printer".
      await expectText(page, 'drawer-z-print', w.zNone);
      expect(await page.getByTestId('drawer-z-print').getAttribute('data-state')).toBe('none');
      await page.getByTestId('drawer-none').waitFor();
      const close = (await kiosk.call('report.z', { drawerId }, await token('gerente', '2222'))).value;
      expect(close).toMatchObject({ countedCents: 8_000, varianceCents: -2_000, varianceAcceptedBy: 'Gerente de Sala', varianceReason: 'Nota de 20 € entregue ao cofre' });
      await page.context().close();
      // The next case starts with an open drawer again.
      expect((await kiosk.call('drawer.open', { floatByDenomination: { '2000': 5 } }, me)).ok).toBe(true);
    });
  }
});
