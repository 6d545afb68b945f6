/**
 * Security policy of the Electron shell as pure functions, so that every rule
 * is unit-tested here: Electron's binary can never run on the build machines.
 * No runtime import of 'electron' in this file.
 *
 * The renderer is served by the privileged scheme `app://kiosk/` (never
 * file://, whose extra privileges the packaged kiosk switches off with a fuse).
 * `app://kiosk` is the one origin whose pages may load, navigate and call the
 * backend; every other URL is refused (fail closed).
 */
import { extname, isAbsolute, join, relative } from 'node:path';
import { CONTENT_TYPES } from '../../core/contentTypes.js';
import { isTerminalId } from '../../core/terminal.js';
import { postModeOf, type PostArgs } from './post.js';
import { defaultWatchPort, WATCH_FLAGS, watchPortOf, type WatchArgs } from './watch.js';

/** The custom scheme that serves the built renderer. */
export const APP_SCHEME = 'app';
/** Its one host: any other host is refused. */
const APP_HOST = 'kiosk';
/** The app's one origin. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Privileges of `app:` for `protocol.registerSchemesAsPrivileged`. standard:
 * relative URLs resolve and pages get a real origin (`'self'` in the CSP, ES
 * modules); secure: a secure context like https; supportFetchAPI: fetch() of
 * its own files. Never bypassCSP (our CSP must hold), corsEnabled (other
 * origins must not read it) or service workers.
 */
export const APP_SCHEME_PRIVILEGES: Readonly<{ standard: true; secure: true; supportFetchAPI: true }> = Object.freeze({
  standard: true,
  secure: true,
  supportFetchAPI: true,
});

/** The hall board's page (renderer/display.html), loaded in its own window on the second display. */
const BOARD_PAGE = 'display.html';
/**
 * The customer display's page (renderer/customer.html), in its own window on
 * the counter's second display when asked for (`--customer-display`). It has
 * no preload and may call no channel: it only listens to the sale screen on
 * the app's own origin (a BroadcastChannel, renderer/lib/customerDisplay.ts).
 */
const CUSTOMER_PAGE = 'customer.html';
/** What the counter's window loads (index.html). */
export const KIOSK_URL = `${APP_ORIGIN}/`;
/** What the hall board's window loads. */
export const BOARD_URL = `${APP_ORIGIN}/${BOARD_PAGE}`;
/** What the customer display's window loads. */
export const CUSTOMER_URL = `${APP_ORIGIN}/${CUSTOMER_PAGE}`;

/** Why an `app:` URL maps to no file. */
type AppUrlRefusal =
  | 'not-app-scheme'
  | 'unknown-host'
  | 'backslash'
  | 'encoded-separator'
  | 'bad-escape'
  | 'nul'
  | 'absolute'
  | 'traversal'
  | 'bad-name'
  | 'unknown-type';

/** An `app://kiosk/` URL's file, relative to the renderer folder ('/'-separated), or why there is none. */
type AppResource =
  | { ok: true; path: string; contentType: string }
  | { ok: false; reason: AppUrlRefusal };

/** The same, as an absolute file strictly inside the renderer folder. */
type AppFile = { ok: true; file: string; contentType: string } | { ok: false; reason: AppUrlRefusal };

/** Routes without a file name, as browser mode has them. */
const ROUTES: Readonly<Record<string, string>> = { '': 'index.html', display: BOARD_PAGE, customer: CUSTOMER_PAGE };

// Plain names only: no leading dot (dotfiles, '.', '..'), no spaces, colons or other separators.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
// Windows opens these as devices, whatever the folder or extension.
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * Which file of the renderer an `app://kiosk/<path>` URL names. Read from the
 * URL as written (not after a URL parser has resolved dot segments), so that
 * any attempt at traversal is refused rather than quietly normalised. Query
 * and hash are ignored. `app://kiosk/` is index.html, `app://kiosk/display`
 * the hall board.
 */
export function appResourceOf(url: string): AppResource {
  if (typeof url !== 'string' || !url.startsWith(`${APP_SCHEME}://`)) return { ok: false, reason: 'not-app-scheme' };
  const rest = url.slice(APP_SCHEME.length + 3);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  // Exact: no credentials, port, other letter case or lookalike (kiosk.evil, kiosk@evil).
  if (authority !== APP_HOST) return { ok: false, reason: 'unknown-host' };
  const afterAuthority = authorityEnd === -1 ? '' : rest.slice(authorityEnd);
  const pathEnd = afterAuthority.search(/[?#]/);
  const rawPath = pathEnd === -1 ? afterAuthority : afterAuthority.slice(0, pathEnd);

  const body = rawPath.startsWith('/') ? rawPath.slice(1) : rawPath;
  if (/\\|%5c/i.test(body)) return { ok: false, reason: 'backslash' };
  if (/%2f/i.test(body)) return { ok: false, reason: 'encoded-separator' };
  const segments: string[] = [];
  for (const raw of body === '' ? [] : body.split('/')) {
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return { ok: false, reason: 'bad-escape' };
    }
  }
  if (segments.some((s) => s.includes('\0'))) return { ok: false, reason: 'nul' };
  // `app://kiosk//etc/passwd`, `app://kiosk/C:/Windows/...`
  if (segments[0] === '' || segments.some((s) => /^[A-Za-z]:/.test(s))) return { ok: false, reason: 'absolute' };
  if (segments.some((s) => s === '.' || s === '..')) return { ok: false, reason: 'traversal' };
  if (segments.some((s) => !SEGMENT.test(s) || DEVICE_NAME.test(s))) return { ok: false, reason: 'bad-name' };

  const joined = segments.join('/');
  // Own keys only: `constructor` or `__proto__` must not reach Object.prototype.
  const path = (Object.hasOwn(ROUTES, joined) ? ROUTES[joined] : undefined) ?? joined;
  const ext = extname(path);
  const contentType = Object.hasOwn(CONTENT_TYPES, ext) ? CONTENT_TYPES[ext] : undefined;
  if (contentType === undefined) return { ok: false, reason: 'unknown-type' };
  return { ok: true, path, contentType };
}

/**
 * The absolute file an `app://kiosk/` URL names inside `rendererDir` (the built
 * renderer), checked once more after joining: nothing outside the folder is
 * ever named.
 */
export function appFileOf(url: string, rendererDir: string): AppFile {
  if (typeof rendererDir !== 'string' || !isAbsolute(rendererDir)) {
    throw new TypeError(`renderer folder must be absolute: ${String(rendererDir)}`);
  }
  const resource = appResourceOf(url);
  if (!resource.ok) return resource;
  const file = join(rendererDir, ...resource.path.split('/'));
  const inside = relative(rendererDir, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return { ok: false, reason: 'traversal' };
  return { ok: true, file, contentType: resource.contentType };
}

/** Headers of every `app:` answer: its type (never sniffed), our CSP, and no caching of a local file. */
export function appResponseHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  };
}

/**
 * Whether a window may navigate (or redirect) to `url`: only to a file that
 * `app://kiosk/` serves. file://, http(s), javascript:, data:, blob:, other
 * hosts and anything `appResourceOf` refuses are refused.
 */
export function isAllowedNavigation(url: string): boolean {
  return appResourceOf(url).ok;
}

/**
 * Whether an IPC message may reach the backend: it must come from a main frame
 * (never an iframe) that shows a page of `app://kiosk`.
 */
export function isTrustedSender(frameUrl: string | null | undefined, isMainFrame: boolean): boolean {
  if (isMainFrame !== true) return false;
  if (typeof frameUrl !== 'string' || frameUrl === '') return false;
  return isAllowedNavigation(frameUrl);
}

/** The one channel the board's window may call: it reads the board and nothing else. */
const BOARD_CHANNELS: readonly string[] = ['display.state'];

/**
 * Whether a frame shows the hall board: any `app:` URL that serves its page
 * (`/display`, `/display.html`, escaped or in another letter case), so no
 * spelling of it gets the counter's channels.
 */
export function isBoardPage(frameUrl: string | null | undefined): boolean {
  const resource = typeof frameUrl === 'string' ? appResourceOf(frameUrl) : null;
  return resource !== null && resource.ok && resource.path.toLowerCase() === BOARD_PAGE;
}

/** Whether a frame shows the customer display, however its URL is spelt (as isBoardPage). */
export function isCustomerPage(frameUrl: string | null | undefined): boolean {
  const resource = typeof frameUrl === 'string' ? appResourceOf(frameUrl) : null;
  return resource !== null && resource.ok && resource.path.toLowerCase() === CUSTOMER_PAGE;
}

/** May this page call this channel? The counter's app every channel (the contract checks roles); the board only its own; the customer display none. */
export function isChannelAllowedForPage(frameUrl: string | null | undefined, channel: string): boolean {
  if (isCustomerPage(frameUrl)) return false;
  return !isBoardPage(frameUrl) || BOARD_CHANNELS.includes(channel);
}

/** Whether a window showing `url` is pushed the kiosk's events: a page of the app, but never the customer display (it has no use for them). */
export function receivesEvents(url: string): boolean {
  return isAllowedNavigation(url) && !isCustomerPage(url);
}

export interface DisplayInfo {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
}

/**
 * Where the hall board goes (art. 7.1): the first display that is not the
 * counter's own (the primary), in the order the system lists them; none on a
 * counter with one screen (the board then runs in browser mode elsewhere).
 */
export function boardDisplayOf(displays: readonly DisplayInfo[], primaryId: number): DisplayInfo | null {
  return displays.find((d) => d.id !== primaryId && d.bounds.width > 0 && d.bounds.height > 0) ?? null;
}

/** What the displays other than the counter's own show: the hall board, the customer display, or nothing. */
interface SecondScreens {
  board: DisplayInfo | null;
  customer: DisplayInfo | null;
}

const area = (d: DisplayInfo): number => d.bounds.width * d.bounds.height;

/**
 * Where the board and the customer display go. Without `--customer-display`,
 * the board alone, as boardDisplayOf. With it, the customer display takes the
 * smallest of the other displays (the counter's small screen that faces the
 * customer; the first listed on a tie) and the board the first of the rest,
 * if any: on a counter with two screens the second one is the customer's.
 */
export function secondScreensOf(displays: readonly DisplayInfo[], primaryId: number, customerDisplay: boolean): SecondScreens {
  if (!customerDisplay) return { board: boardDisplayOf(displays, primaryId), customer: null };
  const others = displays.filter((d) => d.id !== primaryId && d.bounds.width > 0 && d.bounds.height > 0);
  const customer = others.reduce<DisplayInfo | null>((best, d) => (best === null || area(d) < area(best) ? d : best), null);
  return { board: others.find((d) => d !== customer) ?? null, customer };
}

/** `webContents.setWindowOpenHandler` decision: a kiosk never opens windows. */
export function windowOpenHandler(_details?: unknown): { action: 'deny' } {
  return { action: 'deny' };
}

/** CSP directives in order. No 'unsafe-inline' / 'unsafe-eval' anywhere. */
export const CSP_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  // Vite inlines small images and fonts as data: URIs.
  ['img-src', "'self' data:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['media-src', "'none'"],
  ['object-src', "'none'"],
  ['frame-src', "'none'"],
  ['child-src', "'none'"],
  ['worker-src', "'none'"],
  ['manifest-src', "'none'"],
  ['frame-ancestors', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
];

/** The Content-Security-Policy header value for every renderer page. */
export function contentSecurityPolicy(): string {
  return CSP_DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * Response headers with our CSP replacing any CSP the response carried (in any
 * letter case), so a served page cannot loosen it.
 */
export function withContentSecurityPolicy(
  headers: Readonly<Record<string, readonly string[] | string>> | undefined,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-security-policy' || lower === 'content-security-policy-report-only') continue;
    out[name] = typeof value === 'string' ? [value] : [...value];
  }
  out['Content-Security-Policy'] = [contentSecurityPolicy()];
  return out;
}

/** The subset of Electron's WebPreferences we set; every field is deliberate. */
interface SecureWebPreferences {
  readonly preload: string;
  readonly contextIsolation: true;
  readonly sandbox: true;
  readonly nodeIntegration: false;
  readonly nodeIntegrationInWorker: false;
  readonly nodeIntegrationInSubFrames: false;
  readonly webSecurity: true;
  readonly allowRunningInsecureContent: false;
  readonly experimentalFeatures: false;
  readonly webviewTag: false;
  readonly navigateOnDragDrop: false;
  readonly safeDialogs: true;
  readonly spellcheck: false;
  readonly devTools: boolean;
}

interface WebPreferencesOptions {
  /** Developer tools; off in the packaged kiosk. */
  devTools?: boolean;
}

/** BrowserWindow webPreferences for a renderer that only talks through the preload. */
export function webPreferences(preloadPath: string, options: WebPreferencesOptions = {}): SecureWebPreferences {
  // Electron silently ignores a relative preload path; fail loudly instead.
  if (typeof preloadPath !== 'string' || !isAbsolute(preloadPath)) {
    throw new TypeError(`preload path must be absolute: ${String(preloadPath)}`);
  }
  return { preload: preloadPath, ...webPreferencesWithoutBridge(options) };
}

/** The same for a page that talks to nothing (the customer display): no preload, so no `window.kiosk` at all. */
export function webPreferencesWithoutBridge(options: WebPreferencesOptions = {}): Omit<SecureWebPreferences, 'preload'> {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools === true,
  };
}

/** Command-line options of the Electron app. */
export interface KioskArgs {
  /** Data folder; null means Electron's userData. */
  dataDir: string | null;
  demo: boolean;
  terminalId: string | null;
  /** DevTools only when asked for by name (`--dev-tools`): never merely because the app is unpackaged. */
  devTools: boolean;
  /** `--post standalone|hall|counter`, `--terminals-port P`, `--bind ADDR`: this start's role over post.json (tests, a technician). */
  post: PostArgs;
  /** `--customer-display` (or KIOSK_CUSTOMER_DISPLAY=1): the customer display on the counter's second screen (secondScreensOf). */
  customerDisplay: boolean;
  /** `--watch-port`, `--log-dir`, `--backup-copy-dir`, `--journal-url`: the watched parts (watch.ts). */
  watch: WatchArgs;
}

/**
 * `--version` anywhere among the arguments: the program prints its name, version and commit (main/version.ts's
 * softwareLabel, as `bingo-caixa-kiosk --version` of the command line does) and exits, opening nothing.
 */
export function asksVersion(argv: readonly string[]): boolean {
  return argv.includes('--version');
}

/** A command-line mistake; the message is meant for the operator's console. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}


/**
 * Parse `--data-dir <dir>` / `--data-dir=<dir>`, `--demo`, `--terminal <id>` /
 * `--terminal=<id>`, `--post <role>`, `--terminals-port <P>`, `--bind <addr>`, `--customer-display`, and the watched parts'
 * `--watch-port`, `--log-dir`, `--backup-copy-dir`, `--journal-url` (watch.ts). Other arguments are ignored on purpose: Electron and
 * Chromium put their own switches and the app path in argv. The last
 * occurrence of a flag wins. Environment fallbacks: KIOSK_DATA_DIR,
 * KIOSK_TERMINAL, KIOSK_CUSTOMER_DISPLAY=1, KIOSK_WATCH_PORT.
 */
export function parseArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): KioskArgs {
  let dataDir: string | null = null;
  let terminalId: string | null = null;
  let demo = false;
  let devTools = false;
  let customerDisplay = false;
  const post: PostArgs = { post: null, terminalsPort: null, bind: null };
  const watched: Omit<WatchArgs, 'port'> = { logDir: null, backupCopyDir: null, journalUrl: null };
  let watchPort: { port: number | null } | null = null;

  const valueOf = (flag: string, index: number): { value: string; next: number } | null => {
    const arg = argv[index] ?? '';
    if (arg === flag) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return { value, next: index + 1 };
    }
    if (arg.startsWith(`${flag}=`)) return { value: arg.slice(flag.length + 1), next: index };
    return null;
  };

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--demo') {
      demo = true;
      continue;
    }
    if (arg.startsWith('--demo=')) throw new UsageError('--demo takes no value');
    if (arg === '--dev-tools') {
      devTools = true;
      continue;
    }
    if (arg === '--customer-display') {
      customerDisplay = true;
      continue;
    }
    if (arg.startsWith('--customer-display=')) throw new UsageError('--customer-display takes no value');

    const dir = valueOf('--data-dir', i);
    if (dir !== null) {
      if (dir.value.trim() === '') throw new UsageError('--data-dir needs a value');
      dataDir = dir.value;
      i = dir.next;
      continue;
    }

    const terminal = valueOf('--terminal', i);
    if (terminal !== null) {
      terminalId = checkTerminal(terminal.value, '--terminal');
      i = terminal.next;
      continue;
    }

    const role = valueOf('--post', i);
    if (role !== null) {
      post.post = postModeOf(role.value);
      if (post.post === null) throw new UsageError(`--post must be standalone, hall or counter: ${JSON.stringify(role.value)}`);
      i = role.next;
      continue;
    }

    const port = valueOf('--terminals-port', i);
    if (port !== null) {
      const n = /^\d{1,5}$/.test(port.value) ? Number(port.value) : NaN;
      if (!(n >= 1 && n <= 65535)) throw new UsageError(`--terminals-port must be a port from 1 to 65535: ${JSON.stringify(port.value)}`);
      post.terminalsPort = n;
      i = port.next;
      continue;
    }

    const bind = valueOf('--bind', i);
    if (bind !== null) {
      if (!/^[0-9A-Za-z.:-]{1,64}$/.test(bind.value)) throw new UsageError(`--bind must be an address of this post: ${JSON.stringify(bind.value)}`);
      post.bind = bind.value;
      i = bind.next;
      continue;
    }

    const watchAt = valueOf('--watch-port', i);
    if (watchAt !== null) {
      watchPort = watchPortOf(watchAt.value);
      if (watchPort === null) throw new UsageError(`--watch-port must be a port from 1 to 65535, or off: ${JSON.stringify(watchAt.value)}`);
      i = watchAt.next;
      continue;
    }

    for (const [flag, field] of Object.entries(WATCH_FLAGS) as [string, keyof typeof watched][]) {
      const given = valueOf(flag, i);
      if (given === null) continue;
      if (given.value.trim() === '') throw new UsageError(`${flag} needs a value`);
      watched[field] = given.value;
      i = given.next;
      break;
    }
  }
  if (post.post !== null && post.post !== 'hall' && (post.terminalsPort !== null || post.bind !== null)) {
    throw new UsageError('--terminals-port and --bind are for --post hall');
  }

  if (dataDir === null) {
    const fromEnv = env.KIOSK_DATA_DIR;
    if (fromEnv !== undefined && fromEnv.trim() !== '') dataDir = fromEnv;
  }
  if (terminalId === null) {
    const fromEnv = env.KIOSK_TERMINAL;
    if (fromEnv !== undefined && fromEnv !== '') terminalId = checkTerminal(fromEnv, 'KIOSK_TERMINAL');
  }
  if (env.KIOSK_CUSTOMER_DISPLAY === '1') customerDisplay = true;
  watchPort ??= defaultWatchPort(env);
  if (watchPort === null) throw new UsageError(`KIOSK_WATCH_PORT must be a port from 1 to 65535, or off: ${JSON.stringify(env.KIOSK_WATCH_PORT)}`);
  return { dataDir, demo, terminalId, devTools, post, customerDisplay, watch: { port: watchPort.port, ...watched } };
}

/** A keyboard event as Electron's before-input-event gives it (the fields used). */
interface KeyInput {
  type: string;
  key: string;
  control: boolean;
  meta: boolean;
  alt: boolean;
}

/**
 * Keys the kiosk window swallows (issue 12): zoom (Ctrl/Cmd with +, -, = or
 * 0), reload (F5, Ctrl/Cmd+R), DevTools (F12, Ctrl/Cmd+Shift+I), closing and
 * quitting (Alt+F4, Ctrl/Cmd+W, Ctrl/Cmd+Q). Typing and the counter's own
 * shortcuts pass.
 */
export function isBlockedKey(input: KeyInput): boolean {
  if (input.type !== 'keyDown' && input.type !== 'rawKeyDown') return false;
  const key = input.key.toLowerCase();
  const command = input.control || input.meta;
  if (command && ['+', '-', '=', '0', 'add', 'subtract', 'r', 'w', 'q', 'i'].includes(key)) return true;
  if (key === 'f5' || key === 'f12') return true;
  return input.alt && key === 'f4';
}

/**
 * May the kiosk window close? Only when the program is quitting on purpose
 * (the system shutting down, or a signal to stop): in kiosk mode Alt+F4 or a
 * window manager's close button is refused, so a cashier cannot leave the till.
 */
export function mayCloseWindow(state: { quitting: boolean }): boolean {
  return state.quitting;
}

function checkTerminal(value: string, source: string): string {
  // The id ends up in ledger account names and receipts: keep it plain.
  if (!isTerminalId(value)) {
    throw new UsageError(`${source} must be 1 to 32 letters, digits, ".", "_" or "-": ${JSON.stringify(value)}`);
  }
  return value;
}
