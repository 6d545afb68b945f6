/**
 * The end of the day in Chromium on the demo hall: the cashier sells, records
 * a pay-in, reads the X report, closes the drawer blind with a count short by
 * more than the hall's threshold, the manager accepts the variance with a
 * reason and the screen shows expected, counted, variance and the Z number;
 * the cashier opens the next shift's drawer with a counted float and closes it
 * with the exact count (no approval); the manager finishes game 1, records the
 * end-of-session ball check, closes the session from the acta screen and opens
 * the next day's session.
 *
 * With E2E_DRAWER_SHOTS=<folder>, the drawer screen is saved there at
 * 1024x768 and 1920x1080.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { softwareLabel } from '../main/version.js';
import { startPrinterEmulator, type PrinterEmulator } from '../tools/printer-emulator/server.js';
import {
  closingInSixHours,
  configureReceiptsPrinter,
  expectInSight,
  expectNoSidewaysScroll,
  expectText,
  launchChromium,
  login,
  openKiosk,
  readFaces,
  type RunningKiosk,
  startKiosk,
  typeReason,
  waitForJobs,
} from './support.js';

let emulator: PrinterEmulator;
let kiosk: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  emulator = await startPrinterEmulator({ host: '127.0.0.1', port: 0 });
  kiosk = await startKiosk(['--demo']);
  browser = await launchChromium();
  // The counter's receipt printer, on the emulator.
  await configureReceiptsPrinter(kiosk, emulator.port);
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
  await emulator?.close();
});

/** The first job the emulator printed whose lines hold every one of `texts`. */
const printed = async (...texts: string[]) => (await waitForJobs(emulator, 1, ...texts))[0]!.lines;

const newPage = (width = 1024, height = 768): Promise<Page> => openKiosk(browser, kiosk, { viewport: { width, height } });


describe('closing the day in the browser', () => {
  it('closes the drawer blind, the session, and opens the next day', async () => {
    // The demo cashier's drawer on T1 is open with 100,00 € (5 x 20 €); a sale adds 2,00 €, a pay-in 5,00 €.
    const cashier = await newPage();
    await login(cashier, 'caixa1', '3333');
    await cashier.getByTestId('sale-quantity').fill('2');
    await cashier.getByTestId('sale-tendered').fill('200');
    await cashier.getByTestId('sale-submit').click();
    await expectText(cashier, 'sale-result', 'A 1–2');

    // The drawer tab: open, by whom, with its float; the expected cash is nowhere.
    await cashier.getByTestId('drawer-tab').click();
    await expectText(cashier, 'drawer-status', 'Aberta por caixa1');
    await expectText(cashier, 'drawer-float', '100,00 €');
    await expectNoSidewaysScroll(cashier);

    // A pay-in of 5,00 € with its reason, then the X report: the drawer now, still open.
    await cashier.getByTestId('movement-kind-pay_in').check();
    await cashier.getByTestId('movement-amount').fill('5,00');
    await cashier.getByTestId('movement-reason-choice-1').click();
    await cashier.getByTestId('movement-submit').click();
    await expectText(cashier, 'movement-result', 'Entrada de 5,00 € registada: Reforço de trocos.');
    await cashier.getByTestId('drawer-x-report').click();
    // The cashier closes blind: her X gives no amount at all, neither what the drawer should hold (107,00 €) nor the float,
    // the sales and the pay-in that add up to it; the only money on the screen is the float she counted and the pay-in she typed.
    await expectText(cashier, 'x-blind', 'Contagem cega: este relatório não mostra valores');
    expect(await cashier.getByTestId('x-report').innerText()).not.toMatch(/€|\d,\d\d/);
    expect(await cashier.locator('[data-testid="x-expected"], [data-testid^="x-"] td').count()).toBe(0);
    expect(await cashier.getByText('107,00 €').count()).toBe(0);
    // On paper alike, as the printer received it: the drawer and the times, and no amount.
    const xSlip = (await printed('RELATÓRIO X', 'Contagem cega')).map((l) => l.trim()).filter((l) => l !== '' && !/^[-=]+$/.test(l));
    expect(xSlip.slice(1, 4)).toEqual(['RELATÓRIO X', 'Não fecha a gaveta', expect.stringMatching(/^Terminal +\S+$/)]);
    // Its last line names the program that printed it (the hall's version and commit).
    expect(xSlip.slice(-4)).toEqual([
      'Contagem cega: conte a gaveta no fecho. Os',
      'valores aparecem depois de a contagem ficar',
      'registada.',
      `Programa: ${softwareLabel()}`,
    ]);
    expect(xSlip.join('\n')).not.toMatch(/€|\d,\d\d/);
    await expectNoSidewaysScroll(cashier);
    if (process.env.E2E_DRAWER_SHOTS) await cashier.screenshot({ path: join(process.env.E2E_DRAWER_SHOTS, 'drawer-open-1024x768.png') });

    // Blind close: 4 x 20 € + 1 x 10 € = 90,00 €, the total live, no expected amount on screen.
    await cashier.getByTestId('drawer-close-start').click();
    await cashier.getByTestId('x-report').waitFor({ state: 'detached' });
    await cashier.getByTestId('close-count-2000').fill('4');
    await expectText(cashier, 'close-subtotal-2000', '80,00 €');
    await cashier.getByTestId('close-count-1000').fill('1');
    await expectText(cashier, 'close-total', '90,00 €');
    expect(await cashier.getByText('107,00 €').count()).toBe(0);
    await expectNoSidewaysScroll(cashier);
    const shots = process.env.E2E_DRAWER_SHOTS;
    if (shots) {
      await cashier.screenshot({ path: join(shots, 'drawer-1024x768.png') });
      await cashier.setViewportSize({ width: 1920, height: 1080 });
      await cashier.screenshot({ path: join(shots, 'drawer-1920x1080.png') });
      await cashier.setViewportSize({ width: 1024, height: 768 });
    }
    // Keyboard: Enter in a count submits; the confirmation says what the close does.
    await cashier.getByTestId('close-count-1000').press('Enter');
    await expectText(cashier, 'drawer-close-dialog', 'Não pode ser desfeito.');
    await expectText(cashier, 'drawer-confirm-counted', '90,00 €');
    await cashier.getByTestId('drawer-close-confirm').click();

    // Over the 5,00 € threshold: the count is on record now, so the manager sees what he accepts before his PIN.
    await expectText(cashier, 'drawer-approval-dialog', 'excede o limite da sala (5,00 €). A contagem ficou registada e é a do fecho.');
    await expectText(cashier, 'approval-expected', '107,00 €');
    await expectText(cashier, 'approval-counted', '90,00 €');
    await expectText(cashier, 'approval-variance', '-17,00 €');
    const recorded = await kiosk.call('drawer.current', {}, (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken);
    expect(recorded.value.recordedCount).toMatchObject({ countedCents: 9000, countedBy: 'caixa1' });
    await expectInSight(cashier, 'approval-variance', 'approval-tile-gerente', 'approval-pin', 'approval-submit');
    // The closer's own tile is not offered; the approvers' are.
    expect(await cashier.getByTestId('approval-tile-caixa1').count()).toBe(0);
    if (shots) await cashier.screenshot({ path: join(shots, 'drawer-approval-1024x768.png') });
    await typeReason(cashier, 'approval-reason', 'Nota de 10 € entregue ao cofre sem registo');
    await cashier.getByTestId('approval-tile-gerente').click();
    await expect.poll(() => cashier.getByTestId('approval-username').inputValue()).toBe('gerente');
    await expect.poll(() => cashier.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('approval-pin');
    await cashier.keyboard.type('2222');
    await cashier.getByTestId('approval-submit').click();

    // Only now: expected, counted, variance and the Z number.
    await cashier.getByTestId('drawer-closed').waitFor();
    await expectText(cashier, 'drawer-expected', '107,00 €');
    await expectText(cashier, 'drawer-counted', '90,00 €');
    await expectText(cashier, 'drawer-variance', '-17,00 €');
    await expectText(cashier, 'drawer-z', 'Relatório Z n.º 1 ');
    await expectText(cashier, 'drawer-accepted-by', 'Diferença aceite por gerente.');
    // The drawer is closed: the screen offers to count the next float.
    await cashier.getByTestId('drawer-none').waitFor();
    if (shots) await cashier.screenshot({ path: join(shots, 'drawer-closed-1024x768.png'), fullPage: true });
    await expectNoSidewaysScroll(cashier);

    // The next shift on T1: the cashier counts a new float (3 x 20 € + 4 x 0,50 € = 62,00 €) and opens it ...
    await cashier.getByTestId('open-count-2000').fill('3');
    await cashier.getByTestId('open-count-50').fill('4');
    await expectText(cashier, 'open-subtotal-50', '2,00 €');
    await expectText(cashier, 'open-total', '62,00 €');
    await cashier.getByTestId('open-submit').click();
    await expectText(cashier, 'drawer-float', '62,00 €');
    await expectText(cashier, 'drawer-status', 'Aberta por caixa1');
    // ... and closes it with the exact count: no approval, Z n.º 2, no variance.
    await cashier.getByTestId('drawer-close-start').click();
    await cashier.getByTestId('close-count-2000').fill('3');
    await cashier.getByTestId('close-count-50').fill('4');
    await cashier.getByTestId('close-submit').click();
    await cashier.getByTestId('drawer-close-confirm').click();
    await expectText(cashier, 'drawer-z', 'Relatório Z n.º 2 ');
    await expectText(cashier, 'drawer-expected', '62,00 €');
    await expectText(cashier, 'drawer-counted', '62,00 €');
    await expectText(cashier, 'drawer-variance', '0,00 €');
    expect(await cashier.getByTestId('drawer-accepted-by').count()).toBe(0);
    // Its Z's 2.ª via, at once.
    await printed('RELATÓRIO Z N.º 2');
    await cashier.getByTestId('reprint-z-2').click();
    await expectText(cashier, 'z-reprinted-2', '2.ª via do relatório Z n.º 2');
    const copy = await printed('RELATÓRIO Z N.º 2', '2.ª VIA');
    expect(copy.some((l) => l.includes('62,00'))).toBe(true);

    // What the kiosk recorded: the Z report, in cents.
    const managerToken = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    const z = await kiosk.call('report.z', { drawerId: 1 }, managerToken);
    expect(z.ok).toBe(true);
    expect([z.value.zNumber, z.value.expectedCents, z.value.countedCents, z.value.varianceCents]).toEqual([1, 10700, 9000, -1700]);
    expect([z.value.varianceAcceptedBy, z.value.varianceReason]).toEqual(['Gerente de Sala', 'Nota de 10 € entregue ao cofre sem registo']);

    // Game 1 to its end through the API: close the sale, card A 1 makes the line, then the bingo.
    const call = async (channel: string, input: unknown) => {
      const r = await kiosk.call(channel, input, managerToken);
      expect(r.error, channel).toBeUndefined();
      return r.value;
    };
    await call('game.closeSale', { gameId: 1 });
    // The demo caixa's own drawer (n.º 2: 100,00 € and 1 950,00 € in chips) closes too, counted exact (Z n.º 3).
    const tesouraria = (await kiosk.call('auth.login', { username: 'tesouraria', pin: '5555' })).value.operatorToken as string;
    const caixaClosed = await kiosk.call('drawer.close', { countedByDenomination: { '2000': 5 }, countedChipsByValue: { '100': 50, '500': 40, '1000': 20, '2500': 20, '10000': 10 } }, tesouraria);
    expect(caixaClosed.value).toMatchObject({ status: 'closed', drawerId: 2, zNumber: 3, varianceCents: 0 });
    const [row1, row2, row3] = readFaces(kiosk.dataDir, 'A', 1, 1).get(1)! as [number[], number[], number[]];
    for (const n of row1) await call('game.drawBall', { gameId: 1, number: n });
    expect((await call('game.claim', { gameId: 1, kind: 'line', seriesCode: 'A', card: 1 })).valid).toBe(true);
    await call('game.closeClaims', { gameId: 1, kind: 'line' });
    for (const n of [...row2, ...row3]) await call('game.drawBall', { gameId: 1, number: n });
    expect((await call('game.claim', { gameId: 1, kind: 'bingo', seriesCode: 'A', card: 1 })).valid).toBe(true);
    await call('game.closeClaims', { gameId: 1, kind: 'bingo' });

    // The manager's night view: what blocks the close, sales per game, the drawers, prizes and refunds.
    const manager = await newPage();
    await login(manager, 'gerente', '2222');
    await manager.getByTestId('close-tab').click();
    await expectText(manager, 'day-close-blockers', 'Falta 1 ponto');
    await expectText(manager, 'blocker-end_check', 'verificação das bolas no fim');
    expect(await manager.getByTestId('session-close').isDisabled()).toBe(true);
    await expectText(manager, 'day-close-sold', 'Vendido: 2,00 € em 1 jogada(s)');
    await expectText(manager, 'sales-chart', '2,00 €');
    // Drawer 1: float 100,00 € + 7,00 € sold, counted 90,00 € (Z 1, -17,00 €); drawer 3: 62,00 € exact (Z 2); the caixa's, 2: 100,00 €.
    await expectText(manager, 'day-close-drawer-1', '107,00 €');
    await expectText(manager, 'day-close-drawer-1', '-17,00 €');
    await expectText(manager, 'day-close-drawer-3', '62,00 €');
    await expectText(manager, 'day-close-drawer-2', '100,00 €');
    await expectText(manager, 'prizes-unpaid', '2 · 1,10 €');
    await expectText(manager, 'refunds-paid', '0 · 0,00 €');
    // The Z report's 2.ª via, from its row.
    await manager.getByTestId('reprint-z-1').click();
    await expectText(manager, 'z-reprinted-1', '2.ª via do relatório Z n.º 1');
    await printed('RELATÓRIO Z N.º 1', '2.ª VIA', 'Motivo: Nota de 10');
    // A manager has five tabs: the top bar still fits 1024 px.
    await expectNoSidewaysScroll(manager);
    // The end-of-session ball check, recorded from the list of what blocks the close.
    await manager.getByTestId('record-end-check').click();
    await expectText(manager, 'check-confirm-what', 'no fim da sessão, todas as bolas foram passadas pelo mecanismo de extração');
    await manager.getByTestId('check-confirm').click();
    await expectText(manager, 'day-close-ready', 'Nada impede o encerramento');
    // A backup on demand, checked, before the close takes its own.
    await manager.getByTestId('backup-create').click();
    await expectText(manager, 'backup-result', 'Cópia de segurança feita e verificada: kiosk-');
    await manager.getByTestId('session-close').click();
    await expectText(manager, 'close-day-dialog', 'Esta operação não se pode desfazer.');
    await manager.getByTestId('close-day-confirm').click();
    await expectText(manager, 'day-closed', 'Sessão n.º 1 encerrada');
    await expectText(manager, 'day-closed', 'a acta é definitiva');
    // Line 5 % and bingo 50 % of V = 2,00 €: 0,10 € + 1,00 €, unpaid, carried to the next session.
    await expectText(manager, 'carried-prizes', '(1,10 €)');
    await expectText(manager, 'carried-refunds', '(0,00 €)');
    await manager.getByTestId('day-close-none').waitFor();
    await expectText(manager, 'day-close-none', 'Abra a sessão seguinte no ecrã Jogo');

    // The next day: the game screen's form opens session 2.
    await manager.getByTestId('tab-game').click();
    await manager.getByTestId('open-session-close-at').fill(closingInSixHours());
    await manager.getByTestId('open-session-submit').click();
    await manager.getByTestId('session-info').waitFor();
    await manager.getByText('Sessão n.º 2', { exact: true }).waitFor();
    // Opened without its start checks: no first game, the refusal naming them beside "Abrir jogada", until they are recorded here.
    await expectText(manager, 'start-checks', 'Falta registar as verificações do início da sessão');
    expect(await manager.getByTestId('open-game-submit').isDisabled()).toBe(true);
    await expectText(manager, 'open-game-blocked', 'em falta (bolas e material)');
    expect((await kiosk.call('game.open', { seriesCode: 'A' }, managerToken)).error?.code).toBe('SESSION_START_CHECK_MISSING');
    await manager.getByTestId('start-check-balls').click();
    await manager.getByTestId('check-confirm').click();
    await manager.getByTestId('start-check-material').click();
    await manager.getByTestId('check-confirm').click();
    await manager.getByTestId('start-checks').waitFor({ state: 'detached' });
    const current = await kiosk.call('session.current', {}, managerToken);
    expect(current.value.session.id).toBe(2);
    expect(current.value.startChecksMissing).toEqual([]);
    expect((await kiosk.call('session.acta', { sessionId: 2 }, managerToken)).value.checks.map((c: { kind: string }) => c.kind)).toEqual(['balls', 'material']);
  });
});
