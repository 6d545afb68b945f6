/**
 * A card of an annulled game refunded by its number (issue 42, item 4; DN 80/85, art. 16.º, n.º 3): a roving
 * seller sold A 1-10 of the demo's game 1 and the counter A 11-15; the game is annulled; at the prizes screen the
 * cashier types the series and the number of the card a player hands back (sold by the seller) and pays its
 * price; the same card again is refused in words. The acta names the cards per seller. At 1024x768 and 1920x1080.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { byId, expectInSight, expectNoSidewaysScroll, expectText, launchChromium, layout, openAs, type RunningKiosk, startKiosk } from './support.js';

let kiosk: RunningKiosk;
let browser: Browser;
const SHOTS = process.env.SHOTS_DIR;

const token = async (username: string, pin: string) => (await kiosk.call('auth.login', { username, pin })).value.operatorToken as string;
async function must(channel: string, input: unknown, who: string) {
  const r = await kiosk.call(channel, input, who);
  if (!r.ok) throw new Error(`${channel}: ${r.error?.code} ${r.error?.message}`);
  return r.value;
}

/**
 * The card's form whole in the window once brought to it: at 1024x768 the prizes screen stacks its panels and the
 * refunds sit below the prizes (the receipt's form too), so it is scrolled to, then every part of it measured.
 */
async function expectFormInSight(page: Page, ...testIds: string[]): Promise<void> {
  await page.getByTestId('card-refund').scrollIntoViewIfNeeded();
  const l = await layout(page, testIds.map(byId));
  expect(l.scrollWidth, 'page width').toBeLessThanOrEqual(l.innerWidth);
  testIds.forEach((id, i) => {
    const b = l.boxes[i]![0]!;
    expect([id, b.top >= 0, b.left >= 0, b.bottom <= l.innerHeight, b.right <= l.innerWidth]).toEqual([id, true, true, true, true]);
  });
}

beforeAll(async () => {
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  const manager = await token('gerente', '2222');
  const cashier = await token('caixa1', '3333');
  const admin = await token('admin', '1111');
  // Rui (a cashier of the demo) walks the floor with a block of 10: all sold, 10,00 € handed over.
  const rui = ((await must('users.list', {}, admin)) as { id: number; username: string }[]).find((u) => u.username === 'caixa2')!;
  const block = (await must('seller.handOut', { gameId: 1, sellerId: rui.id, quantity: 10 }, cashier)) as { blockId: number; ranges: { from: number }[] };
  expect(block.ranges[0]!.from).toBe(1);
  await must('seller.return', { blockId: block.blockId, firstUnsold: null, countedByDenomination: { '1000': 1 } }, cashier);
  await must('sale.create', { gameId: 1, quantity: 5, payment: { method: 'cash', tenderedCents: 500 } }, cashier);
  // A ball announced wrong: the game annulled (art. 16.º, n.º 5), every card refundable.
  await must('game.closeSale', { gameId: 1 }, manager);
  await must('game.drawBall', { gameId: 1, number: 7 }, manager);
  await must('game.annul', { gameId: 1, reason: 'announcement_error' }, manager);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

describe('a card refunded by its number', () => {
  for (const [viewport, card] of [
    [{ width: 1024, height: 768 }, 3],
    [{ width: 1920, height: 1080 }, 8],
  ] as const) {
    it(`typed at the prizes screen, once, at ${viewport.width}x${viewport.height}`, async () => {
      const page = await openAs(browser, kiosk, 'caixa1', '3333', { viewport });
      await page.getByTestId('prizes-tab').click();
      await page.getByTestId('card-refund-series').fill('A');
      await page.getByTestId('card-refund-number').fill(String(card));
      await expectFormInSight(page, 'card-refund-game', 'card-refund-series', 'card-refund-number', 'card-refund-submit');
      await expectNoSidewaysScroll(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/card-refund-form-${viewport.width}x${viewport.height}.png` });
      await page.getByTestId('card-refund-submit').click();
      await expectText(page, 'card-refund-done', `Cartão A ${card} da jogada n.º 1 devolvido: entregue 1,00 €`);
      // Rui's sale (A 1-10) is refunded card by card now: the list says how many, and offers no whole refund.
      await expectText(page, 'refund-cards-1', card === 3 ? '1 cartão devolvido pelo número' : '2 cartões devolvidos pelo número');
      expect(await page.getByTestId('refund-pay-1').count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/card-refund-done-${viewport.width}x${viewport.height}.png` });
      // Again: refused, the article named; nothing paid.
      await page.getByTestId('card-refund-number').fill(String(card));
      await page.getByTestId('card-refund-submit').click();
      await expectText(page, 'card-refund-error', `O cartão A ${card} da jogada n.º 1 já foi reembolsado`);
      await expectText(page, 'card-refund-error', 'art. 16.º, n.º 3');
      await expectFormInSight(page, 'card-refund-error', 'card-refund-submit');
      await page.getByTestId('card-refund-error').scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/card-refund-twice-${viewport.width}x${viewport.height}.png` });
      await page.context().close();
    });

    it(`the acta names the cards per seller, at ${viewport.width}x${viewport.height}`, async () => {
      const page = await openAs(browser, kiosk, 'gerente', '2222', { viewport });
      await page.getByTestId('acta-tab').click();
      await expectText(page, 'acta-sellers-1', 'Cartões por vendedor: Ana Caixa 5 · Rui Caixa 10');
      await expectInSight(page, 'acta-sellers-1');
      // The sellers' settlements' file beside the sales': Rui's one block.
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByTestId('acta-export-sellers').click()]);
      expect(file.suggestedFilename()).toBe('vendedores-sessao-1.csv');
      await expectText(page, 'acta-export-sellers-result', 'Descarregado: vendedores-sessao-1.csv (1 linha)');
      await expectNoSidewaysScroll(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/acta-sellers-${viewport.width}x${viewport.height}.png`, fullPage: true });
      await page.context().close();
    });
  }
});
