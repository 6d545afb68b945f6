/**
 * The cashier's sale screen as the counter uses it (issue 13), in Chromium on
 * the demo hall: keyboard-only selling, the quick amounts in the Tab order, the
 * 100 and 200 € notes, a quantity shown whole, plurals, a receipt that did not
 * print said next to the sale, the 2.ª via of the last receipt, the sale the
 * manager approves voiding, a sold-out game, and the layout at 1024x768 and
 * 1920x1080 (what sells above the fold, no sideways scroll).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPrinterEmulator, type PrinterEmulator } from '../tools/printer-emulator/server.js';
import { configureReceiptsPrinter, expectNoSidewaysScroll, expectText, launchChromium, openAs, type RunningKiosk, startKiosk, waitForJobs } from './support.js';

let emulator: PrinterEmulator;
let kiosk: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  emulator = await startPrinterEmulator({ host: '127.0.0.1', port: 0 });
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
  await emulator?.close();
});

async function cashierPage(width: number, height: number): Promise<Page> {
  const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport: { width, height } });
  await page.getByTestId('sale-quantity').waitFor();
  return page;
}

/** What the cashier needs to sell is inside the window, without scrolling, and nothing scrolls sideways. */
async function expectSaleAboveFold(page: Page): Promise<void> {
  const { height } = page.viewportSize()!;
  for (const id of ['sale-quantity', 'qty-6', 'qty-10', 'sale-total', 'sale-tendered', 'tender-exact', 'tender-20', 'tender-50', 'tender-100', 'tender-200', 'tender-key-0', 'sale-submit']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.y + box!.height, `${id} bottom in a ${height} px window`).toBeLessThanOrEqual(height);
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectNoSidewaysScroll(page);
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

async function sell(page: Page, quantity: number, tenderedCents: number, result: string): Promise<void> {
  await page.getByTestId('sale-quantity').fill(String(quantity));
  await page.getByTestId('sale-tendered').fill(String(tenderedCents));
  await page.getByTestId('sale-submit').click();
  await expectText(page, 'sale-result', result);
}

describe("the cashier's sale screen", () => {
  it('sells by keyboard, shows what did not print, reprints, voids and stops when sold out', async () => {
    const page = await cashierPage(1024, 768);

    // Layout: at 1024x768 the quantity, the total, every note and "Vender" are in view, in both languages.
    await expectSaleAboveFold(page);
    await page.getByTestId('lang-switch').click();
    await expectText(page, 'sale-submit', 'Sell');
    await expectSaleAboveFold(page);
    await page.getByTestId('lang-switch').click();
    await expectText(page, 'sale-submit', 'Vender');

    // No receipt printer in the demo: the badge never says "sem falhas".
    await expectText(page, 'print-badge', 'Sem impressora');
    expect(await page.getByTestId('print-badge').getAttribute('data-state')).toBe('none');
    expect(await page.getByTestId('print-badge').innerText()).not.toContain('sem falhas');

    // The 100 and 200 € notes.
    await page.getByTestId('tender-200').click();
    expect(await page.getByTestId('sale-tendered').inputValue()).toBe('200,00 €');
    await page.getByTestId('tender-100').click();
    expect(await page.getByTestId('sale-tendered').inputValue()).toBe('100,00 €');

    // 1000 cards: the field shows all four digits, the hint the most allowed.
    await page.getByTestId('sale-quantity').fill('1000');
    expect(await page.getByTestId('sale-quantity').inputValue()).toBe('1000');
    const fits = await page.getByTestId('sale-quantity').evaluate((el) => {
      const input = el as HTMLInputElement;
      const style = getComputedStyle(input);
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'pre';
      probe.textContent = input.value;
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, room };
    });
    expect(fits.text, JSON.stringify(fits)).toBeLessThanOrEqual(fits.room);
    await expectText(page, 'sale-total', '1 000,00 €');
    await expectText(page, 'sale-quantity-hint', 'Máximo 100 cartões por venda.');

    // Tab goes from the quantity straight to the amount tendered (the quick quantities are touch keys, as the digits),
    // then to the quick amounts (one stop: the arrows move in it) and "Vender".
    await page.getByTestId('sale-quantity').fill('2');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('sale-tendered');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('tender-exact');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('tender-200');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('sale-tendered').inputValue()).toBe('200,00 €');
    expect(await page.getByTestId('sale-quantity').inputValue()).toBe('2');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('sale-submit');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('sale-quantity').inputValue()).toBe('1');

    // A sale of 2, then a sale of 3 with the keyboard alone: the "1" is typed over, not appended to.
    await sell(page, 2, 200, 'A 1–2');
    expect(await focused(page)).toBe('sale-quantity');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('sale-tendered');
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    await expectText(page, 'sale-result', 'A 3–5');
    await expectText(page, 'sale-change', '2,00 €');
    expect(await page.getByText('3 cartões · total 3,00 € · entregue 5,00 € · troco 2,00 €').count()).toBe(1);
    const cashier = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
    const listed = (await kiosk.call('sale.list', { gameId: 1 }, cashier)).value as { saleId: number; quantity: number; totalCents: number }[];
    expect(listed.map((s) => [s.quantity, s.totalCents])).toEqual([
      [3, 300],
      [2, 200],
    ]);

    // The receipt did not print (no printer): said next to the sale; there is nothing to reprint.
    await expectText(page, 'sale-receipt', 'O recibo não foi impresso: não há impressora de recibos configurada.');
    await page.getByTestId('reprint-last').click();
    await expectText(page, 'reprint-result', `A venda n.º ${listed[0]!.saleId} não tem recibo para reimprimir`);

    // With a receipt printer: one card ("1 cartão"), its receipt printed, then its 2.ª via after a confirmation.
    await configureReceiptsPrinter(kiosk, emulator.port);
    await expectText(page, 'print-badge', 'Impressão');
    await sell(page, 1, 100, 'A 6');
    expect(await page.getByText('1 cartão · total 1,00 €').count()).toBe(1);
    const saleId = listed[0]!.saleId + 1;
    await waitForJobs(emulator, 1, 'RECIBO DE VENDA');
    await expectText(page, 'sale-receipt', 'Recibo impresso.');
    expect(await page.getByTestId('print-badge').getAttribute('data-state')).toBe('ok');
    await page.getByTestId('reprint-last').click();
    await expectText(page, 'reprint-explain', `2.ª via do recibo da venda n.º ${saleId} (A 6, 1,00 €)`);
    await page.getByTestId('reprint-confirm').click();
    await expectText(page, 'reprint-result', `2.ª via do recibo da venda n.º ${saleId} enviada`);
    await waitForJobs(emulator, 1, '2.ª VIA', 'RECIBO DE VENDA');

    // The void dialog names the sale the manager approves, and voids only that one: a sale made at the same
    // moment by another cashier keeps the dialog's words and is refused, nothing voided.
    await page.getByTestId('void-last').click();
    await expectText(page, 'void-dialog', `Anula a venda n.º ${saleId} da jogada n.º 1: A 6, 1 cartão, 1,00 € a devolver ao cliente.`);
    const other = (await kiosk.call('auth.login', { username: 'caixa2', pin: '4444' })).value.operatorToken as string;
    // Her own drawer: a drawer belongs to its operator.
    expect((await kiosk.call('drawer.open', { floatByDenomination: { '2000': 5 } }, other)).ok).toBe(true);
    const meanwhile = await kiosk.call('sale.create', { gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, other);
    expect(meanwhile.ok, JSON.stringify(meanwhile.error)).toBe(true);
    await page.getByTestId(`sale-row-${meanwhile.value.saleId}`).waitFor();
    await expectText(page, 'void-dialog', `Anula a venda n.º ${saleId} da jogada n.º 1`);
    await page.getByTestId('approval-username').fill('gerente');
    await page.getByTestId('approval-pin').fill('2222');
    await page.getByTestId('approval-submit').click();
    await expectText(page, 'approval-error', `A venda n.º ${saleId} já não é a última da jogada: entretanto foi feita a venda n.º ${meanwhile.value.saleId}. Nada foi anulado`);
    await page.getByTestId('approval-cancel').click();
    // Opened again, the dialog names the sale that is now the last one, and voids it: A 7 goes back to the series.
    await page.getByTestId('void-last').click();
    await expectText(page, 'void-dialog', `Anula a venda n.º ${meanwhile.value.saleId} da jogada n.º 1: A 7, 1 cartão, 1,00 € a devolver ao cliente.`);
    await page.getByTestId('approval-username').fill('gerente');
    await page.getByTestId('approval-pin').fill('2222');
    await page.getByTestId('approval-submit').click();
    await expectText(page, 'void-result', `Venda n.º ${meanwhile.value.saleId} anulada`);
    // The void's slip, as the printer received it: the sale, its card back in the series, the 1,00 € returned, who sold, voided and approved it.
    const slip = (await waitForJobs(emulator, 1, 'ANULAÇÃO DE VENDA'))[0]!.lines.map((l) => l.trim().replace(/\s+/g, ' '));
    for (const line of [`Venda n.º ${meanwhile.value.saleId}`, 'Jogada n.º 1', 'Série A: n.º 7', 'Cartões 1 cartão', 'DEVOLVIDO 1,00 €', 'Aprovada por Gerente de Sala'])
      expect(slip, line).toContain(line);
    expect((await kiosk.call('sale.list', { gameId: 1 }, cashier)).value.find((x: { saleId: number }) => x.saleId === saleId).voided).toBe(false);

    // The printer runs out of paper: the next receipt fails, in view next to the sale.
    await emulator.setMode('paper_out');
    await sell(page, 1, 100, 'A 7');
    await expectText(page, 'sale-receipt', 'O recibo não foi impresso', 30_000);
    await emulator.setMode('normal');
    await page.getByTestId('sale-receipt-retry').click();
    await expectText(page, 'sale-receipt', 'Recibo impresso.', 15_000);

    // One card left: "Só resta 1 cartão"; then none: "Vender" is disabled and says why.
    const admin = (await kiosk.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
    expect((await kiosk.call('settings.update', { maxCardsPerSale: 1000 }, admin)).ok).toBe(true);
    const available = (await kiosk.call('session.current', {}, cashier)).value.games[0].cardsAvailable as number;
    const bulk = await kiosk.call('sale.create', { gameId: 1, quantity: available - 1, payment: { method: 'cash', tenderedCents: (available - 1) * 100 } }, cashier);
    expect(bulk.ok, JSON.stringify(bulk.error)).toBe(true);
    await expectText(page, 'cards-available', '1');
    await page.getByTestId('sale-quantity').fill('2');
    await expectText(page, 'sale-quantity-hint', 'Só resta 1 cartão nesta jogada.');
    expect((await kiosk.call('sale.create', { gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, cashier)).ok).toBe(true);
    await expectText(page, 'cards-available', '0');
    await expectText(page, 'sale-sold-out', 'Jogada esgotada: não há mais cartões para vender.');
    expect(await page.getByTestId('sale-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('sale-quantity-hint').innerText()).not.toContain('Só restam 0');
  });

  it('keeps the sale above the fold at 1920x1080', async () => {
    const page = await cashierPage(1920, 1080);
    await expectSaleAboveFold(page);
    await page.getByTestId('lang-switch').click();
    await expectSaleAboveFold(page);
  });
});
