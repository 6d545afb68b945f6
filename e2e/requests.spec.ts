/**
 * How many calls a screen makes, counted in Chromium on the demo hall with a
 * receipt printer (the emulator): a sale from the sale screen, its receipt
 * printed, costs the sale, the game's new numbers and the print queue's news;
 * a ball from the draw screen costs the ball (and, on the first, the game's
 * new state); a claim costs the claim. Changes made by other terminals still
 * reach both screens.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrinterEmulator, type PrinterEmulator } from '../tools/printer-emulator/server.js';
import { expectText, launchChromium, login, openKiosk, readFaces, recordRpc, type RunningKiosk, startKiosk } from './support.js';

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

const newPage = (): Promise<Page> => openKiosk(browser, kiosk, { viewport: { width: 1280, height: 900 } });

async function token(username: string, pin: string): Promise<string> {
  return (await kiosk.call('auth.login', { username, pin })).value.operatorToken as string;
}

/** Printed receipts whose text holds `text`, once there are `count` of them. */
async function receiptsWith(text: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (emulator.jobs.filter((j) => j.printed && j.lines.some((l) => l.includes(text))).length < count) {
    if (Date.now() > deadline) throw new Error(`no printed receipt with "${text}"`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits for the calls that follow an action to end: 500 ms without one, and at least 1.5 s after it. */
const AFTER = { quietMs: 500, minMs: 1500 };
const sorted = (a: readonly string[]) => [...a].sort();

describe('RPC calls per action', () => {
  it('a sale costs 3 calls, a ball at most 2; other terminals still show', async () => {
    const admin = await token('admin', '1111');
    const printer = await kiosk.call(
      'printer.configure',
      { id: 'recibos', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: emulator.port, codepage: 'cp858', widthMm: 80, drawerPin: 2 },
      admin,
    );
    expect(printer.ok).toBe(true);

    // ---- the cashier's sale: the sale itself, the game's new numbers, the printed receipt's state
    const cashier = await newPage();
    await login(cashier, 'caixa1', '3333');
    await expectText(cashier, 'next-card', 'A 1');
    const cashierCalls = recordRpc(cashier);
    await cashierCalls.settle(AFTER.quietMs);
    cashierCalls.reset();
    await cashier.getByTestId('sale-quantity').fill('3');
    await cashier.getByTestId('sale-tendered').fill('500');
    await cashier.getByTestId('sale-submit').click();
    await expectText(cashier, 'sale-result', 'A 1–3');
    await receiptsWith('Série A: n.º 1 a 3', 1);
    const sale = await cashierCalls.settle(AFTER.quietMs, AFTER.minMs);
    console.log(`requests.spec: a sale from the sale screen: ${JSON.stringify(sale)}`);
    expect(sale).toEqual(['sale.create', 'session.current', 'print.jobs']);
    // The screen shows the sale: the next card, the cards left, the recent sales (from the sale's answer), the receipt printed.
    await expectText(cashier, 'next-card', 'A 4');
    await expectText(cashier, 'cards-available', '297');
    const saleId = (await kiosk.call('sale.list', { gameId: 1 }, admin)).value[0].saleId as number;
    await expectText(cashier, `sale-row-${saleId}`, 'A 1–3');
    await expectText(cashier, 'print-badge', 'Impressão: sem falhas');

    // ---- a sale by another cashier: this screen sees it (its list and numbers re-fetched)
    // Another cashier sells on this terminal from a drawer of her own (a drawer belongs to its operator), opened first.
    const caixa2 = await token('caixa2', '4444');
    expect((await kiosk.call('drawer.open', { floatByDenomination: { '2000': 5 } }, caixa2)).ok).toBe(true);
    await cashierCalls.settle(AFTER.quietMs, AFTER.minMs);
    cashierCalls.reset();
    const other = await kiosk.call('sale.create', { gameId: 1, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, caixa2);
    expect(other.ok).toBe(true);
    await expectText(cashier, 'next-card', 'A 6');
    await expectText(cashier, `sale-row-${other.value.saleId}`, 'A 4–5');
    await receiptsWith('Série A: n.º 4 a 5', 1);
    const foreignSale = await cashierCalls.settle(AFTER.quietMs, AFTER.minMs);
    console.log(`requests.spec: a sale from another terminal, on the sale screen: ${JSON.stringify(foreignSale)}`);
    expect(sorted(foreignSale)).toEqual(['print.jobs', 'sale.list', 'session.current']);
    await expectText(cashier, `sale-row-${saleId}`, 'A 1–3');

    // ---- the manager closes the sale and draws card A 2's first row: its line shows from the balls' answers
    const manager = await newPage();
    await login(manager, 'gerente', '2222');
    await manager.getByTestId('game-row-1').getByTestId('close-sale-button').click();
    await manager.getByTestId('close-sale-confirm').click();
    await expectText(manager, 'announcement', 'Venderam-se 5 cartões da série A, do n.º 1 ao n.º 5.');
    await expectText(manager, 'ball-count', 'Bolas: 0');
    const [row1] = readFaces(kiosk.dataDir, 'A', 2, 2).get(2)! as [number[]];
    const managerCalls = recordRpc(manager);
    await managerCalls.settle(AFTER.quietMs);
    const perBall: string[][] = [];
    for (const [i, n] of row1.entries()) {
      managerCalls.reset();
      if (i % 2 === 0) {
        await manager.getByTestId('draw-input').fill(String(n));
        await manager.getByTestId('draw-input').press('Enter');
      } else {
        // A touch chooses the number; the big button registers it.
        await manager.getByTestId(`board-number-${n}`).click();
        await manager.getByTestId('draw-submit').click();
      }
      await expectText(manager, 'ball-count', `Bolas: ${i + 1}`);
      await expectText(manager, 'last-ball', String(n));
      expect(await manager.getByTestId(`board-number-${n}`).getAttribute('aria-pressed')).toBe('true');
      perBall.push(await managerCalls.settle(AFTER.quietMs, AFTER.minMs));
    }
    console.log(`requests.spec: balls from the draw screen: ${JSON.stringify(perBall)}`);
    // The first ball moves the game to the draw (its state is re-read); the others cost the ball alone.
    expect(perBall[0]).toEqual(['game.drawBall', 'session.current']);
    for (const calls of perBall.slice(1)) expect(calls).toEqual(['game.drawBall']);
    await expectText(manager, 'draw-state', 'Em extração');
    await manager.getByTestId('potential-line-A-2').waitFor();
    expect(await manager.getByTestId('potential-lines').getByRole('button').allInnerTexts()).toEqual(['A 2']);

    // ---- a ball drawn elsewhere (another manager's terminal): this board re-reads it
    managerCalls.reset();
    const stray = Array.from({ length: 90 }, (_, i) => i + 1).find((n) => !row1.includes(n))!;
    const elsewhere = await kiosk.call('game.drawBall', { gameId: 1, number: stray }, await token('gerente', '2222'));
    expect(elsewhere.ok).toBe(true);
    await expectText(manager, 'ball-count', `Bolas: ${row1.length + 1}`);
    await expectText(manager, 'last-ball', String(stray));
    const foreignBall = await managerCalls.settle(AFTER.quietMs, AFTER.minMs);
    console.log(`requests.spec: a ball from another terminal, on the draw screen: ${JSON.stringify(foreignBall)}`);
    expect(foreignBall).toEqual(['game.board']);

    // ---- a claim shows from its own answer: no board read
    managerCalls.reset();
    await manager.getByTestId('potential-line-A-2').click();
    await manager.getByTestId('claim-submit').click();
    await expectText(manager, 'claim-result', `Válida: linha do cartão A 2 à ${row1.length + 1}.ª bola.`);
    await expectText(manager, 'claims-list', 'A 2');
    const claim = await managerCalls.settle(AFTER.quietMs, AFTER.minMs);
    console.log(`requests.spec: a claim from the draw screen: ${JSON.stringify(claim)}`);
    expect(claim).toEqual(['game.claim']);
    cashierCalls.stop();
    managerCalls.stop();
  });
});
