/**
 * The counter's other screens hold in every state (issue 38, point 1), as the
 * sale screen does (sale-layout.spec.ts): at 1024x768 and 1366x768, pt-PT and
 * English, the acts of the prizes screen (refund), the caixa's guia desk
 * (find, issue; a guia's pay, reprint, void) and the drawer screen (X, close,
 * movement, opening without a sale) keep the boxes they have in the normal
 * state (within 1 px) and stay inside the window, with a refusal of the hall
 * shown, with an approval open, and with the counter's link to the hall down.
 * With the link down the top banner says it, once; every act that needs the
 * hall is off and points to the banner for why. axe finds nothing in any of
 * these states, in either language. So do they when a print failed (the
 * receipts printer out of paper: a refund's slip, a paid guia's copies, an
 * X), with a cheque line added to a guia's payment, with the X refused, and
 * with the prizes list longer than its box. The hall is the real program
 * behind a fault proxy (hallBehindProxy), its receipts printer the printer
 * emulator. Screenshots in $COUNTER_LAYOUT_SHOTS when set (to be looked at;
 * never kept).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startPrinterEmulator, type PrinterEmulator } from '../tools/printer-emulator/server.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, callHall, configureReceiptsPrinter, hallBehindProxy, launchChromium, login, type ProxiedCounter, recordRpc, type RunningKiosk, type ScreenLang, typeReason } from './support.js';

const SHOTS = process.env.COUNTER_LAYOUT_SHOTS;
let setup: ProxiedCounter;
let browser: Browser;
let emulator: PrinterEmulator;

beforeAll(async () => {
  [setup, browser, emulator] = await Promise.all([hallBehindProxy('counter-screens'), launchChromium(), startPrinterEmulator({ host: '127.0.0.1', port: 0 })]);
  // The hall's receipts printer of the counter's terminal, as its admin sets it up.
  await configureReceiptsPrinter({ call: (channel: string, input: unknown, token?: string) => callHall(setup, channel, input, token) } as unknown as RunningKiosk, emulator.port);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await setup?.close();
  await emulator?.close();
});

/** What each screen must keep in place: its acts, by test id. */
const WATCHED = {
  prizes: ['refund-sale-number', 'refund-submit'],
  guias: ['guia-query', 'guia-find', 'issue-submit'],
  guia: ['pay-submit', 'guia-reprint', 'guia-void', 'guia-query', 'guia-find'],
  paid: ['guia-reprint', 'guia-query', 'guia-find'],
  drawer: ['drawer-x-report', 'drawer-close-start', 'movement-amount', 'movement-submit', 'kick-start'],
} as const;
type Screen = keyof typeof WATCHED;
/** The acts that need the hall: off while the link is down, each pointing to why. */
const NEEDS_HALL: Record<Screen, readonly string[]> = {
  prizes: ['refund-submit'],
  guias: ['guia-find', 'issue-submit'],
  guia: ['pay-submit', 'guia-reprint', 'guia-void'],
  paid: ['guia-reprint'],
  drawer: ['drawer-x-report', 'drawer-close-start', 'movement-submit', 'kick-start'],
};

type Box = [number, number, number, number];
interface Measure {
  boxes: Record<string, Box>;
  innerHeight: number;
  innerWidth: number;
  scrollHeight: number;
  scrollWidth: number;
}

async function measure(page: Page, ids: readonly string[]): Promise<Measure> {
  return page.evaluate(`(() => {
    const boxes = {};
    for (const id of ${JSON.stringify(ids)}) {
      const el = document.querySelector('[data-testid="' + id + '"]');
      if (!el) continue;
      const r = el.getBoundingClientRect();
      boxes[id] = [r.left, r.top + window.scrollY, r.width, r.height];
    }
    const d = document.documentElement;
    return { boxes, innerHeight: window.innerHeight, innerWidth: window.innerWidth, scrollHeight: d.scrollHeight, scrollWidth: d.scrollWidth };
  })()`);
}

const normal = new Map<string, Measure>();
/** What axe found, by screen, state and language: none expected. */
const axe: string[] = [];
/** Every box that moved or left the window, every page that scrolls: the test's one failure lists them all. */
const faults: string[] = [];

function judge(screen: Screen, state: string, combo: string, m: Measure): void {
  const where = `${screen} ${state} at ${combo}`;
  if (m.scrollWidth > m.innerWidth) faults.push(`${where}: the page scrolls sideways (${m.scrollWidth} px wide in ${m.innerWidth})`);
  for (const id of WATCHED[screen]) {
    const b = m.boxes[id];
    if (!b) faults.push(`${where}: ${id} is gone`);
    else if (b[1] + b[3] > m.innerHeight + 0.5 || b[0] + b[2] > m.innerWidth + 0.5) faults.push(`${where}: ${id} leaves the window (bottom ${Math.round(b[1] + b[3])}, right ${Math.round(b[0] + b[2])})`);
  }
  const key = `${screen} ${combo}`;
  const base = normal.get(key);
  if (!base) {
    normal.set(key, m);
    return;
  }
  for (const [id, b] of Object.entries(base.boxes)) {
    const now = m.boxes[id];
    if (now && now.some((v, i) => Math.abs(v - b[i]!) > 1)) faults.push(`${where}: ${id} moved from ${b.map(Math.round).join(',')} to ${now.map(Math.round).join(',')}`);
  }
}

let lang: ScreenLang = 'pt-PT';
async function setLang(page: Page, to: ScreenLang): Promise<void> {
  if (lang === to) return;
  await page.getByTestId('lang-switch').click();
  await page.waitForFunction((l) => document.documentElement.lang === l, to);
  lang = to;
}

/** The state as it is now, in both sizes and both languages; `reopen` brings back a modal dialog closed to reach the switch. */
async function inEveryCase(page: Page, screen: Screen, state: string, reopen?: { close: () => Promise<void>; open: () => Promise<void> }): Promise<void> {
  const langs: ScreenLang[] = lang === 'pt-PT' ? ['pt-PT', 'en'] : ['en', 'pt-PT'];
  for (const [i, l] of langs.entries()) {
    if (i > 0) {
      await reopen?.close();
      await setLang(page, l);
      await reopen?.open();
    }
    axe.push(...(await axeViolations(page)).map((v) => `${screen} ${state} (${l}): ${v}`));
    for (const width of i === 0 ? [1024, 1366] : [1366, 1024]) {
      await page.setViewportSize({ width, height: 768 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      judge(screen, state, `${width}-${l}`, await measure(page, WATCHED[screen]));
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `${screen}-${state}-${width}-${l}.png`) });
    }
  }
  if (SHOTS) {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: join(SHOTS, `${screen}-${state}-1920-${lang}.png`) });
    await page.setViewportSize({ width: 1024, height: 768 });
  }
}

/** With the link down: the fault said once on the page, and each act that needs the hall off with its reason. */
const linkDown: Record<string, { said: number; open: string[] }> = {};
async function judgeLinkDown(page: Page, screen: Screen): Promise<void> {
  const said = await page.evaluate(() => document.body.innerText.match(/Sem ligação ao servidor da sala|No link to the hall server/g)?.length ?? 0);
  const open: string[] = await page.evaluate(`${JSON.stringify(NEEDS_HALL[screen])}.filter((id) => {
    const el = document.querySelector('[data-testid="' + id + '"]');
    const why = el && el.getAttribute('aria-describedby');
    return !el || !el.disabled || !why || !(document.getElementById(why)?.textContent ?? '').trim();
  })`);
  linkDown[screen] = { said, open };
}

/** The link cut at the hall's side, the screen's state measured, the link back and the screens' refetch done. */
async function withLinkDown(page: Page, screens: readonly [Screen, () => Promise<void>][]): Promise<void> {
  await setup.proxy.unplug();
  await page.getByTestId('hall-link-down').waitFor({ timeout: 10_000 });
  for (const [screen, go] of screens) {
    await go();
    await inEveryCase(page, screen, 'link-down');
    await judgeLinkDown(page, screen);
  }
  await setup.proxy.plug();
  await page.getByTestId('hall-link-down').waitFor({ state: 'detached', timeout: 10_000 });
  const rpc = recordRpc(page);
  await rpc.settle(400, 0, 5_000);
  rpc.stop();
}

describe('the counter screens in every state', () => {
  it('keep their acts in place and on screen; the link down said once, its acts off saying why', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true })).newPage();
    await page.goto(`${setup.counter.url}/#token=${setup.counterToken}`);
    await page.getByTestId('login-username').waitFor();

    // ---- the cashier's prizes screen: a sale of a game the manager annulled, to refund (art. 16.º).
    const tokenOf = async (username: string, pin: string) => ((await callHall(setup, 'auth.login', { username, pin })).value as { operatorToken: string }).operatorToken;
    const [cashier, manager] = [await tokenOf('caixa1', '3333'), await tokenOf('gerente', '2222')];
    const gameId = ((await callHall(setup, 'session.current', {}, cashier)).value as { games: { id: number }[] }).games[0]!.id;
    const [sale, sale2] = [
      (await callHall(setup, 'sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, cashier)).value as { saleId: number },
      (await callHall(setup, 'sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, cashier)).value as { saleId: number },
    ];
    // Its sale closed, a ball drawn, then annulled for an error in the announcement (art. 16.º, n.º 5).
    for (const [channel, input] of [
      ['game.closeSale', { gameId }],
      ['game.drawBall', { gameId, number: 7 }],
      ['game.annul', { gameId, reason: 'announcement_error' }],
    ] as const) {
      expect(await callHall(setup, channel, input, manager), channel).toMatchObject({ ok: true });
    }
    await login(page, 'caixa1', '3333');
    await page.getByTestId('prizes-tab').click();
    await page.getByTestId(`refund-row-${sale.saleId}`).waitFor();
    await inEveryCase(page, 'prizes', 'normal');
    // A refund the hall refuses (no such sale).
    await page.getByTestId('refund-sale-number').fill('987654');
    await page.getByTestId('refund-submit').click();
    await page.getByTestId('refund-error').waitFor();
    await inEveryCase(page, 'prizes', 'refused');
    // The refund's confirmation open, then the refund made: said, with its slip's fate.
    const openRefund = async () => {
      await page.getByTestId('refund-sale-number').fill(String(sale.saleId));
      await page.getByTestId('refund-submit').click();
      await page.getByTestId('refund-dialog').waitFor();
    };
    const closeRefund = async () => {
      await page.keyboard.press('Escape');
      await page.getByTestId('refund-dialog').waitFor({ state: 'detached' });
    };
    await openRefund();
    await inEveryCase(page, 'prizes', 'refund-dialog', { close: closeRefund, open: openRefund });
    await page.getByTestId('refund-confirm').click();
    await page.getByTestId('payout-result').waitFor();
    await page.locator('[data-testid="payout-receipt"][data-state="printed"]').waitFor({ timeout: 10_000 });
    await inEveryCase(page, 'prizes', 'refunded');
    // The printer out of paper from here on: the hall tries a job 3 times (about 14 s) before it says it failed; the
    // refund's slip is sent now and the link down measured meanwhile.
    await emulator.setMode('paper_out');
    // A session of many winners (14 unpaid, as the hall would list them, from the refund's reload of the list on): below
    // 1200 px the list scrolls in its box.
    const winners = Array.from({ length: 14 }, (_, i) => ({
      winnerId: 1000 + i,
      gameId,
      gameNumber: 1 + (i >> 1),
      kind: i % 2 ? 'bingo' : 'line',
      seriesCode: 'A',
      card: 10 + i,
      prizeCents: 2_500 + 100 * i,
      ballCount: 40 + i,
      awardedAt: new Date().toISOString(),
      status: 'unpaid',
      paidAt: null,
      retainUntil: null,
    }));
    await page.route('**/rpc/prize.list', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, value: winners }) }));
    await page.getByTestId(`refund-pay-${sale2.saleId}`).click();
    await page.getByTestId('refund-confirm').click();
    await page.getByTestId('refund-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('prize-row-1013').waitFor();
    await inEveryCase(page, 'prizes', 'many-winners');
    await withLinkDown(page, [['prizes', async () => {}]]);
    await page.locator('[data-testid="payout-receipt"][data-state="failed"]').waitFor({ timeout: 25_000 });
    await inEveryCase(page, 'prizes', 'print-failed');
    await page.unroute('**/rpc/prize.list');
    await page.getByTestId('logout').click();

    // ---- the caixa: an unpaid guia issued at the hall for her to pay.
    const token = ((await callHall(setup, 'auth.login', { username: 'tesouraria', pin: '5555' })).value as { operatorToken: string }).operatorToken;
    const guia = (await callHall(setup, 'guia.issue', { machineNumber: '9', amountCents: 5_000, kind: 'hand_pay' }, token)).value as { number: number };
    await login(page, 'tesouraria', '5555');
    await page.getByTestId('caixa-tab').click();
    await page.getByTestId('issue-submit').waitFor();
    await inEveryCase(page, 'guias', 'normal');
    // A guia the hall does not know.
    await page.getByTestId('guia-query').fill('987654');
    await page.getByTestId('guia-find').click();
    await page.getByTestId('guia-find-error').waitFor();
    await inEveryCase(page, 'guias', 'refused');
    // The guia picked: its card and pay form; its void's approval open.
    await page.getByTestId(`unpaid-${guia.number}`).click();
    await page.getByTestId('pay-submit').waitFor();
    await inEveryCase(page, 'guia', 'normal');
    const openVoid = async () => {
      await page.getByTestId('guia-void').click();
      await page.getByTestId('guia-void-approval').waitFor();
    };
    const closeVoid = async () => {
      await page.keyboard.press('Escape');
      await page.getByTestId('guia-void-approval').waitFor({ state: 'detached' });
    };
    await openVoid();
    await inEveryCase(page, 'guia', 'void-approval', { close: closeVoid, open: openVoid });
    await closeVoid();
    // A cheque line added to the payment, then taken away.
    const cheques = await page.locator('[data-testid^="cheque-amount-"]').count();
    await page.getByTestId('cheque-add').click();
    await page.getByTestId(`cheque-amount-${cheques}`).waitFor();
    await inEveryCase(page, 'guia', 'cheque-added');
    await page.getByTestId(`cheque-remove-${cheques}`).click();
    // Paid (its two copies sent to a printer out of paper): measured while the hall tries them, then once they failed.
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-confirm').click();
    await page.locator('[data-testid="guia-status"]', { hasText: /Paga|Paid/ }).waitFor();
    await inEveryCase(page, 'paid', 'printing');
    await page.locator('[data-testid="guia-print"][data-state="failed"]').waitFor({ timeout: 25_000 });
    await inEveryCase(page, 'paid', 'print-failed');
    // The same guia found again (its copies' print state not said then): its acts where they were.
    await page.getByTestId('guia-query').fill(String(guia.number));
    await page.getByTestId('guia-find').click();
    await page.getByTestId('guia-print').waitFor({ state: 'detached' });
    await inEveryCase(page, 'paid', 'found');

    // ---- her drawer: normal, a movement the hall refuses, the opening without a sale's approval open.
    await page.getByTestId('drawer-tab').click();
    await page.getByTestId('movement-submit').waitFor();
    await inEveryCase(page, 'drawer', 'normal');
    // The X refused (the hall's answer as it comes when the drawer was closed elsewhere), said under the acts.
    await page.route('**/rpc/report.x', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: { code: 'DRAWER_NOT_OPEN', message: 'Não há gaveta aberta neste terminal: abra a gaveta com o fundo de caixa contado antes de movimentar numerário.' } }),
      }),
    );
    await page.getByTestId('drawer-x-report').click();
    await page.getByTestId('drawer-x-error').waitFor();
    await inEveryCase(page, 'drawer', 'x-refused');
    await page.unroute('**/rpc/report.x');
    // The X printed on a printer out of paper: it fails while the next states are measured.
    await page.getByTestId('drawer-x-report').click();
    await page.getByTestId('x-report').waitFor();
    await page.getByTestId('movement-kind-pay_out').check();
    await page.getByTestId('movement-amount').fill('999999');
    await typeReason(page, 'movement-reason', 'Medir o ecrã');
    await page.getByTestId('movement-submit').click();
    await page.getByTestId('movement-error').waitFor();
    await inEveryCase(page, 'drawer', 'refused');
    const openKick = async () => {
      await page.getByTestId('kick-start').click();
      await page.getByTestId('kick-approval').waitFor();
    };
    const closeKick = async () => {
      await page.keyboard.press('Escape');
      await page.getByTestId('kick-approval').waitFor({ state: 'detached' });
    };
    await openKick();
    await inEveryCase(page, 'drawer', 'kick-approval', { close: closeKick, open: openKick });
    await closeKick();
    await page.locator('[data-testid="x-print"][data-state="failed"]').waitFor({ timeout: 25_000 });
    await inEveryCase(page, 'drawer', 'x-print-failed');

    // ---- the link down, on the drawer and on the guia desk.
    await withLinkDown(page, [
      ['drawer', async () => {}],
      [
        'guias',
        async () => {
          await page.getByTestId('caixa-tab').click();
          await page.getByTestId('issue-submit').waitFor();
        },
      ],
    ]);

    expect({ faults, axe, linkDown }).toEqual({
      faults: [],
      axe: [],
      linkDown: { prizes: { said: 1, open: [] }, drawer: { said: 1, open: [] }, guias: { said: 1, open: [] } },
    });
    await page.context().close();
  }, 120_000);
});
