/**
 * A full disk (issue 12), injected the way SQLite meets it: the database may
 * not grow (PRAGMA max_page_count at its size), so the next write that needs
 * a page fails with SQLITE_FULL. The kiosk stays up, refuses that write with
 * "disco cheio" and changes nothing, tells every screen (system.health and a
 * pushed event), and takes writes again by itself once there is room.
 *
 * Then a real full disk (issue 21): a small tmpfs mounted for the test (as
 * root; skipped where mount is not allowed), filled to the last block. A
 * kiosk restarted on it opens on its reserve (db/reserve.ts): people log in
 * and read the books, every other write is refused and changes nothing, and
 * all resumes by itself once space is freed.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, type Result } from '../../core/errors.js';
import type { KioskEvent } from '../../core/events.js';
import { DatabaseStorageError } from '../../db/connection.js';
import { freeBytes, RESERVE_FILE } from '../../db/reserve.js';
import { DATABASE_FILE, openKiosk, type Kiosk } from '../../main/kiosk.js';
import { expectBooksHold } from '../books.js';
import { createTestHall, type TestHall } from '../fixtures/faces.js';
import { createHall, createHarness, snapshot, TestClock } from '../harness.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

describe('a full disk', () => {
  it('refuses writes with a clear message and no change, raises the alert, and resumes by itself', async () => {
    const { h } = t;
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 100_000 }, t.manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    const game = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    const events: KioskEvent[] = [];
    h.kiosk.onEvent((e) => events.push(e));
    expect(await h.ok('system.health', {})).toEqual({ storage: 'ok', since: null, journal: null });

    // The disk fills up: not one more page.
    const pages = h.kiosk.db.pragma('page_count', { simple: true }) as number;
    h.kiosk.db.pragma(`max_page_count = ${pages}`);
    const sale = { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } };
    let refusal: { code: string; message: string } | null = null;
    const before = snapshot(h.kiosk);
    // Sales fill the free space of the last pages first; the one that needs a new page is refused.
    for (let i = 0; i < 5_000 && refusal === null; i++) {
      const r = await h.call('sale.create', sale, t.cashier);
      if (!r.ok) refusal = r.error;
    }
    expect(refusal).toEqual({
      code: 'STORAGE_FULL',
      message: 'Disco cheio: a operação foi recusada e nada foi gravado. Liberte espaço no disco do quiosque (chame o técnico); as operações voltam a ser aceites por si logo que haja espaço.',
    });
    const during = snapshot(h.kiosk);
    expect((await h.call('sale.create', sale, t.cashier)).ok).toBe(false);
    expect(snapshot(h.kiosk)).toEqual(during);
    expect(before).not.toEqual(during);
    expect(await h.ok('system.health', {})).toMatchObject({ storage: 'full', since: expect.any(String) });
    expect(events.filter((e) => e.type === 'changed' && e.channel === 'system.health')).toHaveLength(1);
    // Reading goes on: the screens still show the game.
    expect((await h.ok('game.get', { gameId: game.id }, t.cashier)).state).toBe('selling');

    // Space comes back: the next sale goes through and the alert clears.
    h.kiosk.db.pragma('max_page_count = 1073741823');
    expect((await h.ok('sale.create', sale, t.cashier)).quantity).toBe(1);
    expect(await h.ok('system.health', {})).toEqual({ storage: 'ok', since: null, journal: null });
    expect(events.filter((e) => e.type === 'changed' && e.channel === 'system.health')).toHaveLength(2);
    expectBooksHold(h.kiosk.db);
  });
});

describe('a real full disk (a tmpfs filled to the last block)', () => {
  let mountPoint: string;
  let mounted = false;
  beforeAll(() => {
    mountPoint = mkdtempSync(join(tmpdir(), 'kiosk-fulldisk-'));
    mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0700', 'tmpfs', mountPoint], { stdio: 'ignore' }).status === 0;
  });
  afterAll(() => {
    if (mounted) spawnSync('umount', ['-l', mountPoint], { stdio: 'ignore' });
    rmSync(mountPoint, { recursive: true, force: true });
  });
  const kiosks: Kiosk[] = [];
  afterEach(() => {
    for (const k of kiosks.splice(0)) k.close();
    if (mounted) for (const f of readdirSync(mountPoint)) rmSync(join(mountPoint, f), { recursive: true, force: true });
  });

  const FILLER = () => join(mountPoint, 'filler');
  /** Another program fills the disk: 1 MiB at a time, then a block at a time, until ENOSPC. */
  function fillDisk(): void {
    const fd = openSync(FILLER(), 'a');
    try {
      for (const size of [1 << 20, 4096, 512]) {
        const chunk = Buffer.alloc(size, 0x5a);
        try {
          for (let i = 0; i < 100_000; i++) writeSync(fd, chunk);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
        }
      }
    } finally {
      closeSync(fd);
    }
    expect(freeBytes(mountPoint)).toBe(0);
  }

  const call = async <T>(kiosk: Kiosk, channel: string, input: unknown, token?: string) =>
    (await kiosk.dispatch(channel, input, token ? { operatorToken: token } : {})) as Result<T>;
  const ok = async <T>(kiosk: Kiosk, channel: string, input: unknown, token?: string): Promise<T> => {
    const r = await call<T>(kiosk, channel, input, token);
    if (!r.ok) throw new Error(`${channel} refused: ${r.error.code}: ${r.error.message}`);
    return r.value;
  };
  const login = async (kiosk: Kiosk, username: string, pin: string) => (await ok<{ operatorToken: string }>(kiosk, 'auth.login', { username, pin })).operatorToken;
  const SALE = (gameId: number) => ({ gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } });

  /** A hall on the small disk with a game selling and one sale; closed (the kiosk stops). */
  async function hallOnSmallDisk(options: { reserveBytes?: number } = {}) {
    const dataDir = join(mountPoint, 'hall');
    const clock = new TestClock();
    const h = await createHarness({ dataDir, now: clock.now, ...options });
    const { manager, cashier } = await createHall(h);
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 10_000 }, manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, manager);
    const gameId = (await h.ok('game.open', { seriesCode: 'A' }, manager)).id;
    await h.ok('sale.create', SALE(gameId), cashier);
    return { dataDir, clock, h, gameId };
  }

  it('a restart on it: the open gives up the reserve, people log in and read the books, other writes are refused unchanged, and all resumes once space is freed', async ({ skip }) => {
    if (!mounted) return skip();
    const { dataDir, clock, h, gameId } = await hallOnSmallDisk();
    expect(existsSync(join(dataDir, RESERVE_FILE))).toBe(true);
    h.kiosk.close();
    fillDisk();

    const kiosk = await openKiosk({ dataDir, now: clock.now, logError: () => {} });
    kiosks.push(kiosk);
    expect(existsSync(join(dataDir, RESERVE_FILE))).toBe(false);
    expect(await ok(kiosk, 'system.health', {})).toEqual({ storage: 'full', since: '2026-11-30T20:00:00.000Z', journal: null });
    // Logging in writes (the audit row, the operator's count): it has the reserved room.
    const cashier = await login(kiosk, 'caixa1', '3333');
    const manager = await login(kiosk, 'gerente', '2222');
    // Reading: the game, the audit chain, and the books (in a worker thread, on the same full disk).
    expect(await ok(kiosk, 'game.get', { gameId }, cashier)).toMatchObject({ id: gameId, state: 'selling' });
    expect(await ok(kiosk, 'audit.verify', {}, manager)).toMatchObject({ valid: true, brokenAt: null });
    expect(await ok(kiosk, 'books.verify', {}, manager)).toMatchObject({ ok: true, findingsTotal: 0 });
    // Any other write is refused before it is tried, and changes nothing.
    const before = snapshot(kiosk);
    for (const [channel, input, token] of [
      ['sale.create', SALE(gameId), cashier],
      ['series.register', { code: 'B', priceCents: 100, size: 100 }, manager],
    ] as const) {
      expect(await call(kiosk, channel, input, token)).toEqual({
        ok: false,
        error: { code: 'STORAGE_FULL', message: errorMessage('STORAGE_FULL') },
      });
    }
    expect(snapshot(kiosk)).toEqual(before);
    expect(await ok(kiosk, 'system.health', {})).toMatchObject({ storage: 'full' });

    // Space is freed: the reserve is made again, and the next sale goes through.
    rmSync(FILLER());
    expect(await ok(kiosk, 'sale.create', SALE(gameId), cashier)).toMatchObject({ quantity: 1 });
    expect(existsSync(join(dataDir, RESERVE_FILE))).toBe(true);
    expect(await ok(kiosk, 'system.health', {})).toEqual({ storage: 'ok', since: null, journal: null });
    expectBooksHold(kiosk.db);
  });

  it('a running kiosk whose disk fills: sales are refused, logins go on (the reserve given up when they need it), the rest stays refused', async ({ skip }) => {
    if (!mounted) return skip();
    const { dataDir, clock, h, gameId } = await hallOnSmallDisk();
    h.kiosk.close();
    const kiosk = await openKiosk({ dataDir, now: clock.now, logError: () => {} });
    kiosks.push(kiosk);
    const cashier = await login(kiosk, 'caixa1', '3333');
    fillDisk();
    // Sales fill the WAL's room; an idle checkpoint may make more (it resets the WAL) until the database itself cannot grow.
    const sellUntilRefused = async () => {
      for (let i = 0; i < 5_000; i++) {
        const r = await call(kiosk, 'sale.create', SALE(gameId), cashier);
        if (!r.ok) return r;
      }
      return null;
    };
    let refused: Result<unknown> | null = null;
    for (let round = 0; round < 50; round++) {
      refused = await sellUntilRefused();
      expect(refused).toMatchObject({ ok: false, error: { code: 'STORAGE_FULL' } });
      await new Promise((r) => setTimeout(r, 150));
      if (!(await call(kiosk, 'sale.create', SALE(gameId), cashier)).ok) break;
    }
    expect(existsSync(join(dataDir, RESERVE_FILE))).toBe(true);
    // Every login goes through: in what room the WAL still has, and once it has none, in the reserve's.
    let manager = '';
    for (let i = 0; i < 40 && existsSync(join(dataDir, RESERVE_FILE)); i++) manager = await login(kiosk, 'gerente', '2222');
    expect(existsSync(join(dataDir, RESERVE_FILE))).toBe(false);
    manager = await login(kiosk, 'gerente', '2222');
    expect(await ok(kiosk, 'books.verify', {}, manager)).toMatchObject({ ok: true, findingsTotal: 0 });
    const before = snapshot(kiosk);
    expect(await call(kiosk, 'sale.create', SALE(gameId), cashier)).toMatchObject({ ok: false, error: { code: 'STORAGE_FULL' } });
    expect(snapshot(kiosk)).toEqual(before);
    rmSync(FILLER());
    expect(await ok(kiosk, 'sale.create', SALE(gameId), cashier)).toMatchObject({ quantity: 1 });
    expect(await ok(kiosk, 'system.health', {})).toEqual({ storage: 'ok', since: null, journal: null });
    expectBooksHold(kiosk.db);
  });

  it('with no reserve (none kept), the open on a full disk is refused in words with the file, and the file is left as it was', async ({ skip }) => {
    if (!mounted) return skip();
    const { dataDir, clock, h } = await hallOnSmallDisk({ reserveBytes: 0 });
    h.kiosk.close();
    expect(existsSync(join(dataDir, RESERVE_FILE))).toBe(false);
    const file = join(dataDir, DATABASE_FILE);
    const bytes = readFileSync(file);
    fillDisk();
    const opening = openKiosk({ dataDir, now: clock.now, logError: () => {} });
    await expect(opening).rejects.toBeInstanceOf(DatabaseStorageError);
    const e = (await opening.catch((x: unknown) => x)) as DatabaseStorageError;
    expect(e.code).toBe('DATABASE_DISK_FULL');
    expect(e.message).toBe(
      `Disco cheio: o quiosque não consegue abrir a base de dados ${file} (não há espaço nem para os ficheiros de trabalho do SQLite). Nada foi alterado: liberte espaço no disco do quiosque (chame o técnico) e arranque de novo.`,
    );
    expect(errorMessage(e.code, e.params, 'en')).toContain(`Disk full: the kiosk cannot open the database ${file}`);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    rmSync(FILLER());
    kiosks.push(await openKiosk({ dataDir, now: clock.now, logError: () => {} }));
  });
});
