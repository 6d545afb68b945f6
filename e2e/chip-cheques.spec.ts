/**
 * Chips bought by bank card and paid back partly by the house's cheque, at
 * the caixa's screen by touch at 1024x768 (Lei n.º 83/2017, art. 76.º, n.º 3
 * and 4): the sale by card identifies the buyer; the redemption says how much
 * may go by cheque, waits for the cheque's number and bank, and prints the
 * caixa's slip naming the payee, crossed and "não à ordem", read back decoded
 * from the printer emulator. Then at 1920x1080 in English, the room spent.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrinterEmulator, type PrinterEmulator } from '../tools/printer-emulator/server.js';
import { configureReceiptsPrinter, expectInSight, expectNoSidewaysScroll, expectText, identifyPerson, launchChromium, openAs, startKiosk, waitForJobs, type RunningKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;
let emulator: PrinterEmulator;
const SHOTS = process.env.E2E_CHIP_CHEQUE_SHOTS;

beforeAll(async () => {
  emulator = await startPrinterEmulator({ host: '127.0.0.1', port: 0 });
  kiosk = await startKiosk(['--demo']);
  await configureReceiptsPrinter(kiosk, emulator.port);
  browser = await launchChromium();
  // The caixa's chips: ten 100,00 € chips from the vault; two sold for cash, so the drawer holds the cash part paid back below.
  const caixa = (await kiosk.call('auth.login', { username: 'tesouraria', pin: '5555' })).value.operatorToken as string;
  expect((await kiosk.call('chips.move', { kind: 'fill', chips: [{ valueCents: 10_000, count: 10 }], reason: 'Reforço do cofre' }, caixa)).ok).toBe(true);
  expect((await kiosk.call('chips.sell', { chips: [{ valueCents: 10_000, count: 2 }], payment: { method: 'cash', tenderedCents: 20_000 } }, caixa)).ok).toBe(true);
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
  await emulator?.close();
});

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

async function chooseMaria(page: Page, firstTime: boolean) {
  await page.getByTestId('pay-payee-choose').click();
  await identifyPerson(page, firstTime ? { number: '12345678 9 ZZ1', name: 'Maria Cheque Teste' } : { number: '12345678 9 ZZ1' });
}

describe('chips by card, paid back by cheque (Lei n.º 83/2017, art. 76.º, n.º 4)', () => {
  it('300,00 € by card, then 500,00 € back: 300,00 € by cheque to her, 200,00 € in cash, the slip printed, at 1024x768 by touch', async () => {
    const page = await openAs(browser, kiosk, 'tesouraria', '5555', { viewport: { width: 1024, height: 768 }, hasTouch: true, lang: 'pt-PT' });
    await page.getByTestId('caixa-sub-chips').click();
    for (let i = 0; i < 3; i++) await page.getByTestId('chip-10000').tap();
    await page.getByTestId('chips-sell').tap();
    await page.getByTestId('chips-tender-card').check();
    await expectText(page, 'chips-dialog', '3 × 100,00 €: 300,00 € pagos com cartão bancário; nada entra na gaveta.');
    await chooseMaria(page, true);
    await expectText(page, 'pay-payee-text', 'Jogador: Maria Cheque Teste');
    await expectInSight(page, 'chips-tender-card', 'pay-payee-choose', 'chips-confirm');
    await shot(page, 'chips-sell-card-1024x768');
    await page.getByTestId('chips-confirm').tap();
    await expectText(page, 'chips-done', 'Vendidas fichas de 300,00 €, pagas com cartão bancário.');

    for (let i = 0; i < 5; i++) await page.getByTestId('chip-10000').tap();
    await page.getByTestId('chips-redeem').tap();
    await expectText(page, 'chips-dialog', 'Um cheque só a um jogador identificado');
    await chooseMaria(page, false);
    await expectText(page, 'chips-cheque-room', 'Pode receber em cheque até 300,00 € hoje: comprou 300,00 € em fichas com cartão ou cheque, já recebeu 0,00 € em cheque');
    // Her whole room by cheque: the act stays off until the cheque's number and bank are typed.
    await page.getByTestId('chips-cheque-amount').fill('300');
    expect(await page.getByTestId('chips-confirm').isDisabled()).toBe(true);
    await page.getByTestId('chips-cheque-number').fill('0099001');
    await page.getByTestId('chips-cheque-bank').fill('CGD');
    await expectText(page, 'chips-dialog', '5 × 100,00 € (500,00 €): 300,00 € em cheque, nominativo, cruzado e «não à ordem»; saem 200,00 € da gaveta.');
    await expectInSight(page, 'chips-cheque-amount', 'chips-cheque-bank', 'pay-payee-choose', 'chips-confirm');
    await shot(page, 'chips-redeem-cheque-1024x768');
    await page.getByTestId('chips-confirm').tap();
    await expectText(page, 'chips-done', 'Pagas 500,00 € pelas fichas: 300,00 € em cheque, 200,00 € em numerário. O talão do cheque foi impresso.');
    await expectNoSidewaysScroll(page);
    await page.context().close();

    const [slip] = await waitForJobs(emulator, 1, 'FICHAS PAGAS EM CHEQUE');
    const lines = slip!.lines.map((l) => l.trim());
    expect(lines.slice(lines.indexOf('Numerário                               200,00 €'), lines.findIndex((l) => l.startsWith('Pago por')))).toEqual([
      'Numerário                               200,00 €',
      'Cheque n.º 0099001                      300,00 €',
      'Banco: CGD',
      'Cheque a favor de             Maria Cheque Teste',
      'Cruzado',
      'Não à ordem',
      'Até às fichas compradas hoje com cartão ou',
      'cheque (Lei n.º 83/2017, art. 76.º, n.º 4).',
    ]);
  });

  it('her room spent, at 1920x1080 in English: no cheque offered, paid in cash', async () => {
    const page = await openAs(browser, kiosk, 'tesouraria', '5555', { viewport: { width: 1920, height: 1080 }, lang: 'en' });
    await page.getByTestId('caixa-sub-chips').click();
    await page.getByTestId('chip-10000').click();
    await page.getByTestId('chips-redeem').click();
    await chooseMaria(page, false);
    await expectText(page, 'chips-cheque-room', 'No cheque: today they bought 300,00 € of chips by card or cheque, nothing is left to pay by cheque');
    await shot(page, 'chips-room-spent-1920x1080');
    await page.getByTestId('chips-confirm').click();
    await expectText(page, 'chips-done', '100,00 € paid in cash for the chips.');
    await page.context().close();
  });
});
