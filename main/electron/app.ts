/**
 * Electron main process of the kiosk: one instance, one full-screen kiosk
 * window, the backend behind a single IPC channel. The decisions themselves
 * (what may load, who may call, CSP, arguments, what this post is) live in
 * policy.ts, ipc.ts, post.ts and post-start.ts where they are tested; this
 * file only wires them to Electron. The post (a standalone kiosk, the hall
 * server or a counter; at the first run, the choice) is post-start.ts's
 * openPost: its backend switches to the chosen post without a restart.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  powerMonitor,
  protocol,
  screen,
  session,
  type IpcMainInvokeEvent,
  type WebContents,
} from 'electron';
import { IPC_EVENT, IPC_RPC } from '../../core/bridge.js';
import { KioskError, refusalText } from '../../core/errors.js';
import type { KioskEvent } from '../../core/contract.js';
import type { Kiosk } from '../kiosk.js';
import { softwareLabel } from '../version.js';
import { openPost, type PostRuntime } from './post-start.js';
import { closeThenQuit } from './watch.js';
import { createRpcHandler, type SenderInfo } from './ipc.js';
import { autostartFileToWrite, loginItemToSet, loginStartOf, mainWindowOptions } from './kiosk-mode.js';
import {
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  appFileOf,
  asksVersion,
  appResponseHeaders,
  BOARD_URL,
  CUSTOMER_URL,
  isAllowedNavigation,
  isBlockedKey,
  KIOSK_URL,
  mayCloseWindow,
  parseArgs,
  receivesEvents,
  secondScreensOf,
  webPreferences,
  webPreferencesWithoutBridge,
  windowOpenHandler,
  withContentSecurityPolicy,
  type DisplayInfo,
  type KioskArgs,
} from './policy.js';

// Compiled layout: dist/main/electron/{app.js,preload.cjs}.
const HERE = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD_PATH = path.join(HERE, 'preload.cjs');

/**
 * The demo hall (main/demo/): compiled with the program by `npm run build`,
 * left out of a packaged kiosk (electron-builder.yml), so it is loaded by path.
 */
async function demoSeed(): Promise<(kiosk: Kiosk, now: Date) => Promise<unknown>> {
  const file = path.join(HERE, '..', 'demo', 'seed.js');
  try {
    const mod = (await import(pathToFileURL(file).href)) as { seedDemo: (kiosk: Kiosk, now: Date) => Promise<unknown> };
    return mod.seedDemo;
  } catch (error) {
    throw new Error(`--demo: the demo hall is only in a development build (${file}): ${errorText(error)}`);
  }
}

let mainWindow: BrowserWindow | null = null;
/** The hall board (art. 7.1) on the second display, when there is one. */
let boardWindow: BrowserWindow | null = null;
/** The customer display (issue 38) on the counter's second display, with `--customer-display`. */
let customerWindow: BrowserWindow | null = null;
let post: PostRuntime | null = null;
let stopEvents: (() => void) | null = null;

function start(): void {
  // A technician checking what a kiosk runs: answered before anything is opened (no window, no lock, no data folder).
  if (asksVersion(process.argv.slice(1))) {
    console.log(softwareLabel());
    app.exit(0);
    return;
  }
  let args: KioskArgs;
  try {
    // argv[0] is the executable; in development argv[1] is the app path, which parseArgs ignores.
    args = parseArgs(process.argv.slice(1), process.env);
  } catch (error) {
    console.error(errorText(error));
    app.exit(2);
    return;
  }

  // Two processes selling from the same serial sequence is never right.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  // Must run before 'ready': every renderer, present and future, is sandboxed.
  app.enableSandbox();

  // Before 'ready', or the scheme gets no origin of its own. Pages are served
  // from app://kiosk/, never file:// (its extra privileges are fused off).
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
  const rendererDir = path.join(app.getAppPath(), 'dist', 'renderer');

  app.on('second-instance', () => {
    if (mainWindow === null || mainWindow.isDestroyed()) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });

  // Applies to every web contents Electron creates, not only our window.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

  app.on('window-all-closed', () => app.quit());

  // A quit on purpose (a signal, the system shutting down) may close the window.
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('ready', () => powerMonitor.on('shutdown', () => (quitting = true)));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      quitting = true;
      app.quit();
    });
  }

  // The post closed in order before the process ends (watch.ts): its port, its shipper and copier, its kiosk, its log's last line.
  app.on('will-quit', (event) => {
    stopEvents?.();
    stopEvents = null;
    const open = post;
    if (open === null) return;
    post = null;
    event.preventDefault();
    void closeThenQuit(() => open.close(), () => app.exit(0));
  });

  app
    .whenReady()
    .then(() => onReady(args, rendererDir))
    .catch((error: unknown) => fatal('O quiosque não arrancou / The kiosk could not start', error));
}

async function onReady(args: KioskArgs, rendererDir: string): Promise<void> {
  Menu.setApplicationMenu(null);
  protocol.handle(APP_SCHEME, (request) => serveApp(request, rendererDir));

  const dataDir = path.resolve(args.dataDir ?? app.getPath('userData'));
  const seed = args.demo ? await demoSeed() : null;
  const opened = await openPost({
    dataDir,
    installed: true,
    args: args.post,
    kiosk: { ...(seed ? { seed } : {}), ...(args.terminalId !== null ? { terminalId: args.terminalId } : {}) },
    // Its log, /health and /metrics, backups copied off the machine, the group's journal: as the command line's posts (watch.ts).
    watch: args.watch,
  });
  post = opened;

  const ses = session.defaultSession;
  // A till has no use for camera, microphone, notifications, USB, HID, serial...
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) });
  });

  const rpc = createRpcHandler(opened);
  ipcMain.handle(IPC_RPC, (event, channel: unknown, input: unknown, meta: unknown) =>
    rpc(senderInfo(event), channel, input, meta),
  );

  stopEvents = opened.onEvent((event) => broadcast(event));

  mainWindow = createWindow(args.devTools);
  // Kiosk mode: the packaged kiosk starts again when the session opens. A failure here stops no sale.
  startAtLogin().catch((error: unknown) => console.warn('The start at login was not registered:', errorText(error)));
  await mainWindow.loadURL(KIOSK_URL);

  // The board and the customer display follow the other displays: opened when they are there, closed when they go.
  const place = () => placeSecondScreens(args.customerDisplay);
  place();
  screen.on('display-added', place);
  screen.on('display-removed', place);
  screen.on('display-metrics-changed', place);
}

/** Open, move or close the hall board's and the customer display's windows to match the displays now attached. */
function placeSecondScreens(customerDisplay: boolean): void {
  const targets = secondScreensOf(
    screen.getAllDisplays().map((d) => ({ id: d.id, bounds: d.bounds })),
    screen.getPrimaryDisplay().id,
    customerDisplay,
  );
  boardWindow = showReadOnly(boardWindow, targets.board, BOARD_URL, 'Painel da sala', true);
  // No preload: the customer display reads the sale screen on the app's BroadcastChannel and can call nothing.
  customerWindow = showReadOnly(customerWindow, targets.customer, CUSTOMER_URL, 'Ecrã do cliente', false);
}

/**
 * A read-only full-screen window on `target` (or none, closed, when there is no target): the window now there, returned
 * before its page has loaded, so that displays changing twice in a row never open it twice.
 */
function showReadOnly(current: BrowserWindow | null, target: DisplayInfo | null, url: string, title: string, bridge: boolean): BrowserWindow | null {
  const open = current && !current.isDestroyed() ? current : null;
  if (target === null) {
    open?.close();
    return null;
  }
  if (open) {
    open.setBounds(target.bounds);
    open.setFullScreen(true);
    return open;
  }
  const win = new BrowserWindow({
    ...target.bounds,
    fullscreen: true,
    frame: false,
    // Read-only: never takes the focus, a click or a key from the counter.
    focusable: false,
    skipTaskbar: true,
    show: false,
    title,
    backgroundColor: '#05070b',
    webPreferences: bridge ? webPreferences(PRELOAD_PATH, { devTools: false }) : webPreferencesWithoutBridge({ devTools: false }),
  });
  win.setMenu(null);
  win.setIgnoreMouseEvents(true);
  win.webContents.on('before-input-event', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.showInactive());
  win.on('closed', () => {
    if (boardWindow === win) boardWindow = null;
    if (customerWindow === win) customerWindow = null;
  });
  win.webContents.on('render-process-gone', () => {
    if (!win.isDestroyed()) win.webContents.reload();
  });
  win.loadURL(url).catch((error: unknown) => console.error(`${title}: the page did not load`, error));
  return win;
}

/** Set when the program quits on purpose (a signal, the system shutting down): only then may the kiosk window close. */
let quitting = false;

function createWindow(devTools: boolean): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(PRELOAD_PATH, { packaged: app.isPackaged, devTools }));
  win.setMenu(null);
  // Alt+F4 or the window manager's close: refused in kiosk mode (issue 12).
  win.on('close', (event) => {
    if (!mayCloseWindow({ quitting })) event.preventDefault();
  });
  // Windows ending the session (a shutdown) must not be held up by the kiosk.
  win.on('session-end', () => {
    quitting = true;
  });
  // Zoom, reload, DevTools, close and quit keys are swallowed; the zoom is held at 100 %.
  win.webContents.on('before-input-event', (event, input) => {
    if (isBlockedKey(input)) event.preventDefault();
  });
  void win.webContents.setVisualZoomLevelLimits(1, 1);
  win.webContents.on('zoom-changed', () => win.webContents.setZoomFactor(1));
  // Showing after the first paint avoids a white flash on the hall's screens.
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  win.webContents.on('render-process-gone', (_event, details) => {
    console.error('Renderer gone:', details.reason, details.exitCode);
    // An unattended till should come back by itself rather than stay blank.
    if (details.reason !== 'clean-exit' && !win.isDestroyed()) win.webContents.reload();
  });
  return win;
}

/** Register the start at login the policy gives this platform (kiosk-mode.ts), leaving one the technician turned off. */
async function startAtLogin(): Promise<void> {
  const start = loginStartOf({ platform: process.platform, packaged: app.isPackaged, execPath: process.execPath, env: process.env, homeDir: homedir() });
  if (start.kind === 'login-item') {
    const settings = loginItemToSet(start, app.getLoginItemSettings({ path: start.settings.path, args: start.settings.args }));
    if (settings) app.setLoginItemSettings(settings);
  } else if (start.kind === 'xdg-autostart') {
    const existing = await readFile(start.file, 'utf8').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
    const text = autostartFileToWrite(existing, start.text);
    if (text === null) return;
    await mkdir(path.dirname(start.file), { recursive: true });
    await writeFile(start.file, text, { mode: 0o644 });
  }
}

/**
 * The app:// handler: the file appFileOf names inside the renderer folder, or
 * 404 for anything it refuses or that is not there. Read here rather than
 * through file://, so the type and headers are ours.
 */
async function serveApp(request: Request, rendererDir: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
  const target = appFileOf(request.url, rendererDir);
  if (!target.ok) {
    console.warn('Refused app:// request', request.url, target.reason);
    return new Response(null, { status: 404 });
  }
  try {
    const body = await readFile(target.file);
    return new Response(body, { status: 200, headers: appResponseHeaders(target.contentType) });
  } catch {
    return new Response(null, { status: 404 });
  }
}

function hardenWebContents(contents: WebContents): void {
  const guard = (event: { url: string; preventDefault(): void }): void => {
    if (!isAllowedNavigation(event.url)) {
      event.preventDefault();
      console.warn('Blocked navigation to', event.url);
    }
  };
  contents.on('will-navigate', (event) => guard(event));
  // Covers iframes too (will-navigate only sees the main frame).
  contents.on('will-frame-navigate', (event) => guard(event));
  contents.on('will-redirect', (event) => guard(event));
  contents.setWindowOpenHandler(windowOpenHandler);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function senderInfo(event: IpcMainInvokeEvent): SenderInfo {
  try {
    const frame = event.senderFrame;
    if (frame === null) return { frameUrl: null, isMainFrame: false };
    // The sender must also be one of our own windows, not some other web contents.
    const ours = BrowserWindow.fromWebContents(event.sender) !== null;
    return { frameUrl: frame.url, isMainFrame: ours && frame.parent === null };
  } catch {
    // Reading a disposed frame can throw; an unknown sender is an untrusted one.
    return { frameUrl: null, isMainFrame: false };
  }
}

function broadcast(event: KioskEvent): void {
  for (const win of BrowserWindow.getAllWindows()) {
    if (win.isDestroyed()) continue;
    const contents = win.webContents;
    // Only pages of our app get pushes, never a page that somehow navigated away.
    if (contents.isDestroyed() || !receivesEvents(contents.getURL())) continue;
    contents.send(IPC_EVENT, event);
  }
}

function fatal(title: string, error: unknown): void {
  // A refusal (another program's database, a kiosk file set back, a full disk) in its words, pt-PT then English; only the unexpected with a stack.
  const text = refusalText(error);
  console.error(`${title}:`, error instanceof KioskError ? text : error);
  // The message box is what the operator sees on a kiosk with no console.
  dialog.showErrorBox(title, text);
  app.exit(1);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

start();
