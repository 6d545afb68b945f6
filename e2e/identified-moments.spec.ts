/**
 * A bingo hall's players identified at the moment the hall chose (Lei n.º
 * 83/2017, art. 76.º, n.º 5), by touch at 1024x768: at the entrance, the
 * counter's register records each entry after the document is found or
 * recorded; at the purchase of cards, "Vender" asks for the player first and
 * the sale is kept with them. Read back in the managers' record.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamingDayOf } from '../core/compliance/rules.js';
import { expectInSight, expectNoSidewaysScroll, expectText, identifyPerson, launchChromium, openAs, startKiosk, type RunningKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;
const SHOTS = process.env.E2E_MOMENT_SHOTS;
const token = async (username: string, pin: string) => (await kiosk.call('auth.login', { username, pin })).value.operatorToken as string;

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  // The demo hall identifies at the entrance; it now records the entries here (Configuração → Sala → Identificação).
  expect((await kiosk.call('settings.update', { entryRegister: true }, await token('gerente', '2222'))).ok).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const maria = (page: Page, firstTime: boolean) => identifyPerson(page, firstTime ? { number: '12345678 9 ZZ1', name: 'Maria Entrada Teste' } : { number: '12345678 9 ZZ1' });

describe('identification at the entrance and at the purchase of cards (Lei n.º 83/2017, art. 76.º, n.º 5)', () => {
  it('the entrance: the counter records Maria’s entries, then at the purchase her sale waits for her', async () => {
    const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport: { width: 1024, height: 768 }, hasTouch: true, lang: 'pt-PT' });
    // The hall identifies at the entrance and records it here: the counter has its register after the drawer.
    await page.getByTestId('entry-tab').tap();
    await expectText(page, 'entry-none', 'Ainda nenhuma entrada registada neste posto.');
    await page.getByTestId('entry-record').tap();
    await maria(page, true);
    await expectText(page, 'entry-done', 'Maria Entrada Teste. Entradas hoje: 1.');
    await page.getByTestId('entry-record').tap();
    await maria(page, false);
    await expectText(page, 'entry-done', 'Entradas hoje: 2.');
    expect(await page.getByTestId('entry-list').locator('tbody tr').count()).toBe(2);
    await shot(page, 'entry-1024x768');
    await expectInSight(page, 'entry-record', 'entry-done', 'entry-list');
    await expectNoSidewaysScroll(page);

    // The hall now identifies at the purchase: the register goes, the sale asks for the player.
    expect((await kiosk.call('settings.update', { identificationMoment: 'purchase' }, await token('gerente', '2222'))).ok).toBe(true);
    await page.getByTestId('entry-tab').waitFor({ state: 'detached' });
    await page.getByTestId('tab-sale').tap();
    await expectText(page, 'pay-payee-text', 'A sala identifica os jogadores na compra dos cartões (Lei n.º 83/2017, art. 76.º, n.º 5)');
    await page.getByTestId('sale-quantity').fill('2');
    await page.getByTestId('sale-exact').tap();
    await maria(page, false);
    await expectText(page, 'pay-payee-text', 'Jogador: Maria Entrada Teste');
    await shot(page, 'sale-player-1024x768');
    await expectInSight(page, 'sale-submit', 'sale-exact', 'pay-payee-choose', 'sale-quantity');
    await page.getByTestId('sale-exact').tap();
    await expectText(page, 'sale-result', '2');
    // Sold: the next sale asks again.
    await expectText(page, 'pay-payee-text', 'A sala identifica os jogadores na compra dos cartões');
    await expectNoSidewaysScroll(page);
    await page.context().close();

    const price = (await kiosk.call('session.current', {}, await token('caixa1', '3333'))).value.games.find((g: { state: string }) => g.state === 'selling').priceCents as number;
    const day = await kiosk.call('compliance.day', { gamingDay: gamingDayOf(new Date(), 'Europe/Lisbon') }, await token('gerente', '2222'));
    expect((day.value.acts as { act: string; name: string; cents: number }[]).map((a) => [a.act, a.name, a.cents])).toEqual([
      ['entry', 'Maria Entrada Teste', 0],
      ['entry', 'Maria Entrada Teste', 0],
      ['card_purchase', 'Maria Entrada Teste', 2 * price],
    ]);
  });
});
