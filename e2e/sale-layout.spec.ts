/**
 * The sale screen holds in every state (issue 38, point 1): at a counter's
 * 1024x768 and 1366x768, in pt-PT and in English, the keypad's keys, the
 * quantity keys, "Vender", "Exato" and "Anular última venda" keep the boxes
 * they have in the normal state (within 1 px) and stay inside the window with
 * no page scroll, when a receipt failed to print, when a refusal is shown,
 * with the void's approval open, when the counter's link to the hall is down
 * (and a sale is tried meanwhile), and with a sale of unknown outcome. Each
 * fault is said once: the link down by the top banner only, with "Vender"
 * and "Exato" disabled and pointing to a short reason; what the slot under
 * "Vender" holds is never cut off. axe finds nothing in each state, nor in
 * the print jobs' dialog (a failed job and a printed one: their buttons'
 * names hold their words), in both languages. Besides: the staff tiles'
 * names fit their tiles at 1024 px. The hall is the real program (browser mode's port), the
 * counter its real link with a fault proxy between them, the receipt printer
 * the printer emulator. Screenshots of each state in $SALE_LAYOUT_SHOTS when
 * set (to be looked at; never kept in the tree).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { counterSuite, LayoutRun, linkFaultSaid, measure, modal, type Reopen } from './layout.js';
import { axeViolations, expectText, login } from './support.js';

const suite = counterSuite('sale-layout', { printer: true });
/** Screenshots of each state in $SALE_LAYOUT_SHOTS when set; what moved, left the window or scrolls, and what axe found. */
const run = new LayoutRun(process.env.SALE_LAYOUT_SHOTS);

/** What must not move: every key of the sale's form (the keypad, the quick amounts, the quantity's), "Vender", "Exato", "Anular última venda". */
const WATCHED = ['.sale-screen .key', '[data-testid="sale-submit"]', '[data-testid="sale-exact"]', '[data-testid="void-last"]'];
/** The slot under "Vender": what it holds is never cut off (it would scroll) in these states. */
const SLOT = '.sale-slot';

/**
 * The state as it is now, in both sizes and both languages (axe in the first): no page scroll, nothing of the slot
 * cut off, every watched box in the window and where it was in the normal state. `reopen`: what brings the state back
 * after the language is switched (a modal dialog is closed to reach the switch, and opened again).
 */
async function inEveryCase(page: Page, state: string, reopen?: Reopen): Promise<void> {
  await run.inEveryCase(page, state, async (combo) => run.judge(`${state} at ${combo}`, combo, await measure(page, WATCHED, [SLOT]), { names: { [SLOT]: 'the message slot' } }), { reopen, axeOnce: true });
}

async function sell(page: Page, quantity: number, tenderedCents: number): Promise<void> {
  await page.getByTestId('sale-quantity').fill(String(quantity));
  await page.getByTestId('sale-tendered').fill(String(tenderedCents));
  await page.getByTestId('sale-submit').click();
}

/** Staff tiles whose name runs past the tile (its text box outside the tile's inner box). */
async function tilesOverflowing(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.staff-tile')].flatMap((tile) => {
    const t = tile.getBoundingClientRect();
    const cs = getComputedStyle(tile);
    const inner = { left: t.left + parseFloat(cs.borderLeftWidth), right: t.right - parseFloat(cs.borderRightWidth) };
    return [...tile.querySelectorAll('span')].flatMap((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      const r = range.getBoundingClientRect();
      return r.left < inner.left - 0.5 || r.right > inner.right + 0.5 ? [span.textContent + ': ' + Math.round(r.right) + ' > ' + Math.round(inner.right)] : [];
    });
  })`);
}

describe('the sale screen in every state', () => {
  it('keeps its keys, "Vender", "Exato" and "Anular última venda" in place and on screen; each fault said once', async () => {
    const page = await suite.openCounter({ bypassCSP: true });

    // The staff tiles at 1024 px: every name inside its tile, in both languages.
    await page.locator('.staff-tile').first().waitFor();
    const tiles = await tilesOverflowing(page);
    if (run.shots) await page.screenshot({ path: join(run.shots, 'login-1024-pt-PT.png') });
    await login(page, 'caixa1', '3333');

    // ---- normal: a sale made, its receipt printed.
    await sell(page, 1, 100);
    await expectText(page, 'sale-receipt', 'Recibo impresso', 10_000);
    await inEveryCase(page, 'normal');

    // ---- a receipt that will fail (out of paper): the hall tries it 3 times (1 s, 3 s, 10 s) while the next states are measured.
    await suite.emulator.setMode('paper_out');
    const firstSale = await page.locator('#sale-result-title').innerText();
    await sell(page, 1, 100);
    await page.waitForFunction((before) => document.getElementById('sale-result-title')?.textContent !== before, firstSale);

    // ---- the amount tendered short of the total: "Falta …" said in the change's box.
    await page.getByTestId('sale-quantity').fill('3');
    await page.getByTestId('sale-tendered').fill('100');
    await page.getByTestId('sale-missing').waitFor();
    await inEveryCase(page, 'tendered-short');

    // ---- a refusal shown: more cards than a sale may have.
    await page.getByTestId('sale-quantity').fill('99999');
    await page.getByTestId('sale-exact').click();
    await page.getByTestId('sale-error').waitFor();
    await inEveryCase(page, 'refused');

    // ---- the void's approval open (the staff tiles of the approvers in it).
    const voidDialog = modal(page, 'void-dialog', 'void-last');
    await voidDialog.open();
    tiles.push(...(await tilesOverflowing(page)));
    await inEveryCase(page, 'void-dialog', voidDialog);
    await voidDialog.close();

    // ---- the receipt failed: said in the sale's panel, with "Tentar de novo".
    await page.locator('[data-testid="sale-receipt"][data-state="failed"]').waitFor({ timeout: 25_000 });
    await inEveryCase(page, 'print-failed');

    // The print jobs' dialog (a failed job, a printed one), in both languages: each button's name holds the words it shows.
    for (const l of [run.lang, run.lang === 'en' ? 'pt-PT' : 'en'] as const) {
      await run.setLang(page, l);
      await page.getByTestId('print-badge').click();
      await page.locator('[data-testid^="job-retry-"]').first().waitFor();
      await page.locator('[data-testid^="job-reprint-"]').first().waitFor();
      run.axe.push(...(await axeViolations(page)).map((f) => `print jobs dialog (${l}): ${f}`));
      await page.getByTestId('print-jobs-close').click();
    }
    await suite.emulator.setMode('normal');

    // ---- the counter's link to the hall down: the banner says it, once; nothing offers a sale.
    await suite.linkDown(page);
    await inEveryCase(page, 'link-down');
    await run.setLang(page, 'pt-PT');
    const linkDown = {
      sell: await page.getByTestId('sale-submit').isDisabled(),
      exact: await page.getByTestId('sale-exact').isDisabled(),
      reason: await page.evaluate(() => {
        const id = document.querySelector('[data-testid="sale-submit"]')?.getAttribute('aria-describedby');
        return id ? (document.getElementById(id)?.textContent ?? null) : null;
      }),
    };

    // ---- a sale tried meanwhile (Enter on the screen, or "Vender" if it were offered): still said once, nothing moves.
    await page.getByTestId('sale-quantity').fill('1');
    await page.getByTestId('sale-tendered').fill('100');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // Sent, its refusal shown; or (as it should be) not sent at all.
    const answered = page.waitForResponse('**/rpc/sale.create', { timeout: 1_500 }).catch(() => null);
    await page.keyboard.press('Enter');
    if (await answered) await page.getByTestId('sale-error').waitFor();
    await inEveryCase(page, 'hall-down-sale-tried');
    // The link's fault in words, anywhere on the page (a box under the banner counts too).
    const saidTimes = await linkFaultSaid(page);

    // ---- a sale of unknown outcome (the hall made it, its answer was cut): said in place, nothing moves.
    // The screens fetch again once the link is back: the fault is set after (it would cut the new event stream too).
    await suite.linkBack(page);
    await page.getByTestId('sale-quantity').fill('2');
    await page.getByTestId('sale-tendered').fill('200');
    suite.setup.proxy.fault = 'cut';
    await page.getByTestId('sale-submit').click();
    await page.getByTestId('sale-unknown').waitFor({ timeout: 10_000 });
    await inEveryCase(page, 'unknown-outcome');
    suite.setup.proxy.fault = 'pass';
    await page.getByTestId('sale-unknown').waitFor({ state: 'detached', timeout: 15_000 });

    expect({ faults: run.faults, tiles, axe: run.axe, linkDown, saidTimes }).toEqual({
      faults: [],
      tiles: [],
      axe: [],
      linkDown: { sell: true, exact: true, reason: 'Sem ligação à sala' },
      saidTimes: 1,
    });
    await page.context().close();
  }, 120_000);
});
