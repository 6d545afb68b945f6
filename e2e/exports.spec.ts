/**
 * The books an inspector takes away (issue 20), in Chromium on the demo
 * hall: the manager exports the session's sales from the night view and the
 * guias of the week from the caixa tab; each downloaded file (UTF-8 with
 * BOM, `;`, CRLF) parses back with csv-parse to exactly the cents the
 * channels give. The acta's sales and the audit log page through their rows.
 * No screen scrolls sideways at 1024x768.
 *
 * With E2E_EXPORT_SHOTS=<folder>, the screens are saved there at 1024x768
 * and 1920x1080.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';

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

const managerPage = (width = 1024, height = 768): Promise<Page> => openAs(browser, kiosk, 'gerente', '2222', { viewport: { width, height }, acceptDownloads: true });

/** "12,50" -> 1250. */
const cents = (text: string): number => {
  const m = /^(-?)(\d+),(\d{2})$/.exec(text);
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByTestId(testId).click()]);
  const bytes = await readFile((await file.path())!);
  // UTF-8 with its byte order mark, so a spreadsheet reads the accents right.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { name: file.suggestedFilename(), text: bytes.toString('utf8') };
}

const records = (text: string) => parse(text, { delimiter: ';', bom: true, columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];

async function shots(page: Page, name: string, prepare: (p: Page) => Promise<void>): Promise<void> {
  const dir = process.env.E2E_EXPORT_SHOTS;
  if (!dir) return;
  for (const [w, h] of [
    [1024, 768],
    [1920, 1080],
  ] as const) {
    const p = w === 1024 ? page : await managerPage(w, h);
    await prepare(p);
    await p.waitForTimeout(400);
    await p.screenshot({ path: join(dir, `${name}-${w}x${h}.png`) });
    if (p !== page) await p.context().close();
  }
}

describe('exports in the browser', () => {
  it('a manager downloads the session sales and the guias as CSV files that parse back to the channels cents', async () => {
    const cashier = (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken as string;
    const caixa = (await kiosk.call('auth.login', { username: 'tesouraria', pin: '5555' })).value.operatorToken as string;
    const manager = (await kiosk.call('auth.login', { username: 'gerente', pin: '2222' })).value.operatorToken as string;
    const session = (await kiosk.call('session.current', {}, manager)).value;
    const gameId = session.games[0].id as number;
    for (const quantity of [3, 1, 12, 2]) {
      const r = await kiosk.call('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: 2000 } }, cashier);
      expect(r.ok).toBe(true);
    }
    for (const amountCents of [12_345, 50_000]) expect((await kiosk.call('guia.issue', { machineNumber: '7', amountCents, kind: 'hand_pay', notes: 'Avaria; moedeiro' }, caixa)).ok).toBe(true);

    const page = await managerPage();
    // ---- the night view: the session's sales
    await page.getByTestId('close-tab').click();
    await page.getByTestId('export-sales').waitFor();
    await expectNoSidewaysScroll(page);
    const sales = await download(page, 'export-sales');
    expect(sales.name).toBe(`vendas-sessao-${session.session.id}.csv`);
    await expectText(page, 'export-sales-result', `Descarregado: vendas-sessao-${session.session.id}.csv`);
    const listed = (await kiosk.call('sale.page', { sessionId: session.session.id, limit: 500 }, manager)).value as { sales: { saleId: number; totalCents: number; quantity: number }[] };
    const saleRows = records(sales.text);
    expect(Object.keys(saleRows[0]!).slice(0, 7)).toEqual(['Venda n.º', 'Data e hora', 'Jogada', 'Cartões', 'Quantidade', 'Preço unitário (€)', 'Total (€)']);
    expect(saleRows.map((r) => [Number(r['Venda n.º']), Number(r.Quantidade), cents(r['Total (€)']!)])).toEqual(listed.sales.map((s) => [s.saleId, s.quantity, s.totalCents]));
    expect(saleRows.length).toBeGreaterThanOrEqual(4);
    await shots(page, 'day-close-export', async (p) => {
      if (p !== page) await p.getByTestId('close-tab').click();
      await p.getByTestId('export-sales').waitFor();
    });

    // ---- the caixa tab: the guias of the week
    await page.getByTestId('caixa-tab').click();
    await page.getByTestId('guias-table').waitFor();
    await expectNoSidewaysScroll(page);
    const guias = await download(page, 'export-guias');
    expect(guias.name).toMatch(/^guias-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
    const guiaRows = records(guias.text);
    const guiaList = (await kiosk.call('guia.list', { limit: 500 }, manager)).value as { guias: { number: number; amountCents: number }[] };
    expect(guiaRows.map((r) => [Number(r['Guia n.º']), cents(r['Valor (€)']!), r['Observações']])).toEqual(
      [...guiaList.guias].reverse().map((g) => [g.number, g.amountCents, 'Avaria; moedeiro']),
    );
    // The machines' return is on their sub-screen.
    await page.getByTestId('caixa-sub-machines').click();
    const ret = await download(page, 'export-return');
    expect(records(ret.text).map((r) => r['Máquina'])).toEqual(['7', '8', '9']);
    await shots(page, 'caixa-guias-period', async (p) => {
      if (p !== page) await p.getByTestId('caixa-tab').click();
      await p.getByTestId('caixa-sub-guias').click();
      await p.getByTestId('guias-table').scrollIntoViewIfNeeded();
    });

    // ---- the acta: the session's sales, a page at a time
    await page.getByTestId('acta-tab').click();
    await page.getByTestId('session-sales').waitFor();
    await expectText(page, 'session-sales-pager-status', `Página 1 · 1–${listed.sales.length} de ${listed.sales.length}`);
    await expectNoSidewaysScroll(page);
    await shots(page, 'acta-sales', async (p) => {
      if (p !== page) await p.getByTestId('acta-tab').click();
      await p.getByTestId('session-sales').scrollIntoViewIfNeeded();
    });

    // ---- the checks: the audit log, newest first, 25 a page
    await page.getByTestId('checks-tab').click();
    await page.getByTestId('audit-log').waitFor();
    await expectNoSidewaysScroll(page);
    const status = page.getByTestId('audit-log-pager-status');
    expect(await status.innerText()).toMatch(/^Página 1 · 1–25 de \d+$/);
    const firstSeq = await page.locator('[data-testid^="audit-row-"]').first().getAttribute('data-testid');
    await page.getByTestId('audit-log-pager-next').click();
    await expectText(page, 'audit-log-pager-status', 'Página 2 · 26–');
    expect(await page.locator('[data-testid^="audit-row-"]').first().getAttribute('data-testid')).not.toBe(firstSeq);
    await page.getByTestId('audit-log-channel').selectOption('guia.issue');
    await expectText(page, 'audit-log-pager-status', 'Página 1 · 1–2 de 2');
    await expectNoSidewaysScroll(page);
    await shots(page, 'checks-audit-log', async (p) => {
      if (p !== page) {
        await p.getByTestId('checks-tab').click();
        await p.getByTestId('audit-log').waitFor();
      }
      await p.getByTestId('audit-log').scrollIntoViewIfNeeded();
    });
  });
});
