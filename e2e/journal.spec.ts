/**
 * The group journal on the hall's screens, in Chromium against browser mode
 * shipping to the machine's PostgreSQL through a link the test cuts: the
 * night view says the group is up to date, then out of reach with the
 * entries waiting (the cashier sells on), then, once the group's tables say
 * this hall's history differs, every screen says shipping stopped.
 *
 * With E2E_JOURNAL_SHOTS=<folder>, each state is saved there at 1024x768 and 1920x1080.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReader } from '../db/connection.js';
import { journalHead } from '../db/journal.js';
import { DATABASE_FILE } from '../main/kiosk.js';
import { createTestDatabase, type TestDatabase } from '../test/postgres.js';
import { tcpLink, type TcpLink } from '../test/tcp-proxy.js';
import { expectNoSidewaysScroll, expectText, launchChromium, login, openKiosk, type RunningKiosk, startKiosk } from './support.js';

let pgdb: TestDatabase;
let link: TcpLink;
let kiosk: RunningKiosk;
let browser: Browser;

beforeAll(async () => {
  pgdb = await createTestDatabase();
  link = await tcpLink(Number(new URL(pgdb.url).port || 5432));
  const url = new URL(pgdb.url);
  url.port = String(link.port);
  kiosk = await startKiosk(['--demo', '--journal-url', url.toString()]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
  await link?.close();
  await pgdb?.drop();
});

const SIZES = [
  [1024, 768],
  [1920, 1080],
] as const;

async function shots(pages: Page[], name: string, panel?: string) {
  const folder = process.env.E2E_JOURNAL_SHOTS;
  for (const [i, page] of pages.entries()) {
    await expectNoSidewaysScroll(page);
    // The night view's panel sits below its sales and drawers: shown as the manager scrolls to it.
    if (panel) await page.getByTestId(panel).scrollIntoViewIfNeeded();
    if (folder) await page.screenshot({ path: join(folder, `${name}-${SIZES[i]![0]}x${SIZES[i]![1]}.png`), fullPage: false });
  }
}

describe('the group journal on the screens', () => {
  it('shows it up to date, then out of reach with the backlog, then stopped on every screen when the group holds another history', async () => {
    const managers: Page[] = [];
    for (const [width, height] of SIZES) {
      const page = await openKiosk(browser, kiosk, { viewport: { width, height } });
      await login(page, 'gerente', '2222');
      await page.getByTestId('close-tab').click();
      managers.push(page);
    }
    for (const page of managers) {
      await expectText(page, 'journal-state', 'Em dia: o grupo tem todas as entradas desta sala');
    }
    await shots(managers, 'journal-caught-up', 'day-close-journal');

    const cashier = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
    const game = (await kiosk.call('session.current', {}, cashier)).value.games[0] as { id: number };
    // The group holds the hall's newest entry (the login's) before the cut.
    const hallFile = openReader(join(kiosk.dataDir, DATABASE_FILE));
    const localHead = journalHead(hallFile)!.seq;
    hallFile.close();
    for (let i = 0; i < 200; i++) {
      const [row] = await pgdb.query<{ head_seq: string }>('SELECT head_seq FROM halls');
      if (Number(row?.head_seq) === localHead) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // The link to the group's database cut: the hall sells on (three sales, three entries), the night view counts what waits.
    await link.cut();
    for (let i = 0; i < 3; i++) {
      const sale = await kiosk.call('sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 500 } }, cashier);
      expect(sale.ok).toBe(true);
    }
    for (const page of managers) {
      await expectText(page, 'journal-state', 'Sem ligação ao grupo desde as', 20_000);
      await expectText(page, 'journal-state', '3 entradas por enviar (', 10_000);
      await expect(page.getByTestId('journal-state').getAttribute('role')).resolves.toBe('alert');
    }
    await shots(managers, 'journal-unreachable', 'day-close-journal');

    // Back: the backlog drains by itself.
    await link.restore();
    for (const page of managers) await expectText(page, 'journal-state', 'Em dia', 20_000);

    // The group's tables say this hall's history parted at entry 5 (as a restored copy that sold differently leaves
    // them): the next entry is refused, and every screen says shipping stopped, the cashier's too.
    await pgdb.query('UPDATE halls SET diverged_seq = 5, diverged_at = now()');
    await kiosk.call('sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 500 } }, cashier);
    const cashiers: Page[] = [];
    for (const [width, height] of SIZES) {
      const page = await openKiosk(browser, kiosk, { viewport: { width, height } });
      await login(page, 'caixa1', '3333');
      cashiers.push(page);
    }
    for (const page of [...managers, ...cashiers]) {
      await expectText(page, 'journal-diverged', 'a partir da entrada n.º 5', 20_000);
      await expectText(page, 'journal-diverged', 'As vendas continuam');
    }
    for (const page of managers) await expectText(page, 'journal-state', 'Parado: a partir da entrada n.º 5');
    await shots(managers, 'journal-diverged-night', 'day-close-journal');
    await shots(cashiers, 'journal-diverged-sale');
    // Nothing of the hall was refused: the cashier still sells.
    const after = await kiosk.call('sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 500 } }, cashier);
    expect(after.ok).toBe(true);
  });
});
