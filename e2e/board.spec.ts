/**
 * The hall board in Chromium beside the manager's screen, on the demo hall:
 * opened from the game screen with its own display token, it shows the sale
 * (art. 11.2), the close of sale (art. 13), each ball drawn within 200 ms of
 * the command's commit (measured, printed as JSON), and comes back by itself
 * after the server restarts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';

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

const apiLogin = async (username: string, pin: string) => (await kiosk.call('auth.login', { username, pin })).value.operatorToken as string;

describe('the hall board', () => {
  it('shows the sale, the announcement and each ball within 200 ms of its commit, and recovers after a restart', async () => {
    const manager = await openAs(browser, kiosk, 'gerente', '2222', { viewport: { width: 1366, height: 768 } });
    const managerContext = manager.context();
    await manager.getByTestId('board-open').waitFor();
    // The manager opens the board: a new window, on its own token.
    const [board] = await Promise.all([managerContext.waitForEvent('page'), manager.getByTestId('board-open').click()]);
    await board!.setViewportSize({ width: 1920, height: 1080 });
    await board!.waitForURL(/\/display/);
    expect(new URL(board!.url()).hash).toBe('');
    await expectText(board!, 'board-state', 'Venda de cartões');
    await expectText(board!, 'board-sale-opening', 'Jogada n.º 1: vendem-se cartões da série A');
    await expectText(board!, 'board-sale-opening', 'Preço de cada cartão: 1,00 €.');
    await expectText(board!, 'board-price', '1,00 €');
    await expectNoSidewaysScroll(board!);

    // Cards sold at the counter: the board's figures follow.
    const cashier = await apiLogin('caixa1', '3333');
    const game = (await kiosk.call('session.current', {}, cashier)).value.games[0] as { id: number };
    expect((await kiosk.call('sale.create', { gameId: game.id, quantity: 40, payment: { method: 'cash', tenderedCents: 4000 } }, cashier)).ok).toBe(true);
    await expectText(board!, 'board-sold', '40');
    await expectText(board!, 'board-line', '2,00 €');
    await expectText(board!, 'board-bingo', '20,00 €');

    // The close of sale: the art. 13 announcement.
    await manager.getByTestId('game-row-1').getByTestId('close-sale-button').click();
    await manager.getByTestId('close-sale-confirm').click();
    await expectText(board!, 'board-announcement', 'Venderam-se 40 cartões da série A, do n.º 1 ao n.º 40.');

    // Each ball: from the command's answer to the board showing it.
    const latencies: number[] = [];
    for (const n of [17, 4, 88, 61, 30, 52, 9, 75]) {
      const shown = board!.waitForFunction((ball) => document.querySelector('[data-testid="board-last-ball"]')?.textContent === String(ball), n, { polling: 5, timeout: 5_000 });
      const answered = manager.waitForResponse((r) => r.url().endsWith('/rpc/game.drawBall'));
      await manager.getByTestId('draw-input').fill(String(n));
      await manager.getByTestId('draw-input').press('Enter');
      await answered;
      const committed = Date.now();
      await shown;
      latencies.push(Date.now() - committed);
    }
    await expectText(board!, 'board-count', '8 bolas extraídas');
    expect(await board!.getByTestId('board-out-88').count()).toBe(1);
    expect(await board!.getByTestId('board-out-87').count()).toBe(0);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(JSON.stringify({ bench: 'board-latency', unit: 'ms', balls: latencies.length, median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1), all: latencies }));
    expect(sorted.at(-1)!).toBeLessThan(200);
    if (process.env.E2E_BOARD_SHOTS) await board!.screenshot({ path: `${process.env.E2E_BOARD_SHOTS}/board-1920x1080.png` });

    // The server restarts: the board says it lost the link, then comes back by itself and shows the next ball.
    await kiosk.restart(1_500);
    await board!.getByTestId('board-offline').waitFor({ state: 'detached', timeout: 15_000 });
    const manager2 = await apiLogin('gerente', '2222');
    expect((await kiosk.call('game.drawBall', { gameId: game.id, number: 90 }, manager2)).ok).toBe(true);
    await expectText(board!, 'board-last-ball', '90');
    await expectText(board!, 'board-count', '9 bolas extraídas');
    await board!.close();
    await managerContext.close();
  });

  it('the board page opens only with a display token, and that token opens nothing else', async () => {
    const page: Page = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    await page.goto(`${kiosk.url}/display#token=not-a-token-at-all-1234`);
    await expectText(page, 'board', 'recusado');
    const { token } = (await kiosk.call('display.token', {}, await apiLogin('gerente', '2222'))).value as { token: string };
    const refused = await fetch(`${kiosk.url}/rpc/session.current`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    await page.goto(`${kiosk.url}/display#token=${token}`);
    await page.reload();
    await expectText(page, 'board-game', 'Jogada n.º 1');
    await expectNoSidewaysScroll(page);
  });
});
