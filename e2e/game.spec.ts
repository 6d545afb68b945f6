/**
 * A whole game in Chromium on the demo hall: the cashier sells, the manager
 * closes the sale and draws through the 1-90 board and the keyboard, recalls a
 * ball typed by mistake, checks a wrong and a right line claim, closes the
 * line, draws to a bingo and closes it; the cashier pays both prizes; the acta
 * shows the game with its prizes and stamp duty; the settings screen renames
 * the hall.
 *
 * The balls to draw are read from the sold cards' faces in the kiosk's SQLite
 * file (table card_faces: 15 numbers, row by row).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFacesCsv, formatFacesJson, generateSeries } from '../main/demo/faces.js';
import { expectText, launchChromium, login, openKiosk, readFaces, type RunningKiosk, startKiosk } from './support.js';

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

const newPage = (): Promise<Page> => openKiosk(browser, kiosk, { viewport: { width: 1280, height: 800 } });

async function sell(page: Page, quantity: number, tenderedCents: number, result: string): Promise<void> {
  await page.getByTestId('sale-quantity').fill(String(quantity));
  await page.getByTestId('sale-tendered').fill(String(tenderedCents));
  await page.getByTestId('sale-submit').click();
  await expectText(page, 'sale-result', result);
}

let ballsDrawn = 0;

/** Draw one ball from the keyboard (number + Enter) or by touching the board. */
async function draw(page: Page, n: number, how: 'keyboard' | 'board' = 'keyboard'): Promise<void> {
  if (how === 'keyboard') {
    await page.getByTestId('draw-input').fill(String(n));
    await page.getByTestId('draw-input').press('Enter');
  } else {
    // A touch only chooses the number: the big button, named with it, registers the ball.
    await page.getByTestId(`board-number-${n}`).click();
    await expectText(page, 'draw-submit', `Registar a bola ${n}`);
    await page.getByTestId('draw-submit').click();
  }
  ballsDrawn += 1;
  await expectText(page, 'ball-count', `Bolas: ${ballsDrawn}`);
  await expectText(page, 'last-ball', String(n));
  expect(await page.getByTestId(`board-number-${n}`).getAttribute('aria-pressed')).toBe('true');
}

const money = (cents: number) => new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u00a0|\u202f/g, ' ');
const day = (iso: string) => new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));

describe('a whole bingo game in the browser', () => {
  it('sells, draws, awards the line and the bingo, pays them and writes the acta', async () => {
    // The cashier sells 17 cards of game 1 (series A at 1,00 €) in three sales.
    const cashier = await newPage();
    await login(cashier, 'caixa1', '3333');
    await expectText(cashier, 'next-card', 'A 1');
    await sell(cashier, 7, 1000, 'A 1–7');
    await sell(cashier, 6, 600, 'A 8–13');
    await sell(cashier, 4, 500, 'A 14–17');
    const V = 1700;
    const line = Math.floor((V * 5) / 100);
    const bingo = Math.floor((V * 50) / 100);
    expect([money(line), money(bingo)]).toEqual(['0,85 €', '8,50 €']);

    // The manager closes the sale: the announcement, then the draw panel of game 1.
    const manager = await newPage();
    await login(manager, 'gerente', '2222');
    await manager.getByTestId('game-row-1').getByTestId('close-sale-button').click();
    await expectText(manager, 'close-sale-dialog', 'Fechar a venda da jogada 1: 17 cartões, 17,00 €; depois não se vende mais.');
    await manager.getByTestId('close-sale-confirm').click();
    await expectText(manager, 'announcement', 'Venderam-se 17 cartões da série A, do n.º 1 ao n.º 17.');
    await expectText(manager, 'announcement', `Prémio de linha: ${money(line)}.`);
    await expectText(manager, 'ball-count', 'Bolas: 0');
    await expectText(manager, 'last-ball', '—');

    // Card A 5 will win: its first row makes the line, its 15 numbers the bingo.
    const faces = readFaces(kiosk.dataDir, 'A', 1, 17);
    expect(faces.size).toBe(17);
    const card = faces.get(5)!;
    const [row1, row2, row3] = card as [number[], number[], number[]];
    const all = card.flat();
    const stray = Array.from({ length: 90 }, (_, i) => i + 1).find((n) => !all.includes(n))!;

    await draw(manager, row1[0]!, 'keyboard');
    await draw(manager, row1[1]!, 'board');
    // A ball typed by mistake, recalled with the manager's approval.
    await draw(manager, stray, 'keyboard');
    await manager.getByTestId('recall-ball').click();
    await manager.getByTestId('approval-username').fill('gerente');
    await manager.getByTestId('approval-pin').fill('2222');
    await manager.getByTestId('approval-submit').click();
    ballsDrawn -= 1;
    await expectText(manager, 'ball-count', `Bolas: ${ballsDrawn}`);
    await expectText(manager, 'last-ball', String(row1[1]));
    expect(await manager.getByTestId(`board-number-${stray}`).getAttribute('aria-pressed')).toBe('false');
    // The same ball twice is impossible from the board (disabled) and refused from the keyboard.
    expect(await manager.getByTestId(`board-number-${row1[0]}`).isDisabled()).toBe(true);
    await manager.getByTestId('draw-input').fill(String(row1[0]));
    await manager.getByTestId('draw-input').press('Enter');
    await expectText(manager, 'draw-error', `A bola ${row1[0]} já saiu nesta jogada.`);
    await expectText(manager, 'ball-count', `Bolas: ${ballsDrawn}`);

    await draw(manager, row1[2]!, 'keyboard');
    await draw(manager, row1[3]!, 'board');
    await draw(manager, row1[4]!, 'keyboard');

    // A 5 holds a line now, and it is the only card that does (no line repeats in a series).
    await manager.getByTestId('potential-line-A-5').waitFor();
    expect(await manager.getByTestId('potential-lines').getByRole('button').allInnerTexts()).toEqual(['A 5']);

    // A wrong claim is refused with the numbers missing; the game goes on.
    await manager.getByTestId('claim-kind').selectOption('line');
    await manager.getByTestId('claim-series').selectOption('A');
    await manager.getByTestId('claim-card').fill('6');
    await manager.getByTestId('claim-submit').click();
    await expectText(manager, 'claim-result', 'Inválida: linha do cartão A 6 à 5.ª bola.');
    await expectText(manager, 'claim-reason', 'Nenhuma linha completa: à linha mais próxima falta');
    await manager.getByTestId('claim-face').waitFor();
    // A card not sold in this game is refused by the kiosk, shown in place.
    await manager.getByTestId('claim-card').fill('200');
    await manager.getByTestId('claim-submit').click();
    await expectText(manager, 'claim-result', 'O cartão A 200 não foi vendido na jogada n.º 1.');
    // A card as printed on it, typed or scanned ("a 6" is A 6), names its series; a series not in play is refused in place.
    await manager.getByTestId('claim-card').fill('a 7');
    await manager.getByTestId('claim-submit').click();
    await expectText(manager, 'claim-result', 'Inválida: linha do cartão A 7 à 5.ª bola.');
    await manager.getByTestId('claim-card').fill('Z 6');
    await manager.getByTestId('claim-submit').click();
    await expectText(manager, 'claim-error', 'A série Z não joga nesta jogada');

    // The right claim, taken from the list of winning cards.
    await manager.getByTestId('potential-line-A-5').click();
    await manager.getByTestId('claim-submit').click();
    await expectText(manager, 'claim-result', 'Válida: linha do cartão A 5 à 5.ª bola.');
    await expectText(manager, 'claims-list', 'A 5');
    // No ball while a valid claim waits for "Mais alguma linha?".
    await manager.getByTestId('draw-input').fill(String(row2[0]));
    await manager.getByTestId('draw-input').press('Enter');
    await expectText(manager, 'draw-error', 'Mais alguma linha?');

    // Closing the line awards it: the dialog says to whom and what, and that no later claim counts.
    await manager.getByTestId('close-line').click();
    await expectText(manager, 'close-claims-what', `Fica premiado o cartão A 5 com o prémio de linha de ${money(line)}.`);
    await expectText(manager, 'close-claims-dialog', 'nenhuma outra reclamação de linha conta (art. 14.º, n.º 4)');
    await manager.getByTestId('confirm-cancel').click();
    expect(await manager.getByTestId('close-result').count()).toBe(0);
    await manager.getByTestId('close-line').click();
    await manager.getByTestId('close-claims-confirm').click();
    await expectText(manager, 'close-result', `Linha fechada. Premiados: A 5 (linha) ${money(line)}.`);
    await expectText(manager, 'winners', money(line));
    expect(await manager.getByTestId('close-line').isDisabled()).toBe(true);

    // On to the bingo: the rest of A 5.
    for (const [i, n] of [...row2, ...row3].entries()) await draw(manager, n, i % 3 === 0 ? 'board' : 'keyboard');
    await manager.getByTestId('potential-bingo-A-5').waitFor();
    expect(await manager.getByTestId('potential-bingos').getByRole('button').allInnerTexts()).toEqual(['A 5']);
    // The line is awarded: the claim form offers only the bingo now.
    expect(await manager.getByTestId('claim-kind').inputValue()).toBe('bingo');
    await manager.getByTestId('claim-card').fill('5');
    await manager.getByTestId('claim-submit').click();
    await expectText(manager, 'claim-result', `Válida: bingo do cartão A 5 à ${ballsDrawn}.ª bola.`);
    await manager.getByTestId('close-bingo').click();
    await expectText(manager, 'close-claims-what', `Fica premiado o cartão A 5 com o prémio de bingo de ${money(bingo)}, e a jogada termina.`);
    await manager.getByTestId('close-claims-confirm').click();
    await expectText(manager, 'close-result', `Bingo fechado: jogada terminada. Premiados: A 5 (bingo) ${money(bingo)}.`);
    await expectText(manager, 'draw-state', 'Terminada');
    expect(await manager.getByTestId('draw-input').isDisabled()).toBe(true);

    // The cashier pays both prizes against card A 5.
    const cashierToken = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
    const prizes = (await kiosk.call('prize.list', {}, cashierToken)).value as { winnerId: number; kind: string; prizeCents: number }[];
    const lineWinner = prizes.find((p) => p.kind === 'line')!;
    const bingoWinner = prizes.find((p) => p.kind === 'bingo')!;
    expect([lineWinner.prizeCents, bingoWinner.prizeCents]).toEqual([line, bingo]);
    await manager.getByTestId(`winner-row-${lineWinner.winnerId}`).filter({ hasText: money(line) }).waitFor();
    await manager.getByTestId(`winner-row-${bingoWinner.winnerId}`).filter({ hasText: money(bingo) }).waitFor();

    // Won and not paid yet: the acta lists both, each with its game and card (art. 17.º, n.º 3).
    await manager.getByTestId('acta-tab').click();
    await expectText(manager, 'acta-prizes-totals', `Prémios ganhos: ${money(line + bingo)} · pagos: 0,00 € · por pagar: ${money(line + bingo)}`);
    expect((await manager.getByTestId(`acta-owed-${lineWinner.winnerId}`).locator('td').allInnerTexts()).map((c) => c.trim())).toEqual(['1', 'Linha', 'A 5', money(line)]);
    expect((await manager.getByTestId(`acta-owed-${bingoWinner.winnerId}`).locator('td').allInnerTexts()).map((c) => c.trim())).toEqual(['1', 'Bingo', 'A 5', money(bingo)]);
    await expectText(manager, 'acta-owed-total', `Por pagar: ${money(line + bingo)}`);
    if (process.env.E2E_SCREENSHOTS) {
      // To be looked at: the acta with prizes owed at the counters' smallest and largest sizes.
      for (const [width, height] of [
        [1024, 768],
        [1920, 1080],
      ] as const) {
        await manager.setViewportSize({ width, height });
        await manager.getByTestId('acta-prizes').scrollIntoViewIfNeeded();
        await manager.screenshot({ path: join(process.env.E2E_SCREENSHOTS, `acta-prizes-owed-${width}x${height}.png`) });
      }
      await manager.setViewportSize({ width: 1280, height: 800 });
    }

    await cashier.getByTestId('prizes-tab').click();
    await expectText(cashier, `prize-row-${lineWinner.winnerId}`, 'A 5');
    await expectText(cashier, `prize-row-${lineWinner.winnerId}`, 'Por pagar');
    await expectText(cashier, `prize-row-${bingoWinner.winnerId}`, money(bingo));
    for (const [w, cents, kind] of [
      [lineWinner, line, 'linha'],
      [bingoWinner, bingo, 'bingo'],
    ] as const) {
      await cashier.getByTestId(`prize-pay-${w.winnerId}`).click();
      await expectText(cashier, 'prize-dialog', money(cents));
      // Against the card handed in (art. 15.º, n.º 5): its series and number typed.
      await cashier.getByTestId('prize-card').fill('A 5');
      await cashier.getByTestId('prize-confirm').click();
      await expectText(cashier, 'payout-result', `Prémio pago: ${money(cents)} (${kind}, cartão A 5).`);
      // The demo hall has no receipts printer: the payout says its receipt did not print, where the cashier looks.
      await expectText(cashier, 'payout-receipt', 'O recibo não foi impresso: não há impressora de recibos configurada.');
      await expectText(cashier, `prize-row-${w.winnerId}`, 'Pago');
    }
    const paid = (await kiosk.call('prize.list', {}, cashierToken)).value as { winnerId: number; status: string; retainUntil: string }[];
    expect(paid.map((p) => p.status)).toEqual(['paid', 'paid']);
    await expectText(cashier, `prize-row-${lineWinner.winnerId}`, `guardar cartão até ${day(paid[0]!.retainUntil)}`);
    expect(await cashier.getByTestId(`prize-pay-${lineWinner.winnerId}`).count()).toBe(0);

    // A refund outside an annulment is refused in place (art. 16.º, n.º 4).
    await cashier.getByTestId('refund-sale-number').fill('1');
    await cashier.getByTestId('refund-submit').click();
    await expectText(cashier, 'refund-error', 'a saída de um jogador não dá direito a devolução (art. 16.º, n.º 4)');

    // The acta: game 1 with its cards, total, prizes paid and stamp duty (25 % of V).
    await manager.getByTestId('acta-tab').click();
    const row = manager.getByTestId('acta-game-1');
    await row.waitFor();
    const cells = await row.locator('th, td').allInnerTexts();
    expect(cells.slice(0, 9).map((c) => c.trim())).toEqual([
      '1',
      '1.ª A, do n.º 1 ao n.º 17',
      '1,00 €',
      '17',
      money(V),
      money(line),
      money(bingo),
      '—',
      money(Math.floor((V * 2500) / 10_000)),
    ]);
    expect(cells[9]).toContain('Terminada');
    await expectText(manager, 'acta-totals', `Prémios pagos: ${money(line + bingo)}`);
    // Paid since: nothing is left to pay (the screen followed the payments' events).
    await expectText(manager, 'acta-owed-none', 'Nenhum prémio ficou por pagar.');
    await expectText(manager, 'acta-prizes-totals', `pagos: ${money(line + bingo)} · por pagar: 0,00 €`);

    // The incident book takes the manager's entry, next to the automatic one of the recall.
    await manager.getByTestId('incident-game').selectOption({ label: 'Jogada n.º 1' });
    await manager.getByTestId('incident-text').fill('Reclamação de um jogador sobre o volume do som.');
    await manager.getByTestId('incident-submit').click();
    await expectText(manager, 'incidents', 'Reclamação de um jogador sobre o volume do som.');
    await expectText(manager, 'incidents', `Bola ${stray}`);

    // Hall settings: stamp duty typed as a percentage with a comma.
    await manager.getByTestId('settings-tab').click();
    expect(await manager.getByTestId('stamp-duty').inputValue()).toBe('25');
    await manager.getByTestId('stamp-duty').fill('25,5');
    // And the shift's length, in whole hours.
    expect(await manager.getByTestId('shift-hours').inputValue()).toBe('12');
    await manager.getByTestId('shift-hours').fill('10');
    // And the hall's name and licence (the demo hall has no printer: the code page refusal is main/services/people/printable.test.ts's).
    expect(await manager.getByTestId('settings-hall-name').inputValue()).toBe('Bingo Demonstração');
    await manager.getByTestId('settings-hall-name').fill(' Bingo Estrela do Norte ');
    await manager.getByTestId('settings-licence').fill('Alvará n.º 7/2019');
    await manager.getByTestId('settings-submit').click();
    await expectText(manager, 'settings-saved', '25,5 %');
    // The header's text, not its visibility: at 1280 px a manager's six tabs squeeze the name to nothing.
    await expect.poll(() => manager.getByTestId('hall-name').textContent()).toBe('Bingo Estrela do Norte');
    const managerToken = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    expect((await kiosk.call('settings.get', {}, managerToken)).value).toMatchObject({
      stampDutyBasisPoints: 2550,
      shiftHours: 10,
      hallName: 'Bingo Estrela do Norte',
      licence: 'Alvará n.º 7/2019',
    });

    // Nothing lost on the way: the ledger balances and the audit chain holds.
    expect((await kiosk.call('ledger.verify', {}, managerToken)).value.balanced).toBe(true);
    expect((await kiosk.call('audit.verify', {}, managerToken)).value.valid).toBe(true);
  });

  it('imports faces, confirms claims by hand, suspends, annuls and refunds every sale', async () => {
    const manager = await newPage();
    await login(manager, 'gerente', '2222');

    // Two series of 12 cards at 0,50 €: D with its faces, E without.
    await manager.getByTestId('settings-tab').click();
    await manager.getByTestId('settings-sub-series').click();
    for (const code of ['D', 'E']) {
      await manager.getByTestId('series-code').fill(code);
      await manager.getByTestId('series-price').fill('0,50');
      await manager.getByTestId('series-size').fill('12');
      await manager.getByTestId('series-submit').click();
      await manager.getByTestId(`series-row-${code}`).waitFor();
    }
    const faces = generateSeries(12, 'e2e-D');
    // A file where card 2 repeats card 1 is refused whole, naming the card.
    const broken = faces.map((f) => (f.card === 2 ? { ...f, rows: faces[0]!.rows } : f));
    await manager.getByTestId('faces-file-D').setInputFiles({ name: 'serie-D.csv', mimeType: 'text/csv', buffer: Buffer.from(formatFacesCsv(broken)) });
    await expectText(manager, 'faces-result', 'Ficheiro de faces recusado: cartão n.º 2');
    await expectText(manager, 'faces-result', 'Nada foi importado.');
    await manager.getByTestId('faces-file-D').setInputFiles({ name: 'serie-D.json', mimeType: 'application/json', buffer: Buffer.from(formatFacesJson('D', faces)) });
    await expectText(manager, 'faces-result', '12 cartões importados na série D.');

    // Game 2 on E (no faces): three sales of one card.
    await manager.getByTestId('tab-game').click();
    await manager.getByTestId('open-game-series').selectOption('E');
    await manager.getByTestId('open-game-submit').click();
    await manager.getByTestId('game-row-2').waitFor();
    const cashier = await newPage();
    await login(cashier, 'caixa1', '3333');
    await sell(cashier, 1, 50, 'E 1');
    await sell(cashier, 1, 50, 'E 2');
    await sell(cashier, 1, 100, 'E 3');
    await manager.getByTestId('game-row-2').getByTestId('close-sale-button').click();
    await manager.getByTestId('close-sale-confirm').click();
    await expectText(manager, 'draw-panel', 'Extração — jogada n.º 2');

    // A failure before the first ball: suspended; annulment is refused before 15 minutes.
    await manager.getByTestId('suspend-game').click();
    await manager.getByTestId('suspend-confirm').click();
    await expectText(manager, 'suspended-info', 'Suspensa às');
    await expectText(manager, 'draw-state', 'Suspensa');
    expect(await manager.getByTestId('draw-input').isDisabled()).toBe(true);
    // Annul asks for the reason in a dialog that says what the annulment does; a refusal stays in it.
    await manager.getByTestId('annul-submit').click();
    await expectText(manager, 'annul-what', 'Todas as vendas da jogada n.º 2 (3 cartões, 1,50 €) ficam para devolver na totalidade');
    await manager.getByTestId('annul-confirm').click();
    await expectText(manager, 'annul-error', 'Escolha o motivo da anulação.');
    await manager.getByTestId('annul-reason').selectOption('failure_before_draw');
    await manager.getByTestId('annul-confirm').click();
    await expectText(manager, 'annul-error', 'faltam 15 min (art. 16.º, n.º 1)');
    await manager.getByTestId('confirm-cancel').click();
    await manager.getByTestId('resume-game').click();
    await expectText(manager, 'draw-state', 'Venda fechada');

    // Five balls, then claims on cards without faces: checked by hand, the card's numbers against the balls (art. 9.1).
    ballsDrawn = 0;
    for (const n of [45, 12, 33, 7, 80]) await draw(manager, n, n === 45 ? 'board' : 'keyboard');
    await manager.getByTestId('claim-card').fill('2');
    await manager.getByTestId('claim-submit').click();
    await expectText(manager, 'claim-result', 'A série E não tem as faces dos cartões registadas');
    await manager.getByTestId('claim-reject').click();
    await expectText(manager, 'claim-result', 'Inválida: linha do cartão E 2 à 5.ª bola.');
    await expectText(manager, 'claim-result', 'Reclamação recusada pelo operador após conferência manual do cartão.');
    await manager.getByTestId('claim-card').fill('3');
    await manager.getByTestId('claim-submit').click();
    await manager.getByTestId('claim-numbers').fill('45 12 33 7 81');
    await manager.getByTestId('claim-confirm').click();
    await expectText(manager, 'claim-numbers-error', 'o número 81 do cartão ainda não saiu (art. 9.º, n.º 1)');
    await manager.getByTestId('claim-numbers').fill('45 12 33 7 80');
    await manager.getByTestId('claim-confirm').click();
    await expectText(manager, 'claim-result', 'Válida: linha do cartão E 3 à 5.ª bola.');
    await expectText(manager, 'claim-numbers-shown', 'Números do cartão: 7 · 12 · 33 · 45 · 80');

    // The mechanism fails (art. 16.º, n.º 2): suspended, then the draw goes on by hand; it is not annulled for it.
    await manager.getByTestId('suspend-game').click();
    await manager.getByTestId('suspend-confirm').click();
    await expectText(manager, 'draw-state', 'Suspensa');
    await manager.getByTestId('manual-draw').click();
    await expectText(manager, 'manual-draw-what', 'A extração da jogada 2 continua à mão depois da 5.ª bola');
    await manager.getByTestId('manual-draw-confirm').click();
    await expectText(manager, 'manual-draw-info', 'A extração continua à mão');
    await manager.getByTestId('annul-submit').click();
    await manager.getByTestId('annul-reason').selectOption('failure_during_draw');
    await manager.getByTestId('annul-confirm').click();
    await expectText(manager, 'annul-error', 'continue a extração à mão (art. 16.º, n.º 2)');
    // A number announced wrongly that changes the game (art. 16.º, n.º 5): annulled; every sale refundable in full.
    await manager.getByTestId('annul-reason').selectOption('announcement_error');
    await manager.getByTestId('annul-confirm').click();
    await expectText(manager, 'annulled-info', 'Jogada anulada: Erro no anúncio de um número que afeta substancialmente o jogo (art. 16.º, n.º 5).');

    const cashierToken = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
    const gameId = (await kiosk.call('session.current', {}, cashierToken)).value.games.find((g: { number: number }) => g.number === 2).id as number;
    const sales = ((await kiosk.call('sale.list', { gameId }, cashierToken)).value as { saleId: number }[]).map((s) => s.saleId).sort((a, b) => a - b);
    expect(sales).toHaveLength(3);
    const [s1, s2, s3] = sales as [number, number, number];
    await cashier.getByTestId('prizes-tab').click();
    await expectText(cashier, `refund-row-${s1}`, 'E 1');
    await cashier.getByTestId(`refund-pay-${s1}`).click();
    await cashier.getByTestId('refund-confirm').click();
    await expectText(cashier, 'payout-result', `Venda n.º ${s1} devolvida (E 1): entregue 0,50 €`);
    await expectText(cashier, 'payout-receipt', 'O recibo não foi impresso');
    await expectText(cashier, `refund-row-${s1}`, 'Devolvida em');
    // The receipt in hand: its sale number.
    await cashier.getByTestId('refund-sale-number').fill(String(s3));
    await cashier.getByTestId('refund-submit').click();
    await expectText(cashier, 'refund-dialog', '0,50 €');
    await cashier.getByTestId('refund-confirm').click();
    await expectText(cashier, 'payout-result', `Venda n.º ${s3} devolvida (E 3): entregue 0,50 €`);
    await cashier.getByTestId('refund-sale-number').fill(String(s1));
    await cashier.getByTestId('refund-submit').click();
    await expectText(cashier, 'refund-error', `A venda n.º ${s1} já foi devolvida`);
    expect(await cashier.getByTestId(`refund-pay-${s2}`).isVisible()).toBe(true);

    // The acta: game 2 annulled with its reason, 1,00 € refunded, no stamp duty.
    await manager.getByTestId('acta-tab').click();
    await expectText(manager, 'acta-game-2', 'Erro no anúncio de um número que afeta substancialmente o jogo');
    await expectText(manager, 'acta-game-2', 'devolvido 1,00 €');
    await expectText(manager, 'acta-totals', 'devolvido 1,00 €');
    await expectText(manager, 'incidents', 'Jogada n.º 2 anulada');
    await expectText(manager, 'incidents', 'a extração continua manualmente (art. 16.º, n.º 2)');

    // English on the same screen.
    await manager.getByTestId('lang-switch').click();
    await expectText(manager, 'acta-totals', 'Prizes paid: 9,35 €');
    await expectText(manager, 'acta-game-2', 'Error announcing a number');

    const managerToken = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    expect((await kiosk.call('ledger.verify', {}, managerToken)).value.balanced).toBe(true);
    expect((await kiosk.call('audit.verify', {}, managerToken)).value.valid).toBe(true);
  });
});
