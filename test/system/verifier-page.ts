/**
 * The export's offline page (verificar.html) driven in Chromium as an
 * inspector uses it: opened from disk with the network off, a ZIP picked, the
 * hall's key (and the group's witness key) pasted, Verificar pressed; what it
 * shows read back: ÍNTEGRA or FALHA and the finding's line.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pathToFileURL } from 'node:url';

export interface PageVerdict {
  ok: boolean;
  /** ÍNTEGRA: the report's lines; FALHA: the one line naming the file and what is wrong ("Em FILE[, linha N]: WHAT."). */
  lines: string[];
}

export interface VerifierPage {
  check(zipFile: string, o: { key?: string; witness?: string }): Promise<PageVerdict>;
  page: Page;
  close(): Promise<void>;
}

export async function openVerifierPage(browser: Browser, htmlFile: string, viewport = { width: 1024, height: 768 }): Promise<VerifierPage> {
  const context: BrowserContext = await browser.newContext({ viewport });
  await context.setOffline(true);
  const page = await context.newPage();
  await page.goto(pathToFileURL(htmlFile).href);
  return {
    page,
    async check(zipFile, o) {
      // A clean slate, so the verdict read is this ZIP's and not the one before.
      await page.locator('#result').evaluate((el) => {
        el.removeAttribute('class');
        el.textContent = '';
      });
      await page.locator('#zip').setInputFiles(zipFile);
      await page.locator('#key').fill(o.key ?? '');
      await page.locator('#witness').fill(o.witness ?? '');
      await page.locator('#verify').click();
      await page.locator('#result.ok, #result.fail').waitFor({ timeout: 30_000 });
      const ok = (await page.locator('#result').getAttribute('class')) === 'ok';
      const lines = await page.locator('#result p:not(.head)').allInnerTexts();
      return { ok, lines };
    },
    close: () => context.close(),
  };
}
