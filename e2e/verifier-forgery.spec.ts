/**
 * The offline page agrees with the command line (issue 37): verificar.html,
 * taken from a real export and opened from disk in Chromium with the network
 * off, refuses every tampering of the forger's kit (test/fixtures/
 * export-forgeries.ts) with the very finding export:verify gives, word for
 * word, and says ÍNTEGRA of the real export.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSessionExport } from '../main/inspector/export.js';
import { verifyExport } from '../main/inspector/verify.js';
import { checkReport } from '../core/inspector/check.js';
import { exportBase, FORGERIES, type ExportBase } from '../test/fixtures/export-forgeries.js';
import { createTestHall, type TestHall } from '../test/fixtures/faces.js';
import { playedSession } from '../test/fixtures/played-session.js';
import { openVerifierPage, type VerifierPage } from '../test/system/verifier-page.js';
import { launchChromium } from './support.js';

let t: TestHall;
let base: ExportBase;
let rotated: ExportBase;
let browser: Browser;
let page: VerifierPage;
const work = mkdtempSync(join(tmpdir(), 'verifier-forgery-'));

beforeAll(async () => {
  t = await createTestHall();
  const sessionId = await playedSession(t, 'A');
  const { zip } = await buildSessionExport(t.h.kiosk.db, sessionId, { pdf: async () => Buffer.from('%PDF-1.4 test'), now: t.h.clock.now() });
  base = exportBase(zip, t.h.dataDir);
  // The hall rotates its key twice; the same session exported again carries the chain (the kit's rotation tamperings).
  const admin = await t.h.login('admin', '1111');
  await t.h.ok('audit.rotateKey', {}, admin);
  await t.h.ok('audit.rotateKey', {}, admin);
  const again = await buildSessionExport(t.h.kiosk.db, sessionId, { pdf: async () => Buffer.from('%PDF-1.4 test'), now: t.h.clock.now() });
  rotated = exportBase(again.zip, t.h.dataDir, base.key);
  const html = join(work, 'verificar.html');
  writeFileSync(html, base.files.find(([n]) => n === 'verificar.html')![1]);
  browser = await launchChromium();
  page = await openVerifierPage(browser, html);
}, 120_000);

afterAll(async () => {
  await page?.close();
  await browser?.close();
  t?.h.close();
});

describe("verificar.html against the forger's kit", () => {
  it('says ÍNTEGRA of the real export, then refuses every forgery with the finding of the command line', async () => {
    const real = join(work, 'real.zip');
    writeFileSync(real, base.zip);
    const good = await page.check(real, { key: base.key });
    expect(good.ok).toBe(true);
    expect(good.lines[0]).toMatch(/^Sala de Teste, sessão n\.º \d+: íntegra\.$/);

    // After two rotations: íntegra with the acta's key and with the current one, as the command line says.
    const again = join(work, 'rotated.zip');
    writeFileSync(again, rotated.zip);
    for (const key of [rotated.key, rotated.hall.verifierKey]) {
      const shown = await page.check(again, { key });
      const cli = verifyExport(rotated.zip, { key });
      expect(shown.ok).toBe(true);
      expect(cli.ok && shown.lines).toEqual(cli.ok ? checkReport(cli) : null);
    }

    const disagreements: string[] = [];
    for (const [i, f] of FORGERIES.entries()) {
      const b = f.rotated ? rotated : base;
      const zip = f.make(b);
      const file = join(work, `forgery-${i}.zip`);
      writeFileSync(file, zip);
      const o = { key: b.key, ...(f.witness ? { witness: f.witness(b) } : {}) };
      const cli = verifyExport(zip, o);
      if (cli.ok) throw new Error(`${f.id}: the command line says íntegra`);
      const expected = `Em ${cli.failure.file}${cli.failure.line !== undefined ? `, linha ${cli.failure.line}` : ''}: ${cli.failure.what}.`;
      const shown = await page.check(file, o);
      if (shown.ok || shown.lines.join('\n') !== expected) disagreements.push(`${f.id}: page ${shown.ok ? 'ÍNTEGRA' : JSON.stringify(shown.lines)}, command line ${JSON.stringify(expected)}`);
      // The kit's own words, through the page too.
      expect(cli.failure.file, f.id).toBe(f.file);
    }
    expect(disagreements).toEqual([]);
  }, 180_000);
});
