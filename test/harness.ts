/**
 * Test harness: a real kiosk on a SQLite file in a fresh temp folder, a
 * movable clock, and typed calls that return the envelope or the value.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Channel, ChannelInput, ChannelOutput } from '../core/contract.js';
import type { ErrorBody, Result } from '../core/errors.js';
import { expect } from 'vitest';
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

/** The calls a terminal makes; its transport says which terminal it is. */
export interface TerminalCalls {
  call<C extends Channel>(channel: C, input: ChannelInput<C>, token?: string): Promise<Result<ChannelOutput<C>>>;
  ok<C extends Channel>(channel: C, input: ChannelInput<C>, token?: string): Promise<ChannelOutput<C>>;
  refused<C extends Channel>(channel: C, input: unknown, token?: string): Promise<ErrorBody>;
  login(username: string, pin: string): Promise<string>;
}

export interface Harness {
  kiosk: Kiosk;
  clock: TestClock;
  dataDir: string;
  /** Another terminal of the same hall on the same file (a second counter): its own drawer, printers and sessions. */
  at(terminalId: string): TerminalCalls;
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

/**
 * scrypt's cost for the PINs of the unit project's kiosks (vitest.config.ts sets KIOSK_TEST_CHEAP_PINS): a login
 * there costs ~2 ms of a core, not ~40. The production cost (PIN_COST) is asserted by pin.test.ts and auth.test.ts,
 * and the system and end-to-end tests run with it.
 */
export const TEST_PIN_COST = { N: 1024, r: 8, p: 1 } as const;
const testPinCost: Partial<KioskOptions> = process.env.KIOSK_TEST_CHEAP_PINS === '1' ? { pinCost: TEST_PIN_COST } : {};

export async function createHarness(options: Partial<KioskOptions> = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kiosk-test-'));
  const clock = new TestClock();
  const open = () => openKiosk({ dataDir, now: clock.now, logError: () => {}, ...testPinCost, ...options });
  let kiosk = await open();
  const terminals = new Map<string, TerminalCalls>();
  const callsAt = (terminalId: string): TerminalCalls => {
    const origin = { terminalId };
    const t: TerminalCalls = {
      call: (channel, input, token) =>
        kiosk.dispatch(channel, input, token ? { operatorToken: token } : {}, origin) as Promise<Result<ChannelOutput<typeof channel>>>,
      async ok(channel, input, token) {
        const r = await t.call(channel, input, token);
        if (!r.ok) throw new Error(`${channel} at ${terminalId} refused: ${r.error.code}: ${r.error.message}`);
        return r.value;
      },
      async refused(channel, input, token) {
        const r = await kiosk.dispatch(channel, input, token ? { operatorToken: token } : {}, origin);
        if (r.ok) throw new Error(`${channel} at ${terminalId} was expected to be refused but returned ${JSON.stringify(r.value)}`);
        return r.error;
      },
      async login(username, pin) {
        return (await t.ok('auth.login', { username, pin })).operatorToken;
      },
    };
    return t;
  };
  const h: Harness = {
    at(terminalId) {
      let t = terminals.get(terminalId);
      if (!t) terminals.set(terminalId, (t = callsAt(terminalId)));
      return t;
    },
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
  // Operator sessions are who is at a counter now, not a record: any call, refused or not, moves a session's last
  // call on (every 30 s) or ends one found idle.
  return Object.fromEntries(tables.filter((t) => t !== 'operator_sessions').map((t) => [t, kiosk.db.prepare(`SELECT * FROM "${t}"`).all()]));
}

/** The refusal of a call that must change nothing: every table read before and after it (snapshot) and compared. */
export async function refusedUnchanged(h: Pick<Harness, 'kiosk' | 'refused'>, channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

/**
 * Numbers a manager could read off a card for a claim (art. 3.4), taken from
 * the balls drawn: a line of five columns, or fifteen numbers with one or two
 * in every column; holding `include` (the card's line read before); never
 * one of `avoid` (the same claim read for another card of the series).
 * Null when the balls drawn hold no such card.
 */
export function cardLikeNumbers(kind: 'line' | 'bingo', balls: readonly number[], include: readonly number[] = [], avoid: readonly (readonly number[])[] = []): number[] | null {
  const column = (n: number) => (n === 90 ? 8 : Math.floor(n / 10));
  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((n) => b.includes(n));
  const byColumn: number[][] = Array.from({ length: 9 }, () => []);
  for (const n of balls) if (!include.includes(n)) byColumn[column(n)]!.push(n);
  const size = kind === 'line' ? 5 : 15;
  // Each try starts its choice at another ball of each column and another column: a few hundred tries find another card's line.
  for (let shift = 0; shift < 400; shift++) {
    const chosen = [...include];
    const count = Array.from({ length: 9 }, (_, c) => chosen.filter((n) => column(n) === c).length);
    const order = Array.from({ length: 9 }, (_, c) => (c + shift) % 9);
    const rounds = kind === 'line' ? 1 : 2;
    for (let round = 0; round < rounds && chosen.length < size; round++) {
      for (const c of order) {
        if (chosen.length >= size || count[c]! > round) continue;
        const options = byColumn[c]!.filter((n) => !chosen.includes(n));
        if (options.length === 0) continue;
        chosen.push(options[(shift + round) % options.length]!);
        count[c]!++;
      }
    }
    const possible = chosen.length === size && (kind === 'line' ? count.every((k) => k <= 1) : count.every((k) => k >= 1 && k <= 2));
    if (possible && !avoid.some((a) => same(a, chosen))) return chosen.sort((a, b) => a - b);
  }
  return null;
}

/**
 * A claim on a card whose face is not on record, confirmed by hand (SPEC 4):
 * the manager reads the card's numbers, here numbers of the balls drawn that
 * make a possible card (art. 3.4) agreeing with what was read before for it
 * and for the series' other cards, which the kiosk checks (art. 9.1).
 */
export async function confirmByHand(h: Harness, token: string, c: { gameId: number; kind: 'line' | 'bingo'; seriesCode: string; card: number }) {
  const board = await h.ok('game.board', { gameId: c.gameId }, token);
  const read = h.kiosk.db
    .prepare(
      `SELECT c.card, c.kind, c.numbers FROM claims c JOIN series s ON s.id = c.series_id
        WHERE s.code = ? AND c.manual = 1 AND c.valid = 1 AND c.numbers IS NOT NULL`,
    )
    .all(c.seriesCode) as { card: number; kind: string; numbers: string }[];
  const mine = read.filter((r) => r.card === c.card).map((r) => ({ kind: r.kind, numbers: JSON.parse(r.numbers) as number[] }));
  const others = read.filter((r) => r.card !== c.card && r.kind === c.kind).map((r) => JSON.parse(r.numbers) as number[]);
  const known = mine.find((m) => m.kind === c.kind)?.numbers;
  const line = c.kind === 'bingo' ? (mine.find((m) => m.kind === 'line')?.numbers ?? []) : [];
  const numbers = known ?? cardLikeNumbers(c.kind, board.balls, line, others);
  if (!numbers) throw new Error(`confirmByHand: the balls drawn (${board.balls.join(', ')}) hold no possible ${c.kind} for card ${c.card}`);
  return h.ok('game.claim', { ...c, confirmed: true, numbers }, token);
}
