/**
 * The manager's game screen at the counters' sizes (issue 13): each game's
 * own sold cards, an annulled game's announcement off the screen, the close of
 * sale, a touch on the board and the suspension confirmed in place saying what
 * they do, a wrong claim naming what it lacks with the card's face, and the
 * layout: at 1024x768 and 1920x1080 no sideways scroll, the announcement and
 * the main action (close of sale / draw) in sight, a larger board on the large
 * screen, and a header that holds nine tabs without cutting anything.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, byId, expectInSight, expectNoSidewaysScroll, expectText, launchChromium, layout, openAs, readFaces, type RunningKiosk, startKiosk, switchLanguage } from './support.js';

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

const managerAt = (width: number, height: number, username = 'gerente', pin = '2222'): Promise<Page> => openAs(browser, kiosk, username, pin, { viewport: { width, height } });

/** A modal in the middle of the window (as wide on its left as on its right), each of `inside` within it. */
async function expectCentred(page: Page, dialog: string, ...inside: string[]): Promise<void> {
  const l = await layout(page, [dialog, ...inside].map(byId));
  const [box] = l.boxes[0]!;
  expect(box, dialog).toBeDefined();
  expect([dialog, Math.abs(box!.left - (l.innerWidth - box!.right)) <= 2, box!.top >= 0, box!.bottom <= l.innerHeight]).toEqual([dialog, true, true, true]);
  inside.forEach((id, i) => {
    const [b] = l.boxes[i + 1]!;
    expect([id, b!.left >= box!.left, b!.right <= box!.right]).toEqual([id, true, true]);
  });
}

const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** The header: nothing outside the window, nothing over anything else, the hall's name readable. */
async function expectHeaderHolds(page: Page): Promise<void> {
  const l = await layout(page, ['.brand', '.topbar .tab', '.topbar-right', byId('logout'), byId('topbar')]);
  const [[brand], tabs, [right], [logout], [bar]] = l.boxes as [[Box], Box[], [Box], [Box], [Box]];
  expect(l.scrollWidth).toBeLessThanOrEqual(l.innerWidth);
  expect(brand.width, 'hall name width').toBeGreaterThanOrEqual(80);
  expect(logout.right).toBeLessThanOrEqual(l.innerWidth);
  expect(logout.bottom).toBeLessThanOrEqual(bar.bottom);
  for (const [i, tab] of tabs.entries()) {
    expect(tab.right, `tab ${i}`).toBeLessThanOrEqual(l.innerWidth);
    expect(overlap(tab, brand), `tab ${i} over the hall's name`).toBe(0);
    expect(overlap(tab, right), `tab ${i} over the operator's buttons`).toBe(0);
  }
  expect(overlap(brand, right)).toBe(0);
  // Two rows at most: the screen below keeps its room.
  expect(bar.height).toBeLessThanOrEqual(130);
}

describe('the manager’s game screen', () => {
  it('confirms the irreversible acts in place, shows true ranges and claims, and fits 1024x768 and 1920x1080', async () => {
    const cashier = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
    const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    const games = async () => (await kiosk.call('session.current', {}, cashier)).value.games as { id: number; number: number; state: string }[];
    const sell = async (gameId: number, quantity: number) => {
      const r = await kiosk.call('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, cashier);
      expect(r.ok, JSON.stringify(r.error)).toBe(true);
    };
    const g1 = (await games())[0]!.id;
    await sell(g1, 4);
    await sell(g1, 3);

    const small = await managerAt(1024, 768);
    const large = await managerAt(1920, 1080);
    for (const page of [small, large]) {
      await expectText(page, 'game-row-1', 'A 1–7');
      await expectInSight(page, 'close-sale-button', 'logout');
      await expectHeaderHolds(page);
    }

    // The close of sale says what it does and does nothing until confirmed.
    await small.getByTestId('close-sale-button').click();
    await expectText(small, 'close-sale-what', 'Fechar a venda da jogada 1: 7 cartões, 7,00 €; depois não se vende mais.');
    await small.getByTestId('confirm-cancel').click();
    expect((await games())[0]!.state).toBe('selling');
    await small.getByTestId('close-sale-button').click();
    await small.getByTestId('close-sale-confirm').click();
    for (const page of [small, large]) {
      await expectText(page, 'announcement', 'Venderam-se 7 cartões da série A, do n.º 1 ao n.º 7.');
      await expectText(page, 'ball-count', 'Bolas: 0');
      await expectInSight(page, 'announcement', 'draw-submit', 'draw-input', 'board-number-1', 'board-number-90', 'logout');
    }
    // In English the manager still reads the Portuguese text aloud (DN art. 18), with its meaning in English beneath.
    await large.getByTestId('lang-switch').click();
    await expectText(large, 'announcement', 'Venderam-se 7 cartões da série A, do n.º 1 ao n.º 7.');
    expect(await large.getByTestId('announcement').getAttribute('lang')).toBe('pt-PT');
    await expectText(large, 'announcement-en', '7 cards sold of series A, nos. 1 to 7.');
    await expectText(large, 'announcement-en', 'The draw is about to begin.');
    await expectText(large, 'close-line', 'Ask «Mais alguma linha?»');
    await large.getByTestId('lang-switch').click();
    expect(await large.getByTestId('announcement-en').count()).toBe(0);
    // The board grows with the screen, and its numbers with it.
    const key = async (page: Page) => {
      const [[b]] = (await layout(page, [byId('board-number-45')])).boxes as [[Box]];
      const font = await page.getByTestId('board-number-45').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      return { height: b.height, width: b.width, font };
    };
    const [keySmall, keyLarge] = [await key(small), await key(large)];
    expect(keyLarge.height).toBeGreaterThan(keySmall.height * 1.4);
    expect(keyLarge.width).toBeGreaterThan(keySmall.width * 1.4);
    expect(keyLarge.font).toBeGreaterThan(keySmall.font * 1.3);

    // A touch on the board only chooses the ball: the big button names it, Enter or a touch on it registers.
    const card = readFaces(kiosk.dataDir, 'A', 3, 3).get(3)!;
    const row = card[0]!;
    const stray = Array.from({ length: 90 }, (_, i) => i + 1).find((n) => !card.flat().includes(n))!;
    const board = async () => (await kiosk.call('game.board', { gameId: g1 }, manager)).value as { balls: number[] };
    await small.getByTestId(`board-number-${stray}`).click();
    await expectText(small, 'draw-submit', `Registar a bola ${stray}`);
    await expectText(small, 'draw-pending', `Registar a bola ${stray}?`);
    await small.getByTestId('draw-cancel').click();
    await small.getByTestId(`board-number-${stray}`).click();
    await small.keyboard.press('Escape');
    expect(await small.getByTestId('draw-pending').count()).toBe(0);
    expect((await board()).balls).toEqual([]);
    await expectText(small, 'ball-count', 'Bolas: 0');

    await small.getByTestId(`board-number-${row[0]}`).click();
    await small.keyboard.press('Enter');
    await expectText(small, 'ball-count', 'Bolas: 1');
    await expectText(small, 'last-ball', String(row[0]));
    await small.getByTestId(`board-number-${row[1]}`).click();
    await small.getByTestId('draw-submit').click();
    await expectText(small, 'ball-count', 'Bolas: 2');
    // Typed on the keyboard, with nothing focused: the number and Enter.
    await small.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await small.keyboard.type(String(row[2]));
    await small.keyboard.press('Enter');
    await expectText(small, 'ball-count', 'Bolas: 3');
    await small.getByTestId('draw-input').fill(String(row[3]));
    await small.getByTestId('draw-input').press('Enter');
    await expectText(small, 'ball-count', 'Bolas: 4');
    expect((await board()).balls).toEqual(row.slice(0, 4));

    // A claim one number short says which number, and shows the card's face with the balls out marked.
    await small.getByTestId('claim-card').fill('3');
    await small.getByTestId('claim-submit').click();
    await expectText(small, 'claim-result', 'Inválida: linha do cartão A 3 à 4.ª bola.');
    expect((await small.getByTestId('claim-reason').innerText()).trim()).toBe(`Nenhuma linha completa: à linha mais próxima falta o ${row[4]}.`);
    await small.getByTestId('claim-face').waitFor();
    // The verdict and its card come into view with the claim windows, even at 1024x768.
    await expectInSight(small, 'claim-face', 'close-line', 'close-bingo', 'board-number-90', 'annul-submit');
    expect(await small.getByTestId('claim-face').locator('td:not(.blank)').allInnerTexts()).toHaveLength(15);
    for (const n of row.slice(0, 4)) expect(await small.getByTestId(`face-number-${n}`).getAttribute('class')).toBe('drawn');
    expect(await small.getByTestId(`face-number-${row[4]}`).getAttribute('class')).toBe('missing');
    await small.getByTestId('lang-switch').click();
    await expectText(small, 'claim-reason', `No complete line: the closest line lacks ${row[4]}.`);
    await small.getByTestId('lang-switch').click();

    // Up to ten balls out, two-digit ones among them, the verdict with its card on screen: at the three counter sizes
    // the entry, the claim, the claim windows and every act on the game stay in sight, nothing scrolls sideways.
    const drawn = new Set(row.slice(0, 4));
    for (const n of [88, 77, 66, 55, 44, 87].filter((n) => !card.flat().includes(n))) {
      if (drawn.size >= 10) break;
      expect((await kiosk.call('game.drawBall', { gameId: g1, number: n }, manager)).ok).toBe(true);
      drawn.add(n);
    }
    const medium = await managerAt(1366, 768);
    // A digit typed goes to the ball's field, which comes back into view.
    await small.getByTestId('draw-input').focus();
    for (const page of [small, medium, large]) {
      await expectText(page, 'ball-count', `Bolas: ${drawn.size}`);
      await expectInSight(page, 'last-ball', 'draw-input', 'draw-submit', 'claim-card', 'claim-submit', 'close-line', 'close-bingo', 'recall-ball', 'suspend-game', 'annul-submit', 'board-number-1', 'board-number-90', 'logout');
    }
    // The announcement, read before the first ball, gives its room to the claims and comes back with a touch.
    expect(await small.getByTestId('announcement').count()).toBe(0);
    await small.getByTestId('announcement-toggle').click();
    await expectText(small, 'announcement', 'Venderam-se 7 cartões da série A, do n.º 1 ao n.º 7.');
    await small.getByTestId('announcement-toggle').click();
    await medium.context().close();

    // Suspending says what stops, and only acts once confirmed.
    await small.getByTestId('suspend-game').click();
    await expectText(small, 'suspend-what', 'A extração da jogada 1 para');
    // The draw's dialogs open in the middle of the window, their fields inside them.
    await expectCentred(small, 'suspend-dialog');
    await small.getByTestId('confirm-cancel').click();
    await small.getByTestId('annul-submit').click();
    await expectCentred(small, 'annul-dialog', 'annul-reason');
    await small.getByTestId('confirm-cancel').click();
    await expectText(small, 'draw-state', 'Em extração');
    await small.getByTestId('suspend-game').click();
    await small.getByTestId('suspend-confirm').click();
    await expectText(small, 'draw-state', 'Suspensa');
    await small.getByTestId('resume-game').click();
    await expectText(small, 'draw-state', 'Em extração');

    // Game 1 annulled; game 2 on A sells A 8-17: game 1 still shows its own cards, and its announcement is gone.
    expect((await kiosk.call('game.annul', { gameId: g1, reason: 'announcement_error' }, manager)).ok).toBe(true);
    const opened = await kiosk.call('game.open', { seriesCode: 'A' }, manager);
    expect(opened.ok, JSON.stringify(opened.error)).toBe(true);
    await sell(opened.value.id as number, 10);
    for (const page of [small, large]) {
      await expectText(page, 'game-row-2', 'A 8–17');
      await expectText(page, 'game-row-1', 'A 1–7');
      expect(await page.getByTestId('announcement').count()).toBe(0);
      await expectInSight(page, 'close-sale-button', 'logout');
    }
    await small.getByTestId('close-sale-button').click();
    await expectText(small, 'close-sale-what', 'Fechar a venda da jogada 2: 10 cartões, 10,00 €; depois não se vende mais.');
    await small.getByTestId('close-sale-confirm').click();
    for (const page of [small, large]) {
      await expectText(page, 'announcement', 'Venderam-se 10 cartões da série A, do n.º 8 ao n.º 17.');
      await expectText(page, 'game-row-2', 'A 8–17');
      await expectInSight(page, 'announcement', 'draw-submit', 'board-number-90');
    }

    // The acta at 1024x768: its ten columns fit their box, each game's state badge inside it (it was cut off).
    await small.getByTestId('acta-tab').click();
    await expectText(small, 'acta-game-1', 'Anulada');
    await expectText(small, 'acta-game-2', 'A, do n.º 8 ao n.º 17');
    for (const n of [1, 2]) {
      const { badge, box, scrolls } = (await small.evaluate(`(() => {
        const wrap = document.querySelector('[data-testid="acta-game-${n}"]').closest('.table-wrap');
        const b = document.querySelector('[data-testid="acta-game-${n}"] .badge').getBoundingClientRect();
        const w = wrap.getBoundingClientRect();
        return { badge: { left: b.left, right: b.right }, box: { left: w.left, right: w.right }, scrolls: wrap.scrollWidth > wrap.clientWidth };
      })()`)) as { badge: { left: number; right: number }; box: { left: number; right: number }; scrolls: boolean };
      expect([n, scrolls, badge.left >= box.left, badge.right <= box.right]).toEqual([n, false, true, true]);
    }
    await expectNoSidewaysScroll(small);
  });

  it('the header holds nine tabs at 1024x768, 1280x800 and 1920x1080: never cut, nothing over anything', async () => {
    const admin = (await kiosk.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
    const created = await kiosk.call('users.create', { username: 'todos', name: 'Responsável de Sala', roles: ['cashier', 'caixa', 'manager', 'admin'], pin: '7788' }, admin);
    expect(created.ok, JSON.stringify(created.error)).toBe(true);
    for (const [width, height] of [
      [1024, 768],
      [1280, 800],
      [1920, 1080],
    ] as const) {
      const page = await managerAt(width, height, 'todos', '7788');
      await page.getByTestId('tab-game').click();
      await page.getByTestId('session-info').waitFor();
      // Every role: nine tabs (the checks screen among them).
      expect(await page.locator('.topbar .tab').count()).toBe(9);
      await expectHeaderHolds(page);
      for (const lang of ['en', 'pt-PT'] as const) {
        await switchLanguage(page, lang);
        await page.waitForTimeout(100);
        await expectHeaderHolds(page);
      }
      await page.context().close();
    }
  });
});
