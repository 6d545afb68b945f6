/** The installed program's watched parts as its arguments give them (watch.ts); parseArgs's reading of the flags is in policy.test.ts. */
import { describe, expect, it } from 'vitest';
import { closeThenQuit, DEFAULT_WATCH_PORT, defaultWatchPort, watchedValuesOf, watchPortOf } from './watch.js';

describe('the back-office port', () => {
  it('is a port from 1 to 65535, or off; nothing else', () => {
    expect(watchPortOf('9100')).toEqual({ port: 9100 });
    expect(watchPortOf('65535')).toEqual({ port: 65535 });
    expect(watchPortOf('off')).toEqual({ port: null });
    for (const bad of ['0', '65536', '', ' 80', '80 ', '1e3', '-1', 'OFF', '0x50']) expect(watchPortOf(bad)).toBeNull();
  });

  it('is browser mode’s unless KIOSK_WATCH_PORT names another, or off', () => {
    expect(DEFAULT_WATCH_PORT).toBe(5174);
    expect(defaultWatchPort({})).toEqual({ port: 5174 });
    expect(defaultWatchPort({ KIOSK_WATCH_PORT: '' })).toEqual({ port: 5174 });
    expect(defaultWatchPort({ KIOSK_WATCH_PORT: '9200' })).toEqual({ port: 9200 });
    expect(defaultWatchPort({ KIOSK_WATCH_PORT: 'off' })).toEqual({ port: null });
    expect(defaultWatchPort({ KIOSK_WATCH_PORT: 'nine' })).toBeNull();
  });
});

describe('the values the command line’s watched parts read', () => {
  it('names only what was given, so the environment (KIOSK_LOG_DIR...) and the defaults still apply', () => {
    expect(watchedValuesOf({ logDir: null, backupCopyDir: null, journalUrl: null })).toEqual({});
    expect(watchedValuesOf({ logDir: '/var/log/bingo', backupCopyDir: '/media/usb', journalUrl: 'postgres://h@g/db' })).toEqual({
      'log-dir': '/var/log/bingo',
      'backup-copy-dir': '/media/usb',
      'journal-url': 'postgres://h@g/db',
    });
  });
});

describe('the orderly stop', () => {
  it('quits once, after the post closed', async () => {
    const said: string[] = [];
    const how = await closeThenQuit(
      async () => {
        await new Promise((ok) => setTimeout(ok, 10));
        said.push('closed');
      },
      () => said.push('quit'),
      1_000,
    );
    expect(how).toBe('closed');
    expect(said).toEqual(['closed', 'quit']);
  });

  it('quits all the same when the close fails or hangs, the hang no longer than its limit', async () => {
    const quits: string[] = [];
    expect(await closeThenQuit(() => Promise.reject(new Error('disk')), () => quits.push('after failure'), 1_000)).toBe('failed');
    const started = Date.now();
    expect(await closeThenQuit(() => new Promise<void>(() => {}), () => quits.push('after hang'), 30)).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(quits).toEqual(['after failure', 'after hang']);
  });
});
