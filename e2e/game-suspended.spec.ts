/**
 * A game suspended during its sale (issue 22, point 6): the manager's screen
 * shows that game's own state and what can be done (resume, annul), never the
 * previous game's announcement nor a claim form; "Abrir jogada" is disabled,
 * with the kiosk's own refusal beside it, exactly while game.open would refuse
 * it. A game suspended after its close of sale shows its own announcement and
 * no claim form. At 1024x768 (touch, pt-PT) and 1920x1080 (keyboard, en).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInSight, expectNoSidewaysScroll, expectText, launchChromium, openAs, readFaces, type RunningKiosk, startKiosk } from './support.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const cases = [
  { viewport: { width: 1024, height: 768 }, touch: true, lang: 'pt-PT' as const },
  { viewport: { width: 1920, height: 1080 }, touch: false, lang: 'en' as const },
];

const words = {
  'pt-PT': {
    title: 'Jogada n.º 2 suspensa durante a venda',
    text: 'Retome-a para continuar a venda; se a avaria não se resolver, anule-a e as vendas (3 cartões, 3,00 €) são devolvidas na totalidade.',
    sellingBlock: 'A jogada n.º 2 ainda está em venda: feche a venda antes de abrir a seguinte.',
    suspendedBlock: 'A jogada n.º 2 está suspensa: retome-a ou anule-a antes de abrir outra.',
    resume: 'Retomar jogada',
    suspendedState: 'Suspensa',
    claims: 'A jogada n.º 2 está suspensa: não se registam bolas nem reclamações até a retomar.',
  },
  en: {
    title: 'Game no. 2 suspended during its sale',
    text: 'Resume it to go on selling; if the failure is not solved, annul it and the sales (3 cards, 3,00 €) are refunded in full.',
    sellingBlock: 'Game no. 2 is still selling: close its sale before opening the next.',
    suspendedBlock: 'Game no. 2 is suspended: resume or annul it before opening another.',
    resume: 'Resume game',
    suspendedState: 'Suspended',
    claims: 'Game no. 2 is suspended: no ball or claim is recorded until you resume it.',
  },
};

/** A tap (touch) or Enter on the focused button (keyboard). */
async function press(page: Page, testId: string, touch: boolean): Promise<void> {
  const target = page.getByTestId(testId);
  if (touch) await target.tap();
  else {
    await target.focus();
    await page.keyboard.press('Enter');
  }
}

/** Game 1 played to its end through the API (its announcement and winners recorded), then game 2 opened with 3 cards sold. */
async function previousGameOverAndNextSelling(kiosk: RunningKiosk): Promise<void> {
  const cashier = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
  const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
  const call = async (channel: string, input: unknown, token = manager) => {
    const r = await kiosk.call(channel, input, token);
    expect(r.error, channel).toBeUndefined();
    return r.value;
  };
  await call('sale.create', { gameId: 1, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, cashier);
  await call('game.closeSale', { gameId: 1 });
  const [row1, row2, row3] = readFaces(kiosk.dataDir, 'A', 1, 1).get(1)! as [number[], number[], number[]];
  for (const n of row1) await call('game.drawBall', { gameId: 1, number: n });
  expect((await call('game.claim', { gameId: 1, kind: 'line', seriesCode: 'A', card: 1 })).valid).toBe(true);
  await call('game.closeClaims', { gameId: 1, kind: 'line' });
  for (const n of [...row2, ...row3]) await call('game.drawBall', { gameId: 1, number: n });
  expect((await call('game.claim', { gameId: 1, kind: 'bingo', seriesCode: 'A', card: 1 })).valid).toBe(true);
  await call('game.closeClaims', { gameId: 1, kind: 'bingo' });
  const game2 = await call('game.open', { seriesCode: 'A' });
  expect([game2.id, game2.number]).toEqual([2, 2]);
  await call('sale.create', { gameId: 2, quantity: 3, payment: { method: 'cash', tenderedCents: 300 } }, cashier);
}

describe('a game suspended during its sale', () => {
  for (const c of cases) {
    it(`at ${c.viewport.width}x${c.viewport.height} (${c.touch ? 'touch' : 'keyboard'}, ${c.lang})`, async () => {
      const w = words[c.lang];
      const kiosk = await startKiosk(['--demo']);
      try {
        await previousGameOverAndNextSelling(kiosk);
        const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
        const state = async () => ((await kiosk.call('session.current', {}, manager)).value.games as { number: number; state: string }[]).map((g) => [g.number, g.state]);
        const page = await openAs(browser, kiosk, 'gerente', '2222', { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });
        await page.getByTestId('game-row-2').waitFor();

        // Game 2 selling: "Abrir jogada" disabled, the kiosk's refusal beside it; game 1's announcement is not game 2's.
        await expectText(page, 'open-game-blocked', w.sellingBlock);
        expect(await page.getByTestId('open-game-submit').isDisabled()).toBe(true);
        expect(await page.getByTestId('announcement').count()).toBe(0);

        // The failure: suspended, confirmed first.
        await press(page, 'suspend-game', c.touch);
        await page.getByTestId('suspend-dialog').waitFor();
        await press(page, 'suspend-confirm', c.touch);
        await expectText(page, 'suspended-sale-title', w.title);
        expect(await state()).toEqual([
          [1, 'finished'],
          [2, 'suspended'],
        ]);
        // The suspended game's own state and what the manager can do; nothing of game 1, no draw, no claim.
        await expectText(page, 'suspended-sale-text', w.text);
        await expectText(page, 'suspended-info', c.lang === 'en' ? 'Suspended at' : 'Suspensa às');
        await expectText(page, 'resume-game', w.resume);
        for (const absent of ['announcement', 'draw-panel', 'claim-submit', 'claim-card', 'suspend-game']) {
          expect([absent, await page.getByTestId(absent).count()]).toEqual([absent, 0]);
        }
        await expectText(page, 'open-game-blocked', w.suspendedBlock);
        expect(await page.getByTestId('open-game-submit').isDisabled()).toBe(true);
        expect(await page.getByTestId('open-game-submit').getAttribute('aria-describedby')).toBe('open-game-blocked');
        // What the screen says is what the kiosk answers.
        const refused = await kiosk.call('game.open', { seriesCode: 'A' }, manager);
        expect(refused.error?.code).toBe('GAME_SUSPENDED_PENDING');
        await expectInSight(page, 'suspended-sale-title', 'suspended-info', 'resume-game', 'annul-submit');
        await expectNoSidewaysScroll(page);

        // Resumed: selling again, the refusal beside the button follows.
        await press(page, 'resume-game', c.touch);
        await expectText(page, 'open-game-blocked', w.sellingBlock);
        expect(await page.getByTestId('suspended-sale').count()).toBe(0);
        expect(await state()).toEqual([
          [1, 'finished'],
          [2, 'selling'],
        ]);

        // Suspended after its close of sale: its own announcement, no claim form; another game may open meanwhile.
        await press(page, 'close-sale-button', c.touch);
        await press(page, 'close-sale-confirm', c.touch);
        await expectText(page, 'announcement', 'Venderam-se 3 cartões da série A, do n.º 3 ao n.º 5.');
        await press(page, 'suspend-game', c.touch);
        await press(page, 'suspend-confirm', c.touch);
        await expectText(page, 'draw-state', w.suspendedState);
        await expectText(page, 'claims-suspended', w.claims);
        await expectText(page, 'announcement', 'Venderam-se 3 cartões da série A, do n.º 3 ao n.º 5.');
        expect(await page.getByTestId('announcement').count()).toBe(1);
        expect(await page.getByTestId('claim-submit').count()).toBe(0);
        expect(await page.getByTestId('open-game-blocked').count()).toBe(0);
        expect(await page.getByTestId('open-game-submit').isDisabled()).toBe(false);
        await page.context().close();
      } finally {
        await kiosk.stop();
      }
    }, 120_000);
  }
});
