/**
 * The caixa's screens hold their place (issue 38), measured in Chromium on
 * the demo hall at 1024x768 and 1366x768, pt-PT and English: the chip keys
 * never move as chips are added and taken (a tap lands where the key was),
 * every key and act stays in the window; a caixa without a drawer of his own
 * is told so once, before the first key, with the way to open one, and the
 * cash fields are shut; a guia paid by cheque names the cheque on its card.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_VALUES } from '../core/chips.js';
import { DEMO_CHIP_FLOAT } from '../main/demo/seed.js';
import { expectSamePlace } from './layout.js';
import { expectInSight, expectText, launchChromium, layout, openAs, startKiosk, type Box, type RunningKiosk } from './support.js';

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

const KEYS = FACE_VALUES.map((v) => `chip-${v}`);
const keyBoxes = async (page: Page): Promise<Box[]> => (await layout(page, KEYS.map((k) => `[data-testid="${k}"]`))).boxes.map((b) => b[0]!);

/** Every key where it was, to the pixel. */
const expectKeysInPlace = (before: Box[], after: Box[], state: string) => expectSamePlace(KEYS, before, after, state);

describe('the caixa holds its place', () => {
  it.each([
    [1024, 'pt-PT'],
    [1366, 'en'],
    [1024, 'en'],
    [1366, 'pt-PT'],
  ] as const)('chip keys at %ix768 (%s): adding and taking chips moves no key', async (width, lang) => {
    const page = await openAs(browser, kiosk, 'tesouraria', '5555', { viewport: { width, height: 768 }, hasTouch: true, lang });
    await page.getByTestId('caixa-sub-chips').click();
    await page.getByTestId('chip-10000').waitFor();
    const before = await keyBoxes(page);
    // Chips of three values, one of them twice, then one taken back: each key keeps its box.
    await page.getByTestId('chip-10000').tap();
    await page.getByTestId('chip-500').tap();
    await page.getByTestId('chip-500').tap();
    await page.getByTestId('chip-100000').tap();
    expect(await page.getByTestId('chip-count-500').innerText()).toBe('× 2');
    expectKeysInPlace(before, await keyBoxes(page), 'after adding');
    await expectInSight(page, ...KEYS, 'chip-remove-500', 'chips-total', 'chips-tendered', 'chips-change', 'chips-sell', 'chips-redeem', 'chips-fill', 'chips-credit');
    await page.getByTestId('chip-remove-500').tap();
    await page.getByTestId('chip-remove-100000').tap();
    expectKeysInPlace(before, await keyBoxes(page), 'after taking');
    // The tap where "100 €" had been still counts a 100 € chip.
    const b = before[KEYS.indexOf('chip-10000')]!;
    await page.touchscreen.tap(b.left + b.width / 2, b.top + b.height / 2);
    expect(await page.getByTestId('chip-count-10000').innerText()).toBe('× 2');
    await page.context().close();
  });

  it('a caixa without a drawer of his own is told once, before the first key, and led to open one', async () => {
    // The caixa's own demo drawer closed, counted exact; the cashier's stays open beside it on T1, and is not hers: she has none.
    const token = (await kiosk.call('auth.login', { username: 'tesouraria', pin: '5555' })).value.operatorToken as string;
    expect((await kiosk.call('drawer.close', { countedByDenomination: { '2000': 5 }, countedChipsByValue: DEMO_CHIP_FLOAT }, token)).value).toMatchObject({ status: 'closed' });
    const guia = (await kiosk.call('guia.issue', { machineNumber: '9', amountCents: 5_000, kind: 'hand_pay' }, token)).value as { number: number };
    // Another, paid by two cheques (no drawer needed): its card names each by number and bank.
    const paid = (await kiosk.call('guia.issue', { machineNumber: '8', amountCents: 7_000, kind: 'hand_pay' }, token)).value as { guiaId: number; number: number };
    const cheques = [
      { amountCents: 5_000, number: '0012345', bank: 'CGD' },
      { amountCents: 2_000, number: 'A-77', bank: 'Millennium BCP' },
    ];
    const person = { name: 'Maria da Silva', documentType: 'cc', documentNumber: '123456789ZZ1', country: 'PT', birthDate: '1980-05-17' } as const;
    const personId = ((await kiosk.call('person.identify', { person, documentVerified: true }, token)).value as { personId: number }).personId;
    expect((await kiosk.call('guia.pay', { guiaId: paid.guiaId, cashCents: 0, cheques, personId }, token)).value).toMatchObject({ status: 'paid' });
    for (const lang of ['pt-PT', 'en'] as const) {
      const page = await openAs(browser, kiosk, 'tesouraria', '5555', { viewport: { width: 1024, height: 768 }, lang });
      await page.getByTestId('caixa-no-drawer').waitFor();
      await expectInSight(page, 'caixa-no-drawer', 'caixa-open-drawer', 'guia-query');
      const words = await page.getByTestId('caixa-no-drawer').innerText();
      expect(words).toContain(lang === 'en' ? 'You have no drawer open on this terminal' : 'Não tem gaveta aberta neste terminal');
      // Said once: the guia's pay form adds no second "only cheques".
      await page.getByTestId('guia-query').fill(String(guia.number));
      await page.getByTestId('guia-find').click();
      await page.getByTestId('pay-cash').waitFor();
      expect(await page.getByTestId('pay-cash').isDisabled()).toBe(true);
      expect(await page.getByTestId('pay-cash').getAttribute('aria-describedby')).toBe('caixa-no-drawer');
      expect(await page.getByTestId('pay-drawer-cash').count()).toBe(0);
      await page.getByTestId('guia-query').fill(String(paid.number));
      await page.getByTestId('guia-find').click();
      await expectText(page, 'guia-cheque-1', lang === 'en' ? 'cheque no. A-77 of Millennium BCP for 20,00 €' : 'cheque n.º A-77 do Millennium BCP de 20,00 €');
      await expectText(page, 'guia-cheque-0', lang === 'en' ? 'cheque no. 0012345 of CGD for 50,00 €' : 'cheque n.º 0012345 do CGD de 50,00 €');
      await page.getByTestId('caixa-sub-chips').click();
      await page.getByTestId('caixa-no-drawer').waitFor();
      for (const id of ['chips-sell', 'chips-redeem', 'chips-fill', 'chips-credit', 'chips-tendered']) expect(await page.getByTestId(id).isDisabled(), id).toBe(true);
      await page.getByTestId('caixa-open-drawer').click();
      await page.waitForSelector('[data-testid="drawer-tab"][aria-current="page"]');
      await page.context().close();
    }
  });
});
