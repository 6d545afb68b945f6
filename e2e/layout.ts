/**
 * The layout specs' shared measures (issue 38: a screen holds in every state):
 * the boxes of what must not move, judged against the normal state (within
 * 1 px) and against the window; each state in both counter sizes (1024x768,
 * 1366x768) and both languages, with axe; the suite's hall behind a fault
 * proxy, the browser and the receipts printer's emulator. Used by
 * sale-layout, counter-screens-layout, caixa-fit, caixa-layout and
 * table-sheet-layout.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startPrinterEmulator, type PrinterEmulator } from '../tools/printer-emulator/server.js';
import { axeViolations, callHall, configureReceiptsPrinter, hallBehindProxy, launchChromium, recordRpc, switchLanguage, type Box, type ProxiedCounter, type RunningKiosk, type ScreenLang } from './support.js';

/** An element's box on the page: left, top (with the page's scroll), width, height. */
export type Rect = [left: number, top: number, width: number, height: number];

export interface Measure {
  /** By the element's test id, else `selector#index`. */
  boxes: Record<string, Rect>;
  innerHeight: number;
  innerWidth: number;
  scrollHeight: number;
  scrollWidth: number;
  /** By selector (the `clipped` asked for): how much of what the box holds is cut off (it scrolls). */
  hidden: Record<string, number>;
}

/** The boxes of every element each selector finds (the first of a test id); how much of each `clipped` box's content is cut off; the window and the page's size. */
export async function measure(page: Page, selectors: readonly string[], clipped: readonly string[] = []): Promise<Measure> {
  return page.evaluate(`(() => {
    const boxes = {};
    for (const s of ${JSON.stringify(selectors)}) {
      document.querySelectorAll(s).forEach((el, i) => {
        const r = el.getBoundingClientRect();
        const key = el.getAttribute('data-testid') || s + '#' + i;
        if (!(key in boxes)) boxes[key] = [r.left, r.top + window.scrollY, r.width, r.height];
      });
    }
    const hidden = {};
    for (const s of ${JSON.stringify(clipped)}) {
      const el = document.querySelector(s);
      hidden[s] = el ? el.scrollHeight - el.clientHeight : 0;
    }
    const d = document.documentElement;
    return { boxes, hidden, innerHeight: window.innerHeight, innerWidth: window.innerWidth, scrollHeight: d.scrollHeight, scrollWidth: d.scrollWidth };
  })()`);
}

/** The folder screenshots go to when one is given (made if need be): to be looked at, never kept in the tree. */
export function shotsFolder(dir: string | undefined): string | undefined {
  if (dir) mkdirSync(dir, { recursive: true });
  return dir || undefined;
}

/** Two frames: what measures itself after a resize (the whole-rows tables) has settled. */
export const frame = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

export interface JudgeRules {
  /** The page may scroll up and down (a screen taller than the window): only sideways is a fault. */
  pageMayScroll?: boolean;
  /** What must be on the page in every state, by key (the normal state's too); without it, what the normal state had. */
  required?: readonly string[];
  /** What each `clipped` selector is called in a fault. */
  names?: Record<string, string>;
}

/** What brings a state back after the language is switched: a modal dialog closed to reach the switch, and opened again. */
export interface Reopen {
  open: () => Promise<void>;
  close: () => Promise<void>;
}

/** The modal dialog `dialog` (a test id): opened by a click on `opener` (a test id) or by `opener` itself, and closed by Escape. */
export function modal(page: Page, dialog: string, opener: string | (() => Promise<void>)): Reopen {
  return {
    async open() {
      if (typeof opener === 'string') await page.getByTestId(opener).click();
      else await opener();
      await page.getByTestId(dialog).waitFor();
    },
    async close() {
      await page.keyboard.press('Escape');
      await page.getByTestId(dialog).waitFor({ state: 'detached' });
    },
  };
}

/** The counter's two sizes, in the order the first language takes them (the second takes them back). */
export const COUNTER_WIDTHS = [1024, 1366] as const;

/**
 * A spec's layout run: the language the page is in, every fault found (the test's one failure lists them all), what
 * axe found, and the normal state's measures each later state is judged against.
 */
export class LayoutRun {
  readonly faults: string[] = [];
  readonly axe: string[] = [];
  lang: ScreenLang = 'pt-PT';
  private readonly normal = new Map<string, Measure>();

  readonly shots: string | undefined;
  /** `shots`: a folder for a screenshot of each state, size and language (none when not given). */
  constructor(shots?: string) {
    this.shots = shotsFolder(shots);
  }

  /** The page's language switched to `to` (nothing done if it is in it). */
  async setLang(page: Page, to: ScreenLang): Promise<void> {
    if (this.lang === to) return;
    await switchLanguage(page, to);
    this.lang = to;
  }

  /**
   * A state's measure `m`, said as `where`: the page scrolls, a box is cut off, leaves the window, is gone or moved by
   * more than 1 px from where it was in the first measure of `normalKey` (that one is the normal state).
   */
  judge(where: string, normalKey: string, m: Measure, rules: JudgeRules = {}): void {
    const faults = this.faults;
    if (!rules.pageMayScroll && m.scrollHeight > m.innerHeight) faults.push(`${where}: the page scrolls (${m.scrollHeight} px tall in ${m.innerHeight})`);
    if (m.scrollWidth > m.innerWidth) faults.push(`${where}: the page scrolls sideways (${m.scrollWidth} px wide in ${m.innerWidth})`);
    for (const [s, px] of Object.entries(m.hidden)) if (px > 0) faults.push(`${where}: ${px} px of ${rules.names?.[s] ?? s} cut off`);
    for (const id of rules.required ?? []) if (!m.boxes[id]) faults.push(`${where}: ${id} is gone`);
    for (const [id, [left, top, width, height]] of Object.entries(m.boxes)) {
      if (top + height > m.innerHeight + 0.5 || left + width > m.innerWidth + 0.5) faults.push(`${where}: ${id} leaves the window (bottom ${Math.round(top + height)}, right ${Math.round(left + width)})`);
    }
    const base = this.normal.get(normalKey);
    if (!base) {
      this.normal.set(normalKey, m);
      return;
    }
    for (const [id, b] of Object.entries(base.boxes)) {
      const now = m.boxes[id];
      if (!now) {
        if (!rules.required) faults.push(`${where}: ${id} is gone`);
      } else if (now.some((v, i) => Math.abs(v - b[i]!) > 1)) faults.push(`${where}: ${id} moved from ${b.map(Math.round).join(',')} to ${now.map(Math.round).join(',')}`);
    }
  }

  /**
   * The state as it is now, in both sizes and both languages (the one the page is in first, so a run switches once per
   * state): `check` measures and judges it at each `${width}-${lang}`. axe runs in each language, or only in the first
   * (`axeOnce`). `reopen`: what brings the state back after the language is switched (a modal dialog is closed to reach
   * the switch, and opened again). With `shots`, a screenshot `${name}-${width}-${lang}.png` each, and one at 1920x1080.
   */
  async inEveryCase(
    page: Page,
    name: string,
    check: (combo: string) => Promise<void>,
    options: { reopen?: Reopen | undefined; axeOnce?: boolean } = {},
  ): Promise<void> {
    const langs: ScreenLang[] = this.lang === 'pt-PT' ? ['pt-PT', 'en'] : ['en', 'pt-PT'];
    for (const [i, l] of langs.entries()) {
      if (i > 0) {
        await options.reopen?.close();
        await this.setLang(page, l);
        await options.reopen?.open();
      }
      if (i === 0 || !options.axeOnce) this.axe.push(...(await axeViolations(page)).map((v) => `${name} (${l}): ${v}`));
      for (const width of i === 0 ? COUNTER_WIDTHS : [...COUNTER_WIDTHS].reverse()) {
        await page.setViewportSize({ width, height: 768 });
        await frame(page);
        await check(`${width}-${l}`);
        if (this.shots) await page.screenshot({ path: join(this.shots, `${name}-${width}-${l}.png`) });
      }
    }
    if (this.shots) {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.screenshot({ path: join(this.shots, `${name}-1920-${this.lang}.png`) });
      await page.setViewportSize({ width: 1024, height: 768 });
    }
  }
}

/** Every box where it was before, to the pixel (1 px of rounding), each named by `names` in a failure. */
export function expectSamePlace(names: readonly string[], before: readonly Box[], after: readonly Box[], state: string): void {
  before.forEach((b, i) => {
    const a = after[i]!;
    for (const side of ['left', 'top', 'right', 'bottom'] as const) expect(Math.abs(a[side] - b[side]), `${names[i]} ${side} ${state}`).toBeLessThanOrEqual(1);
  });
}

export interface CounterSuite {
  /** The hall behind its fault proxy and the counter linked to it. */
  readonly setup: ProxiedCounter;
  readonly browser: Browser;
  /** The receipts printer's emulator (with `printer`). */
  readonly emulator: PrinterEmulator;
  /** A new page on the counter (1024x768 by touch unless `options` say otherwise), at its login screen. */
  openCounter(options?: BrowserContextOptions): Promise<Page>;
  /** The counter's link to the hall cut at the hall's side (the proxy unplugged), once `page`'s banner says so. */
  linkDown(page: Page): Promise<void>;
  /** The link back, once `page`'s banner is gone and the screens' fetches after it are done. */
  linkBack(page: Page): Promise<void>;
}

/** How many times the page says that the counter's link to the hall is down (the banner's words, in either language): once is right. */
export const linkFaultSaid = (page: Page): Promise<number> =>
  page.evaluate(() => document.body.innerText.match(/Sem ligação ao servidor da sala|No link to the hall server/g)?.length ?? 0);

/**
 * A layout spec's world, started before its tests and stopped after: the real hall behind a fault proxy
 * (hallBehindProxy `name`), a counter linked to it, Chromium and, with `printer`, the printer emulator set up as the
 * receipts printer of the counter's terminal (as the hall's admin does).
 */
export function counterSuite(name: string, options: { printer?: boolean } = {}): CounterSuite {
  let setup: ProxiedCounter | undefined;
  let browser: Browser | undefined;
  let emulator: PrinterEmulator | undefined;
  beforeAll(async () => {
    [setup, browser, emulator] = await Promise.all([
      hallBehindProxy(name),
      launchChromium(),
      options.printer ? startPrinterEmulator({ host: '127.0.0.1', port: 0 }) : Promise.resolve(undefined),
    ]);
    const hall = setup;
    if (emulator) await configureReceiptsPrinter({ call: (channel: string, input: unknown, token?: string) => callHall(hall, channel, input, token) } as unknown as RunningKiosk, emulator.port);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await setup?.close();
    await emulator?.close();
  });
  const started = <T>(what: T | undefined, called: string): T => {
    if (what === undefined) throw new Error(`${called} is not started (used outside a test, or ${called === 'emulator' ? 'without printer' : 'its start failed'})`);
    return what;
  };
  return {
    get setup() {
      return started(setup, 'setup');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get emulator() {
      return started(emulator, 'emulator');
    },
    async openCounter(options = {}) {
      const hall = started(setup, 'setup');
      const page = await (await started(browser, 'browser').newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, ...options })).newPage();
      await page.goto(`${hall.counter.url}/#token=${hall.counterToken}`);
      await page.getByTestId('login-username').waitFor();
      return page;
    },
    async linkDown(page) {
      await started(setup, 'setup').proxy.unplug();
      await page.getByTestId('hall-link-down').waitFor({ timeout: 10_000 });
    },
    async linkBack(page) {
      await started(setup, 'setup').proxy.plug();
      await page.getByTestId('hall-link-down').waitFor({ state: 'detached', timeout: 10_000 });
      const rpc = recordRpc(page);
      await rpc.settle(400, 0, 5_000);
      rpc.stop();
    },
  };
}
