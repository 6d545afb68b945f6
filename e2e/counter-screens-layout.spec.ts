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
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { counterSuite, LayoutRun, linkFaultSaid, measure, modal, type Reopen } from './layout.js';
import { byId, callHall, login, typeReason } from './support.js';

const suite = counterSuite('counter-screens', { printer: true });
/** Screenshots in $COUNTER_LAYOUT_SHOTS when set; what moved or left the window, and what axe found. */
const run = new LayoutRun(process.env.COUNTER_LAYOUT_SHOTS);

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

/**
 * The state of `screen` as it is now, in both sizes and both languages (axe in each): no sideways scroll (a screen may
 * be taller than the window), each act there, in the window and where it was in the screen's normal state. `reopen`
 * brings back a modal dialog closed to reach the language switch.
 */
async function inEveryCase(page: Page, screen: Screen, state: string, reopen?: Reopen): Promise<void> {
  await run.inEveryCase(
    page,
    `${screen}-${state}`,
    async (combo) => run.judge(`${screen} ${state} at ${combo}`, `${screen} ${combo}`, await measure(page, WATCHED[screen].map(byId)), { pageMayScroll: true, required: WATCHED[screen] }),
    { reopen },
  );
}

/** With the link down: the fault said once on the page, and each act that needs the hall off with its reason. */
const linkDown: Record<string, { said: number; open: string[] }> = {};
async function judgeLinkDown(page: Page, screen: Screen): Promise<void> {
  const said = await linkFaultSaid(page);
  const open: string[] = await page.evaluate(`${JSON.stringify(NEEDS_HALL[screen])}.filter((id) => {
    const el = document.querySelector('[data-testid="' + id + '"]');
    const why = el && el.getAttribute('aria-describedby');
    return !el || !el.disabled || !why || !(document.getElementById(why)?.textContent ?? '').trim();
  })`);
  linkDown[screen] = { said, open };
}

/** The link cut at the hall's side, the screen's state measured, the link back and the screens' refetch done. */
async function withLinkDown(page: Page, screens: readonly [Screen, () => Promise<void>][]): Promise<void> {
  await suite.linkDown(page);
  for (const [screen, go] of screens) {
    await go();
    await inEveryCase(page, screen, 'link-down');
    await judgeLinkDown(page, screen);
  }
  await suite.linkBack(page);
}

describe('the counter screens in every state', () => {
  it('keep their acts in place and on screen; the link down said once, its acts off saying why', async () => {
    const page = await suite.openCounter();

    // ---- the cashier's prizes screen: a sale of a game the manager annulled, to refund (art. 16.º).
    const tokenOf = async (username: string, pin: string) => ((await callHall(suite.setup, 'auth.login', { username, pin })).value as { operatorToken: string }).operatorToken;
    const [cashier, manager] = [await tokenOf('caixa1', '3333'), await tokenOf('gerente', '2222')];
    const gameId = ((await callHall(suite.setup, 'session.current', {}, cashier)).value as { games: { id: number }[] }).games[0]!.id;
    const [sale, sale2] = [
      (await callHall(suite.setup, 'sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, cashier)).value as { saleId: number },
      (await callHall(suite.setup, 'sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, cashier)).value as { saleId: number },
    ];
    // Its sale closed, a ball drawn, then annulled for an error in the announcement (art. 16.º, n.º 5).
    for (const [channel, input] of [
      ['game.closeSale', { gameId }],
      ['game.drawBall', { gameId, number: 7 }],
      ['game.annul', { gameId, reason: 'announcement_error' }],
    ] as const) {
      expect(await callHall(suite.setup, channel, input, manager), channel).toMatchObject({ ok: true });
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
    const refundDialog = modal(page, 'refund-dialog', async () => {
      await page.getByTestId('refund-sale-number').fill(String(sale.saleId));
      await page.getByTestId('refund-submit').click();
    });
    await refundDialog.open();
    await inEveryCase(page, 'prizes', 'refund-dialog', refundDialog);
    await page.getByTestId('refund-confirm').click();
    await page.getByTestId('payout-result').waitFor();
    await page.locator('[data-testid="payout-receipt"][data-state="printed"]').waitFor({ timeout: 10_000 });
    await inEveryCase(page, 'prizes', 'refunded');
    // The printer out of paper from here on: the hall tries a job 3 times (about 14 s) before it says it failed; the
    // refund's slip is sent now and the link down measured meanwhile.
    await suite.emulator.setMode('paper_out');
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
    const token = ((await callHall(suite.setup, 'auth.login', { username: 'tesouraria', pin: '5555' })).value as { operatorToken: string }).operatorToken;
    const guia = (await callHall(suite.setup, 'guia.issue', { machineNumber: '9', amountCents: 5_000, kind: 'hand_pay' }, token)).value as { number: number };
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
    const voidApproval = modal(page, 'guia-void-approval', 'guia-void');
    await voidApproval.open();
    await inEveryCase(page, 'guia', 'void-approval', voidApproval);
    await voidApproval.close();
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
    const kickApproval = modal(page, 'kick-approval', 'kick-start');
    await kickApproval.open();
    await inEveryCase(page, 'drawer', 'kick-approval', kickApproval);
    await kickApproval.close();
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

    expect({ faults: run.faults, axe: run.axe, linkDown }).toEqual({
      faults: [],
      axe: [],
      linkDown: { prizes: { said: 1, open: [] }, drawer: { said: 1, open: [] }, guias: { said: 1, open: [] } },
    });
    await page.context().close();
  }, 120_000);
});
