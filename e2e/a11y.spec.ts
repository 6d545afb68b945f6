/**
 * Every screen of every role, in Chromium on the demo hall (issue 13): axe-core
 * finds no violation (its default rules: WCAG 2.x A and AA and best
 * practices), in Portuguese and in English, on the screens, their main dialogs
 * and the hall board; and no screen, nor any table in its box, scrolls
 * sideways at the counters' three sizes (1024x768, 1366x768, 1920x1080). axe runs inside the page, so the
 * contexts bypass the kiosk's Content-Security-Policy (script-src 'self').
 */
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, launchChromium, login, openKiosk, type RunningKiosk, startKiosk, switchLanguage } from './support.js';
import { DEMO_CHIP_FLOAT } from '../main/demo/seed.js';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

const SIZES = [
  [1024, 768],
  [1366, 768],
  [1920, 1080],
] as const;

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

interface Finding {
  screen: string;
  rule: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

const findings: Finding[] = [];
const sideways: string[] = [];

const open = (width = 1024, height = 768): Promise<Page> => openKiosk(browser, kiosk, { viewport: { width, height }, bypassCSP: true });

/** axe on the page as it is now, its violations kept under `screen`; then the page's width at the three sizes. */
async function audit(page: Page, screen: string, sizes = true): Promise<void> {
  // Let the queries of the screen land (and their pushes settle) before judging it.
  await page.waitForTimeout(400);
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) })))`)) as Omit<Finding, 'screen'>[];
  findings.push(...violations.map((v) => ({ screen, ...v })));
  if (!sizes) return;
  const before = page.viewportSize()!;
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    // Two frames: the new size laid out and painted (reading the widths below lays it out in any case).
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const { scroll, client, tables } = (await page.evaluate(`({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      tables: [...document.querySelectorAll('.table-wrap')].filter((w) => w.scrollWidth > w.clientWidth + 1).map((w) => (w.getAttribute('aria-label') || w.querySelector('caption, th')?.textContent || '?').slice(0, 40)),
    })`)) as { scroll: number; client: number; tables: string[] };
    if (scroll > client) sideways.push(`${screen} at ${width}x${height}: ${scroll} px wide`);
    // Nor a table within its box: a column cut off (a state's badge) is as bad as a page that scrolls.
    for (const table of tables) sideways.push(`${screen} at ${width}x${height}: the table "${table}" scrolls sideways`);
  }
  await page.setViewportSize(before);
}

/** Each tab of the operator's header, audited in turn (`tab-sale`, `prizes-tab`, …). */
async function auditTabs(page: Page, who: string, tabs: readonly string[]): Promise<void> {
  for (const tab of tabs) {
    await page.getByTestId(tab).click();
    await audit(page, `${who} ${tab}`);
  }
}

const apiLogin = async (username: string, pin: string) => (await kiosk.call('auth.login', { username, pin })).value.operatorToken as string;

describe('every screen, every role', () => {
  it('axe finds nothing in pt-PT and en, and nothing scrolls sideways at 1024x768, 1366x768 and 1920x1080', async () => {
    // Login, in both languages.
    const entry = await open();
    await entry.getByTestId('login-username').waitFor();
    await audit(entry, 'login');
    await switchLanguage(entry, 'en');
    await audit(entry, 'login (en)', false);
    await entry.context().close();

    // The cashier: a sale of 2 (its receipt not printed: the demo has no printer), the void and 2.ª via dialogs, prizes, drawer, the print queue.
    const cashier = await open();
    await login(cashier, 'caixa1', '3333');
    await cashier.getByTestId('sale-quantity').fill('2');
    await cashier.getByTestId('sale-tendered').fill('500');
    await cashier.getByTestId('sale-submit').click();
    await cashier.getByTestId('sale-result').waitFor();
    await audit(cashier, 'cashier sale');
    await cashier.getByTestId('void-last').click();
    await cashier.getByTestId('void-dialog').waitFor();
    await audit(cashier, 'cashier void dialog', false);
    await cashier.keyboard.press('Escape');
    await cashier.getByTestId('print-badge').click();
    await cashier.getByTestId('print-jobs-panel').waitFor();
    await audit(cashier, 'cashier print queue dialog', false);
    await cashier.getByTestId('print-jobs-close').click();
    await auditTabs(cashier, 'cashier', ['prizes-tab', 'drawer-tab']);
    await switchLanguage(cashier, 'en');
    await auditTabs(cashier, 'cashier (en)', ['tab-sale', 'prizes-tab', 'drawer-tab']);

    // The manager: the game selling, its close of sale, the draw with a claim checked, the annul and suspend dialogs, every other screen.
    const manager = await open();
    await login(manager, 'gerente', '2222');
    await manager.getByTestId('game-row-1').waitFor();
    await audit(manager, 'manager game, selling');
    await manager.getByTestId('close-sale-button').click();
    await manager.getByTestId('close-sale-dialog').waitFor();
    await audit(manager, 'manager close-of-sale dialog', false);
    await manager.getByTestId('close-sale-confirm').click();
    await manager.getByTestId('announcement').waitFor();
    await audit(manager, 'manager draw, announcement');
    const managerToken = await apiLogin('gerente', '2222');
    const gameId = (await kiosk.call('session.current', {}, managerToken)).value.games[0].id as number;
    for (const n of [12, 45, 78, 3, 66]) expect((await kiosk.call('game.drawBall', { gameId, number: n }, managerToken)).ok).toBe(true);
    await expectText(manager, 'ball-count', 'Bolas: 5');
    await manager.getByTestId('claim-card').fill('1');
    await manager.getByTestId('claim-submit').click();
    await manager.getByTestId('claim-face').waitFor();
    await audit(manager, 'manager draw, claim checked');
    await manager.getByTestId('annul-submit').click();
    await manager.getByTestId('annul-dialog').waitFor();
    await audit(manager, 'manager annul dialog', false);
    await manager.getByTestId('confirm-cancel').click();
    await manager.getByTestId('suspend-game').click();
    await manager.getByTestId('suspend-dialog').waitFor();
    await audit(manager, 'manager suspend dialog', false);
    await manager.getByTestId('confirm-cancel').click();
    await auditTabs(manager, 'manager', ['prizes-tab', 'acta-tab', 'close-tab', 'checks-tab']);
    await manager.getByTestId('checks-run').click();
    await manager.getByTestId('books-status').waitFor({ timeout: 30_000 });
    await audit(manager, 'manager checks, run');
    await auditTabs(manager, 'manager', ['caixa-tab', 'caixa-sub-machines', 'caixa-sub-funds', 'caixa-sub-chips', 'caixa-sub-tables', 'caixa-sub-identifications', 'drawer-tab', 'settings-tab']);
    // Configuração's sub-screens (the hall's is the first).
    await auditTabs(manager, 'manager settings', ['settings-sub-series', 'settings-sub-stock', 'settings-sub-machines', 'settings-sub-printers']);
    await switchLanguage(manager, 'en');
    await auditTabs(manager, 'manager (en)', ['tab-game', 'prizes-tab', 'acta-tab', 'close-tab', 'checks-tab', 'caixa-tab', 'caixa-sub-guias', 'caixa-sub-machines', 'caixa-sub-funds', 'caixa-sub-chips', 'caixa-sub-tables', 'caixa-sub-identifications', 'drawer-tab', 'settings-tab']);
    await auditTabs(manager, 'manager settings (en)', ['settings-sub-series', 'settings-sub-stock', 'settings-sub-machines', 'settings-sub-printers']);

    // The hall board, opened from the game screen on its own token.
    await manager.getByTestId('tab-game').click();
    const [board] = await Promise.all([manager.context().waitForEvent('page'), manager.getByTestId('board-open').click()]);
    await board!.waitForURL(/\/display/);
    await board!.getByTestId('board-state').waitFor();
    await audit(board!, 'hall board');

    // The admin's users, and their edit dialog.
    const admin = await open();
    await login(admin, 'admin', '1111');
    await admin.getByTestId('settings-tab').click();
    await admin.getByTestId('settings-sub-users').click();
    await admin.getByTestId('user-row-caixa1').waitFor();
    await audit(admin, 'admin settings and users');
    await admin.getByTestId('user-edit-caixa1').click();
    await admin.getByTestId('user-edit-dialog').waitFor();
    await audit(admin, 'admin user dialog', false);
    await admin.keyboard.press('Escape');
    await switchLanguage(admin, 'en');
    await audit(admin, 'admin settings and users (en)', false);

    // The casino caixa.
    const caixa = await open();
    await login(caixa, 'tesouraria', '5555');
    await audit(caixa, 'caixa guias');
    await auditTabs(caixa, 'caixa', ['caixa-sub-machines', 'caixa-sub-chips', 'drawer-tab']);
    await switchLanguage(caixa, 'en');
    await auditTabs(caixa, 'caixa (en)', ['caixa-tab', 'caixa-sub-guias', 'caixa-sub-machines', 'caixa-sub-chips', 'drawer-tab']);

    // The drawer closed blind (counted as expected): the drawer screen's opening form and the close's result.
    const cashierToken = await apiLogin('caixa1', '3333');
    // The caixa's own drawer beside it closed first, as the demo opened it: the manager then reads the only one open.
    const caixaClose = { countedByDenomination: { '2000': 5 }, countedChipsByValue: DEMO_CHIP_FLOAT };
    expect((await kiosk.call('drawer.close', caixaClose, await apiLogin('tesouraria', '5555'))).value).toMatchObject({ status: 'closed', varianceCents: 0 });
    // The cashier's X and drawer are blind: the cash expected is read from the X the manager supervising the only open drawer prints.
    const expected = (await kiosk.call('report.x', {}, await apiLogin('gerente', '2222'))).value.expectedCents as number;
    expect((await kiosk.call('drawer.close', { countedByDenomination: { '1': expected } }, cashierToken)).ok).toBe(true);
    await cashier.getByTestId('drawer-tab').click();
    await cashier.getByTestId('drawer-none').waitFor();
    await audit(cashier, 'cashier (en) drawer to open');

    // A new hall's first screen, and the page opened without its access token.
    const fresh = await startKiosk();
    try {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, bypassCSP: true });
      const setup = await context.newPage();
      await setup.goto(fresh.appUrl);
      await setup.getByTestId('setup-submit').waitFor();
      await audit(setup, 'setup');
      await switchLanguage(setup, 'en');
      await audit(setup, 'setup (en)', false);
      const bare = await context.newPage();
      await bare.goto(fresh.url);
      await bare.getByTestId('error').waitFor();
      await audit(bare, 'no access token');
      await context.close();
    } finally {
      await fresh.stop();
    }

    expect({ sideways, findings }).toEqual({ sideways: [], findings: [] });
    // Every screen of every role, twice over and at three sizes: minutes, more with another spec beside it.
  }, 300_000);
});
