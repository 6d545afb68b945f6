/**
 * The session's checks written in the acta (issue 22, point 9): the
 * end-of-session ball check (from what blocks the close, and from the acta's
 * checks) and the start checks confirm first, saying what they record; a
 * cancel records nothing. At 1024x768 (touch, pt-PT) and 1920x1080
 * (keyboard, en). What is recorded is read from the kiosk, not the screen.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInSight, expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';

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
    endTitle: 'Registar na acta: Fim: bolas verificadas?',
    endBalls:
      'Regista que, no fim da sessão, todas as bolas foram passadas pelo mecanismo de extração e verificadas (Despacho Normativo 80/85, art. 5.º, n.º 2). Sem este registo a sessão não encerra.',
    note: 'Fica na acta da sessão com a hora e o seu nome; não se pode apagar.',
    endMaterial: 'Regista que, no fim da sessão, o material de jogo foi verificado (Despacho Normativo 80/85, art. 11.º, n.º 1).',
    confirm: 'Registar na acta',
  },
  en: {
    endTitle: 'Record in the acta: End: balls checked?',
    endBalls:
      'Records that, at the end of the session, every ball was passed through the extraction mechanism and checked (Despacho Normativo 80/85, art. 5(2)). Without it the session does not close.',
    note: "It goes into the session's acta with the time and your name; it cannot be deleted.",
    endMaterial: 'Records that, at the end of the session, the gaming material was checked (Despacho Normativo 80/85, art. 11(1)).',
    confirm: 'Record in the acta',
  },
};

async function press(page: Page, testId: string, touch: boolean): Promise<void> {
  const target = page.getByTestId(testId);
  if (touch) await target.tap();
  else {
    await target.focus();
    await page.keyboard.press('Enter');
  }
}

describe('the session checks confirm before they are written in the acta', () => {
  for (const c of cases) {
    it(`at ${c.viewport.width}x${c.viewport.height} (${c.touch ? 'touch' : 'keyboard'}, ${c.lang})`, async () => {
      const w = words[c.lang];
      const kiosk: RunningKiosk = await startKiosk(['--demo']);
      try {
        const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
        const endChecks = async () =>
          ((await kiosk.call('session.acta', { sessionId: 1 }, manager)).value.checks as { phase: string; kind: string; by: string }[])
            .filter((x) => x.phase === 'end')
            .map((x) => [x.kind, x.by]);
        const page = await openAs(browser, kiosk, 'gerente', '2222', { viewport: c.viewport, hasTouch: c.touch, lang: c.lang });

        // The end-of-session ball check, from what blocks the close: it says what it records; a cancel records nothing.
        await press(page, 'close-tab', c.touch);
        await press(page, 'record-end-check', c.touch);
        await expectText(page, 'check-confirm-dialog', w.endTitle);
        await expectText(page, 'check-confirm-what', w.endBalls);
        await expectText(page, 'check-confirm-dialog', w.note);
        await expectText(page, 'check-confirm', w.confirm);
        await expectInSight(page, 'check-confirm-what', 'check-confirm', 'confirm-cancel');
        await press(page, 'confirm-cancel', c.touch);
        await page.getByTestId('check-confirm-dialog').waitFor({ state: 'detached' });
        expect(await endChecks()).toEqual([]);
        await page.getByTestId('blocker-end_check').waitFor();
        await press(page, 'record-end-check', c.touch);
        await press(page, 'check-confirm', c.touch);
        await page.getByTestId('blocker-end_check').waitFor({ state: 'detached' });
        expect(await endChecks()).toEqual([['balls', 'gerente']]);

        // The acta's own check buttons ask the same way.
        await press(page, 'acta-tab', c.touch);
        await press(page, 'check-end-material', c.touch);
        await expectText(page, 'check-confirm-what', w.endMaterial);
        await press(page, 'confirm-cancel', c.touch);
        expect(await endChecks()).toEqual([['balls', 'gerente']]);
        await press(page, 'check-end-material', c.touch);
        await press(page, 'check-confirm', c.touch);
        await page.getByTestId('check-confirm-dialog').waitFor({ state: 'detached' });
        expect(await endChecks()).toEqual([
          ['balls', 'gerente'],
          ['material', 'gerente'],
        ]);
        await page.context().close();
      } finally {
        await kiosk.stop();
      }
    }, 120_000);
  }
});
