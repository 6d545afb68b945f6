/**
 * The installed program's first run in Chromium (issue 24, point 4): the
 * Electron post's backend (post-start.ts's openPost, the one Electron's main
 * process puts behind IPC) served by browser mode's server, test-only, so the
 * choice screen runs against the real backend. Three posts on empty folders:
 * a counter enrolled at a real hall server (`npm run hall`; a wrong
 * fingerprint refused in words first, nothing changed), the hall server
 * itself (its address and fingerprint shown), and a standalone kiosk; each
 * goes on to its next screen without a reload. E2E_POST_SHOTS=DIR keeps
 * pictures at 1024x768 and 1920x1080.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../test/ports.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../core/errors.js';
import { openPost, type PostRuntime } from '../main/electron/post-start.js';
import { startWebServer, type WebServer } from '../main/web/server.js';
import { expectNoSidewaysScroll, launchChromium, ROOT, startHall, switchLanguage, type RunningHall } from './support.js';

const shots = process.env.E2E_POST_SHOTS;
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
const cleanups: (() => Promise<void> | void)[] = [];
let browser: Browser;
let hall: RunningHall;

/** An empty data folder's installed-program post, behind browser mode's server on 127.0.0.1. */
async function firstRunPost(): Promise<{ runtime: PostRuntime; dir: string; appUrl: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'post-e2e-'));
  const runtime = await openPost({ dataDir: dir, installed: true });
  const token = `e2e-${Math.random().toString(36).slice(2)}`;
  const server: WebServer = await startWebServer({ kiosk: runtime, token, port: 0, staticDir: join(ROOT, 'dist', 'renderer') });
  cleanups.push(async () => {
    await server.close();
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { runtime, dir, appUrl: `${server.url}/#token=${token}` };
}

async function page(appUrl: string, width: number, height: number): Promise<{ page: Page; loads: () => number }> {
  // The CSP bypassed for axe only (it runs inside the page).
  const p = await (await browser.newContext({ viewport: { width, height }, bypassCSP: true })).newPage();
  let loads = 0;
  p.on('load', () => loads++);
  await p.goto(appUrl);
  await p.getByTestId('post-choice').waitFor();
  return { page: p, loads: () => loads };
}

/** axe-core's violations on the page as it is (WCAG 2.x A and AA, best practices), as the accessibility sweep judges every screen. */
async function axeViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ content: axeSource });
  return (await p.evaluate(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`)) as string[];
}

const shot = async (p: Page, name: string) => {
  if (shots) await p.screenshot({ path: join(shots, name), fullPage: true });
};

beforeAll(async () => {
  hall = await startHall();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const c of cleanups.reverse()) await c();
  await hall?.stop();
});

describe('the first-run screen of the installed program', () => {
  it('enrols a counter: a wrong fingerprint refused in words and nothing changed, then the confirmation code', async () => {
    const admin = (await hall.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
    const enrolment = await hall.call('terminal.enroll', { name: 'C5' }, admin);
    expect(enrolment.ok).toBe(true);
    const post = await firstRunPost();
    const { page: p, loads } = await page(post.appUrl, 1024, 768);
    await expectNoSidewaysScroll(p);
    for (const m of ['standalone', 'hall', 'counter']) expect(await p.getByTestId(`post-mode-${m}`).count()).toBe(1);
    await shot(p, 'post-choice-1024x768.png');

    await p.getByTestId('post-mode-counter').check();
    await p.getByTestId('post-hall-url').fill(hall.terminalsUrl);
    const wrong = `sha256:${'ab'.repeat(32)}`;
    await p.getByTestId('post-fingerprint').fill(wrong);
    await p.getByTestId('post-code').fill(enrolment.value.code as string);
    await shot(p, 'post-counter-form-1024x768.png');
    expect(await axeViolations(p)).toEqual([]);
    await p.getByTestId('post-submit').click();
    // It says what it does before it does it.
    expect(await p.getByTestId('post-confirm-text').textContent()).toContain(hall.terminalsUrl);
    await p.getByTestId('post-confirm-ok').click();
    const error = p.getByTestId('confirm-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(errorMessage('HALL_FINGERPRINT_MISMATCH', { hallUrl: hall.terminalsUrl, expected: wrong, actual: hall.fingerprint }));
    await shot(p, 'post-counter-refused-1024x768.png');
    expect(await axeViolations(p)).toEqual([]);
    expect(readdirSync(post.dir)).toEqual([]);

    // The right fingerprint, the same code (it was never sent).
    await p.getByTestId('confirm-cancel').click();
    await p.getByTestId('post-fingerprint').fill(hall.fingerprint);
    await p.getByTestId('post-submit').click();
    await p.getByTestId('post-confirm-ok').click();
    await p.getByTestId('post-counter-ready').waitFor();
    const listed = (await hall.call('terminal.list', {}, admin)).value as { name: string; confirmation: string }[];
    expect(await p.getByTestId('post-confirmation').textContent()).toBe(listed.find((t) => t.name === 'C5')!.confirmation);
    await shot(p, 'post-counter-ready-1024x768.png');
    // On to the hall's login, carried to the hall server, without a reload.
    await p.getByTestId('post-done').click();
    await p.getByTestId('login-recover').waitFor();
    expect(loads()).toBe(1);
    await shot(p, 'post-counter-login-1024x768.png');
  });

  it('makes the hall server and shows what to give the counters', async () => {
    const post = await firstRunPost();
    const { page: p, loads } = await page(post.appUrl, 1920, 1080);
    await expectNoSidewaysScroll(p);
    await shot(p, 'post-choice-1920x1080.png');
    await switchLanguage(p, 'en');
    expect(await p.getByTestId('post-mode-counter').locator('xpath=..').textContent()).toContain('Counter linked to the hall server');
    expect(await axeViolations(p)).toEqual([]);
    await switchLanguage(p, 'pt-PT');
    const port = await freePort();
    await p.getByTestId('post-mode-hall').check();
    expect(await p.getByTestId('post-terminals-port').inputValue()).toBe('7443');
    await p.getByTestId('post-terminals-port').fill(String(port));
    await p.getByTestId('post-submit').click();
    expect(await p.getByTestId('post-confirm-text').textContent()).toContain(String(port));
    await shot(p, 'post-hall-confirm-1920x1080.png');
    await p.getByTestId('post-confirm-ok').click();
    await p.getByTestId('post-hall-ready').waitFor();
    const fingerprint = await p.getByTestId('post-hall-fingerprint').textContent();
    expect(fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(fingerprint).toBe((post.runtime.status().hall ?? { fingerprint: null }).fingerprint);
    await shot(p, 'post-hall-ready-1920x1080.png');
    expect(await axeViolations(p)).toEqual([]);
    await p.getByTestId('post-done').click();
    // The hall's own first setup comes next.
    await p.getByTestId('setup-hall-name').waitFor();
    expect(loads()).toBe(1);
  });

  it('makes a standalone kiosk, on to the hall setup', async () => {
    const post = await firstRunPost();
    const { page: p } = await page(post.appUrl, 1024, 768);
    await p.getByTestId('post-mode-standalone').check();
    await p.getByTestId('post-submit').click();
    await p.getByTestId('post-confirm-ok').click();
    await p.getByTestId('setup-hall-name').waitFor();
    expect(post.runtime.status()).toMatchObject({ mode: 'standalone', installed: true });
  });
});
