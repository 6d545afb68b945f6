/**
 * The casino caixa in Chromium on the demo hall, printing on the printer
 * emulator: the caixa's staff issue a guia for machine 9, find it by its QR
 * text, pay it half in cash and half by cheque after saying what will happen;
 * both copies print, the drawer opens once, and the drawer's cash goes down
 * by the cash part only. The manager voids another guia with a colleague's
 * approval and sees the funds held and the machines' return, and moves the
 * jackpot of the hall's only Fruit Party to the machines the inspectorate
 * authorised (n.º 6, second branch). The fiscal settles a spin with a bet in
 * green chips counted in chips, and logs the launches, whose next direction
 * the sheet shows (X.15, X.16).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrinterEmulator, type EmulatorJob, type PrinterEmulator } from '../tools/printer-emulator/server.js';
import { configureReceiptsPrinter, expectInSight, expectNoSidewaysScroll, expectText, launchChromium, login, openKiosk, type RunningKiosk, startKiosk, typeReason, waitForJobs } from './support.js';

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

const newPage = (width = 1024, height = 768): Promise<Page> => openKiosk(browser, kiosk, { viewport: { width, height } });

const printedJobs = (count: number, ...texts: string[]) => waitForJobs(emulator, count, ...texts) as Promise<EmulatorJob[]>;


describe('the casino caixa in the browser', () => {
  it('issues a guia, pays it half cash half cheque, prints it; the drawer loses the cash part only', async () => {
    const caixa = await newPage();
    await login(caixa, 'tesouraria', '5555');
    await caixa.getByTestId('guia-query').waitFor();
    // The caixa's close is blind: the drawer is said to be open, never what it holds.
    await expectText(caixa, 'drawer-cash', 'Gaveta aberta. O fecho é cego');
    expect(await caixa.getByTestId('drawer-cash').innerText()).not.toContain('€');
    await expectNoSidewaysScroll(caixa);
    // At 1024x768 the caixa's acts are in sight: find a guia, issue one, the other sub-screens a touch away.
    await expectInSight(caixa, 'guia-query', 'guia-find', 'issue-submit', 'caixa-sub-machines', 'caixa-sub-chips', 'logout');
    // The caixa's staff work in three sub-screens; the funds and the tables are a manager's.
    expect(await caixa.getByRole('tab').allInnerTexts()).toEqual(['Guias', 'Máquinas e contadores', 'Fichas']);

    // Issue: machine 9, a hand pay of 150,00 €.
    await caixa.getByTestId('issue-machine').selectOption('9');
    await caixa.getByTestId('issue-kind').selectOption('hand_pay');
    await caixa.getByTestId('issue-amount').fill('150');
    // The machine's meters, folded until asked for, go onto the guia.
    expect(await caixa.getByTestId('issue-coinsIn').isVisible()).toBe(false);
    await caixa.locator('.issue-meters summary').click();
    await caixa.getByTestId('issue-coinsIn').fill('482113');
    // Said before it is issued: a number is never reused, so the guia waits for the confirmation.
    await caixa.getByTestId('issue-submit').click();
    await expectText(caixa, 'issue-what', 'Guia de pagamento manual de 150,00 € para a máquina n.º 9, com o número seguinte, que nunca se reutiliza (Portaria 1441/95, n.º 13)');
    await expectText(caixa, 'issue-prints', 'Imprimem-se os dois exemplares');
    expect(await kiosk.call('guia.list', { status: 'all' }, (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken)).toMatchObject({ value: { total: 0 } });
    await caixa.getByTestId('issue-confirm').click();
    await expectText(caixa, 'guia-card', 'Guia n.º 1');
    await expectText(caixa, 'guia-print', 'Os dois exemplares da guia foram impressos.');
    await expectText(caixa, 'guia-status', 'Por pagar');
    await expectText(caixa, 'unpaid-guias', 'N.º 1 · máquina 9');
    expect(await caixa.getByTestId('issue-coinsIn').isVisible()).toBe(false);
    const issuedCopies = await printedJobs(1, 'GUIA DE PAGAMENTO', 'Por pagar', '482113');
    expect(issuedCopies.flatMap((j) => j.drawerPulses)).toEqual([]);

    // Found again by scanning its QR (the scanner types the text and Enter).
    await caixa.getByTestId('guia-query').fill('GUIA|1');
    await caixa.getByTestId('guia-query').press('Enter');
    await expectText(caixa, 'guia-amount', '150,00 €');
    // Blind: the whole amount is offered in cash; the drawer holds 100,00 €, so the kiosk refuses it without saying how much it holds.
    expect(await caixa.getByTestId('pay-cash').inputValue()).toBe('150,00');
    await expectText(caixa, 'pay-drawer-cash', 'Fecho cego');
    // 150,00 € is under the hall's limit: no approval is asked for, none is offered.
    await caixa.getByTestId('pay-submit').click();
    expect(await caixa.getByTestId('pay-with-approval').count()).toBe(0);
    await caixa.getByTestId('pay-confirm').click();
    await expectText(caixa, 'pay-dialog', 'a gaveta não tem numerário que chegue');
    expect(await caixa.getByTestId('pay-dialog').innerText()).not.toContain('100,00 €');
    await caixa.getByTestId('confirm-cancel').click();
    await expectText(caixa, 'guia-status', 'Por pagar');
    await caixa.getByTestId('pay-cash').fill('75');
    await caixa.getByTestId('cheque-add').click();
    await expectText(caixa, 'pay-remaining', 'Faltam 75,00 €');
    await caixa.getByTestId('cheque-amount-0').fill('75');
    await caixa.getByTestId('cheque-number-0').fill('0012345');
    await caixa.getByTestId('cheque-bank-0').fill('CGD');
    await expectText(caixa, 'pay-remaining', 'somam o valor da guia');
    // A cheque only to an identified player (Lei n.º 83/2017, art. 76.º, n.º 3): "Pagar" asks for the identification first.
    await expectText(caixa, 'pay-payee-text', 'Identificação do jogador obrigatória');
    await caixa.getByTestId('pay-submit').click();
    await caixa.getByTestId('identify-dialog').waitFor();
    await caixa.getByTestId('identify-number').fill('12345678 9 ZZ1');
    await caixa.getByTestId('identify-find').click();
    await expectText(caixa, 'identify-error', 'não tem identificação registada');
    await caixa.getByTestId('identify-name').fill('Maria da Silva');
    await caixa.getByTestId('identify-birth').fill('1980-05-17');
    await caixa.getByTestId('identify-record').click();
    await expectText(caixa, 'identify-error', '«documento verificado»');
    await caixa.getByTestId('identify-verified').check();
    await caixa.getByTestId('identify-record').click();
    await expectText(caixa, 'pay-payee-text', 'Beneficiário: Maria da Silva (Cartão de Cidadão •••••••••••ZZ1, PT)');
    await caixa.getByTestId('pay-submit').click();
    await expectText(caixa, 'pay-dialog', 'Cheques a favor de Maria da Silva, cruzados, «não à ordem».');
    await expectText(caixa, 'pay-dialog', '75,00 € em numerário (sai da gaveta) e cheque n.º 0012345 do CGD de 75,00 €');
    await expectText(caixa, 'pay-prints', 'Imprimem-se os dois exemplares (o da caixa e o do jogador)');
    await caixa.getByTestId('pay-confirm').click();
    await expectText(caixa, 'guia-status', 'Paga');
    await expectText(caixa, 'guia-payment', '75,00 € em numerário e 75,00 € em cheque');
    await expectText(caixa, 'guia-print', 'Os dois exemplares da guia foram impressos.');
    expect(await caixa.getByTestId('drawer-cash').innerText()).not.toContain('€');

    // Both paid copies printed; the drawer opened once (the caixa's copy).
    const paidCopies = await printedJobs(1, 'GUIA DE PAGAMENTO', 'Cheque n.º 0012345');
    const lines = paidCopies.flatMap((j) => j.lines);
    expect(lines.filter((l) => l.includes('Exemplar da caixa')).length + lines.filter((l) => l.includes('Exemplar do jogador')).length).toBe(2);
    expect(lines.some((l) => /Numerário\s+75,00 €/.test(l))).toBe(true);
    // The caixa's copy names the payee; both say crossed and not endorsable; the player's names no one.
    expect(lines.filter((l) => /Cheque a favor de\s+Maria da Silva/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => l.trim() === 'Não à ordem')).toHaveLength(2);
    expect(paidCopies.flatMap((j) => j.drawerPulses)).toHaveLength(1);

    // What the kiosk recorded, in cents: paid once, 7 500 in cash out of the caixa's own drawer, never the cashier's beside it on T1.
    const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    expect((await kiosk.call('guia.find', { query: '1' }, manager)).value).toMatchObject({ payment: { cashCents: 7_500, cheques: [{ amountCents: 7_500, number: '0012345', bank: 'CGD' }] } });
    // The paid guia's card names the cheque by number and bank, as the paper does.
    await expectText(caixa, 'guia-cheque-0', 'cheque n.º 0012345 do CGD de 75,00 €');
    const again = await kiosk.call('guia.pay', { guiaId: 1, cashCents: 0, cheques: [{ amountCents: 15_000, number: '9', bank: 'BPI' }] }, manager);
    expect(again.error?.code).toBe('GUIA_ALREADY_PAID');
  });

  it('the manager voids a guia with a colleague’s approval and sees the funds held and the return report', async () => {
    const tesouraria = (await kiosk.call('auth.login', { username: 'tesouraria', pin: '5555' })).value.operatorToken as string;
    const issued = await kiosk.call('guia.issue', { machineNumber: '7', amountCents: 25_000, kind: 'jackpot' }, tesouraria);
    expect(issued.value).toMatchObject({ number: 2, fund: 'machine:7' });

    const manager = await newPage();
    await login(manager, 'gerente', '2222');
    await manager.getByTestId('caixa-tab').click();
    await expectNoSidewaysScroll(manager);
    // The cashier's and the caixa's drawers are open on T1, neither his: he is told he has none of his own; all six sub-screens.
    await manager.getByTestId('caixa-no-drawer').waitFor();
    expect(await manager.getByRole('tab').allInnerTexts()).toEqual(['Guias', 'Máquinas e contadores', 'Fundos', 'Fichas', 'Mesas', 'Identificações']);
    // Machine 7's jackpot: 1 250,00 € less the 250,00 € guia; funds named, never by their key.
    await manager.getByTestId('caixa-sub-funds').click();
    await expectText(manager, 'fund-row-machine:7', '1 000,00 €');
    expect(await manager.getByTestId('funds-table').innerText()).not.toContain('machine:');
    await manager.getByTestId('caixa-sub-guias').click();
    await manager.getByTestId('unpaid-2').click();
    await manager.getByTestId('guia-void').click();
    await manager.getByTestId('guia-void-approval').waitFor();
    await expectText(manager, 'guia-void-approval', 'o valor volta ao fundo de onde saiu');
    // The manager may not approve his own void: admin does.
    await typeReason(manager, 'approval-reason', 'Valor lido mal no contador');
    await manager.getByTestId('approval-username').fill('admin');
    await manager.getByTestId('approval-pin').fill('1111');
    await manager.getByTestId('approval-submit').click();
    await expectText(manager, 'guia-status', 'Anulada');
    await manager.getByTestId('caixa-sub-funds').click();
    await expectText(manager, 'fund-row-machine:7', '1 250,00 €');
    // The machines' return, with the legal minimum drawn across the chart.
    await manager.getByTestId('caixa-sub-machines').click();
    await manager.getByTestId('return-table').waitFor();
    await expectText(manager, 'return-chart-reference', 'mínimo legal 80 %');
  });

  it('fills the chip float from the vault, sells and redeems chips, and reconciles them at the blind close', async () => {
    const caixa = await newPage();
    await login(caixa, 'tesouraria', '5555');
    await caixa.getByTestId('caixa-sub-chips').click();
    await caixa.getByTestId('chip-2500').waitFor();
    await expectInSight(caixa, 'chip-100000', 'chips-tendered', 'chips-change', 'chips-sell', 'chips-redeem', 'chips-fill', 'chips-credit');
    // The demo caixa's own drawer: 100,00 € less the first test's 75,00 € guia.
    const before = 2_500;
    // No 500 € chips in the caixa's float (main/demo/seed.ts): a sale of one is refused, saying what to do.
    await caixa.getByTestId('chip-50000').click();
    await caixa.getByTestId('chips-sell').click();
    await caixa.getByTestId('chips-confirm').click();
    await expectText(caixa, 'chips-dialog', 'tem 0, pedidas 1. Registe um reforço de fichas vindo do cofre');
    await caixa.getByTestId('confirm-cancel').click();
    await caixa.getByTestId('chips-clear').click();
    // The vault fills the caixa: 10 x 25 € and 10 x 5 € = 300,00 €.
    for (let i = 0; i < 10; i++) await caixa.getByTestId('chip-2500').click();
    for (let i = 0; i < 10; i++) await caixa.getByTestId('chip-500').click();
    await caixa.getByTestId('chips-fill').click();
    await expectText(caixa, 'chips-dialog', 'Entram na caixa, vindas do cofre: 10 × 25,00 €, 10 × 5,00 € (300,00 €).');
    await caixa.getByTestId('chips-confirm').click();
    await expectText(caixa, 'chips-moved', 'Reforço de 300,00 € em fichas registado: Reforço de fichas do cofre.');
    // 3 x 25 € + 3 x 5 € = 90 €, paid with a 100 € note: 10 € change.
    for (let i = 0; i < 3; i++) await caixa.getByTestId('chip-2500').click();
    for (let i = 0; i < 3; i++) await caixa.getByTestId('chip-500').click();
    await expectText(caixa, 'chips-total', 'Total: 90,00 €');
    await caixa.getByTestId('chips-tendered').fill('100');
    await expectText(caixa, 'chips-change', '10,00 €');
    await caixa.getByTestId('chips-tendered').fill('50');
    await expectText(caixa, 'chips-missing', 'Faltam 40,00 €');
    await caixa.getByTestId('chips-tendered').fill('100');
    // The change is the big figure, as at the bingo sale.
    expect(await caixa.getByTestId('chips-change').evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(40);
    await caixa.getByTestId('chips-sell').click();
    await expectText(caixa, 'chips-dialog', '3 × 25,00 €, 3 × 5,00 €: 90,00 € entram na gaveta; troco 10,00 €.');
    await caixa.getByTestId('chips-confirm').click();
    // Blind: what was sold and the change, never the drawer's cash; the change stays in its box.
    await expectText(caixa, 'chips-done', 'Vendidas fichas de 90,00 €; troco 10,00 €.');
    expect(await caixa.getByTestId('chips-done').innerText()).not.toContain('Gaveta');
    await expectText(caixa, 'chips-change', '10,00 €');
    // The player comes back with a 50 € chip: 50 € leave the drawer.
    await caixa.getByTestId('chip-5000').click();
    await caixa.getByTestId('chips-redeem').click();
    await caixa.getByTestId('chips-confirm').click();
    await expectText(caixa, 'chips-done', 'Pagas 50,00 € em numerário pelas fichas.');

    // The blind close counts the chips too: the demo's float of 1 950,00 € + 300 - 90 + 50 = 2 210,00 €.
    await caixa.getByTestId('drawer-tab').click();
    await caixa.getByTestId('drawer-close-start').click();
    let cash = before + 4_000;
    for (const d of [2_000, 100, 1]) {
      const n = Math.floor(cash / d);
      if (n > 0) await caixa.getByTestId(`close-count-${d}`).fill(String(n));
      cash -= n * d;
    }
    for (const [value, count] of [['100', 50], ['500', 47], ['1000', 20], ['2500', 27], ['5000', 1], ['10000', 10]] as const) await caixa.getByTestId(`close-chip-${value}`).fill(String(count));
    await expectText(caixa, 'close-chips-total', '2 210,00 €');
    await expectNoSidewaysScroll(caixa);
    await caixa.getByTestId('close-submit').click();
    await expectText(caixa, 'drawer-confirm-chips', 'e 2 210,00 € em fichas');
    await caixa.getByTestId('drawer-close-confirm').click();
    await expectText(caixa, 'drawer-variance', '0,00 €');
    await expectText(caixa, 'drawer-chips-expected', '2 210,00 €');
    await expectText(caixa, 'drawer-chips-variance', '0,00 €');
    const [z] = await printedJobs(1, 'Contagem de fichas');
    expect(z!.lines.some((l) => /^Fichas esperadas\s+2\s?210,00 €$/.test(l))).toBe(true);
    expect(z!.lines).toContain('Diferença em fichas                       0,00 €');
  });

  it('the fiscal settles a spin with five bets in the X.22 order, one in colour chips, and logs it with the launch directions', async () => {
    const managerToken = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    // The demo's table R1: 5 € minimum on a pleno, so 50 € maximum (X.27).
    expect((await kiosk.call('table.list', {}, managerToken)).value.map((x: { code: string }) => x.code)).toEqual(['R1']);
    const fiscal = await newPage(1366, 768);
    await login(fiscal, 'gerente', '2222');
    await fiscal.getByTestId('caixa-tab').click();
    await fiscal.getByTestId('caixa-sub-tables').click();
    // The limits and the colours are in the box beside the acts, the log shown first (issue 38).
    await fiscal.getByTestId('table-side-limits').click();
    await expectText(fiscal, 'table-limit-pleno', '50,00 €');
    // No colour is marked yet: the bet's chips can only be face-value ones.
    await expectText(fiscal, 'bet-colour', 'Com valor facial');
    expect(await fiscal.getByTestId('bet-colour').locator('option').count()).toBe(1);
    // The player's green chips are marked at 5 € each (IX.6: within the pleno's 5 € to 50 €).
    await fiscal.getByTestId('table-side-colours').click();
    await fiscal.getByTestId('colour-name').fill('verde');
    await fiscal.getByTestId('colour-value').fill('5');
    await fiscal.getByTestId('colour-submit').click();
    await expectText(fiscal, 'colour-chips', 'verde: 5,00 €');
    // A pleno in green chips: the fiscal picks the colour marked here and counts the chips; the sheet shows the stake.
    await fiscal.getByTestId('cloth-n-17').click();
    await expectText(fiscal, 'bet-marked', 'Aposta: pleno 17');
    await fiscal.getByTestId('bet-colour').selectOption('verde');
    expect(await fiscal.getByTestId('bet-amount').count()).toBe(0);
    await fiscal.getByTestId('bet-chip-count').fill('2');
    await expectText(fiscal, 'bet-stake', '× 5,00 € = 10,00 €');
    await fiscal.getByTestId('bet-add').click();
    await expectText(fiscal, 'bet-row-0', '2 × 5,00 € = 10,00 €');
    await expectText(fiscal, 'bet-row-0', 'verde');
    // Each bet is marked on the drawn cloth: its numbers, a dozen, a column or a simple chance; these in face-value chips.
    await fiscal.getByTestId('bet-colour').selectOption('');
    const bet = async (boxes: string[], marked: string, amount: string) => {
      for (const box of boxes) await fiscal.getByTestId(`cloth-${box}`).click();
      await expectText(fiscal, 'bet-marked', marked);
      await fiscal.getByTestId('bet-amount').fill(amount);
      await fiscal.getByTestId('bet-add').click();
    };
    // Two numbers apart are no bet until the second is unmarked and its neighbour marked.
    await fiscal.getByTestId('cloth-n-17').click();
    await fiscal.getByTestId('cloth-n-22').click();
    await expectText(fiscal, 'bet-marked', 'Os números 17-22 não formam uma aposta (X.18)');
    await fiscal.getByTestId('cloth-n-22').click();
    await bet(['n-20'], 'Aposta: cavalo 17-20', '5');
    await bet(['simple-preto'], 'Aposta: preto', '20');
    await bet(['duzia-1'], 'Aposta: dúzia 1-2-3-4-5-6-7-8-9-10-11-12', '10');
    await bet(['coluna-2'], 'Aposta: coluna 2-5-8-11-14-17-20-23-26-29-32-35', '10');
    expect(await fiscal.getByTestId('cloth-n-17').getAttribute('aria-pressed')).toBe('false');
    await expectNoSidewaysScroll(fiscal);
    await fiscal.getByTestId('spin-number').fill('17');
    await fiscal.getByTestId('settle').click();
    // X.22: columns, simple chances, cavalos, plenos; the lost dozen is not paid.
    await expectText(fiscal, 'settle-line-0', '20,00 €');
    await expectText(fiscal, 'settle-line-3', 'pleno de 10,00 €, verde, total de 350,00 €');
    await expectText(fiscal, 'settle-line-3', 'pleno 17 · 2 × 5,00 € verde');
    await expectText(fiscal, 'settle-total', '475,00 €');

    // X.15: the table's first launch is the fiscal's to give; from it the sheet shows the next one's direction.
    await expectText(fiscal, 'next-launch', 'Primeiro lançamento desta mesa');
    await fiscal.getByTestId('log-spin').click();
    await expectText(fiscal, 'log-error', 'Indique o sentido do primeiro lançamento desta mesa (X.15).');
    await fiscal.getByTestId('launch-direction').selectOption('left_to_right');
    await fiscal.getByTestId('log-spin').click();
    await expectText(fiscal, 'log-list', '17');
    await expectText(fiscal, 'log-list', 'esq. → dir.');
    await expectText(fiscal, 'next-launch', 'Próximo lançamento: da direita para a esquerda');
    // A golpe nulo (X.16): the ball goes back and is launched again the same way.
    await fiscal.getByTestId('log-null').click();
    await expectText(fiscal, 'log-null-direction', 'Golpe nulo do lançamento da direita para a esquerda');
    await typeReason(fiscal, 'log-null-reason', 'Caiu uma ficha no prato');
    await fiscal.getByTestId('log-null-confirm').click();
    await expectText(fiscal, 'next-launch', 'Próximo lançamento: da direita para a esquerda (repete o sentido do golpe nulo, X.16)');
    await fiscal.getByTestId('spin-number').fill('5');
    await fiscal.getByTestId('log-spin').click();
    await expectText(fiscal, 'next-launch', 'Próximo lançamento: da esquerda para a direita (alterna com o anterior, X.15)');
    await expectNoSidewaysScroll(fiscal);
    const log = await kiosk.call('roulette.log', { tableCode: 'R1' }, managerToken);
    expect(log.value.entries.map((e: { kind: string; number: number | null; direction: string | null }) => [e.kind, e.number, e.direction])).toEqual([
      ['spin', 5, 'right_to_left'],
      ['null_spin', null, 'right_to_left'],
      ['spin', 17, 'left_to_right'],
    ]);
    // The settlement as the kiosk gives it, in cents: 2 green chips of 5,00 € are a 10,00 € pleno that wins 350,00 €; 7,00 € in them is refused.
    const settled = await kiosk.call('roulette.settle', { tableCode: 'R1', number: 17, bets: [{ chance: 'pleno', numbers: [17], colour: 'verde', chips: 2 }] }, managerToken);
    expect(settled.value.bets[0]).toMatchObject({ amountCents: 1_000, prizeCents: 35_000, colourChips: { colour: 'verde', chips: 2, valueCents: 500 } });
    const seven = await kiosk.call('roulette.settle', { tableCode: 'R1', number: 17, bets: [{ chance: 'pleno', numbers: [17], colour: 'verde', amountCents: 700 }] }, managerToken);
    expect(seven.error?.code).toBe('ROULETTE_COLOUR_STAKE_NOT_WHOLE');
  });

  it('moves the jackpot of the hall’s only Fruit Party to the machines the inspectorate authorised, after saying so (n.º 6)', async () => {
    const managerToken = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    const manager = await newPage();
    await login(manager, 'gerente', '2222');
    await manager.getByTestId('caixa-tab').click();
    await manager.getByTestId('caixa-sub-funds').click();
    // A contribution is said before it is recorded: the fund it goes to, before and after.
    await manager.getByTestId('contribute-fund').selectOption('machine:9');
    await manager.getByTestId('contribute-amount').fill('50');
    await manager.getByTestId('contribute-submit').click();
    await expectText(manager, 'contribute-what', 'Entram 50,00 € no fundo Máquina 9, que passa de 0,00 € a 50,00 €.');
    await manager.getByTestId('confirm-cancel').click();
    await expectText(manager, 'fund-row-machine:9', '0,00 €');
    await manager.getByTestId('contribute-submit').click();
    await manager.getByTestId('contribute-confirm').click();
    await expectText(manager, 'funds-done', 'Contribuição de 50,00 € para Máquina 9: o fundo tem agora 50,00 €.');
    await expectText(manager, 'fund-row-machine:9', '50,00 €');
    // Machine 7 has machine 8 and group SJ1 of its model and bet: the first branch.
    await manager.getByTestId('transfer-from').selectOption('machine:7');
    await expectText(manager, 'transfer-branch', 'Portaria 1441/95, n.º 6, 1.ª parte: há nesta sala 2 fundos do modelo Lucky 7 com aposta 0,50 €');
    expect(await manager.getByTestId('transfer-to').locator('option').allInnerTexts()).toEqual(['— escolha —', 'Máquina 8 — 0,00 €', 'Grupo SJ1 — 3 000,00 €']);
    // Machine 9 is the only Fruit Party at 1,00 €: the second branch, to any model.
    await manager.getByTestId('transfer-from').selectOption('machine:9');
    await expectText(manager, 'transfer-branch', 'Portaria 1441/95, n.º 6, 2.ª parte: não há nesta sala outra máquina nem grupo do modelo Fruit Party com aposta 1,00 €');
    await manager.getByTestId('transfer-to').selectOption('machine:7');
    await expectText(manager, 'transfer-form-ref', 'Referência da autorização da Inspecção-Geral de Jogos');
    await manager.getByTestId('transfer-ref').fill('IGJ 77/2026');
    await manager.getByTestId('transfer-submit').click();
    await expectText(
      manager,
      'transfer-approval',
      'Transferir 50,00 € de Máquina 9 para Máquina 7, máquinas autorizadas pela Inspecção-Geral de Jogos (autorização IGJ 77/2026): não há nesta sala outra máquina nem grupo do modelo Fruit Party com aposta 1,00 € (Portaria 1441/95, n.º 6, 2.ª parte).',
    );
    await manager.getByTestId('approval-username').fill('admin');
    await manager.getByTestId('approval-pin').fill('1111');
    await manager.getByTestId('approval-submit').click();
    await expectText(manager, 'funds-done', 'Transferidos 50,00 € de Máquina 9 para Máquina 7');
    await expectText(manager, 'fund-row-machine:9', '0,00 €');
    await expectText(manager, 'fund-row-machine:7', '1 300,00 €');
    await expectText(manager, 'transfers-table', '2.ª parte: autorizada pela Inspecção-Geral de Jogos');
    await expectText(manager, 'transfers-table', 'IGJ 77/2026');
    await expectText(manager, 'transfers-table', 'gerente, aprovada por admin');
    await expectNoSidewaysScroll(manager);
    const transfers = await kiosk.call('jackpot.transfers', {}, managerToken);
    expect(transfers.value).toMatchObject([{ from: 'machine:9', to: 'machine:7', amountCents: 5_000, branch: 'inspectorate', authorisationRef: 'IGJ 77/2026', approvedBy: 'admin' }]);

    // A meter reading is said before it is recorded for good (Portaria 1441/95, n.º 9): cancelled, nothing is recorded.
    await manager.getByTestId('caixa-sub-machines').click();
    const readings = async () => (await kiosk.call('report.machineReturn', { from: new Date(Date.now() - 7 * 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() }, managerToken)).value.machines.find((m: { number: string }) => m.number === '8').readings as number;
    const readingsBefore = await readings();
    await manager.getByTestId('meter-machine').selectOption('8');
    await manager.getByTestId('meter-coinsIn').fill('990000');
    await manager.getByTestId('meter-prizesPaid').fill('800000');
    await manager.getByTestId('meter-coinsCollected').fill('150000');
    await manager.getByTestId('meter-submit').click();
    await expectText(manager, 'meter-what', 'Entradas 990000, prémios pagos 800000, moedas recolhidas 150000 (normal). A leitura fica registada e não se apaga');
    await manager.getByTestId('confirm-cancel').click();
    expect(await readings()).toBe(readingsBefore);
    await manager.getByTestId('meter-submit').click();
    await manager.getByTestId('meter-confirm').click();
    await expectText(manager, 'meter-done', 'Leitura da máquina n.º 8 registada');
    expect(await readings()).toBe(readingsBefore + 1);
  });
});
