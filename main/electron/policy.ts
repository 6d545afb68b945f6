/**
 * Security policy of the Electron shell as pure functions, so that every rule
 * is unit-tested here: Electron's binary can never run on the build machines.
 * No runtime import of 'electron' in this file.
 *
 * "App origin" means one of:
 * - an http(s) origin such as `http://127.0.0.1:5173` (a dev server), or
 * - the file:// URL of the renderer's folder, ending in `/`, such as
 *   `file:///opt/kiosk/resources/app.asar/dist/renderer/` (the packaged app).
 * `appOriginOf()` derives it from the URL the window loads. Anything else is
 * treated as "nothing is allowed" (fail closed).
 */
import { isAbsolute } from 'node:path';

/** The app origin for the entry URL a window loads, or null if unsupported. */
export function appOriginOf(entryUrl: string): string | null {
  const url = parseUrl(entryUrl);
  if (url === null) return null;
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    if (url.username !== '' || url.password !== '') return null;
    return url.origin;
  }
  if (url.protocol === 'file:') {
    // A host would be a UNC share (file://server/...) on Windows: never ours.
    if (url.host !== '') return null;
    const folder = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
    return `file://${folder}`;
  }
  return null;
}

/**
 * Whether a window may navigate (or redirect) to `url`. Only pages of our own
 * app: same http(s) origin, or a file inside the renderer folder. javascript:,
 * data:, blob:, other hosts and other files are refused.
 */
export function isAllowedNavigation(url: string, appOrigin: string): boolean {
  const target = parseUrl(url);
  const base = parseAppOrigin(appOrigin);
  if (target === null || base === null) return false;

  if (base.kind === 'http') {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
    // Credentials in a URL are only ever used to disguise the real host.
    if (target.username !== '' || target.password !== '') return false;
    return target.origin === base.origin;
  }

  if (target.protocol !== 'file:' || target.host !== '') return false;
  const targetPath = decodedFilePath(target.pathname);
  if (targetPath === null) return false;
  const inside = base.caseInsensitive
    ? targetPath.toLowerCase().startsWith(base.folder.toLowerCase())
    : targetPath.startsWith(base.folder);
  // The folder itself would show a directory listing, not the app.
  return inside && targetPath.length > base.folder.length;
}

/**
 * Whether an IPC message may reach the backend: it must come from a main frame
 * (never an iframe) that shows our own app.
 */
export function isTrustedSender(
  frameUrl: string | null | undefined,
  appOrigin: string,
  isMainFrame: boolean,
): boolean {
  if (isMainFrame !== true) return false;
  if (typeof frameUrl !== 'string' || frameUrl === '') return false;
  return isAllowedNavigation(frameUrl, appOrigin);
}

/** The hall board's page (renderer/display.html), loaded in its own window on the second display. */
export const BOARD_PAGE = 'display.html';
/** The one channel the board's window may call: it reads the board and nothing else. */
export const BOARD_CHANNELS: readonly string[] = ['display.state'];

/** Whether a trusted frame is the hall board's page (its path ends in display.html, query and hash aside). */
export function isBoardPage(frameUrl: string | null | undefined): boolean {
  const url = typeof frameUrl === 'string' ? parseUrl(frameUrl) : null;
  return url !== null && url.pathname.endsWith(`/${BOARD_PAGE}`);
}

/** May this page call this channel? The counter's app every channel (the contract checks roles); the board only its own. */
export function isChannelAllowedForPage(frameUrl: string | null | undefined, channel: string): boolean {
  return !isBoardPage(frameUrl) || BOARD_CHANNELS.includes(channel);
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
export interface SecureWebPreferences {
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

export interface WebPreferencesOptions {
  /** Developer tools; off in the packaged kiosk. */
  devTools?: boolean;
}

/** BrowserWindow webPreferences for a renderer that only talks through the preload. */
export function webPreferences(preloadPath: string, options: WebPreferencesOptions = {}): SecureWebPreferences {
  // Electron silently ignores a relative preload path; fail loudly instead.
  if (typeof preloadPath !== 'string' || !isAbsolute(preloadPath)) {
    throw new TypeError(`preload path must be absolute: ${String(preloadPath)}`);
  }
  return {
    preload: preloadPath,
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
}

/** A command-line mistake; the message is meant for the operator's console. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const TERMINAL_ID = /^[A-Za-z0-9._-]{1,32}$/;

/**
 * Parse `--data-dir <dir>` / `--data-dir=<dir>`, `--demo`, `--terminal <id>` /
 * `--terminal=<id>`. Other arguments are ignored on purpose: Electron and
 * Chromium put their own switches and the app path in argv. The last
 * occurrence of a flag wins. Environment fallbacks: KIOSK_DATA_DIR,
 * KIOSK_TERMINAL.
 */
export function parseArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): KioskArgs {
  let dataDir: string | null = null;
  let terminalId: string | null = null;
  let demo = false;
  let devTools = false;

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
    }
  }

  if (dataDir === null) {
    const fromEnv = env.KIOSK_DATA_DIR;
    if (fromEnv !== undefined && fromEnv.trim() !== '') dataDir = fromEnv;
  }
  if (terminalId === null) {
    const fromEnv = env.KIOSK_TERMINAL;
    if (fromEnv !== undefined && fromEnv !== '') terminalId = checkTerminal(fromEnv, 'KIOSK_TERMINAL');
  }
  return { dataDir, demo, terminalId, devTools };
}

/** A keyboard event as Electron's before-input-event gives it (the fields used). */
export interface KeyInput {
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
  if (!TERMINAL_ID.test(value)) {
    throw new UsageError(`${source} must be 1 to 32 letters, digits, ".", "_" or "-": ${JSON.stringify(value)}`);
  }
  return value;
}

// ---------------------------------------------------------------------------

type ParsedOrigin =
  | { kind: 'http'; origin: string }
  | { kind: 'file'; folder: string; caseInsensitive: boolean };

function parseAppOrigin(appOrigin: string): ParsedOrigin | null {
  if (typeof appOrigin !== 'string') return null;
  const url = parseUrl(appOrigin);
  if (url === null || url.search !== '' || url.hash !== '') return null;
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    // Only a bare origin (with or without the trailing slash) is accepted.
    if (url.pathname !== '/' || url.username !== '' || url.password !== '') return null;
    if (appOrigin !== url.origin && appOrigin !== `${url.origin}/`) return null;
    return { kind: 'http', origin: url.origin };
  }
  if (url.protocol === 'file:') {
    if (url.host !== '' || !url.pathname.endsWith('/')) return null;
    const folder = decodedFilePath(url.pathname);
    // The file-system root would allow every file: refuse it.
    if (folder === null || folder === '/' || /^\/[A-Za-z]:\/$/.test(folder)) return null;
    return { kind: 'file', folder, caseInsensitive: /^\/[A-Za-z]:\//.test(folder) };
  }
  return null;
}

/**
 * A file URL's path, percent-decoded so that Chromium's and Node's different
 * escaping of the same file compare equal; null when it hides a separator,
 * a NUL or a dot segment.
 */
function decodedFilePath(pathname: string): string | null {
  if (/%(2f|5c|00)/i.test(pathname) || pathname.includes('\\')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  return decoded;
}

function parseUrl(value: string): URL | null {
  if (typeof value !== 'string') return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
