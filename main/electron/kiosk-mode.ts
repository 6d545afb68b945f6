/**
 * Kiosk mode of the packaged program as pure functions (tested in
 * kiosk-mode.test.ts; Electron's binary never runs on the build machines): the
 * counter's window (full screen, no menu, no way out), developer tools never
 * in a package, and the start at login. No runtime import of 'electron' here.
 */
import { isAbsolute, join } from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import { webPreferences } from './policy.js';

/** The product's name as electron-builder.yml's productName and the windows' title say it. */
export const PRODUCT_NAME = 'Bingo Kiosk';
/** The XDG autostart entry's file name (Linux), after electron-builder.yml's linux.executableName. */
export const AUTOSTART_FILE = 'bingo-kiosk.desktop';
/** The key that marks an autostart entry as the kiosk's own: one without it is someone else's, never rewritten. */
const OURS = 'X-Bingo-Kiosk-Autostart=true';

/**
 * Developer tools: only when asked for by name (`--dev-tools`) and never in a
 * packaged kiosk, where a till's screen must give no console to whoever sits
 * at it. A technician debugs a hall's problem from the sources.
 */
export function devToolsOf(o: { packaged: boolean; asked: boolean }): boolean {
  return !o.packaged && o.asked;
}

/**
 * The counter's window: kiosk mode (full screen, above the task bar, no way to
 * leave it by the window manager), no menu bar, shown after its first paint.
 */
export function mainWindowOptions(preloadPath: string, o: { packaged: boolean; devTools: boolean }): BrowserWindowConstructorOptions {
  return {
    kiosk: true,
    fullscreen: true,
    autoHideMenuBar: true,
    show: false,
    title: PRODUCT_NAME,
    backgroundColor: '#000000',
    webPreferences: webPreferences(preloadPath, { devTools: devToolsOf({ packaged: o.packaged, asked: o.devTools }) }),
  };
}

/** How this program starts when the session opens, by platform. */
export type LoginStart =
  /** Development (never registers itself), or a platform the kiosk is not packaged for. */
  | { kind: 'none' }
  /** Windows: the user's Run entry, by Electron's app.setLoginItemSettings. */
  | { kind: 'login-item'; settings: { openAtLogin: true; path: string; args: string[] } }
  /** Linux: an XDG autostart entry in the user's configuration folder (the deb and the AppImage alike). */
  | { kind: 'xdg-autostart'; file: string; text: string };

/**
 * The start at login of a packaged kiosk. On Linux the program to start is the
 * AppImage file itself when it runs from one (`APPIMAGE`: its execPath is a
 * mount point that changes at every start), else the installed executable.
 */
export function loginStartOf(o: {
  platform: NodeJS.Platform;
  packaged: boolean;
  execPath: string;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
}): LoginStart {
  if (!o.packaged) return { kind: 'none' };
  if (o.platform === 'win32') return { kind: 'login-item', settings: { openAtLogin: true, path: o.execPath, args: [] } };
  if (o.platform !== 'linux') return { kind: 'none' };
  const appImage = o.env.APPIMAGE;
  const program = appImage !== undefined && isAbsolute(appImage) ? appImage : o.execPath;
  // XDG base directories: a relative XDG_CONFIG_HOME is invalid and ignored.
  const configHome = o.env.XDG_CONFIG_HOME !== undefined && isAbsolute(o.env.XDG_CONFIG_HOME) ? o.env.XDG_CONFIG_HOME : join(o.homeDir, '.config');
  return { kind: 'xdg-autostart', file: join(configHome, 'autostart', AUTOSTART_FILE), text: autostartEntry(program) };
}

/**
 * An argument of a desktop entry's Exec key, quoted as the Desktop Entry
 * Specification says: the deb installs into "/opt/Bingo Kiosk/", with a space.
 */
export function desktopExecArg(arg: string): string {
  if (/[\n\r]/.test(arg)) throw new TypeError(`a desktop entry cannot start a path with a line break: ${JSON.stringify(arg)}`);
  const percent = arg.replaceAll('%', '%%');
  if (!/[\s"'\\><~|&;$*?#()`]/.test(percent)) return percent;
  // Inside double quotes: ", `, $ and \ take a backslash; the key's own escaping doubles every backslash again.
  const quoted = `"${percent.replace(/["`$\\]/g, (c) => `\\${c}`)}"`;
  return quoted.replaceAll('\\', '\\\\');
}

/** The kiosk's XDG autostart entry for `program`. */
export function autostartEntry(program: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${PRODUCT_NAME}`,
    'Comment=Starts the kiosk when the session opens (Hidden=true turns it off)',
    `Exec=${desktopExecArg(program)}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    OURS,
    '',
  ].join('\n');
}

/**
 * What to write to the autostart entry at a start, or null to leave it: the
 * kiosk's entry when there is none, or its own entry brought up to date (an
 * AppImage moved). An entry turned off (Hidden=true, or GNOME's switch off)
 * or not the kiosk's own is the technician's, never rewritten.
 */
export function autostartFileToWrite(existing: string | null, wanted: string): string | null {
  if (existing === null) return wanted;
  if (existing === wanted) return null;
  const lines = existing.split(/\r?\n/).map((l) => l.trim());
  if (!lines.includes(OURS)) return null;
  if (lines.some((l) => /^Hidden\s*=\s*true$/i.test(l) || /^X-GNOME-Autostart-enabled\s*=\s*false$/i.test(l))) return null;
  return wanted;
}

/**
 * Windows: the Run entry to set at a start, or null. Set only when there is
 * none: one turned off in the Task Manager is still there (only not approved),
 * and must stay off.
 */
export function loginItemToSet(start: LoginStart, current: { openAtLogin: boolean }): Extract<LoginStart, { kind: 'login-item' }>['settings'] | null {
  if (start.kind !== 'login-item' || current.openAtLogin) return null;
  return start.settings;
}
