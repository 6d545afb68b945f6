import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import {
  APP_ORIGIN,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  BOARD_URL,
  CSP_DIRECTIVES,
  CUSTOMER_URL,
  KIOSK_URL,
  UsageError,
  appFileOf,
  appResourceOf,
  appResponseHeaders,
  boardDisplayOf,
  contentSecurityPolicy,
  isAllowedNavigation,
  isBoardPage,
  isChannelAllowedForPage,
  isCustomerPage,
  isBlockedKey,
  isTrustedSender,
  mayCloseWindow,
  parseArgs,
  asksVersion,
  receivesEvents,
  secondScreensOf,
  webPreferences,
  webPreferencesWithoutBridge,
  windowOpenHandler,
  withContentSecurityPolicy,
} from './policy.js';

const INDEX = 'app://kiosk/index.html';
// What the kiosk loaded before issue 12: refused now.
const FILE_INDEX = 'file:///opt/kiosk/resources/app.asar/dist/renderer/index.html';
const ROOT = '/opt/kiosk/resources/app.asar/dist/renderer';
const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

const refusal = (url: string) => {
  const r = appResourceOf(url);
  return r.ok ? `served as ${r.path}` : r.reason;
};

describe('the app:// scheme', () => {
  it('is app://kiosk, and the windows load its index and board pages', () => {
    expect(APP_SCHEME).toBe('app');
    expect(APP_ORIGIN).toBe('app://kiosk');
    expect(KIOSK_URL).toBe('app://kiosk/');
    expect(BOARD_URL).toBe('app://kiosk/display.html');
  });

  it('is standard, secure and fetchable, and never bypasses the CSP, opens CORS or runs service workers', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, supportFetchAPI: true });
    expect(Object.isFrozen(APP_SCHEME_PRIVILEGES)).toBe(true);
  });

  it('answers with its content type, our CSP, no sniffing and no caching', () => {
    expect(appResponseHeaders(HTML)).toEqual({
      'Content-Type': HTML,
      'Content-Security-Policy': contentSecurityPolicy(),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
  });
});

describe('appResourceOf: the file an app://kiosk/ URL names', () => {
  it('serves index.html at the root, with or without the slash, query or hash', () => {
    const index = { ok: true, path: 'index.html', contentType: HTML };
    expect(appResourceOf('app://kiosk/')).toEqual(index);
    expect(appResourceOf('app://kiosk')).toEqual(index);
    expect(appResourceOf('app://kiosk/?x=1#/sale')).toEqual(index);
    expect(appResourceOf('app://kiosk#token=abc')).toEqual(index);
    expect(appResourceOf(INDEX)).toEqual(index);
  });

  it('serves the hall board at /display and /display.html', () => {
    const board = { ok: true, path: 'display.html', contentType: HTML };
    expect(appResourceOf('app://kiosk/display')).toEqual(board);
    expect(appResourceOf('app://kiosk/display#token=abc')).toEqual(board);
    expect(appResourceOf(BOARD_URL)).toEqual(board);
  });

  it('serves the built assets with their content types', () => {
    expect(appResourceOf('app://kiosk/assets/main-n7OLc7T8.js')).toEqual({
      ok: true,
      path: 'assets/main-n7OLc7T8.js',
      contentType: JS,
    });
    expect(appResourceOf('app://kiosk/assets/main-CD__zQpR.css')).toMatchObject({ contentType: 'text/css; charset=utf-8' });
    expect(appResourceOf('app://kiosk/assets/logo.svg')).toMatchObject({ contentType: 'image/svg+xml' });
    expect(appResourceOf('app://kiosk/assets/DejaVuSans.woff2')).toMatchObject({ contentType: 'font/woff2' });
    expect(appResourceOf('app://kiosk/assets/board.png')).toMatchObject({ contentType: 'image/png' });
    // Escaped plain letters are the same file.
    expect(appResourceOf('app://kiosk/%61ssets/main.js')).toMatchObject({ ok: true, path: 'assets/main.js' });
  });

  it('refuses other schemes, file:// first of all', () => {
    for (const url of [
      FILE_INDEX,
      'file:///etc/passwd',
      'http://127.0.0.1:5173/index.html',
      'https://kiosk/index.html',
      'APP://kiosk/index.html',
      'app:kiosk/index.html',
      'app:/kiosk/index.html',
      'javascript:alert(1)',
      'data:text/html,x',
      'blob:app://kiosk/1234',
      'about:blank',
      'index.html',
      '',
    ]) {
      expect([url, refusal(url)]).toEqual([url, 'not-app-scheme']);
    }
  });

  it('refuses unknown hosts, credentials, ports and lookalikes', () => {
    for (const url of [
      'app://evil/index.html',
      'app:///index.html',
      'app:///etc/passwd',
      'app://KIOSK/index.html',
      'app://kiosk.evil.example/index.html',
      'app://kiosk:80/index.html',
      'app://kiosk@evil/index.html',
      'app://evil@kiosk/index.html',
      'app://user:pw@kiosk/index.html',
      'app://kiosk%2fevil/index.html',
      'app://kiosk\\..\\..\\etc\\passwd',
    ]) {
      expect([url, refusal(url)]).toEqual([url, 'unknown-host']);
    }
  });

  it('refuses .. and . segments', () => {
    for (const url of [
      'app://kiosk/../../../etc/passwd',
      'app://kiosk/..',
      'app://kiosk/assets/../index.html',
      'app://kiosk/assets/../../package.json',
      'app://kiosk/./index.html',
      'app://kiosk/../index.html?x=1',
    ]) {
      expect([url, refusal(url)]).toEqual([url, 'traversal']);
    }
  });

  it('refuses percent-encoded dot segments (%2e%2e, .%2e, %2E.)', () => {
    for (const url of [
      'app://kiosk/%2e%2e/%2e%2e/etc/passwd',
      'app://kiosk/%2E%2E/secret.txt',
      'app://kiosk/.%2e/secret.txt',
      'app://kiosk/%2E./secret.txt',
      'app://kiosk/assets/%2e%2e/%2e%2e/package.json',
      'app://kiosk/%2e/index.html',
    ]) {
      expect([url, refusal(url)]).toEqual([url, 'traversal']);
    }
  });

  it('refuses backslashes, plain or encoded', () => {
    for (const url of [
      'app://kiosk/..\\..\\secret.txt',
      'app://kiosk/assets\\index.html',
      'app://kiosk/..%5c..%5csecret.txt',
      'app://kiosk/..%5C..%5Csecret.txt',
      'app://kiosk/%5cetc%5cpasswd',
    ]) {
      expect([url, refusal(url)]).toEqual([url, 'backslash']);
    }
  });

  it('refuses encoded slashes that would hide a separator', () => {
    for (const url of ['app://kiosk/..%2f..%2fsecret.txt', 'app://kiosk/..%2F..%2Fsecret.txt', 'app://kiosk/%2fetc%2fpasswd']) {
      expect([url, refusal(url)]).toEqual([url, 'encoded-separator']);
    }
  });

  it('refuses absolute paths: an empty first segment or a drive letter', () => {
    for (const url of [
      'app://kiosk//etc/passwd',
      'app://kiosk///etc/passwd',
      'app://kiosk/C:/Windows/win.ini',
      'app://kiosk/c:/boot.ini',
      'app://kiosk/C%3A/Windows/win.ini',
      'app://kiosk/assets/D:secret.txt',
    ]) {
      expect([url, refusal(url)]).toEqual([url, 'absolute']);
    }
  });

  it('refuses NUL, however it is escaped', () => {
    for (const url of ['app://kiosk/index.html%00.png', 'app://kiosk/%00', 'app://kiosk/assets/main.js%00']) {
      expect([url, refusal(url)]).toEqual([url, 'nul']);
    }
  });

  it('refuses malformed escapes instead of throwing', () => {
    expect(refusal('app://kiosk/%E0%A4%A.html')).toBe('bad-escape');
    expect(refusal('app://kiosk/%zz.html')).toBe('bad-escape');
  });

  it('refuses names that are not plain: dotfiles, empty segments, spaces, colons, devices, other characters', () => {
    for (const url of [
      'app://kiosk/.env',
      'app://kiosk/assets/.hidden.js',
      'app://kiosk/assets//main.js',
      'app://kiosk/assets/',
      'app://kiosk/my%20file.html',
      'app://kiosk/index.html::$DATA',
      'app://kiosk/index.html%3A%3A%24DATA',
      'app://kiosk/CON.js',
      'app://kiosk/assets/nul.html',
      'app://kiosk/com1',
      'app://kiosk/%C3%ADndice.html',
      'app://kiosk/a%0Ab.html',
      'app://kiosk/~root.html',
    ]) {
      expect([url, refusal(url)]).toEqual([url, 'bad-name']);
    }
  });

  it('refuses what the build does not emit: no extension, unknown extensions, source maps, folders', () => {
    for (const url of [
      'app://kiosk/assets',
      'app://kiosk/sale',
      'app://kiosk/index.htm',
      'app://kiosk/INDEX.HTML',
      'app://kiosk/index.html.',
      'app://kiosk/assets/main.js.map',
      'app://kiosk/app.exe',
      'app://kiosk/kiosk.sqlite',
      'app://kiosk/constructor',
      'app://kiosk/__proto__',
      'app://kiosk/hasOwnProperty',
    ]) {
      expect([url, refusal(url)]).toEqual([url, 'unknown-type']);
    }
  });

  it('refuses what is not a string, without throwing', () => {
    expect(appResourceOf(undefined as unknown as string)).toEqual({ ok: false, reason: 'not-app-scheme' });
    expect(appResourceOf(42 as unknown as string)).toEqual({ ok: false, reason: 'not-app-scheme' });
  });
});

describe('appFileOf: the file inside the renderer folder', () => {
  it('joins the served path to the folder', () => {
    expect(appFileOf('app://kiosk/', ROOT)).toEqual({ ok: true, file: join(ROOT, 'index.html'), contentType: HTML });
    expect(appFileOf('app://kiosk/display', ROOT)).toEqual({ ok: true, file: join(ROOT, 'display.html'), contentType: HTML });
    expect(appFileOf('app://kiosk/assets/main-n7OLc7T8.js', ROOT)).toEqual({
      ok: true,
      file: join(ROOT, 'assets', 'main-n7OLc7T8.js'),
      contentType: JS,
    });
    expect(appFileOf('app://kiosk/index.html', `${ROOT}/`)).toMatchObject({ file: join(ROOT, 'index.html') });
  });

  it('passes every refusal on, and never names a file outside the folder', () => {
    for (const url of [
      'app://kiosk/../package.json',
      'app://kiosk/%2e%2e/package.json',
      'app://kiosk/..%5cpackage.json',
      'app://kiosk/..%2fpackage.json',
      'app://kiosk//etc/passwd',
      'app://kiosk/index.html%00.png',
      'app://evil/index.html',
      FILE_INDEX,
    ]) {
      const target = appFileOf(url, ROOT);
      expect([url, target.ok]).toEqual([url, false]);
    }
  });

  it('requires an absolute renderer folder', () => {
    expect(() => appFileOf(INDEX, 'dist/renderer')).toThrow(new TypeError('renderer folder must be absolute: dist/renderer'));
    expect(() => appFileOf(INDEX, '')).toThrow(TypeError);
  });
});

describe('isAllowedNavigation', () => {
  it('allows the pages and files app://kiosk serves, with query and hash', () => {
    expect(isAllowedNavigation(KIOSK_URL)).toBe(true);
    expect(isAllowedNavigation(INDEX)).toBe(true);
    expect(isAllowedNavigation(`${INDEX}#/sale`)).toBe(true);
    expect(isAllowedNavigation(`${INDEX}?screen=display`)).toBe(true);
    expect(isAllowedNavigation(BOARD_URL)).toBe(true);
    expect(isAllowedNavigation('app://kiosk/display')).toBe(true);
    expect(isAllowedNavigation('app://kiosk/assets/logo.svg')).toBe(true);
  });

  it('refuses file://, the renderer folder included', () => {
    expect(isAllowedNavigation(FILE_INDEX)).toBe(false);
    expect(isAllowedNavigation('file:///opt/kiosk/resources/app.asar/dist/renderer/display.html')).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd')).toBe(false);
    expect(isAllowedNavigation('file://server/share/index.html')).toBe(false);
  });

  it('refuses traversal and other hosts of app://', () => {
    expect(isAllowedNavigation('app://kiosk/../../etc/passwd')).toBe(false);
    expect(isAllowedNavigation('app://kiosk/%2e%2e/secret.txt')).toBe(false);
    expect(isAllowedNavigation('app://evil/index.html')).toBe(false);
    expect(isAllowedNavigation('app://kiosk.evil/index.html')).toBe(false);
    expect(isAllowedNavigation('app://kiosk@evil/index.html')).toBe(false);
  });

  it('refuses every other scheme, a dev server included', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(document.domain)',
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      `blob:${INDEX}`,
      `filesystem:${INDEX}`,
      'about:blank',
      'chrome://settings',
      'devtools://devtools/bundled/inspector.html',
      'http://127.0.0.1:5173/',
      'http://evil.example/',
      'https://evil.example/index.html',
      'mailto:someone@example.com',
    ]) {
      expect([url, isAllowedNavigation(url)]).toEqual([url, false]);
    }
  });

  it('refuses empty, relative and unparsable targets', () => {
    expect(isAllowedNavigation('')).toBe(false);
    expect(isAllowedNavigation('index.html')).toBe(false);
    expect(isAllowedNavigation('/etc/passwd')).toBe(false);
    expect(isAllowedNavigation('::::')).toBe(false);
  });
});

describe('isTrustedSender', () => {
  it('trusts the main frame showing a page of app://kiosk', () => {
    expect(isTrustedSender(KIOSK_URL, true)).toBe(true);
    expect(isTrustedSender(`${INDEX}#/caixa`, true)).toBe(true);
    expect(isTrustedSender(BOARD_URL, true)).toBe(true);
  });

  it('never trusts a sub-frame, even one showing our app', () => {
    expect(isTrustedSender(INDEX, false)).toBe(false);
  });

  it('does not trust a frame that is gone or has no URL', () => {
    expect(isTrustedSender(null, true)).toBe(false);
    expect(isTrustedSender(undefined, true)).toBe(false);
    expect(isTrustedSender('', true)).toBe(false);
    expect(isTrustedSender('about:blank', true)).toBe(false);
  });

  it('does not trust foreign pages, file:// ones included', () => {
    expect(isTrustedSender('http://evil.example/', true)).toBe(false);
    expect(isTrustedSender(FILE_INDEX, true)).toBe(false);
    expect(isTrustedSender('file:///etc/passwd', true)).toBe(false);
    expect(isTrustedSender('data:text/html,x', true)).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:5173/', true)).toBe(false);
    expect(isTrustedSender('app://evil/index.html', true)).toBe(false);
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
  const NO_POST = { post: null, terminalsPort: null, bind: null };
  const WATCH = { port: 5174, logDir: null, backupCopyDir: null, journalUrl: null };

  it('defaults to userData, no demo, no terminal', () => {
    expect(parseArgs([], none)).toEqual({ dataDir: null, demo: false, terminalId: null, devTools: false, post: NO_POST, customerDisplay: false, watch: WATCH });
  });

  it('reads every flag in both spellings', () => {
    expect(parseArgs(['--data-dir', '/srv/kiosk', '--demo', '--terminal', 'CAIXA-1'], none)).toEqual({
      dataDir: '/srv/kiosk',
      demo: true,
      terminalId: 'CAIXA-1',
      devTools: false,
      post: NO_POST,
      customerDisplay: false,
      watch: WATCH,
    });
    expect(parseArgs(['--dev-tools'], none).devTools).toBe(true);
    expect(parseArgs(['--data-dir=/srv/kiosk data', '--terminal=bar_2.a'], none)).toEqual({
      dataDir: '/srv/kiosk data',
      demo: false,
      terminalId: 'bar_2.a',
      devTools: false,
      post: NO_POST,
      customerDisplay: false,
      watch: WATCH,
    });
  });

  it('ignores the app path and Chromium switches Electron adds', () => {
    expect(
      parseArgs(['.', '--no-sandbox', '--allow-file-access-from-files', '--data-dir', 'd', '--enable-logging'], none),
    ).toEqual({ dataDir: 'd', demo: false, terminalId: null, devTools: false, post: NO_POST, customerDisplay: false, watch: WATCH });
    expect(parseArgs(['--data-directory=/x', '--demonstration', '--terminals=3'], none)).toEqual({
      dataDir: null,
      demo: false,
      devTools: false, terminalId: null,
      post: NO_POST,
      customerDisplay: false,
      watch: WATCH,
    });
  });

  it('reads the post\'s role for this start: --post, --terminals-port, --bind', () => {
    expect(parseArgs(['--post', 'hall', '--terminals-port=8443', '--bind', '192.168.1.10'], none).post).toEqual({ post: 'hall', terminalsPort: 8443, bind: '192.168.1.10' });
    expect(parseArgs(['--post=counter'], none).post).toEqual({ post: 'counter', terminalsPort: null, bind: null });
    expect(parseArgs(['--post', 'standalone'], none).post).toEqual({ post: 'standalone', terminalsPort: null, bind: null });
    // A port alone applies to a hall of post.json.
    expect(parseArgs(['--terminals-port', '7443'], none).post).toEqual({ post: null, terminalsPort: 7443, bind: null });
  });

  it('refuses a role, a port or an address it cannot use', () => {
    expect(() => parseArgs(['--post', 'server'], none)).toThrow(new UsageError('--post must be standalone, hall or counter: "server"'));
    expect(() => parseArgs(['--post'], none)).toThrow(new UsageError('--post needs a value'));
    expect(() => parseArgs(['--terminals-port', '0'], none)).toThrow(new UsageError('--terminals-port must be a port from 1 to 65535: "0"'));
    expect(() => parseArgs(['--terminals-port', '65536'], none)).toThrow(UsageError);
    expect(() => parseArgs(['--terminals-port', '1e3'], none)).toThrow(UsageError);
    expect(() => parseArgs(['--bind', 'a b'], none)).toThrow(new UsageError('--bind must be an address of this post: "a b"'));
    expect(() => parseArgs(['--post', 'counter', '--terminals-port', '7443'], none)).toThrow(new UsageError('--terminals-port and --bind are for --post hall'));
    expect(() => parseArgs(['--post', 'standalone', '--bind', '0.0.0.0'], none)).toThrow(UsageError);
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
      post: NO_POST,
      customerDisplay: false,
      watch: WATCH,
    });
  });

  it('prefers the flags over the environment', () => {
    expect(
      parseArgs(['--data-dir', '/cli', '--terminal', 'CLI'], { KIOSK_DATA_DIR: '/env', KIOSK_TERMINAL: 'ENV' }),
    ).toEqual({ dataDir: '/cli', demo: false, terminalId: 'CLI', devTools: false, post: NO_POST, customerDisplay: false, watch: WATCH });
  });

  it('treats empty environment values as unset and checks the terminal from it', () => {
    expect(parseArgs([], { KIOSK_DATA_DIR: '', KIOSK_TERMINAL: '' })).toEqual({
      dataDir: null,
      demo: false,
      devTools: false, terminalId: null,
      post: NO_POST,
      customerDisplay: false,
      watch: WATCH,
    });
    expect(parseArgs([], { KIOSK_DATA_DIR: '   ' }).dataDir).toBeNull();
    expect(() => parseArgs([], { KIOSK_TERMINAL: 'bad id' })).toThrow(
      new UsageError('KIOSK_TERMINAL must be 1 to 32 letters, digits, ".", "_" or "-": "bad id"'),
    );
  });

  it('reads the watched parts: --watch-port (or KIOSK_WATCH_PORT, off for none), --log-dir, --backup-copy-dir, --journal-url', () => {
    expect(parseArgs(['--watch-port', '9100', '--log-dir=/var/log/kiosk', '--backup-copy-dir', '/media/usb', '--journal-url', 'postgres://j@g/db'], none).watch).toEqual({
      port: 9100,
      logDir: '/var/log/kiosk',
      backupCopyDir: '/media/usb',
      journalUrl: 'postgres://j@g/db',
    });
    expect(parseArgs(['--watch-port=off'], none).watch.port).toBeNull();
    expect(parseArgs([], { KIOSK_WATCH_PORT: '9200' }).watch.port).toBe(9200);
    expect(parseArgs([], { KIOSK_WATCH_PORT: 'off' }).watch.port).toBeNull();
    expect(parseArgs([], { KIOSK_WATCH_PORT: '' }).watch.port).toBe(5174);
    expect(parseArgs(['--watch-port', '9300'], { KIOSK_WATCH_PORT: '9200' }).watch.port).toBe(9300);
    expect(() => parseArgs(['--watch-port', '0'], none)).toThrow(new UsageError('--watch-port must be a port from 1 to 65535, or off: "0"'));
    expect(() => parseArgs(['--watch-port', 'on'], none)).toThrow(UsageError);
    expect(() => parseArgs([], { KIOSK_WATCH_PORT: '70000' })).toThrow(new UsageError('KIOSK_WATCH_PORT must be a port from 1 to 65535, or off: "70000"'));
    expect(() => parseArgs(['--log-dir', ' '], none)).toThrow(new UsageError('--log-dir needs a value'));
    expect(() => parseArgs(['--backup-copy-dir'], none)).toThrow(new UsageError('--backup-copy-dir needs a value'));
  });

  it('hears --version wherever it is, and nothing like it', () => {
    expect(asksVersion(['.', '--no-sandbox', '--version'])).toBe(true);
    expect(asksVersion(['--version', '--data-dir', '/srv/kiosk'])).toBe(true);
    expect(asksVersion(['.', '--data-dir', '/srv/kiosk'])).toBe(false);
    expect(asksVersion(['--versions', '--version=1', '-v'])).toBe(false);
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
  it('is known by any URL that serves its page, whatever its query or hash', () => {
    expect(isBoardPage(BOARD_URL)).toBe(true);
    expect(isBoardPage('app://kiosk/display')).toBe(true);
    expect(isBoardPage('app://kiosk/display.html?x=1#y')).toBe(true);
    expect(isBoardPage('app://kiosk/%64isplay.html')).toBe(true);
    // A case-insensitive disk serves the board here too: it must not get the counter's channels.
    expect(isBoardPage('app://kiosk/Display.html')).toBe(true);
    expect(isBoardPage('app://kiosk/index.html#/display.html')).toBe(false);
    expect(isBoardPage(INDEX)).toBe(false);
    expect(isBoardPage(KIOSK_URL)).toBe(false);
    expect(isBoardPage('app://kiosk/notdisplay.html')).toBe(false);
    expect(isBoardPage('file:///opt/kiosk/dist/renderer/display.html')).toBe(false);
    expect(isBoardPage(null)).toBe(false);
    expect(isBoardPage('not a url')).toBe(false);
  });

  it('calls display.state only; the counter\'s app calls anything (roles are the contract\'s)', () => {
    for (const board of [BOARD_URL, 'app://kiosk/display']) {
      expect(isChannelAllowedForPage(board, 'display.state')).toBe(true);
      expect(isChannelAllowedForPage(board, 'display.token')).toBe(false);
      expect(isChannelAllowedForPage(board, 'sale.create')).toBe(false);
    }
    expect(isChannelAllowedForPage(INDEX, 'sale.create')).toBe(true);
    expect(isChannelAllowedForPage(KIOSK_URL, 'sale.create')).toBe(true);
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

describe('the customer display\'s window (issue 38)', () => {
  const d = (id: number, width: number, height: number, x = 0) => ({ id, bounds: { x, y: 0, width, height } });

  it('is known by any URL that serves its page, and calls no channel at all', () => {
    for (const url of [CUSTOMER_URL, 'app://kiosk/customer', 'app://kiosk/Customer.html?x#y', 'app://kiosk/%63ustomer.html']) {
      expect([url, isCustomerPage(url)]).toEqual([url, true]);
      for (const channel of ['display.state', 'sale.list', 'auth.login', 'session.current']) expect([url, channel, isChannelAllowedForPage(url, channel)]).toEqual([url, channel, false]);
    }
    for (const url of [INDEX, KIOSK_URL, BOARD_URL, 'app://kiosk/index.html#/customer.html', 'file:///opt/kiosk/dist/renderer/customer.html', null]) expect(isCustomerPage(url)).toBe(false);
    expect(appResourceOf('app://kiosk/customer')).toEqual({ ok: true, path: 'customer.html', contentType: HTML });
    expect(isAllowedNavigation(CUSTOMER_URL)).toBe(true);
  });

  it('is pushed no event (the board and the counter are)', () => {
    expect(receivesEvents(CUSTOMER_URL)).toBe(false);
    expect(receivesEvents('app://kiosk/customer')).toBe(false);
    expect(receivesEvents(KIOSK_URL)).toBe(true);
    expect(receivesEvents(BOARD_URL)).toBe(true);
    expect(receivesEvents('https://example.com/')).toBe(false);
  });

  it('has no preload, so no bridge, and the same lock-down otherwise', () => {
    const bare = webPreferencesWithoutBridge();
    expect('preload' in bare).toBe(false);
    const { preload, ...locked } = webPreferences('/p/preload.cjs');
    expect(preload).toBe('/p/preload.cjs');
    expect(bare).toEqual(locked);
    expect(webPreferencesWithoutBridge({ devTools: true }).devTools).toBe(true);
  });

  it('goes on the smallest other display with --customer-display, the board on the next; without it the board alone', () => {
    const counter = d(1, 1366, 768);
    const pole = d(2, 1024, 768, 1366);
    const wall = d(3, 1920, 1080, 2390);
    expect(secondScreensOf([counter, pole], 1, false)).toEqual({ board: pole, customer: null });
    expect(secondScreensOf([counter, pole], 1, true)).toEqual({ board: null, customer: pole });
    expect(secondScreensOf([counter, wall, pole], 1, true)).toEqual({ board: wall, customer: pole });
    expect(secondScreensOf([wall, counter, pole], 1, false)).toEqual({ board: wall, customer: null });
    // Two of the same size: the first listed is the customer's.
    const twin = d(4, 1024, 768, 3000);
    expect(secondScreensOf([counter, twin, pole], 1, true)).toEqual({ board: pole, customer: twin });
    expect(secondScreensOf([counter], 1, true)).toEqual({ board: null, customer: null });
    expect(secondScreensOf([counter, d(5, 0, 768)], 1, true)).toEqual({ board: null, customer: null });
    expect(secondScreensOf([], 1, true)).toEqual({ board: null, customer: null });
  });

  it('is asked for by --customer-display or KIOSK_CUSTOMER_DISPLAY=1', () => {
    expect(parseArgs(['--customer-display'], {}).customerDisplay).toBe(true);
    expect(parseArgs([], { KIOSK_CUSTOMER_DISPLAY: '1' }).customerDisplay).toBe(true);
    expect(parseArgs([], { KIOSK_CUSTOMER_DISPLAY: '0' }).customerDisplay).toBe(false);
    expect(() => parseArgs(['--customer-display=yes'], {})).toThrow(new UsageError('--customer-display takes no value'));
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
