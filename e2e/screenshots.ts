/**
 * The screenshots of docs/screens.md (`docs/screens/`): each role's main screen at
 * the counters' three sizes, on a demo hall played to a realistic moment (a
 * receipt printer on the emulator, sales made, a draw under way with a claim
 * checked; a blind close awaiting the manager's acceptance), and a sale whose
 * receipt did not print. `npx vite build && npx tsx e2e/screenshots.ts [out-dir]`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { configureReceiptsPrinter, launchChromium, login, ROOT, startKiosk, type RunningKiosk } from './support.js';
import { startPrinterEmulator } from '../tools/printer-emulator/server.js';
import { openReader } from '../db/connection.js';
import { drawerExpectedCash, openDrawers } from '../db/drawers.js';
import { DATABASE_FILE } from '../main/kiosk.js';

/** An operator's open drawer's expected cash, read from the hall's file: a manager sees another's only as its close's acceptance asks. */
function expectedOf(kiosk: RunningKiosk, username: string): number {
  const db = openReader(join(kiosk.dataDir, DATABASE_FILE));
  try {
    return drawerExpectedCash(db, openDrawers(db).find((d) => d.openedBy === username)!);
  } finally {
    db.close();
  }
}

const SIZES = [
  [1024, 768],
  [1366, 768],
  [1920, 1080],
] as const;

const out = process.argv[2] ?? join(ROOT, 'docs', 'screens');
mkdirSync(out, { recursive: true });

async function must(kiosk: RunningKiosk, channel: string, input: unknown, token?: string) {
  const r = await kiosk.call(channel, input, token);
  if (!r.ok) throw new Error(`${channel}: ${r.error?.code} ${r.error?.message}`);
  return r.value;
}

/** One page per size for a role, logged in and brought to the moment shown by `prepare` (told which shot it is). */
async function shoot(browser: Browser, kiosk: RunningKiosk, name: string, who: [string, string], prepare: (page: Page, shot: number) => Promise<void>): Promise<void> {
  for (const [shot, [width, height]] of SIZES.entries()) {
    const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
    await page.goto(kiosk.appUrl);
    await login(page, ...who);
    await prepare(page, shot);
    await page.waitForTimeout(600);
    const file = join(out, `${name}-${width}x${height}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await page.context().close();
  }
}

const emulator = await startPrinterEmulator({ host: '127.0.0.1', port: 0 });
const kiosk = await startKiosk(['--demo']);
const browser = await launchChromium();
try {
  await configureReceiptsPrinter(kiosk, emulator.port);
  const cashier = (await must(kiosk, 'auth.login', { username: 'caixa1', pin: '3333' })).operatorToken as string;
  const manager = (await must(kiosk, 'auth.login', { username: 'gerente', pin: '2222' })).operatorToken as string;
  const game1 = (await must(kiosk, 'session.current', {}, cashier)).games[0].id as number;
  for (const quantity of [6, 12, 3, 24, 9]) {
    await must(kiosk, 'sale.create', { gameId: game1, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, cashier);
  }
  await must(kiosk, 'game.closeSale', { gameId: game1 }, manager);
  for (const n of [7, 23, 41, 58, 66, 12, 80, 35, 19, 71, 2, 49]) await must(kiosk, 'game.drawBall', { gameId: game1, number: n }, manager);
  // The next game sells while game 1 is drawn.
  const game2 = (await must(kiosk, 'game.open', { seriesCode: 'A' }, manager)).id as number;
  await must(kiosk, 'sale.create', { gameId: game2, quantity: 4, payment: { method: 'cash', tenderedCents: 500 } }, cashier);

  await shoot(browser, kiosk, 'cashier-sale', ['caixa1', '3333'], async (page) => {
    await page.getByTestId('sale-quantity').fill('2');
    await page.getByTestId('sale-tendered').fill('500');
    await page.getByTestId('sale-submit').click();
    await page.getByTestId('sale-result').waitFor();
    await page.getByTestId('sale-receipt').waitFor();
  });
  await shoot(browser, kiosk, 'manager-draw', ['gerente', '2222'], async (page, shot) => {
    await page.getByTestId('draw-panel').waitFor();
    // A card of its own for each size: a claim is made once at a ball.
    await page.getByTestId('claim-card').fill(String(10 + shot));
    await page.getByTestId('claim-submit').click();
    await page.getByTestId('claim-result').waitFor();
    await page.getByTestId('draw-input').focus();
  });
  // The caixa's sub-screens: a guia just paid (its copies printed), the chips with a sale's change, and a manager's machines, funds and table sheet.
  const tesouraria = (await must(kiosk, 'auth.login', { username: 'tesouraria', pin: '5555' })).operatorToken as string;
  const paidGuia = await must(kiosk, 'guia.issue', { machineNumber: '9', amountCents: 9_000, kind: 'hand_pay' }, tesouraria);
  const person = { name: 'Maria da Silva', documentType: 'cc', documentNumber: '123456789ZZ1', country: 'PT', birthDate: '1980-05-17' } as const;
  const { personId } = await must(kiosk, 'person.identify', { person, documentVerified: true }, tesouraria);
  await must(kiosk, 'guia.pay', { guiaId: paidGuia.guiaId, cashCents: 4_000, cheques: [{ amountCents: 5_000, number: '0012345', bank: 'CGD' }], personId }, tesouraria);
  await must(kiosk, 'guia.issue', { machineNumber: '7', amountCents: 25_000, kind: 'jackpot' }, tesouraria);
  await shoot(browser, kiosk, 'caixa-guias', ['tesouraria', '5555'], async (page) => {
    await page.getByTestId('guia-query').fill(String(paidGuia.number));
    await page.getByTestId('guia-query').press('Enter');
    await page.getByTestId('guia-payment').waitFor();
  });
  await shoot(browser, kiosk, 'caixa-chips', ['tesouraria', '5555'], async (page) => {
    await page.getByTestId('caixa-sub-chips').click();
    for (const v of [2500, 2500, 500]) await page.getByTestId(`chip-${v}`).click();
    await page.getByTestId('chips-tendered').fill('100');
  });
  for (const sub of ['machines', 'funds', 'tables']) {
    await shoot(browser, kiosk, `caixa-${sub}`, ['gerente', '2222'], async (page) => {
      await page.getByTestId('caixa-tab').click();
      await page.getByTestId(`caixa-sub-${sub}`).click();
      await page.getByTestId(`caixa-panel-${sub}`).waitFor();
    });
  }
  for (const sub of ['hall', 'series', 'printers']) {
    await shoot(browser, kiosk, `settings-${sub}`, ['gerente', '2222'], async (page) => {
      await page.getByTestId('settings-tab').click();
      await page.getByTestId(`settings-sub-${sub}`).click();
      await page.getByTestId(`settings-panel-${sub}`).waitFor();
    });
  }
  // An admin's enrolment code (browser mode has no terminals port: the panel says where the fingerprint comes from).
  await shoot(browser, kiosk, 'settings-terminals', ['admin', '1111'], async (page, shot) => {
    await page.getByTestId('settings-tab').click();
    await page.getByTestId('settings-sub-terminals').click();
    await page.getByTestId('terminal-name').fill(`BALCAO${shot + 2}`);
    await page.getByTestId('terminal-enrol').click();
    await page.getByTestId('terminal-code-box').waitFor();
    await page.getByTestId('terminal-code-box').scrollIntoViewIfNeeded();
  });
  await shoot(browser, kiosk, 'admin-users', ['admin', '1111'], async (page) => {
    await page.getByTestId('settings-tab').click();
    await page.getByTestId('settings-sub-users').click();
    await page.getByTestId('user-row-caixa1').waitFor();
  });
  // The login with the staff's tiles, before anyone logs in.
  for (const [width, height] of SIZES) {
    const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
    await page.goto(kiosk.appUrl);
    await page.getByTestId('login-tile-caixa1').waitFor();
    await page.getByTestId('login-tile-caixa1').click();
    await page.screenshot({ path: join(out, `login-tiles-${width}x${height}.png`) });
    await page.context().close();
  }
  // The blind close 20,00 € short: the count is recorded, and the manager sees expected, counted and variance before his PIN.
  await shoot(browser, kiosk, 'cashier-drawer-close', ['caixa1', '3333'], async (page, shot) => {
    await page.getByTestId('drawer-tab').click();
    if (shot === 0) {
      await page.getByTestId('drawer-close-start').click();
      const expected = expectedOf(kiosk, 'caixa1');
      await page.getByTestId('close-count-2000').fill(String(Math.floor((expected - 2_000) / 2_000)));
      await page.getByTestId('close-count-100').fill(String(Math.floor(((expected - 2_000) % 2_000) / 100)));
      await page.getByTestId('close-submit').click();
      await page.getByTestId('drawer-close-confirm').click();
    } else {
      await page.getByTestId('drawer-recorded-accept').click();
    }
    await page.getByTestId('approval-variance').waitFor();
    await page.getByTestId('approval-tile-gerente').click();
  });
} finally {
  await browser.close();
  await kiosk.stop();
  await emulator.close();
}

// A sale whose receipt did not print (a printer that never answers): said under the sale, the keypad where it was.
const dead = await startKiosk(['--demo']);
const browser2 = await launchChromium();
try {
  const admin = (await must(dead, 'auth.login', { username: 'admin', pin: '1111' })).operatorToken as string;
  await must(dead, 'printer.configure', { id: 'recibos', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, admin);
  const page = await (await browser2.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await page.goto(dead.appUrl);
  await login(page, 'caixa1', '3333');
  await page.getByTestId('qty-6').click();
  await page.getByTestId('sale-exact').click();
  await page.locator('[data-testid="sale-receipt"][data-state="failed"]').waitFor({ timeout: 60_000 });
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `cashier-sale-print-failed-${width}x${height}.png`) });
  }
} finally {
  await browser2.close();
  await dead.stop();
}
