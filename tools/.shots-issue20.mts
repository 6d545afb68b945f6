// Screenshots for issue 20 (not committed): the states of the screens touched, at the counters' sizes.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { launchChromium, login, startKiosk } from '../e2e/support.js';

const OUT = '/tmp/shots-main';
const kiosk = await startKiosk(['--demo']);
const browser = await launchChromium();
const must = async (channel: string, input: unknown, token: string) => {
  const r = await kiosk.call(channel, input, token);
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`);
  return r.value;
};
const sql = (q: string, ...args: unknown[]) => {
  const db = new Database(join(kiosk.dataDir, 'kiosk.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(q).run(...args);
  } finally {
    db.close();
  }
};
try {
  const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
  const cashier = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
  await must('settings.update', { specialPrize: { enabled: true, shareBasisPoints: 1000, baseBalls: 40, startingCents: 0 } }, manager);
  const g1 = (await must('session.current', {}, cashier)).games[0] as { id: number };
  await must('sale.create', { gameId: g1.id, quantity: 52, payment: { method: 'cash', tenderedCents: 5200 } }, cashier);
  await must('game.closeSale', { gameId: g1.id }, manager);
  const g2 = await must('game.open', { seriesCode: 'A' }, manager);
  await must('sale.create', { gameId: g2.id, quantity: 3, payment: { method: 'cash', tenderedCents: 300 } }, cashier);

  for (const [w, h] of [
    [1024, 768],
    [1920, 1080],
  ] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    await page.goto(kiosk.appUrl);
    await login(page, 'gerente', '2222');
    // Settings: switching the prize off says the fund freezes.
    await page.getByTestId('settings-tab').click();
    await page.getByTestId('special-held').waitFor();
    await page.getByTestId('special-enabled').uncheck();
    await page.getByTestId('settings-submit').click();
    await page.getByTestId('special-freeze-dialog').waitFor();
    await page.screenshot({ path: `${OUT}/settings-freeze-${w}x${h}.png` });
    await page.getByTestId('special-freeze-confirm').click();
    await page.getByTestId('special-frozen').waitFor();
    await page.getByTestId('special-frozen').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/settings-frozen-${w}x${h}.png` });
    await page.getByTestId('special-carry').click();
    await page.getByTestId('carry-decision').fill('Autorização da inspeção n.º 12/2026');
    await page.screenshot({ path: `${OUT}/settings-carry-${w}x${h}.png` });
    await page.keyboard.press('Escape');
    // The night view and the funds panel with the frozen fund.
    await page.getByTestId('close-tab').click();
    await page.getByTestId('day-close-sold').waitFor();
    await page.screenshot({ path: `${OUT}/dayclose-frozen-${w}x${h}.png` });
    await page.getByTestId('caixa-tab').click();
    await page.getByTestId('funds-special').waitFor();
    await page.getByTestId('funds-special').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/funds-frozen-${w}x${h}.png` });
    // Put the prize back on for the next size.
    const fund = await must('specialPrize.fund', {}, manager);
    await must('specialPrize.carry', { prize: { shareBasisPoints: 1000, baseBalls: 40, startingCents: 0 }, decision: 'Autorização n.º 1', amountCents: fund.heldCents }, manager);
    await ctx.close();
  }

  // The closing time passed: the selling game can no longer be played; the sale screen and the annul dialog say so.
  sql(`UPDATE sessions SET scheduled_close_at = ? WHERE closed_at IS NULL`, new Date(Date.now() - 60_000).toISOString());
  await must('incident.add', { text: 'Hora de encerramento.' }, manager); // any command refreshes the screens
  for (const [w, h] of [
    [1024, 768],
    [1920, 1080],
  ] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    await page.goto(kiosk.appUrl);
    await login(page, 'caixa1', '3333');
    await page.getByTestId('sale-not-playable').waitFor();
    await page.screenshot({ path: `${OUT}/sale-after-close-${w}x${h}.png` });
    await page.getByTestId('logout').click();
    await login(page, 'gerente', '2222');
    await page.getByTestId('draw-blocked').waitFor();
    await page.screenshot({ path: `${OUT}/draw-after-close-${w}x${h}.png` });
    await page.getByTestId('annul-submit').first().click();
    await page.getByTestId('annul-dialog').waitFor();
    await page.screenshot({ path: `${OUT}/annul-closing-time-${w}x${h}.png` });
    await ctx.close();
  }
} finally {
  await browser.close();
  await kiosk.stop();
}
