import { describe, expect, it } from 'vitest';
import {
  AUTOSTART_FILE,
  autostartEntry,
  autostartFileToWrite,
  desktopExecArg,
  devToolsOf,
  loginItemToSet,
  loginStartOf,
  mainWindowOptions,
} from './kiosk-mode.js';

const DEB_EXEC = '/opt/Bingo Kiosk/bingo-kiosk';
const linux = { platform: 'linux' as const, packaged: true, execPath: DEB_EXEC, env: {}, homeDir: '/home/caixa' };

describe('the counter\'s window', () => {
  it('is a full-screen kiosk with no menu bar, shown after its first paint', () => {
    const o = mainWindowOptions('/opt/app/dist/main/electron/preload.cjs', { packaged: true, devTools: false });
    expect(o).toMatchObject({ kiosk: true, fullscreen: true, autoHideMenuBar: true, show: false, title: 'Bingo Kiosk' });
    expect(o.webPreferences).toMatchObject({ preload: '/opt/app/dist/main/electron/preload.cjs', contextIsolation: true, sandbox: true, nodeIntegration: false, devTools: false });
  });

  it('never has developer tools in a package, even with --dev-tools; from the sources only when asked for', () => {
    expect(devToolsOf({ packaged: true, asked: true })).toBe(false);
    expect(devToolsOf({ packaged: true, asked: false })).toBe(false);
    expect(devToolsOf({ packaged: false, asked: false })).toBe(false);
    expect(devToolsOf({ packaged: false, asked: true })).toBe(true);
    expect(mainWindowOptions('/p/preload.cjs', { packaged: true, devTools: true }).webPreferences?.devTools).toBe(false);
    expect(mainWindowOptions('/p/preload.cjs', { packaged: false, devTools: true }).webPreferences?.devTools).toBe(true);
  });
});

describe('the start at login', () => {
  it('is never registered from the sources, nor on a platform the kiosk is not packaged for', () => {
    expect(loginStartOf({ ...linux, packaged: false })).toEqual({ kind: 'none' });
    expect(loginStartOf({ ...linux, platform: 'win32', packaged: false })).toEqual({ kind: 'none' });
    expect(loginStartOf({ ...linux, platform: 'darwin' })).toEqual({ kind: 'none' });
  });

  it('on Windows is the user\'s Run entry for the installed executable', () => {
    const exe = 'C:\\Program Files\\Bingo Kiosk\\Bingo Kiosk.exe';
    expect(loginStartOf({ ...linux, platform: 'win32', execPath: exe })).toEqual({ kind: 'login-item', settings: { openAtLogin: true, path: exe, args: [] } });
  });

  it('on Linux is an XDG autostart entry in the user\'s configuration folder, for the installed executable', () => {
    expect(loginStartOf(linux)).toEqual({ kind: 'xdg-autostart', file: `/home/caixa/.config/autostart/${AUTOSTART_FILE}`, text: autostartEntry(DEB_EXEC) });
    expect(loginStartOf({ ...linux, env: { XDG_CONFIG_HOME: '/srv/caixa/config' } })).toMatchObject({ file: '/srv/caixa/config/autostart/bingo-kiosk.desktop' });
    // A relative XDG_CONFIG_HOME is invalid (XDG base directories): ignored.
    expect(loginStartOf({ ...linux, env: { XDG_CONFIG_HOME: 'config' } })).toMatchObject({ file: '/home/caixa/.config/autostart/bingo-kiosk.desktop' });
  });

  it('from an AppImage starts the AppImage file, not its mount point of the day', () => {
    const start = loginStartOf({ ...linux, execPath: '/tmp/.mount_BingoKx1Y2/bingo-kiosk', env: { APPIMAGE: '/home/caixa/Bingo Kiosk-0.1.0.AppImage' } });
    expect(start).toMatchObject({ kind: 'xdg-autostart', text: expect.stringContaining('Exec="/home/caixa/Bingo Kiosk-0.1.0.AppImage"\n') });
  });

  it('writes a desktop entry a session starts: application, no terminal, enabled, marked as the kiosk\'s own', () => {
    expect(autostartEntry('/opt/kiosk/bingo-kiosk').split('\n')).toEqual([
      '[Desktop Entry]',
      'Type=Application',
      'Name=Bingo Kiosk',
      'Comment=Starts the kiosk when the session opens (Hidden=true turns it off)',
      'Exec=/opt/kiosk/bingo-kiosk',
      'Terminal=false',
      'X-GNOME-Autostart-enabled=true',
      'X-Bingo-Kiosk-Autostart=true',
      '',
    ]);
  });

  it('quotes the program in Exec as the Desktop Entry Specification says', () => {
    expect(desktopExecArg('/opt/kiosk/bingo-kiosk')).toBe('/opt/kiosk/bingo-kiosk');
    expect(desktopExecArg(DEB_EXEC)).toBe('"/opt/Bingo Kiosk/bingo-kiosk"');
    expect(desktopExecArg('/srv/100%/k')).toBe('/srv/100%%/k');
    expect(desktopExecArg('/srv/a$b/k')).toBe('"/srv/a\\\\$b/k"');
    // A literal backslash inside quotes is four in the file (quoting, then the string escape).
    expect(desktopExecArg('/srv/a\\b/k')).toBe('"/srv/a\\\\\\\\b/k"');
    expect(desktopExecArg('/srv/a"b/k')).toBe('"/srv/a\\\\"b/k"');
    expect(() => desktopExecArg('/srv/a\nExec=rm')).toThrow(TypeError);
  });

  it('writes the entry when there is none, brings its own up to date, and leaves one turned off or not its own', () => {
    const wanted = autostartEntry('/home/caixa/Bingo Kiosk-0.2.0.AppImage');
    const older = autostartEntry('/home/caixa/Bingo Kiosk-0.1.0.AppImage');
    expect(autostartFileToWrite(null, wanted)).toBe(wanted);
    expect(autostartFileToWrite(wanted, wanted)).toBeNull();
    expect(autostartFileToWrite(older, wanted)).toBe(wanted);
    expect(autostartFileToWrite(older.replace('\n', '\nHidden=true\n'), wanted)).toBeNull();
    expect(autostartFileToWrite(older.replace('X-GNOME-Autostart-enabled=true', 'X-GNOME-Autostart-enabled=false'), wanted)).toBeNull();
    expect(autostartFileToWrite('[Desktop Entry]\nType=Application\nExec=/usr/bin/other\n', wanted)).toBeNull();
  });

  it('on Windows sets the Run entry only when there is none: one turned off in the Task Manager stays off', () => {
    const start = loginStartOf({ ...linux, platform: 'win32', execPath: 'C:\\K\\k.exe' });
    expect(loginItemToSet(start, { openAtLogin: false })).toEqual({ openAtLogin: true, path: 'C:\\K\\k.exe', args: [] });
    expect(loginItemToSet(start, { openAtLogin: true })).toBeNull();
    expect(loginItemToSet(loginStartOf(linux), { openAtLogin: false })).toBeNull();
  });
});
