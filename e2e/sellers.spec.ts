/**
 * The roving sellers by touch at 1024x768 (issue 42; DN 80/85, art. 12.º, n.º 2, and 13.º): the caixa hands the
 * usual block to two sellers, collects one from the middle of the order (the gap shown in red, the close of sale
 * refused in the manager's screen with the same words), settles the other with 10,00 € short (a manager accepts it),
 * hands the gap out again, collects it, and the sale closes on one range. The settlement slip: "no printer" said
 * while none is set up, then printed on the emulator and read (owed, counted, difference, who accepted). Every main
 * control inside the window and unclipped at each step, axe clean; screenshots at 1024x768 and 1920x1080 (normal, a
 * misread card, the return, the gap, the approval; pt-PT and en) when SHOTS_DIR is given.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrinterEmulator, type PrinterEmulator } from '../tools/printer-emulator/server.js';
import { shotsFolder } from './layout.js';
import { axeViolations, configureReceiptsPrinter, expectInSight, expectText, launchChromium, openAs, type RunningKiosk, startKiosk, switchLanguage, waitForJobs } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;
let emulator: PrinterEmulator;
const SHOTS = shotsFolder(process.env.SHOTS_DIR);
const SMALL = { width: 1024, height: 768 };
const LARGE = { width: 1920, height: 1080 };

const token = async (username: string, pin: string) => (await kiosk.call('auth.login', { username, pin })).value.operatorToken as string;

beforeAll(async () => {
  emulator = await startPrinterEmulator({ host: '127.0.0.1', port: 0 });
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  const admin = await token('admin', '1111');
  for (const [username, name, pin] of [
    ['marta', 'Marta Volante', '6767'],
    ['paulo', 'Paulo Volante', '6868'],
  ] as const) {
    const made = await kiosk.call('users.create', { username, name, roles: ['cashier'], pin }, admin);
    expect(made.ok, JSON.stringify(made.error)).toBe(true);
  }
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
  await emulator?.close();
});

/** The page never scrolls: every region of the screen scrolls inside itself. */
async function expectNoPageScroll(page: Page): Promise<void> {
  const { h, w, ih, iw } = await page.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth, ih: window.innerHeight, iw: window.innerWidth }));
  expect([h <= ih, w <= iw], `page ${w}x${h} in a ${iw}x${ih} window`).toEqual([true, true]);
}

/** Each control whole inside every region that scrolls or clips around it: never hidden under a region's edge. */
async function expectUnclipped(page: Page, testIds: string[]): Promise<void> {
  const clipped = await page.evaluate(`(() => ${JSON.stringify(testIds)}.filter((id) => {
    const el = document.querySelector('[data-testid="' + id + '"]');
    if (!el) return true;
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a; a = a.parentElement) {
      const o = getComputedStyle(a).overflowY;
      if (o !== 'auto' && o !== 'scroll' && o !== 'hidden') continue;
      const b = a.getBoundingClientRect();
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.left < b.left - 0.5 || r.right > b.right + 0.5) return true;
    }
    return false;
  }))()`);
  expect(clipped, 'controls cut by a region').toEqual([]);
}

/** At 1024x768 the controls are measured inside the window; then the same state at 1920x1080 (measured and shot), and back. */
async function checkState(page: Page, name: string, controls: string[], english = true): Promise<void> {
  for (const [size, viewport] of [
    ['1024x768', SMALL],
    ['1920x1080', LARGE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.getByTestId(controls[0]!).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sellers-${name}-${size}.png` });
    await expectInSight(page, ...controls);
    await expectUnclipped(page, controls);
    await expectNoPageScroll(page);
    expect(await axeViolations(page), `${name} at ${size}`).toEqual([]);
  }
  await page.setViewportSize(SMALL);
  // The same in English at 1024x768 (the header's switch: not behind a modal dialog).
  if (english) {
    await switchLanguage(page, 'en');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sellers-${name}-1024x768-en.png` });
    await expectInSight(page, ...controls);
    await expectUnclipped(page, controls);
    await expectNoPageScroll(page);
    await switchLanguage(page, 'pt-PT');
  }
}

/** The manager's close of sale on the game screen: refused with `words`, nothing closed. */
async function closeRefused(manager: Page, words: string): Promise<void> {
  await manager.getByTestId('close-sale-button').tap();
  await manager.getByTestId('close-sale-confirm').tap();
  await expectText(manager, 'confirm-error', words);
  await manager.getByTestId('confirm-cancel').tap();
  await manager.getByTestId('close-sale-dialog').waitFor({ state: 'detached' });
}

/** Notes and coins counted with their + keys, as a finger does. */
async function count(page: Page, notes: Record<string, number>): Promise<void> {
  for (const [label, n] of Object.entries(notes)) {
    for (let i = 0; i < n; i++) await page.getByTestId('sellers-return').getByRole('button', { name: `Mais uma de ${label}`, exact: true }).tap();
  }
}

async function blockIds(): Promise<number[]> {
  const list = (await kiosk.call('seller.list', { gameId: 1 }, await token('caixa1', '3333'))).value as { blocks: { blockId: number }[] };
  return list.blocks.map((b) => b.blockId);
}

describe('roving sellers at the counter', () => {
  it('hands out, collects from the middle (the gap in red, the close refused), settles with a manager, resells the gap and closes the sale', async () => {
    const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport: SMALL, hasTouch: true });
    const manager = await openAs(browser, kiosk, 'gerente', '2222', { viewport: SMALL, hasTouch: true });
    await manager.getByTestId('game-row-1').waitFor();

    await page.getByTestId('sellers-open').tap();
    await page.getByTestId('sellers-tile-marta').waitFor();
    await page.getByTestId('sellers-usual-20').tap();

    // The usual block of 20, each said before it is handed out. Paulo's button stays where it is while Marta's tile grows with her block.
    const pauloBefore = await page.getByTestId('sellers-handout-paulo').boundingBox();
    await page.getByTestId('sellers-handout-marta').tap();
    await expectText(page, 'sellers-handout-cards', 'A 1–20');
    await expectText(page, 'sellers-handout-what', 'Marta Volante leva 20 cartões da jogada n.º 1');
    await page.getByTestId('sellers-handout-confirm').tap();
    await expectText(page, 'sellers-done', 'Entregue a Marta Volante: A 1–20 (20 cartões).');
    await page.locator('[data-testid^="sellers-held-"]').first().waitFor();
    expect(await page.getByTestId('sellers-handout-paulo').boundingBox(), 'Paulo\'s hand-out button moved').toEqual(pauloBefore);
    await page.getByTestId('sellers-handout-paulo').tap();
    await expectText(page, 'sellers-handout-cards', 'A 21–40');
    await page.getByTestId('sellers-handout-confirm').tap();
    await expectText(page, 'sellers-done', 'Entregue a Paulo Volante: A 21–40 (20 cartões).');
    const [marta, paulo] = await blockIds();
    await expectText(page, `sellers-held-${marta}`, 'A 1–20 (20 cartões)');
    await expectText(page, `sellers-held-${paulo}`, 'A 21–40 (20 cartões)');
    await expectText(page, 'sellers-holding', 'A venda não pode fechar: Marta Volante, Paulo Volante ainda não entregou os cartões excedentes');
    await checkState(page, 'normal', ['sellers-back', 'sellers-usual-10', 'sellers-usual-40', 'sellers-handout-marta', 'sellers-handout-paulo', `sellers-collect-${marta}`, `sellers-collect-${paulo}`, 'sellers-holding']);

    // Marta sold 14: her first unsold card, A 15, typed on the keypad; 14,00 € counted. A card of Paulo's is said at once.
    await page.getByTestId(`sellers-collect-${marta}`).tap();
    for (const k of ['2', '5']) await page.getByTestId(`sellers-key-${k}`).tap();
    await expectText(page, 'sellers-read-error', 'O cartão A 25 não é deste bloco (A 1–20): leia o 1.º cartão por vender (DN 80/85, art. 13.º).');
    await page.getByTestId('seller-submit').tap();
    await checkState(page, 'misread', ['sellers-read-error', 'sellers-key-clear', 'sellers-all-sold', 'seller-submit', 'seller-cancel']);
    expect(await page.getByTestId('sellers-return-dialog').count()).toBe(0);
    // Nothing typed: "Ver o acerto" says what is missing, beside the keypad.
    await page.getByTestId('sellers-key-clear').tap();
    await page.getByTestId('seller-submit').tap();
    await expectText(page, 'sellers-return-error', 'Indique o primeiro cartão por vender do bloco, ou toque em «Todos vendidos».');
    await expectInSight(page, 'sellers-return-error');
    await page.getByTestId('sellers-key-1').tap();
    await page.getByTestId('sellers-key-5').tap();
    await expect(page.getByTestId('sellers-first-unsold').inputValue()).resolves.toBe('A 15');
    await expectText(page, 'sellers-reading', 'Vendidos 14 cartões (A 1–14)');
    await expectText(page, 'sellers-reading', 'Voltam 6 cartões por vender: A 15–20');
    await count(page, { '10,00 €': 1, '2,00 €': 2 });
    await expectText(page, 'seller-total', '14,00 €');
    await checkState(page, 'return', ['sellers-first-unsold', 'sellers-key-0', 'sellers-key-back', 'sellers-all-sold', 'sellers-reading', 'seller-count-5000', 'seller-submit', 'seller-cancel', 'seller-total']);
    await page.getByTestId('seller-submit').tap();
    await expectText(page, 'sellers-confirm-what', 'Marta Volante vendeu 14 cartões (A 1–14); volta por vender: A 15–20.');
    expect(await page.getByTestId('sellers-confirm-owed').innerText()).toBe('14,00 €');
    expect(await page.getByTestId('sellers-confirm-counted').innerText()).toBe('14,00 €');
    expect(await page.getByTestId('sellers-confirm-difference').innerText()).toBe('0,00 €');
    await page.getByTestId('sellers-return-confirm').tap();
    await expectText(page, 'sellers-done', 'Recolhido o bloco de Marta Volante: 14 cartões vendidos, deve 14,00 €, contado 14,00 €, diferença 0,00 €.');
    // The demo hall has no receipts printer: the slip says so, as every receipt does.
    await expectText(page, 'sellers-slip', 'não há impressora de recibos configurada');

    // The gap in red, in the words the close of sale refuses with.
    await expectText(page, 'sellers-gap-cards', '6 cartões por vender no meio da ordem: A 15–20');
    await expectText(page, 'sellers-gap-text', 'A venda não pode fechar: os cartões A 15-20 ficaram por vender no meio da ordem; venda-os ou entregue-os a um vendedor (DN 80/85, art. 12.º, n.º 2');
    expect(await page.getByTestId('sellers-gap').evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(179, 38, 30)');
    expect(await page.getByTestId(`sellers-row-owed-${marta}`).innerText()).toBe('14,00 €');
    expect(await page.getByTestId(`sellers-row-difference-${marta}`).innerText()).toBe('0,00 €');
    await checkState(page, 'gap', ['sellers-gap', 'sellers-handout-marta', 'sellers-handout-paulo', `sellers-collect-${paulo}`, `sellers-row-${marta}`]);
    // Paulo still holds his block: the manager's close of sale is refused for it first.
    await closeRefused(manager, 'A venda não pode fechar: Paulo Volante ainda não entregou os cartões excedentes');

    // A receipts printer from here on: the settlement slip both sign prints with the return.
    await configureReceiptsPrinter(kiosk, emulator.port);
    // Paulo sold all 20 (20,00 €) and hands 10,00 €: over the hall's 5,00 €, the manager accepts it with a reason.
    await page.getByTestId(`sellers-collect-${paulo}`).tap();
    await page.getByTestId('sellers-all-sold').tap();
    await expectText(page, 'sellers-reading', 'Vendidos 20 cartões (A 21–40)');
    await expectText(page, 'sellers-reading', 'Não volta nenhum cartão.');
    await count(page, { '10,00 €': 1 });
    await page.getByTestId('seller-submit').tap();
    await page.getByTestId('sellers-approval-dialog').waitFor();
    expect(await page.getByTestId('sellers-confirm-owed').innerText()).toBe('20,00 €');
    expect(await page.getByTestId('sellers-confirm-counted').innerText()).toBe('10,00 €');
    expect(await page.getByTestId('sellers-confirm-difference').innerText()).toBe('-10,00 €');
    await page.getByTestId('approval-tile-gerente').tap();
    for (const d of '2222') await page.getByTestId(`pin-key-${d}`).tap();
    await page.getByTestId('approval-reason-choice-2').tap();
    await checkState(page, 'approval', ['sellers-confirm-owed', 'sellers-confirm-counted', 'sellers-confirm-difference', 'approval-tile-gerente', 'approval-submit', 'approval-cancel'], false);
    await page.getByTestId('approval-submit').tap();
    await expectText(page, 'sellers-done', 'Recolhido o bloco de Paulo Volante: 20 cartões vendidos, deve 20,00 €, contado 10,00 €, diferença -10,00 €.');
    await expectText(page, 'sellers-slip', 'Acerto do vendedor impresso: assinam o vendedor e o caixa.');
    const [slip] = await waitForJobs(emulator, 1, 'ACERTO DO VENDEDOR', 'Paulo Volante', 'Gerente de Sala');
    expect(slip!.lines.some((l) => l.includes('DEVIDO') && l.includes('20,00'))).toBe(true);
    expect(slip!.lines.some((l) => l.includes('Contado') && l.includes('10,00'))).toBe(true);
    expect(slip!.lines.some((l) => l.includes('Diferen') && l.includes('-10,00'))).toBe(true);
    expect(await page.getByTestId(`sellers-row-accepted-${paulo}`).innerText()).toBe('Gerente de Sala');
    expect(await page.getByTestId(`sellers-row-difference-${paulo}`).innerText()).toBe('-10,00 €');
    await page.getByTestId('sellers-holding').waitFor({ state: 'detached' });

    // Every block back, the gap left: refused in the same words the screen shows.
    await closeRefused(manager, 'A venda não pode fechar: os cartões A 15-20 ficaram por vender no meio da ordem');

    // The gap handed out again first: a block of 10 is A 15-20 and the next four.
    await page.getByTestId('sellers-usual-10').tap();
    await page.getByTestId('sellers-handout-paulo').tap();
    await expectText(page, 'sellers-handout-cards', 'A 15–20 + A 41–44');
    await page.getByTestId('sellers-handout-confirm').tap();
    await expectText(page, 'sellers-done', 'Entregue a Paulo Volante: A 15–20 + A 41–44 (10 cartões).');
    await page.getByTestId('sellers-gap').waitFor({ state: 'detached' });
    const again = (await blockIds())[2]!;

    // Paulo sold 8 of them: A 43 is his first unsold (the top of the order: no gap); 8,00 € counted.
    await page.getByTestId(`sellers-collect-${again}`).tap();
    for (const k of ['4', '3']) await page.getByTestId(`sellers-key-${k}`).tap();
    await expectText(page, 'sellers-reading', 'Vendidos 8 cartões (A 15–20 + A 41–42)');
    await count(page, { '5,00 €': 1, '2,00 €': 1, '1,00 €': 1 });
    await page.getByTestId('seller-submit').tap();
    expect(await page.getByTestId('sellers-confirm-owed').innerText()).toBe('8,00 €');
    expect(await page.getByTestId('sellers-confirm-counted').innerText()).toBe('8,00 €');
    expect(await page.getByTestId('sellers-confirm-difference').innerText()).toBe('0,00 €');
    await page.getByTestId('sellers-return-confirm').tap();
    await expectText(page, 'sellers-done', 'Recolhido o bloco de Paulo Volante: 8 cartões vendidos, deve 8,00 €, contado 8,00 €, diferença 0,00 €.');
    await expectText(page, 'sellers-totals', '42');
    expect(await page.getByTestId('sellers-totals').innerText()).toMatch(/42\s+42,00 €\s+32,00 €\s+-10,00 €/);
    expect(await page.getByTestId('sellers-gap').count()).toBe(0);

    // The sale closes on one range: A 1-42.
    await manager.getByTestId('close-sale-button').tap();
    await manager.getByTestId('close-sale-confirm').tap();
    await expectText(manager, 'announcement', 'do n.º 1 ao n.º 42');
    await expectText(page, 'no-game', 'Não há jogada em venda');
    await page.context().close();
    await manager.context().close();
  });
});
