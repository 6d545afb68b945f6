/**
 * End-to-end support: the real program in browser mode (a child process on a
 * temp data folder) and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { expect } from 'vitest';
import { startCounter, type Counter } from '../main/counter/index.js';
import { faultProxy, type FaultProxy } from '../test/fault-proxy.js';
import { PROGRAM } from '../test/program.js';

export const ROOT = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface RunningKiosk {
  url: string;
  /** The URL with the access token, as printed: what an operator opens. */
  appUrl: string;
  token: string;
  dataDir: string;
  // The envelope as JSON; tests read the fields they assert on.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(channel: string, input: unknown, operatorToken?: string): Promise<{ ok: boolean; value?: any; error?: { code: string; message: string } }>;
  /** Stop the program and start it again on the same folder and port, after `downMs` with nothing listening. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** How a spec starts the program (the build `npm test` made, or the sources under tsx). */
export { PROGRAM };

/** A failed receipt is retried after 1 s, 1 s and 2 s here (the hall's 1 s, 3 s and 10 s would be waited at every failed print). */
const PRINT_RETRY_MS = '1000,1000,2000';

/** The kiosk's process (browser mode, the hall server or a counter) on a data folder and port: resolves with the URL it prints once ready, and all it printed. */
async function spawnKiosk(
  dataDir: string,
  token: string,
  port: number,
  args: string[],
  command: 'web' | 'hall' | 'counter' = 'web',
): Promise<{ child: ChildProcess; appUrl: string; output: () => string }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...PROGRAM, command, '--data-dir', dataDir, '--port', String(port), ...args],
    { cwd: ROOT, env: { ...process.env, KIOSK_TOKEN: token, KIOSK_PRINT_RETRY_MS: PRINT_RETRY_MS }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const appUrl = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`kiosk did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\S*)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        ok(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => fail(new Error(`kiosk exited (${code}):\n${output}`)));
  });
  return { child, appUrl, output: () => output };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function startKiosk(args: string[] = [], command: 'web' | 'hall' | 'counter' = 'web', dataDirGiven?: string): Promise<RunningKiosk & { output: () => string }> {
  if (!existsSync(join(ROOT, 'dist', 'renderer', 'index.html'))) {
    throw new Error('dist/renderer is missing: run `npx vite build` (npm test does it first).');
  }
  const dataDir = dataDirGiven ?? mkdtempSync(join(tmpdir(), 'kiosk-e2e-'));
  const token = `e2e-${Math.random().toString(36).slice(2)}`;
  const started = await spawnKiosk(dataDir, token, 0, args, command);
  const appUrl = started.appUrl;
  let child = started.child;
  let output = started.output;
  // A restart keeps every port (the hall's terminals port too: its counters know it).
  const terminalsPort = command === 'hall' ? /https:\/\/[^\s:]+:(\d+)/.exec(await waitForOutput(started.output, /sha256:[0-9a-f]{64}/))?.[1] : undefined;
  const restartArgs = args
    .filter((a) => a !== '--demo' && a !== '--enroll')
    .map((a, i, all) => (all[i - 1] === '--terminals-port' && terminalsPort ? terminalsPort : a));
  const url = new URL(appUrl).origin;
  const port = Number(new URL(appUrl).port);
  return {
    url,
    appUrl,
    token,
    dataDir,
    async call(channel, input, operatorToken) {
      const res = await fetch(`${url}/rpc/${channel}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          ...(operatorToken ? { 'X-Operator-Token': operatorToken } : {}),
        },
        body: JSON.stringify(input),
      });
      return res.json();
    },
    async restart(downMs = 0) {
      await stopChild(child);
      await new Promise((r) => setTimeout(r, downMs));
      // Same folder, same port, same token: as after a power cut or an update.
      ({ child, output } = await spawnKiosk(dataDir, token, port, withoutEnrolment(restartArgs), command));
    },
    output: () => output(),
    async stop() {
      await stopChild(child);
      if (!dataDirGiven) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A counter enrols once: started again, it is not given its code (nor the hall's address) a second time. */
function withoutEnrolment(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--enroll' || args[i] === '--hall' || args[i] === '--fingerprint') i++;
    else out.push(args[i]!);
  }
  return out;
}

async function waitForOutput(output: () => string, pattern: RegExp, ms = 30_000): Promise<string> {
  const until = Date.now() + ms;
  while (!pattern.test(output())) {
    if (Date.now() > until) throw new Error(`not printed in ${ms} ms: ${pattern}\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return output();
}

export interface RunningHall extends RunningKiosk {
  /** `https://127.0.0.1:P`: the terminals port. */
  terminalsUrl: string;
  fingerprint: string;
  output: () => string;
}

/** `npm run hall` on loopback with the demo hall: its screens' URL, its terminals port and its certificate's fingerprint. */
export async function startHall(): Promise<RunningHall> {
  const hall = await startKiosk(['--terminals-port', '0', '--bind', '127.0.0.1', '--demo'], 'hall');
  const out = await waitForOutput(hall.output, /sha256:[0-9a-f]{64}/);
  return { ...hall, terminalsUrl: /(https:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!, fingerprint: /(sha256:[0-9a-f]{64})/.exec(out)![1]! };
}

/** `npm run counter`, enrolled at the hall with a code its admin asked for under `name`. */
export async function startCounterAt(hall: RunningHall, name: string): Promise<RunningKiosk & { output: () => string }> {
  const admin = (await hall.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
  const enrolment = await hall.call('terminal.enroll', { name }, admin);
  if (!enrolment.ok) throw new Error(`terminal.enroll: ${enrolment.error?.code}`);
  return startKiosk(['--hall', hall.terminalsUrl, '--fingerprint', hall.fingerprint, '--enroll', enrolment.value.code], 'counter');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** The RPC calls a page makes (`POST /rpc/<channel>`), in the order it sends them. */
export interface RpcRecorder {
  /** Channels called since the last `reset`. */
  readonly channels: string[];
  reset(): void;
  /** Resolves once the page has sent no call for `quietMs` (and `minMs` have passed), at most `timeoutMs`. */
  settle(quietMs?: number, minMs?: number, timeoutMs?: number): Promise<string[]>;
  stop(): void;
}

export function recordRpc(page: Page): RpcRecorder {
  const channels: string[] = [];
  let lastAt = Date.now();
  const onRequest = (req: Request) => {
    if (req.method() !== 'POST') return;
    const path = new URL(req.url()).pathname;
    if (!path.startsWith('/rpc/')) return;
    channels.push(path.slice('/rpc/'.length));
    lastAt = Date.now();
  };
  page.on('request', onRequest);
  return {
    channels,
    reset() {
      channels.length = 0;
      lastAt = Date.now();
    },
    async settle(quietMs = 500, minMs = 0, timeoutMs = 10_000) {
      const start = Date.now();
      while (Date.now() - start < timeoutMs) {
        const now = Date.now();
        if (now - lastAt >= quietMs && now - start >= minMs) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      return [...channels];
    },
    stop() {
      page.off('request', onRequest);
    },
  };
}

/** Log in on the PIN screen and wait for the operator's screens. */
export async function login(page: Page, username: string, pin: string): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-pin').fill(pin);
  await page.getByTestId('login-pin').press('Enter');
  await page.getByTestId('logout').waitFor();
}

/** The screens' two languages; the kiosk starts in pt-PT. */
export type ScreenLang = 'pt-PT' | 'en';

/** Press the language switch and wait until the page speaks `lang`. */
export async function switchLanguage(page: Page, lang: ScreenLang): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/**
 * The counters' sizes as the screens' specs try them: touch at 1024x768 (pt-PT), the keyboard at 1920x1080 (en).
 * 1366x768 is as short as 1024x768 and wider: a11y.spec.ts measures every screen at it for sideways scrolling.
 */
export const SCREEN_CASES = [
  { viewport: { width: 1024, height: 768 }, touch: true, lang: 'pt-PT' as const },
  { viewport: { width: 1920, height: 1080 }, touch: false, lang: 'en' as const },
] as const;

/** The test id of the tab chosen in a page's one tab bar (the sub-screens'). */
export const selectedTab = (page: Page) => page.locator('[role="tablist"] [role="tab"][aria-selected="true"]').getAttribute('data-testid');

/** A context's options (viewport, touch, ...) and the language to switch the login screen to. */
export type OpenOptions = BrowserContextOptions & { lang?: ScreenLang };

/** A new page, in a context of its own, at the kiosk's login screen in `lang`. */
export async function openKiosk(browser: Browser, kiosk: RunningKiosk, options: OpenOptions = {}): Promise<Page> {
  const { lang = 'pt-PT', ...context } = options;
  const page = await (await browser.newContext(context)).newPage();
  await page.goto(kiosk.appUrl);
  if (lang !== 'pt-PT') await switchLanguage(page, lang);
  return page;
}

/** The same, logged in as `username` (login). */
export async function openAs(browser: Browser, kiosk: RunningKiosk, username: string, pin: string, options: OpenOptions = {}): Promise<Page> {
  const page = await openKiosk(browser, kiosk, options);
  await login(page, username, pin);
  return page;
}

/** A reason in words (issue 38): "Outro…" of the reason picker `testId`, the words put in its field, taken. */
export async function typeReason(page: Page, testId: string, words: string): Promise<void> {
  await page.getByTestId(`${testId}-other`).click();
  await page.getByTestId(testId).fill(words);
  await page.getByTestId(`${testId}-use`).click();
  await page.getByTestId(`${testId}-dialog`).waitFor({ state: 'detached' });
}

/**
 * Wait until an element with the test id shows the text, as written: a string given to Playwright's `hasText` matches
 * without regard to case ("Paga" would be found in "Por pagar" before the payment is made), so the words are matched
 * by a case-sensitive pattern. The error names what it showed instead.
 */
export async function expectText(page: Page, testId: string, text: string, timeout = 10_000): Promise<void> {
  const locator = page.getByTestId(testId);
  const exactly = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await locator.filter({ hasText: exactly }).first().waitFor({ timeout }).catch(async () => {
    throw new Error(`${testId}: expected "${text}", found "${(await locator.allInnerTexts()).join(' | ')}"`);
  });
}

/** The faces of cards `from`..`to` of a series, read from the kiosk's database (to claim a real line or bingo). */
export function readFaces(dataDir: string, code: string, from: number, to: number): Map<number, number[][]> {
  const db = new Database(join(dataDir, 'kiosk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT f.card, f.numbers FROM card_faces f JOIN series s ON s.id = f.series_id
          WHERE s.code = ? AND f.card BETWEEN ? AND ? ORDER BY f.card`,
      )
      .all(code, from, to) as { card: number; numbers: string }[];
    return new Map(
      rows.map((r) => {
        const n = r.numbers.split(',').map(Number);
        return [r.card, [n.slice(0, 5), n.slice(5, 10), n.slice(10, 15)]];
      }),
    );
  } finally {
    db.close();
  }
}

/**
 * A session's closing time six hours from now, as the form's input wants it: a
 * test must not depend on the hour it runs at (the form's default, the next
 * 02:00, makes a game opened in the last ten minutes the session's last).
 */
export function closingInSixHours(now = new Date()): string {
  const d = new Date(now.getTime() + 6 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The kiosk's receipts printer pointed at the printer emulator (admin 1111 of the demo). */
export async function configureReceiptsPrinter(kiosk: RunningKiosk, port: number): Promise<void> {
  const admin = (await kiosk.call('auth.login', { username: 'admin', pin: '1111' })).value.operatorToken as string;
  const configured = await kiosk.call(
    'printer.configure',
    { id: 'recibos', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port, codepage: 'cp858', widthMm: 80, drawerPin: 2 },
    admin,
  );
  if (!configured.ok) throw new Error(`printer.configure refused: ${JSON.stringify(configured.error)}`);
}

/** The emulator's jobs whose lines hold every one of `texts`, once there are `count` of them (at most 10 s). */
export async function waitForJobs(emulator: { jobs: readonly { lines: string[] }[] }, count: number, ...texts: string[]): Promise<{ lines: string[] }[]> {
  for (let i = 0; i < 100; i++) {
    const jobs = emulator.jobs.filter((j) => texts.every((t) => j.lines.some((l) => l.includes(t))));
    if (jobs.length >= count) return jobs;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} jobs with ${JSON.stringify(texts)}; jobs: ${JSON.stringify(emulator.jobs.map((j) => j.lines.slice(0, 8)))}`);
}

/** The page never scrolls sideways (the counter's screen is the window's width). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  if (scroll > client) throw new Error(`the page scrolls sideways: ${scroll} px wide in a ${client} px window`);
}

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

/** Where elements are (by test id or selector), the window and the page's width. Evaluated as a string: no bundler helpers in the page. */
export async function layout(page: Page, selectors: string[]): Promise<{ innerWidth: number; innerHeight: number; scrollWidth: number; boxes: Box[][] }> {
  return page.evaluate(`(() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height }; };
    return {
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
      boxes: ${JSON.stringify(selectors)}.map((s) => [...document.querySelectorAll(s)].map(box)),
    };
  })()`);
}

export const byId = (id: string) => `[data-testid="${id}"]`;

/** No sideways scroll, and each test id shown whole within the window, without scrolling. */
export async function expectInSight(page: Page, ...testIds: string[]): Promise<void> {
  // Each act drawn first (a form that comes with the board, say): measured once there, never before.
  await Promise.all(testIds.map((id) => page.getByTestId(id).first().waitFor({ timeout: 15_000 })));
  await page.evaluate(() => window.scrollTo(0, 0));
  const l = await layout(page, testIds.map(byId));
  expect(l.scrollWidth, 'page width').toBeLessThanOrEqual(l.innerWidth);
  testIds.forEach((id, i) => {
    const b = l.boxes[i]![0];
    expect(b, id).toBeDefined();
    expect([id, b!.top >= 0, b!.left >= 0, b!.bottom <= l.innerHeight, b!.right <= l.innerWidth]).toEqual([id, true, true, true, true]);
  });
}

/**
 * The real hall (browser mode's port, the same envelope as the terminals port) and a counter's real link to it with a
 * fault proxy between them (test/fault-proxy.ts): what a counter says when the hall's answer is cut, late or swallowed.
 */
export interface ProxiedCounter {
  hallDir: string;
  /** The hall's own URL (past the proxy), for a test's look at what it holds. */
  hallUrl: string;
  hallToken: string;
  proxy: FaultProxy;
  counter: Counter;
  counterToken: string;
  close(): Promise<void>;
}

/** A call to the hall itself, past the proxy, as its own screens make it there (an admin's or a cashier's, by their token). */
export async function callHall(setup: ProxiedCounter, channel: string, input: unknown, operatorToken?: string): Promise<Awaited<ReturnType<RunningKiosk['call']>>> {
  const res = await fetch(`${setup.hallUrl}/rpc/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${setup.hallToken}`, 'Content-Type': 'application/json', ...(operatorToken ? { 'X-Operator-Token': operatorToken } : {}) },
    body: JSON.stringify(input),
  });
  return (await res.json()) as Awaited<ReturnType<RunningKiosk['call']>>;
}

/** axe-core's violations (its default rules) on the page as it is now, or inside one element: `rule target` each. */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) {
    const { source } = (await import('axe-core')) as unknown as { source: string };
    // Evaluated, not a script tag: the kiosk's CSP allows no inline script.
    await page.evaluate(source);
  }
  const context = within === undefined ? 'document' : `{ include: [${JSON.stringify(within)}] }`;
  return page.evaluate(`window.axe.run(${context}, { resultTypes: ['violations'] }).then((r) => r.violations.flatMap((v) => v.nodes.map((n) => v.id + ' ' + n.target.join(' '))))`);
}

export async function hallBehindProxy(name: string): Promise<ProxiedCounter> {
  const hallToken = `${name}-hall-token-0123456789`;
  const counterToken = `${name}-counter-token-0123456789`;
  const hallDir = mkdtempSync(join(tmpdir(), `${name}-hall-`));
  const hall: ChildProcess = spawn(process.execPath, [...PROGRAM, 'web', '--data-dir', hallDir, '--port', '0', '--demo'], {
    cwd: ROOT,
    env: { ...process.env, KIOSK_TOKEN: hallToken, KIOSK_PRINT_RETRY_MS: PRINT_RETRY_MS },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const port = await new Promise<number>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`hall did not start:\n${out}`)), 30_000);
    hall.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(Number(m[1]));
      }
    });
    hall.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  });
  const proxy = await faultProxy(port);
  const agent = new Agent({ keepAlive: true });
  const counter = await startCounter({
    hallUrl: `http://127.0.0.1:${proxy.port}`,
    agent,
    headers: { Authorization: `Bearer ${hallToken}`, Host: `127.0.0.1:${port}` },
    eventsPath: `/events?token=${hallToken}`,
    token: counterToken,
    port: 0,
    staticDir: join(ROOT, 'dist', 'renderer'),
    // Browser mode's port stands for the counter's certificate: its calls are the hall's own terminal's.
    terminalId: 'T1',
    outcomesFile: join(hallDir, 'counter-outcomes.json'),
  });
  return {
    hallDir,
    hallUrl: `http://127.0.0.1:${port}`,
    hallToken,
    proxy,
    counter,
    counterToken,
    async close() {
      await counter.close();
      agent.destroy();
      await proxy.close();
      if (hall.exitCode === null) {
        const exited = new Promise((r) => hall.once('exit', r));
        hall.kill('SIGTERM');
        await exited;
      }
      rmSync(hallDir, { recursive: true, force: true });
    },
  };
}

/**
 * The identification dialog filled in (Lei n.º 83/2017, art. 76.º): a document found by its number, or, with a name
 * and a date of birth, recorded with "documento verificado" ticked.
 */
export async function identifyPerson(page: Page, person: { number: string; name?: string; birth?: string }): Promise<void> {
  const press = (testId: string) => page.getByTestId(testId).click();
  await page.getByTestId('identify-dialog').waitFor();
  await page.getByTestId('identify-number').fill(person.number);
  if (person.name === undefined) return press('identify-find');
  await page.getByTestId('identify-name').fill(person.name);
  await page.getByTestId('identify-birth').fill(person.birth ?? '1980-05-17');
  await page.getByTestId('identify-verified').check();
  await press('identify-record');
}
