/**
 * The inspector's export in Chromium (issue 26): a manager exports a closed
 * session from the acta screen with one button; the screen says where the
 * kiosk kept the file and the browser saves the same bytes; a folder that
 * cannot be written is said in words. Then the export's own verificar.html,
 * opened from disk with the network off, checks the ZIP as the command line
 * does: íntegra with the figures, and FALHA naming the file and line of an
 * edit or a key that is not the hall's.
 *
 * With E2E_INSPECTOR_SHOTS=<folder>, the panel and the page are saved there
 * at 1024x768 and 1920x1080, in their good and bad states.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHall, type TestHall } from '../test/fixtures/faces.js';
import { playedSession } from '../test/fixtures/played-session.js';
import { verifyExport } from '../main/inspector/verify.js';
import { expectNoSidewaysScroll, expectText, launchChromium, openAs, type RunningKiosk, startKiosk } from './support.js';

let t: TestHall;
let sessionId: number;
let verifierKey: string;
let kiosk: RunningKiosk;
let browser: Browser;
const work = mkdtempSync(join(tmpdir(), 'inspector-e2e-'));

beforeAll(async () => {
  // A hall whose first session was played to its close (sales, a void, prizes, a refund, guias, a Z).
  t = await createTestHall();
  sessionId = await playedSession(t, 'A');
  verifierKey = (await t.h.ok('session.acta', { sessionId }, t.manager)).hallKey!.verifierKey;
  t.h.kiosk.close();
  kiosk = await startKiosk([], 'web', t.h.dataDir);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await kiosk?.stop();
});

const shotsDir = process.env.E2E_INSPECTOR_SHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  const size = page.viewportSize()!;
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shotsDir, `${name}-${size.width}x${size.height}.png`), fullPage: false });
}

const manager = (width = 1024, height = 768) => openAs(browser, kiosk, 'gerente', '2222', { viewport: { width, height }, acceptDownloads: true });

describe('the inspector export in the browser', () => {
  it("exports a closed session from the acta screen, says where the file went, and a folder that cannot be written is said in words", async () => {
    for (const [w, h] of [
      [1024, 768],
      [1920, 1080],
    ] as const) {
      const page = await manager(w, h);
      await page.getByTestId('acta-tab').click();
      // No session open: the acta says so, and the closed session waits for its export.
      await page.getByTestId('acta-none').waitFor();
      await page.getByTestId(`inspector-export-row-${sessionId}`).scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await shot(page, 'inspector-export-list');
      if (w === 1024) {
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId(`inspector-export-${sessionId}`).click()]);
        const saved = new Uint8Array(readFileSync((await download.path())!));
        const name = download.suggestedFilename();
        expect(name).toMatch(new RegExp(`^sessao-${sessionId}-[0-9a-f]{8}\\.zip$`));
        const kept = join(t.h.dataDir, 'exports', name);
        await expectText(page, 'inspector-export-result', `Sessão n.º ${sessionId} exportada: guardada no quiosque em ${kept} e descarregada como ${name} (`);
        // What the browser saved is what the kiosk kept, and it verifies with the key printed on the acta.
        expect(Buffer.from(saved).equals(readFileSync(kept))).toBe(true);
        expect(verifyExport(saved, { key: verifierKey })).toMatchObject({ ok: true, sessionId });
        writeFileSync(join(work, 'export.zip'), saved);
        await expectNoSidewaysScroll(page);
        await shot(page, 'inspector-export-done');

        // The exports folder cannot be made (a file in its place): the refusal names it, nothing is half-written.
        const folder = join(t.h.dataDir, 'exports');
        renameSync(folder, `${folder}-kept`);
        writeFileSync(folder, 'not a folder');
        await page.getByTestId(`inspector-export-${sessionId}`).click();
        await expectText(page, 'inspector-export-error', `A exportação da sessão n.º ${sessionId} não pôde ser gravada em ${folder}`);
        await shot(page, 'inspector-export-not-written');
        const { rmSync } = await import('node:fs');
        rmSync(folder);
        renameSync(`${folder}-kept`, folder);
      }
      await page.context().close();
    }
  }, 120_000);

  it('its verificar.html checks the ZIP offline as the command line does: íntegra, or FALHA naming the edit', async () => {
    const zip = new Uint8Array(readFileSync(join(work, 'export.zip')));
    const files = unzipSync(zip);
    const pageFile = join(work, 'unzipped', 'verificar.html');
    mkdirSync(join(work, 'unzipped'), { recursive: true });
    writeFileSync(pageFile, files['verificar.html']!);
    // One copy with a sale's total changed, as an editor would.
    const edited = { ...files, 'sales.jsonl': strToU8(strFromU8(files['sales.jsonl']!).replace('"totalCents":540', '"totalCents":54')) };
    writeFileSync(join(work, 'edited.zip'), zipSync(edited));

    for (const [w, h] of [
      [1024, 768],
      [1920, 1080],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: w, height: h } });
      await context.setOffline(true);
      const page = await context.newPage();
      await page.goto(pathToFileURL(pageFile).href);
      await page.locator('#zip').setInputFiles(join(work, 'export.zip'));
      await page.locator('#key').fill(verifierKey);
      await page.locator('#verify').click();
      const result = page.locator('#result');
      await result.filter({ hasText: 'ÍNTEGRA' }).waitFor({ timeout: 30_000 });
      const text = await result.innerText();
      expect(text).toContain(`Sala de Teste, sessão n.º ${sessionId}: íntegra.`);
      expect(text).toContain('jogada 1: 10 cartões, 13,50 €; linha 0,67 €, bingo 6,75 €; imposto do selo 3,37 €; prémios atribuídos 7,42 €, pagos 7,42 €');
      expect(text).toContain('Guias: 2 pagas (52,00 €: 27,00 € em numerário, 25,00 € em cheque), 1 por pagar (3,00 €), 1 anulada (8,00 €).');
      expect(await result.getAttribute('class')).toBe('ok');
      await shot(page, 'verificar-ok');

      // The edited copy: refused, the file and line named.
      await page.locator('#zip').setInputFiles(join(work, 'edited.zip'));
      await page.locator('#verify').click();
      await result.filter({ hasText: 'FALHA' }).waitFor({ timeout: 30_000 });
      // Not re-signed by the hall: the signed manifest names the file changed.
      expect(await result.innerText()).toMatch(/Em sales\.jsonl: tem \d+ bytes; o manifesto assinado diz \d+ \(alterado\)\./);
      expect(await result.getAttribute('class')).toBe('fail');
      await shot(page, 'verificar-edited');

      // The untouched file with a key that is not the hall's.
      await page.locator('#zip').setInputFiles(join(work, 'export.zip'));
      await page.locator('#key').fill(verifierKey.replace(/\+[0-9a-f]{8}\+/, '+00000000+'));
      await page.locator('#verify').click();
      await result.filter({ hasText: 'FALHA' }).waitFor({ timeout: 30_000 });
      expect(await result.innerText()).toMatch(/Em (--key|checkpoint\.txt)/);
      await context.close();
    }
  }, 120_000);
});
