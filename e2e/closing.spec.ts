/**
 * The rules as an inspector tests them, in Chromium on the demo hall (issue
 * 20): the manager cannot begin a second draw while one is under way and
 * reads why (one drum, one board: DN art. 6.2, 7.1, 14.1); a game opened
 * earlier becomes the last when its draw begins within the last 10 minutes,
 * is announced aloud first, and the hall board says "Última jogada" (art.
 * 14.5). The session's closing time is moved in the file, as the clock would
 * move it, while the kiosk runs.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
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
const must = async (channel: string, input: unknown, token: string) => {
  const r = await kiosk.call(channel, input, token);
  if (!r.ok) throw new Error(`${channel} refused: ${JSON.stringify(r.error)}`);
  return r.value;
};

describe('one draw at a time, and the last game at its draw', () => {
  it('refuses a second draw with its reason, then makes a game the last as its draw begins within the last 10 minutes', async () => {
    const manager = await apiLogin('gerente', '2222');
    const cashier = await apiLogin('caixa1', '3333');
    // Game 1 (the demo's) and game 2, both sold and closed.
    const g1 = (await must('session.current', {}, cashier)).games[0] as { id: number };
    await must('sale.create', { gameId: g1.id, quantity: 5, payment: { method: 'cash', tenderedCents: 500 } }, cashier);
    await must('game.closeSale', { gameId: g1.id }, manager);
    const g2 = await must('game.open', { seriesCode: 'A' }, manager);
    await must('sale.create', { gameId: g2.id, quantity: 3, payment: { method: 'cash', tenderedCents: 300 } }, cashier);
    await must('game.closeSale', { gameId: g2.id }, manager);

    const page = await openAs(browser, kiosk, 'gerente', '2222', { viewport: { width: 1024, height: 768 } });
    const context = page.context();
    // The board beside it, on its own token, as the hall sees it.
    const [board] = await Promise.all([context.waitForEvent('page'), page.getByTestId('board-open').click()]);
    await board!.waitForURL(/\/display/);

    // The manager draws game 1's first ball on the screen.
    await page.getByTestId('draw-choose-1').click();
    await page.getByTestId('draw-input').fill('17');
    await page.getByTestId('draw-input').press('Enter');
    await expectText(page, 'last-ball', '17');
    // Then tries game 2: its draw cannot begin, and the screen says why; the entry waits.
    await page.getByTestId('draw-choose-2').click();
    await expectText(page, 'draw-blocked', 'A extração desta jogada começa quando terminar a da jogada n.º 1');
    await expectText(page, 'draw-blocked', 'um só mecanismo de extração e um só painel (art. 6.º, n.º 2, 7.º, n.º 1, e 14.º, n.º 1)');
    expect(await page.getByTestId('draw-input').isDisabled()).toBe(true);
    await expectNoSidewaysScroll(page);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/draw-waits-1024x768.png` });
    // Sent anyway (a second counter), the kiosk refuses it and nothing is drawn.
    const refused = await kiosk.call('game.drawBall', { gameId: g2.id, number: 5 }, manager);
    expect(refused.error?.code).toBe('DRAW_IN_PROGRESS');
    await expectText(board!, 'board-last-ball', '17');

    // Nine minutes before the closing time, game 1 is annulled (an announcement error, art. 16.5).
    const db = new Database(join(kiosk.dataDir, 'kiosk.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare(`UPDATE sessions SET scheduled_close_at = ? WHERE closed_at IS NULL`).run(new Date(Date.now() + 9 * 60_000).toISOString());
    } finally {
      db.close();
    }
    await must('game.annul', { gameId: g1.id, reason: 'announcement_error' }, manager);

    // The draw panel moves to game 2 by itself; its draw would begin within the last 10 minutes: it becomes the last, announced aloud first.
    await expectText(page, 'last-game-notice', 'esta jogada passa a ser a última da sessão (art. 14.º, n.º 5)');
    await expectText(page, 'last-game-notice', '«Última jogada da sessão.»');
    expect(await page.getByTestId('draw-input').isDisabled()).toBe(true);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/draw-last-game-1024x768.png` });
    await page.getByTestId('last-game-announced').click();
    await page.getByTestId('draw-input').fill('42');
    await page.getByTestId('draw-input').press('Enter');
    await expectText(page, 'last-ball', '42');
    await expectText(page, 'last-game-badge', 'Última jogada');
    // The board says it; the game's announcement now begins so.
    await expectText(board!, 'board-last', 'Última jogada da sessão');
    await expectText(board!, 'board-last-ball', '42');
    if (process.env.E2E_SHOTS) await board!.screenshot({ path: `${process.env.E2E_SHOTS}/board-last-game.png` });
    const game2 = await must('game.get', { gameId: g2.id }, manager);
    expect(game2).toMatchObject({ isLast: true, state: 'drawing' });
    expect(typeof game2.becameLastAt).toBe('string');
    expect(game2.announcement).toMatch(/^Última jogada da sessão\.\nVenderam-se 3 cartões da série A, do n\.º 6 ao n\.º 8\./);
    await context.close();
  });
});
