import { describe, it, expect } from 'vitest';
import {
  CSP_DIRECTIVES,
  UsageError,
  appOriginOf,
  boardDisplayOf,
  contentSecurityPolicy,
  isAllowedNavigation,
  isBoardPage,
  isChannelAllowedForPage,
  isBlockedKey,
  isTrustedSender,
  mayCloseWindow,
  parseArgs,
  webPreferences,
  windowOpenHandler,
  withContentSecurityPolicy,
} from './policy.js';

const FILE_APP = 'file:///opt/kiosk/resources/app.asar/dist/renderer/';
const INDEX = `${FILE_APP}index.html`;
const DEV = 'http://127.0.0.1:5173';

describe('appOriginOf', () => {
  it('gives the renderer folder for a file:// entry', () => {
    expect(appOriginOf(INDEX)).toBe(FILE_APP);
    expect(appOriginOf(`${INDEX}?x=1#/sale`)).toBe(FILE_APP);
  });

  it('gives the origin for an http(s) entry', () => {
    expect(appOriginOf('http://127.0.0.1:5173/index.html')).toBe(DEV);
    expect(appOriginOf('https://kiosk.example/app/')).toBe('https://kiosk.example');
  });

  it('refuses other schemes, UNC hosts, credentials and garbage', () => {
    expect(appOriginOf('javascript:alert(1)')).toBeNull();
    expect(appOriginOf('data:text/html,<h1>x</h1>')).toBeNull();
    expect(appOriginOf('file://server/share/index.html')).toBeNull();
    expect(appOriginOf('http://user:pw@127.0.0.1:5173/')).toBeNull();
    expect(appOriginOf('not a url')).toBeNull();
    expect(appOriginOf('')).toBeNull();
  });

  it('keeps the escaping of the folder as given', () => {
    expect(appOriginOf('file:///C:/Program%20Files/Bingo%20Kiosk/dist/renderer/index.html')).toBe(
      'file:///C:/Program%20Files/Bingo%20Kiosk/dist/renderer/',
    );
  });
});

describe('isAllowedNavigation with a file:// app', () => {
  it('allows pages inside the renderer folder, with query and hash', () => {
    expect(isAllowedNavigation(INDEX, FILE_APP)).toBe(true);
    expect(isAllowedNavigation(`${INDEX}#/sale`, FILE_APP)).toBe(true);
    expect(isAllowedNavigation(`${INDEX}?screen=display`, FILE_APP)).toBe(true);
    expect(isAllowedNavigation(`${FILE_APP}display.html`, FILE_APP)).toBe(true);
    expect(isAllowedNavigation(`${FILE_APP}assets/logo.svg`, FILE_APP)).toBe(true);
  });

  it('refuses the folder itself (a directory listing)', () => {
    expect(isAllowedNavigation(FILE_APP, FILE_APP)).toBe(false);
  });

  it('refuses other files on the disk', () => {
    expect(isAllowedNavigation('file:///etc/passwd', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('file:///opt/kiosk/resources/app.asar/package.json', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('file:///opt/kiosk/resources/app.asar/dist/renderer-evil/index.html', FILE_APP)).toBe(
      false,
    );
    expect(isAllowedNavigation('file:///opt/kiosk/resources/app.asar/dist/renderer', FILE_APP)).toBe(false);
  });

  it('refuses path traversal, plain or escaped', () => {
    expect(isAllowedNavigation(`${FILE_APP}../../../../../etc/passwd`, FILE_APP)).toBe(false);
    expect(isAllowedNavigation(`${FILE_APP}%2e%2e/%2e%2e/secret.txt`, FILE_APP)).toBe(false);
    expect(isAllowedNavigation(`${FILE_APP}..%2f..%2fsecret.txt`, FILE_APP)).toBe(false);
    expect(isAllowedNavigation(`${FILE_APP}..%2F..%2Fsecret.txt`, FILE_APP)).toBe(false);
    expect(isAllowedNavigation(`${FILE_APP}..%5c..%5csecret.txt`, FILE_APP)).toBe(false);
    expect(isAllowedNavigation(`${FILE_APP}index.html%00.png`, FILE_APP)).toBe(false);
    expect(isAllowedNavigation('file:///opt/kiosk/resources/app.asar/dist/renderer\\..\\..\\x', FILE_APP)).toBe(false);
  });

  it('allows traversal that ends up back inside the folder (the URL parser resolves it)', () => {
    expect(isAllowedNavigation(`${FILE_APP}assets/../index.html`, FILE_APP)).toBe(true);
  });

  it('refuses file URLs with a host (UNC shares)', () => {
    expect(isAllowedNavigation('file://evil.example/opt/kiosk/resources/app.asar/dist/renderer/index.html', FILE_APP)).toBe(
      false,
    );
  });

  it('refuses malformed escapes instead of throwing', () => {
    expect(isAllowedNavigation(`${FILE_APP}%E0%A4%A.html`, FILE_APP)).toBe(false);
  });

  it('compares escaped and unescaped spellings of the same file as equal', () => {
    const app = 'file:///opt/bingo%20kiosk/dist/renderer/';
    expect(isAllowedNavigation('file:///opt/bingo%20kiosk/dist/renderer/index.html', app)).toBe(true);
    expect(isAllowedNavigation('file:///opt/bingo kiosk/dist/renderer/index.html', app)).toBe(true);
    expect(isAllowedNavigation('file:///opt/bingo%2520kiosk/dist/renderer/index.html', app)).toBe(false);
  });

  it('ignores letter case on Windows drive paths only', () => {
    const win = 'file:///C:/Program%20Files/Bingo/dist/renderer/';
    expect(isAllowedNavigation('file:///c:/program%20files/bingo/dist/renderer/index.html', win)).toBe(true);
    expect(isAllowedNavigation('file:///D:/Program%20Files/Bingo/dist/renderer/index.html', win)).toBe(false);
    expect(isAllowedNavigation('file:///opt/KIOSK/resources/app.asar/dist/renderer/index.html', FILE_APP)).toBe(false);
  });

  it('refuses every other scheme', () => {
    expect(isAllowedNavigation('javascript:alert(1)', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('JavaScript:alert(document.domain)', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('data:text/html,<script>alert(1)</script>', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', FILE_APP)).toBe(false);
    expect(isAllowedNavigation(`blob:${INDEX}`, FILE_APP)).toBe(false);
    expect(isAllowedNavigation(`filesystem:${INDEX}`, FILE_APP)).toBe(false);
    expect(isAllowedNavigation('about:blank', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('chrome://settings', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('devtools://devtools/bundled/inspector.html', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('http://evil.example/', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('https://evil.example/index.html', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('mailto:someone@example.com', FILE_APP)).toBe(false);
  });

  it('refuses empty, relative and unparsable targets', () => {
    expect(isAllowedNavigation('', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('index.html', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('/etc/passwd', FILE_APP)).toBe(false);
    expect(isAllowedNavigation('::::', FILE_APP)).toBe(false);
  });
});

describe('isAllowedNavigation with an http app origin', () => {
  it('allows the same origin, any path', () => {
    expect(isAllowedNavigation('http://127.0.0.1:5173/', DEV)).toBe(true);
    expect(isAllowedNavigation('http://127.0.0.1:5173/index.html#/sale', DEV)).toBe(true);
    expect(isAllowedNavigation('http://127.0.0.1:5173/', `${DEV}/`)).toBe(true);
  });

  it('refuses other ports, schemes and hosts', () => {
    expect(isAllowedNavigation('http://127.0.0.1:5174/', DEV)).toBe(false);
    expect(isAllowedNavigation('https://127.0.0.1:5173/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://localhost:5173/', DEV)).toBe(false);
    expect(isAllowedNavigation('ws://127.0.0.1:5173/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://evil.example/', DEV)).toBe(false);
  });

  it('refuses lookalikes of the app origin', () => {
    expect(isAllowedNavigation('http://127.0.0.1.evil.com/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://127.0.0.1.evil.com:5173/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://127.0.0.1:5173.evil.com/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://127.0.0.1:5173@evil.com/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://evil.com#@127.0.0.1:5173/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://evil.com/?http://127.0.0.1:5173/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://evil.com/http://127.0.0.1:5173/', DEV)).toBe(false);
  });

  it('refuses URLs carrying credentials even on the right host', () => {
    expect(isAllowedNavigation('http://user@127.0.0.1:5173/', DEV)).toBe(false);
    expect(isAllowedNavigation('http://user:pw@127.0.0.1:5173/', DEV)).toBe(false);
  });

  it('refuses file:// and script URLs', () => {
    expect(isAllowedNavigation('file:///etc/passwd', DEV)).toBe(false);
    expect(isAllowedNavigation('javascript:location="http://127.0.0.1:5173/"', DEV)).toBe(false);
    expect(isAllowedNavigation('data:text/html,x', DEV)).toBe(false);
  });
});

describe('isAllowedNavigation fails closed on a bad app origin', () => {
  it('allows nothing when the app origin is not a supported origin', () => {
    for (const badOrigin of [
      '',
      'null',
      '*',
      'file:///',
      'file:///C:/',
      'file:///opt/kiosk/dist/renderer/index.html',
      'file:///opt/kiosk/dist/renderer',
      'file://server/share/',
      'http://127.0.0.1:5173/app/',
      'http://127.0.0.1:5173?x',
      'http://user@127.0.0.1:5173',
      'data:text/html,x',
      'javascript:',
    ]) {
      expect(isAllowedNavigation('file:///opt/kiosk/dist/renderer/index.html', badOrigin), badOrigin).toBe(false);
      expect(isAllowedNavigation('http://127.0.0.1:5173/', badOrigin), badOrigin).toBe(false);
      expect(isAllowedNavigation('file:///etc/passwd', badOrigin), badOrigin).toBe(false);
    }
  });
});

describe('isTrustedSender', () => {
  it('trusts the main frame showing our app', () => {
    expect(isTrustedSender(INDEX, FILE_APP, true)).toBe(true);
    expect(isTrustedSender(`${INDEX}#/caixa`, FILE_APP, true)).toBe(true);
    expect(isTrustedSender('http://127.0.0.1:5173/', DEV, true)).toBe(true);
  });

  it('never trusts a sub-frame, even one showing our app', () => {
    expect(isTrustedSender(INDEX, FILE_APP, false)).toBe(false);
  });

  it('does not trust a frame that is gone or has no URL', () => {
    expect(isTrustedSender(null, FILE_APP, true)).toBe(false);
    expect(isTrustedSender(undefined, FILE_APP, true)).toBe(false);
    expect(isTrustedSender('', FILE_APP, true)).toBe(false);
    expect(isTrustedSender('about:blank', FILE_APP, true)).toBe(false);
  });

  it('does not trust foreign pages', () => {
    expect(isTrustedSender('http://evil.example/', FILE_APP, true)).toBe(false);
    expect(isTrustedSender('file:///etc/passwd', FILE_APP, true)).toBe(false);
    expect(isTrustedSender('file:///tmp/index.html', FILE_APP, true)).toBe(false);
    expect(isTrustedSender('data:text/html,x', FILE_APP, true)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1.evil.com:5173/', DEV, true)).toBe(false);
  });
});

describe('windowOpenHandler', () => {
  it('denies every window, whatever is asked', () => {
    expect(windowOpenHandler()).toEqual({ action: 'deny' });
    expect(windowOpenHandler({ url: INDEX, frameName: '', features: '' })).toEqual({ action: 'deny' });
    expect(windowOpenHandler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
});

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy();
  const directives = new Map(
    csp.split('; ').map((part) => {
      const [name = '', ...values] = part.split(' ');
      return [name, values.join(' ')] as const;
    }),
  );

  it('is exactly this policy', () => {
    expect(csp).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; " +
        "connect-src 'self'; media-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; " +
        "worker-src 'none'; manifest-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it('has each directive once', () => {
    expect(directives.size).toBe(CSP_DIRECTIVES.length);
  });

  it('never allows inline script, eval or remote hosts', () => {
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('wasm-unsafe-eval');
    expect(csp).not.toContain('*');
    expect(csp).not.toContain('http:');
    expect(csp).not.toContain('https:');
    expect(csp).not.toContain('blob:');
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('default-src')).toBe("'self'");
  });

  it('shuts plugins, framing and base/form tricks', () => {
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('frame-src')).toBe("'none'");
  });
});

describe('withContentSecurityPolicy', () => {
  it('adds the CSP to responses without one', () => {
    expect(withContentSecurityPolicy({ 'Content-Type': ['text/html'] })).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [contentSecurityPolicy()],
    });
  });

  it('handles a response with no headers at all', () => {
    expect(withContentSecurityPolicy(undefined)).toEqual({ 'Content-Security-Policy': [contentSecurityPolicy()] });
  });

  it('replaces any CSP the response carried, in any letter case', () => {
    const out = withContentSecurityPolicy({
      'content-security-policy': ["script-src * 'unsafe-eval'"],
      'CONTENT-SECURITY-POLICY-REPORT-ONLY': ['default-src *'],
      'Content-Security-Policy': ["default-src 'unsafe-inline'"],
      'X-Other': 'single value',
    });
    expect(out).toEqual({
      'X-Other': ['single value'],
      'Content-Security-Policy': [contentSecurityPolicy()],
    });
  });

  it('does not modify the object it was given', () => {
    const original = { 'Content-Security-Policy': ['default-src *'], 'Content-Type': ['text/html'] };
    withContentSecurityPolicy(original);
    expect(original).toEqual({ 'Content-Security-Policy': ['default-src *'], 'Content-Type': ['text/html'] });
  });
});

describe('webPreferences', () => {
  it('locks the renderer down', () => {
    expect(webPreferences('/opt/kiosk/dist/main/electron/preload.cjs')).toEqual({
      preload: '/opt/kiosk/dist/main/electron/preload.cjs',
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
      devTools: false,
    });
  });

  it('turns developer tools on only when asked explicitly', () => {
    expect(webPreferences('/p/preload.cjs', { devTools: true }).devTools).toBe(true);
    expect(webPreferences('/p/preload.cjs', { devTools: false }).devTools).toBe(false);
    expect(webPreferences('/p/preload.cjs', {}).devTools).toBe(false);
  });

  it('requires an absolute preload path', () => {
    expect(() => webPreferences('preload.cjs')).toThrow(new TypeError('preload path must be absolute: preload.cjs'));
    expect(() => webPreferences('./dist/preload.cjs')).toThrow(TypeError);
    expect(() => webPreferences('')).toThrow(new TypeError('preload path must be absolute: '));
  });
});

describe('parseArgs', () => {
  const none = {};

  it('defaults to userData, no demo, no terminal', () => {
    expect(parseArgs([], none)).toEqual({ dataDir: null, demo: false, terminalId: null, devTools: false });
  });

  it('reads every flag in both spellings', () => {
    expect(parseArgs(['--data-dir', '/srv/kiosk', '--demo', '--terminal', 'CAIXA-1'], none)).toEqual({
      dataDir: '/srv/kiosk',
      demo: true,
      terminalId: 'CAIXA-1',
      devTools: false,
    });
    expect(parseArgs(['--dev-tools'], none).devTools).toBe(true);
    expect(parseArgs(['--data-dir=/srv/kiosk data', '--terminal=bar_2.a'], none)).toEqual({
      dataDir: '/srv/kiosk data',
      demo: false,
      terminalId: 'bar_2.a',
      devTools: false,
    });
  });

  it('ignores the app path and Chromium switches Electron adds', () => {
    expect(
      parseArgs(['.', '--no-sandbox', '--allow-file-access-from-files', '--data-dir', 'd', '--enable-logging'], none),
    ).toEqual({ dataDir: 'd', demo: false, terminalId: null, devTools: false });
    expect(parseArgs(['--data-directory=/x', '--demonstration', '--terminals=3'], none)).toEqual({
      dataDir: null,
      demo: false,
      devTools: false, terminalId: null,
    });
  });

  it('lets the last occurrence win', () => {
    expect(parseArgs(['--data-dir', '/a', '--data-dir=/b'], none).dataDir).toBe('/b');
  });

  it('does not take the next flag as a value', () => {
    expect(() => parseArgs(['--data-dir', '--demo'], none)).toThrow(new UsageError('--data-dir needs a value'));
    expect(() => parseArgs(['--terminal', '--demo'], none)).toThrow(new UsageError('--terminal needs a value'));
  });

  it('refuses missing or empty values', () => {
    expect(() => parseArgs(['--data-dir'], none)).toThrow(new UsageError('--data-dir needs a value'));
    expect(() => parseArgs(['--data-dir='], none)).toThrow(new UsageError('--data-dir needs a value'));
    expect(() => parseArgs(['--data-dir', '  '], none)).toThrow(new UsageError('--data-dir needs a value'));
    expect(() => parseArgs(['--terminal'], none)).toThrow(new UsageError('--terminal needs a value'));
    expect(() => parseArgs(['--terminal='], none)).toThrow(
      new UsageError('--terminal must be 1 to 32 letters, digits, ".", "_" or "-": ""'),
    );
  });

  it('refuses a value for --demo', () => {
    expect(() => parseArgs(['--demo=false'], none)).toThrow(new UsageError('--demo takes no value'));
  });

  it('refuses terminal ids that are not plain', () => {
    expect(() => parseArgs(['--terminal', 'caixa 1'], none)).toThrow(UsageError);
    expect(() => parseArgs(['--terminal', "x';DROP"], none)).toThrow(UsageError);
    expect(() => parseArgs(['--terminal', 'a'.repeat(33)], none)).toThrow(UsageError);
    expect(parseArgs(['--terminal', 'a'.repeat(32)], none).terminalId).toBe('a'.repeat(32));
  });

  it('falls back to KIOSK_DATA_DIR and KIOSK_TERMINAL', () => {
    expect(parseArgs([], { KIOSK_DATA_DIR: '/var/lib/kiosk', KIOSK_TERMINAL: 'T2' })).toEqual({
      dataDir: '/var/lib/kiosk',
      demo: false,
      devTools: false, terminalId: 'T2',
    });
  });

  it('prefers the flags over the environment', () => {
    expect(
      parseArgs(['--data-dir', '/cli', '--terminal', 'CLI'], { KIOSK_DATA_DIR: '/env', KIOSK_TERMINAL: 'ENV' }),
    ).toEqual({ dataDir: '/cli', demo: false, terminalId: 'CLI', devTools: false });
  });

  it('treats empty environment values as unset and checks the terminal from it', () => {
    expect(parseArgs([], { KIOSK_DATA_DIR: '', KIOSK_TERMINAL: '' })).toEqual({
      dataDir: null,
      demo: false,
      devTools: false, terminalId: null,
    });
    expect(parseArgs([], { KIOSK_DATA_DIR: '   ' }).dataDir).toBeNull();
    expect(() => parseArgs([], { KIOSK_TERMINAL: 'bad id' })).toThrow(
      new UsageError('KIOSK_TERMINAL must be 1 to 32 letters, digits, ".", "_" or "-": "bad id"'),
    );
  });

  it('raises UsageError instances', () => {
    let caught: unknown;
    try {
      parseArgs(['--data-dir'], none);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as Error).name).toBe('UsageError');
  });
});

describe('the hall board\'s window', () => {
  const APP_ORIGIN = 'file:///opt/kiosk/dist/renderer/';
  it('is known by its page, whatever its query or hash', () => {
    expect(isBoardPage(`${APP_ORIGIN}display.html`)).toBe(true);
    expect(isBoardPage(`${APP_ORIGIN}display.html?x=1#y`)).toBe(true);
    expect(isBoardPage('http://127.0.0.1:5173/display.html')).toBe(true);
    expect(isBoardPage(`${APP_ORIGIN}index.html#/display.html`)).toBe(false);
    expect(isBoardPage(`${APP_ORIGIN}index.html`)).toBe(false);
    expect(isBoardPage(`${APP_ORIGIN}notdisplay.html`)).toBe(false);
    expect(isBoardPage(null)).toBe(false);
    expect(isBoardPage('not a url')).toBe(false);
  });

  it('calls display.state only; the counter\'s app calls anything (roles are the contract\'s)', () => {
    expect(isChannelAllowedForPage(`${APP_ORIGIN}display.html`, 'display.state')).toBe(true);
    expect(isChannelAllowedForPage(`${APP_ORIGIN}display.html`, 'display.token')).toBe(false);
    expect(isChannelAllowedForPage(`${APP_ORIGIN}display.html`, 'sale.create')).toBe(false);
    expect(isChannelAllowedForPage(`${APP_ORIGIN}index.html`, 'sale.create')).toBe(true);
  });

  it('goes on the first display that is not the counter\'s, or nowhere', () => {
    const d = (id: number, x: number, width = 1920) => ({ id, bounds: { x, y: 0, width, height: 1080 } });
    expect(boardDisplayOf([d(1, 0), d(2, 1920)], 1)).toEqual(d(2, 1920));
    expect(boardDisplayOf([d(2, -1920), d(1, 0), d(3, 1920)], 1)).toEqual(d(2, -1920));
    expect(boardDisplayOf([d(1, 0)], 1)).toBeNull();
    expect(boardDisplayOf([d(1, 0), d(2, 1920, 0)], 1)).toBeNull();
    expect(boardDisplayOf([], 1)).toBeNull();
  });
});

describe('the kiosk window\'s keys and its close (issue 12)', () => {
  const key = (k: string, mods: Partial<{ control: boolean; meta: boolean; alt: boolean; type: string }> = {}) => ({
    type: 'keyDown',
    key: k,
    control: false,
    meta: false,
    alt: false,
    ...mods,
  });

  it('swallows zoom, reload, DevTools, close and quit keys', () => {
    for (const input of [
      key('+', { control: true }),
      key('-', { control: true }),
      key('=', { meta: true }),
      key('0', { control: true }),
      key('r', { control: true }),
      key('R', { meta: true }),
      key('F5'),
      key('F12'),
      key('I', { control: true }),
      key('w', { control: true }),
      key('q', { meta: true }),
      key('F4', { alt: true }),
    ]) {
      expect([input, isBlockedKey(input)]).toEqual([input, true]);
    }
  });

  it('lets typing and the counter\'s keys through', () => {
    for (const input of [key('1'), key('+'), key('-'), key('Enter'), key('Escape'), key('F4'), key('a', { control: true }), key('c', { control: true }), key('v', { control: true }), key('Tab'), key('+', { control: true, type: 'keyUp' })]) {
      expect([input, isBlockedKey(input)]).toEqual([input, false]);
    }
  });

  it('closes only when the program quits on purpose', () => {
    expect(mayCloseWindow({ quitting: false })).toBe(false);
    expect(mayCloseWindow({ quitting: true })).toBe(true);
  });
});
