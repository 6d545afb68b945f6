/**
 * Test harness: a real kiosk on a SQLite file in a fresh temp folder, a
 * movable clock, and typed calls that return the envelope or the value.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Channel, ChannelInput, ChannelOutput } from '../core/contract.js';
import type { ErrorBody, Result } from '../core/errors.js';
import { openKiosk, type Kiosk, type KioskOptions } from '../main/kiosk.js';

export class TestClock {
  constructor(public current = new Date('2026-11-30T20:00:00.000Z')) {}
  now = (): Date => new Date(this.current);
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
  advanceSeconds(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface Harness {
  kiosk: Kiosk;
  clock: TestClock;
  dataDir: string;
  call<C extends Channel>(channel: C, input: ChannelInput<C>, token?: string): Promise<Result<ChannelOutput<C>>>;
  /** The value, or the test fails with the refusal. */
  ok<C extends Channel>(channel: C, input: ChannelInput<C>, token?: string): Promise<ChannelOutput<C>>;
  /** The refusal, or the test fails because it succeeded. */
  refused<C extends Channel>(channel: C, input: unknown, token?: string): Promise<ErrorBody>;
  login(username: string, pin: string): Promise<string>;
  /** Reopen the same data folder (a restart). */
  reopen(): Promise<void>;
  close(): void;
}

export async function createHarness(options: Partial<KioskOptions> = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kiosk-test-'));
  const clock = new TestClock();
  const open = () => openKiosk({ dataDir, now: clock.now, logError: () => {}, ...options });
  let kiosk = await open();
  const h: Harness = {
    get kiosk() {
      return kiosk;
    },
    clock,
    dataDir,
    call: (channel, input, token) =>
      kiosk.dispatch(channel, input, token ? { operatorToken: token } : {}) as Promise<Result<ChannelOutput<typeof channel>>>,
    async ok(channel, input, token) {
      const r = await h.call(channel, input, token);
      if (!r.ok) throw new Error(`${channel} refused: ${r.error.code}: ${r.error.message}`);
      return r.value;
    },
    async refused(channel, input, token) {
      const r = await kiosk.dispatch(channel, input, token ? { operatorToken: token } : {});
      if (r.ok) throw new Error(`${channel} was expected to be refused but returned ${JSON.stringify(r.value)}`);
      return r.error;
    },
    async login(username, pin) {
      return (await h.ok('auth.login', { username, pin })).operatorToken;
    },
    async reopen() {
      kiosk.close();
      kiosk = await open();
    },
    close() {
      kiosk.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}

/** The float the test hall's drawer opens with: 5 x 20 € (100,00 €). */
export const TEST_FLOAT = { '2000': 5 } as const;
export const TEST_FLOAT_CENTS = 10_000;

/**
 * A set-up hall: admin, a manager, a cashier, returning their tokens. The
 * cashier's terminal (T1) has its drawer open with TEST_FLOAT, so cash can
 * move (SPEC 9: no cash movement without an open drawer).
 */
export async function createHall(h: Harness): Promise<{ admin: string; manager: string; cashier: string }> {
  await h.ok('setup.init', { hallName: 'Sala de Teste', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  const admin = await h.login('admin', '1111');
  await h.ok('users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, admin);
  await h.ok('users.create', { username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], pin: '3333' }, admin);
  // What the hall must set before its first game: stamp duty (art. 17.3) and a ball set (art. 5.3).
  await h.ok('settings.update', { stampDutyBasisPoints: 2500 }, admin);
  await h.ok('ballSet.register', { serial: 'BOLAS-1' }, admin);
  const cashier = await h.login('caixa1', '3333');
  await h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier);
  return { admin, manager: await h.login('gerente', '2222'), cashier };
}

/**
 * Every table's rows, to prove a refusal changed nothing. The audit log is
 * included: a refusal writes no audit row either (except a wrong PIN).
 */
export function snapshot(kiosk: Kiosk): Record<string, unknown[]> {
  const tables = kiosk.db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[];
  return Object.fromEntries(tables.map((t) => [t, kiosk.db.prepare(`SELECT * FROM "${t}"`).all()]));
}

/**
 * A claim on a card whose face is not on record, confirmed by hand (SPEC 4):
 * the manager reads the card's numbers, here the first 5 (a line) or 15 (a
 * bingo) balls drawn, which the kiosk checks against the balls (art. 9.1).
 */
export async function confirmByHand(h: Harness, token: string, c: { gameId: number; kind: 'line' | 'bingo'; seriesCode: string; card: number }) {
  const board = await h.ok('game.board', { gameId: c.gameId }, token);
  return h.ok('game.claim', { ...c, confirmed: true, numbers: board.balls.slice(0, c.kind === 'line' ? 5 : 15) }, token);
}
