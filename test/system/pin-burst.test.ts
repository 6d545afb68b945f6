/**
 * PIN guesses sent at once over the real HTTP server of browser mode (the
 * access token is in every browser counter's URL): each guess is counted
 * before its hash, so a burst costs exactly the budget in PIN checks, the
 * block holds after it, and a right PIN that comes past the budget confirms
 * nothing. An approval's request is checked before its PIN: a bad request
 * answers the same whatever the PIN, and checks none.
 */
import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../core/errors.js';
import { startWebServer, type WebServer } from '../../main/web/server.js';
import type { Pins } from '../../main/services/shared/access/pin.js';
import { createTestHall } from '../fixtures/faces.js';
import type { Harness } from '../harness.js';

const TOKEN = 'pin-burst-token';

let h: Harness;
let manager: string;
let cashier: string;
let server: WebServer;
/** Every PIN the kiosk hashed to check, in order. */
let checked: string[];
/** Every new PIN the kiosk hashed to store. */
let hashed: number;

function counting(pins: Pins): Pins {
  return {
    ...pins,
    hash: (pin) => {
      hashed++;
      return pins.hash(pin);
    },
    verify: (pin, stored) => {
      checked.push(pin);
      return pins.verify(pin, stored);
    },
    burn: (pin) => {
      checked.push(pin);
      return pins.burn(pin);
    },
  };
}

beforeEach(async () => {
  checked = [];
  hashed = 0;
  ({ h, manager, cashier } = await createTestHall({ wrapPins: counting }));
  server = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0 });
  checked = [];
});

afterEach(async () => {
  await server.close();
  h.close();
});

async function rpc(channel: string, input: unknown, operatorToken?: string): Promise<Result<Record<string, unknown>>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` };
  if (operatorToken) headers['X-Operator-Token'] = operatorToken;
  const res = await fetch(`${server.url}/rpc/${channel}`, { method: 'POST', headers, body: JSON.stringify(input) });
  return (await res.json()) as Result<Record<string, unknown>>;
}

const codes = (answers: Result<unknown>[]) => {
  const count: Record<string, number> = {};
  for (const a of answers) {
    const code = a.ok ? 'ok' : a.error.code;
    count[code] = (count[code] ?? 0) + 1;
  }
  return count;
};

const budgetRow = (scope: string) => h.kiosk.db.prepare(`SELECT failures, blocks, blocked_until AS blockedUntil FROM pin_budgets WHERE scope = ?`).get(scope);
const refusedRows = (channel: string) =>
  h.kiosk.db.prepare(`SELECT COUNT(*) FROM audit_log WHERE channel = ? AND outcome = 'refused'`).pluck().get(channel) as number;

describe('login guesses at once', () => {
  it('150 wrong PINs at once: 5 are checked, the 5th blocks, the other 145 are refused unhashed; the block holds', async () => {
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => rpc('auth.login', { username: 'caixa1', pin: String(1000 + i) })));
    expect(checked).toHaveLength(5);
    expect(codes(answers)).toEqual({ INVALID_CREDENTIALS: 4, USER_LOCKED: 146 });
    expect(refusedRows('auth.login')).toBe(5);
    expect(budgetRow('account:3@T1')).toEqual({ failures: 5, blocks: 1, blockedUntil: '2026-11-30T20:05:00.000Z' });
    // After the burst: the right PIN is refused, unhashed, until the block ends.
    const right = await rpc('auth.login', { username: 'caixa1', pin: '3333' });
    expect(right.ok ? 'ok' : right.error.code).toBe('USER_LOCKED');
    expect(checked).toHaveLength(5);
    // Another user at this terminal is not blocked.
    expect((await rpc('auth.login', { username: 'gerente', pin: '2222' })).ok).toBe(true);
  });

  it('300 at once with the right PIN sent last: 5 checks, the right PIN confirms nothing, and 200 more leave the block as it was', async () => {
    const guesses = [...Array.from({ length: 299 }, (_, i) => String(4000 + i)), '3333'];
    const answers = await Promise.all(guesses.map((pin) => rpc('auth.login', { username: 'caixa1', pin })));
    expect(checked).toHaveLength(5);
    expect(checked).not.toContain('3333');
    const last = answers.at(-1)!;
    expect(last.ok ? 'ok' : last.error.code).toBe('USER_LOCKED');
    expect(codes(answers)).toEqual({ INVALID_CREDENTIALS: 4, USER_LOCKED: 296 });
    const blocked = budgetRow('account:3@T1');
    expect(blocked).toEqual({ failures: 5, blocks: 1, blockedUntil: '2026-11-30T20:05:00.000Z' });
    // No wrong PIN finishing late ends a block: a second burst checks nothing and changes nothing.
    const again = await Promise.all(Array.from({ length: 200 }, (_, i) => rpc('auth.login', { username: 'caixa1', pin: String(6000 + i) })));
    expect(codes(again)).toEqual({ USER_LOCKED: 200 });
    expect(checked).toHaveLength(5);
    expect(budgetRow('account:3@T1')).toEqual(blocked);
    // Once it ends, one guess at a time: a wrong one blocks twice as long.
    h.clock.advanceMinutes(5);
    const after = await Promise.all(Array.from({ length: 50 }, (_, i) => rpc('auth.login', { username: 'caixa1', pin: String(7000 + i) })));
    expect(checked).toHaveLength(6);
    expect(codes(after)).toEqual({ USER_LOCKED: 50 });
    expect(budgetRow('account:3@T1')).toEqual({ failures: 6, blocks: 2, blockedUntil: '2026-11-30T20:15:00.000Z' });
  });
});

describe('approval PINs at once', () => {
  let gameId: number;
  beforeEach(async () => {
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, manager);
    gameId = (await h.ok('game.open', { seriesCode: 'A' }, manager)).id;
    await h.ok('sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, cashier);
    checked = [];
  });

  it('100 voids of a sale that is not the last, at once, the right PIN among them: all refused alike, no PIN checked, nothing counted', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => rpc('sale.voidLast', { gameId, saleId: 999_999, approval: { username: 'gerente', pin: i === 50 ? '2222' : String(1000 + i) } }, cashier)),
    );
    expect(codes(answers)).toEqual({ VOID_NOT_LAST_SALE: 100 });
    // The right PIN's answer is word for word a wrong PIN's.
    expect(answers[50]).toEqual(answers[0]);
    expect(checked).toEqual([]);
    expect(h.kiosk.db.prepare(`SELECT COUNT(*) FROM pin_budgets`).pluck().get()).toBe(0);
    expect(refusedRows('sale.voidLast')).toBe(0);
    expect(h.kiosk.db.prepare(`SELECT COUNT(*) FROM sale_voids`).pluck().get()).toBe(0);
  });

  it('300 wrong approval PINs for a real void, at once: 3 are checked, approvals pause here, the sale stands; the manager is blocked nowhere', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => rpc('sale.voidLast', { gameId, approval: { username: 'gerente', pin: String(5000 + i) } }, cashier)),
    );
    expect(checked).toHaveLength(3);
    expect(codes(answers)).toEqual({ APPROVAL_INVALID: 2, APPROVALS_PAUSED: 298 });
    expect(budgetRow('approvals@T1')).toEqual({ failures: 3, blocks: 1, blockedUntil: '2026-11-30T20:00:30.000Z' });
    expect(budgetRow('account:2@T1')).toEqual({ failures: 3, blocks: 0, blockedUntil: null });
    expect(h.kiosk.db.prepare(`SELECT COUNT(*) FROM sale_voids`).pluck().get()).toBe(0);
    // The right PIN waits for the pause too, unhashed.
    const right = await rpc('sale.voidLast', { gameId, approval: { username: 'gerente', pin: '2222' } }, cashier);
    expect(right.ok ? 'ok' : right.error.code).toBe('APPROVALS_PAUSED');
    expect(checked).toHaveLength(3);
    // The manager logs in meanwhile, and after the pause his PIN approves.
    expect((await rpc('auth.login', { username: 'gerente', pin: '2222' })).ok).toBe(true);
    h.clock.advanceSeconds(30);
    const voided = await rpc('sale.voidLast', { gameId, approval: { username: 'gerente', pin: '2222' } }, cashier);
    expect(voided.ok && voided.value.refundCents).toBe(200);
    expect(h.kiosk.db.prepare(`SELECT COUNT(*) FROM sale_voids`).pluck().get()).toBe(1);
  });
});

describe('the process\'s hashing budget', () => {
  it('800 logins of unknown users at once, from another process, hash nothing; a real login sent among them answers within a second', async () => {
    // One real check first: the kiosk knows how long a check takes here, and an unknown user waits that long without hashing.
    expect((await rpc('auth.login', { username: 'gerente', pin: '2222' })).ok).toBe(true);
    const cpu = process.cpuUsage();
    // The burst comes from its own process, as from another machine: this one's event loop is the hall's alone.
    const script = `const [u,t]=process.argv.slice(1);const h={'Content-Type':'application/json',Authorization:'Bearer '+t};
const all=Array.from({length:800},(_,i)=>fetch(u,{method:'POST',headers:h,body:JSON.stringify({username:'ninguem'+i,pin:String(100000+i)})}).then(r=>r.json()));
process.stdout.write('sent\\n');Promise.all(all).then(a=>{process.stdout.write(JSON.stringify(a)+'\\n')});`;
    const child = spawn(process.execPath, ['-e', script, `${server.url}/rpc/auth.login`, TOKEN], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    const sent = new Promise<void>((resolve) => child.stdout.on('data', (d: string) => ((out += d), out.startsWith('sent\n') && resolve())));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await sent;
    const started = performance.now();
    const real = await rpc('auth.login', { username: 'caixa1', pin: '3333' });
    const realMs = performance.now() - started;
    await exited;
    const used = process.cpuUsage(cpu);
    const answers = JSON.parse(out.slice('sent\n'.length)) as Result<unknown>[];
    expect(real.ok).toBe(true);
    expect(codes(answers)).toEqual({ INVALID_CREDENTIALS: 800 });
    // Every unknown user answered word for word as a wrong PIN would.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    // The one PIN hashed during the burst is the real login's: 800 scrypt runs would take tens of seconds of CPU.
    expect(checked.filter((p) => p === '3333')).toHaveLength(1);
    expect(refusedRows('auth.login')).toBe(800);
    console.log(JSON.stringify({ unknownLogins: 800, realLoginMs: Math.round(realMs), hallCpuMs: Math.round((used.user + used.system) / 1000) }));
    expect((used.user + used.system) / 1000).toBeLessThan(8_000);
    expect(realMs).toBeLessThan(1_000);
  });

  it('800 wrong recovery codes at once hash no new PIN; a wrong code is counted before any hashing', async () => {
    const answers = await Promise.all(
      Array.from({ length: 800 }, (_, i) => rpc('auth.recover', { username: i % 2 ? 'admin' : `ninguem${i}`, recoveryCode: `AAAAA-BBBBB-CCCCC-${String(10_000 + i).slice(-5)}`, pin: '987654' })),
    );
    expect(hashed).toBe(0);
    const c = codes(answers);
    expect(c.RECOVERY_INVALID! + (c.RECOVERY_PAUSED ?? 0)).toBe(800);
    expect(checked).toEqual([]);
  });
});
