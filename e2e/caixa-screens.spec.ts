/**
 * The caixa in sub-screens (issue 22, points 11 and 12): a bar of big tabs
 * (Guias, Máquinas e contadores, Fundos, Fichas, Mesas, Identificações for a manager; the
 * caixa's staff get the first, the second and the chips), each sub-screen no
 * longer than two screens and never sideways, a paid guia's payment line
 * whole. At 1024x768 (touch, pt-PT) and 1920x1080 (keyboard: the arrows
 * move along the bar, en); 1366x768 in a11y.spec.ts. Prints the sub-screens'
 * heights as JSON.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, expectNoSidewaysScroll, launchChromium, layout, openAs, type RunningKiosk, SCREEN_CASES, selectedTab, startKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  // A guia paid half in cash, half by cheque from a long-named bank: the longest payment line.
  const caixa = (await kiosk.call('auth.login', { username: 'tesouraria', pin: '5555' })).value.operatorToken as string;
  const issued = await kiosk.call('guia.issue', { machineNumber: '9', amountCents: 9_000, kind: 'hand_pay' }, caixa);
  // The cheque's payee, identified (Lei n.º 83/2017, art. 76.º, n.º 3).
  const person = { name: 'Maria da Silva', documentType: 'cc', documentNumber: '123456789ZZ1', country: 'PT', birthDate: '1980-05-17' } as const;
  const personId = ((await kiosk.call('person.identify', { person, documentVerified: true }, caixa)).value as { personId: number }).personId;
  const paid = await kiosk.call(
    'guia.pay',
    { guiaId: issued.value.guiaId, cashCents: 4_000, cheques: [{ amountCents: 5_000, number: '0012345678', bank: 'Caixa de Crédito Agrícola Mútuo' }], personId },
    caixa,
  );
  expect(paid.value).toMatchObject({ status: 'paid' });
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

const cases = SCREEN_CASES;

const TABS = {
  'pt-PT': ['Guias', 'Máquinas e contadores', 'Fundos', 'Fichas', 'Mesas', 'Identificações'],
  en: ['Guias', 'Machines and meters', 'Funds', 'Chips', 'Tables', 'Identifications'],
};

const SUBS = ['guias', 'machines', 'funds', 'chips', 'tables', 'identifications'] as const;
type Sub = (typeof SUBS)[number];
/** What each sub-screen holds (its existing test ids). */
const HOLDS: Record<Sub, string[]> = {
  guias: ['guia-query', 'guia-find', 'issue-submit', 'export-guias'],
  machines: ['meter-submit', 'export-return'],
  funds: ['funds-table', 'contribute-submit', 'transfer-submit'],
  chips: ['chip-100000', 'chips-sell', 'chips-redeem', 'chips-fill'],
  tables: ['cloth-n-17', 'spin-number', 'log-spin'],
  identifications: ['identifications-day', 'identifications-csv', 'barred-current'],
};

async function open(c: (typeof cases)[number], username: string, pin: string): Promise<Page> {
  const page = await openAs(browser, kiosk, username, pin, { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
  // The caixa's staff land on their screen; a manager taps its tab.
  if (username === 'gerente') {
    if (c.touch) await page.getByTestId('caixa-tab').tap();
    else await page.getByTestId('caixa-tab').click();
  }
  await page.getByTestId('caixa-sub-guias').waitFor();
  return page;
}



describe('the caixa in sub-screens', () => {
  for (const c of cases) {
    it(`at ${c.viewport.width}x${c.viewport.height} (${c.touch ? 'touch' : 'keyboard'}, ${c.lang})`, async () => {
      const page = await open(c, 'gerente', '2222');
      expect(await page.getByRole('tablist').count()).toBe(1);
      expect(await page.locator('[role="tab"][data-testid^="caixa-sub-"]').allInnerTexts()).toEqual(TABS[c.lang]);
      const tabs = (await layout(page, ['[role="tab"][data-testid^="caixa-sub-"]'])).boxes[0]!;
      for (const b of tabs) expect([b.height >= 48, b.width >= 96, b.right <= c.viewport.width]).toEqual([true, true, true]);
      expect(await selectedTab(page)).toBe('caixa-sub-guias');

      const heights: Partial<Record<Sub, number>> = {};
      for (const [i, sub] of SUBS.entries()) {
        if (i > 0) {
          if (c.touch) await page.getByTestId(`caixa-sub-${sub}`).tap();
          else {
            await page.getByTestId(`caixa-sub-${SUBS[i - 1]}`).focus();
            await page.keyboard.press('ArrowRight');
            await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, `caixa-sub-${sub}`);
          }
        }
        await page.locator(`[data-testid="caixa-sub-${sub}"][aria-selected="true"]`).waitFor();
        for (const id of HOLDS[sub]) await page.getByTestId(id).first().waitFor();
        // Only this sub-screen's: the others' parts are not on the page.
        for (const other of SUBS.filter((x) => x !== sub)) {
          expect([sub, other, await page.getByTestId(HOLDS[other][0]!).count()]).toEqual([sub, other, 0]);
        }
        await page.waitForTimeout(200);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        heights[sub] = height;
        expect([sub, height <= 2 * c.viewport.height]).toEqual([sub, true]);
        await expectNoSidewaysScroll(page);
      }
      if (!c.touch) {
        // The keyboard goes round: from the last tab, the right arrow is the first again.
        await page.keyboard.press('ArrowRight');
        expect(await selectedTab(page)).toBe('caixa-sub-guias');
      } else {
        await page.getByTestId('caixa-sub-guias').tap();
      }

      // The paid guia: its payment line whole, inside the card and the window (it once fell under the chips' panel).
      await page.getByTestId('guia-query').fill('1');
      await page.getByTestId('guia-query').press('Enter');
      await page.getByTestId('guia-payment').waitFor();
      const l = await layout(page, ['[data-testid="guia-card"]', '[data-testid="guia-payment"]']);
      const [[card], [line]] = l.boxes as [[Box], [Box]];
      expect([line.left >= card.left, line.right <= card.right + 0.5, line.right <= l.innerWidth, line.width > 0]).toEqual([true, true, true, true]);
      const clipped = await page.getByTestId('guia-payment').evaluate((e) => e.scrollWidth > e.clientWidth + 1);
      expect(clipped).toBe(false);
      console.log(JSON.stringify({ bench: 'caixa-sub-heights', unit: 'px', viewport: `${c.viewport.width}x${c.viewport.height}`, lang: c.lang, ...heights }));
      await page.context().close();

      // The caixa's staff: guias, machines and chips only; no funds, no tables.
      const caixa = await open(c, 'tesouraria', '5555');
      expect(await caixa.locator('[role="tab"][data-testid^="caixa-sub-"]').allInnerTexts()).toEqual([TABS[c.lang][0], TABS[c.lang][1], TABS[c.lang][3]]);
      expect([await caixa.getByTestId('caixa-sub-funds').count(), await caixa.getByTestId('caixa-sub-tables').count(), await caixa.getByTestId('caixa-sub-identifications').count()]).toEqual([0, 0, 0]);
      if (c.touch) await caixa.getByTestId('caixa-sub-chips').tap();
      else await caixa.getByTestId('caixa-sub-chips').click();
      await caixa.getByTestId('chips-sell').waitFor();
      // The chips' acts in sight without scrolling.
      const acts = (await layout(caixa, ['[data-testid="chips-sell"]', '[data-testid="chips-redeem"]', '[data-testid="chips-change"]'])).boxes.flat();
      for (const b of acts) expect(b.bottom <= c.viewport.height).toBe(true);
      await expectNoSidewaysScroll(caixa);
      await caixa.context().close();
    }, 120_000);
  }
});
