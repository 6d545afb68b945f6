/**
 * The counter tells only what the hall did (issue 37, point 1): a cashier
 * sells one sale after another through a counter's link to the hall (a real
 * hall process, browser mode's port: the same envelope as the terminals
 * port) behind a fault proxy — answers cut after the hall has the request,
 * answers late, requests swallowed — and the hall is stopped (SIGSTOP) and
 * killed (SIGKILL) as a sale reaches it, then started again. For every key,
 * what the counter last said (done with its numbers, not done, unknown while
 * the hall could not say) is what the hall's file holds: no "not done" for a
 * sale made, no sale made that the counter did not report, nothing left
 * unknown once the hall is back.
 *
 * The first test carries the counter's link in this process to browser
 * mode's port; the second runs the real programs (`hall`, and `counter`
 * enrolled by code, every call over mutual TLS through the proxy), the
 * counter itself SIGKILLed and started again while keys are unknown: its
 * file in its data folder keeps them, and it settles them once back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { KeyOutcome } from '../../core/audit/contract.js';
import type { Result } from '../../core/errors.js';
import { createHallLink, type HallLink } from '../../main/counter/link.js';
import { DATABASE_FILE } from '../../main/kiosk.js';
import { faultProxy, type Fault, type FaultProxy } from '../fault-proxy.js';
import { PROGRAM } from '../program.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TOKEN = 'counter-outcomes-token-0123456789';
/** Short, so that the burst stays under a minute: each lost answer costs the budget. */
const BUDGET_MS = 1_000;
const PER_PHASE = 4;

interface Hall {
  child: ChildProcess;
  port: number;
  output: () => string;
}

function startHall(dataDir: string, port: number, demo: boolean): Promise<Hall> {
  const child = spawn(process.execPath, [...PROGRAM, 'web', '--data-dir', dataDir, '--port', String(port), ...(demo ? ['--demo'] : [])], {
    cwd: ROOT,
    env: { ...process.env, KIOSK_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`hall did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ child, port: Number(m[1]), output: () => out });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => fail(new Error(`hall exited (${code}):\n${out}`)));
  });
}

const exited = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r())));

/** Resolves when `test` holds of the link's state, checked at each of its `link` events (and once now). */
function whenLink(link: HallLink, test: () => boolean, what: string, ms = 20_000): Promise<void> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => {
      off();
      fail(new Error(`${what}: not within ${ms} ms (${JSON.stringify(link.state())})`));
    }, ms);
    const check = () => {
      if (!test()) return;
      clearTimeout(timer);
      off();
      ok();
    };
    const off = link.onEvent((e) => {
      if (e.type === 'changed' && e.channel === 'link.status') check();
    });
    check();
  });
}

type Said = { said: 'done'; saleId: number } | { said: 'not_done'; how: string } | { said: 'unknown' };

describe('a counter behind faults, the hall stopped and killed during a burst of sales', () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('says for every key what the hall recorded: no "not done" for a made sale, nothing unknown once the hall is back', async () => {
    const started = Date.now();
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-outcomes-hall-'));
    const counterDir = mkdtempSync(join(tmpdir(), 'counter-outcomes-counter-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), () => rmSync(counterDir, { recursive: true, force: true }));
    let hall = await startHall(dataDir, 0, true);
    const hallPort = hall.port;
    cleanups.push(async () => {
      hall.child.kill('SIGCONT');
      hall.child.kill('SIGKILL');
      await exited(hall.child);
    });
    const proxy: FaultProxy = await faultProxy(hallPort);
    cleanups.push(() => proxy.close());
    const agent = new Agent({ keepAlive: true });
    const link = createHallLink({
      hallUrl: `http://127.0.0.1:${proxy.port}`,
      agent,
      // Browser mode checks the Host it was reached at: the proxy stands in the way, as a cable would.
      headers: { Authorization: `Bearer ${TOKEN}`, Host: `127.0.0.1:${hallPort}` },
      eventsPath: `/events?token=${TOKEN}`,
      budgetMs: BUDGET_MS,
      outcomesFile: join(counterDir, 'outcomes.json'),
      logError: () => undefined,
    });
    cleanups.push(() => {
      link.close();
      agent.destroy();
    });

    const hallDb = () => new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
    const firstSaleId = (() => {
      const db = hallDb();
      try {
        return ((db.prepare(`SELECT MAX(id) FROM sales`).pluck().get() as number | null) ?? 0) + 1;
      } finally {
        db.close();
      }
    })();

    const call = (channel: string, input: unknown, meta: { operatorToken?: string; idempotencyKey?: string } = {}) => link.dispatch(channel, input, meta);
    const logIn = async (): Promise<string> => {
      for (;;) {
        const r = (await call('auth.login', { username: 'caixa1', pin: '3333' }, { idempotencyKey: randomUUID() })) as Result<{ operatorToken: string }>;
        if (r.ok) return r.value.operatorToken;
        if (r.error.code !== 'HALL_UNREACHABLE') throw new Error(`login: ${r.error.code}`);
        await whenLink(link, () => link.state().link === 'up', 'the hall back for a login');
      }
    };
    let operatorToken = await logIn();
    const sale = { gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 5_000 } };

    /** What the counter said of each key, as its screen was told, in order. */
    const said = new Map<string, Said[]>();
    const saidOf = (key: string, s: Said) => said.set(key, [...(said.get(key) ?? []), s]);
    const classify = (r: Result<unknown>): Said =>
      r.ok
        ? { said: 'done', saleId: (r.value as { saleId: number }).saleId }
        : r.error.code === 'HALL_UNREACHABLE' && (r.error.details as { answer?: string } | undefined)?.answer === 'lost'
          ? { said: 'unknown' }
          : { said: 'not_done', how: r.error.code === 'HALL_UNREACHABLE' ? 'none' : r.error.code };

    async function sell(key = `C-${randomUUID()}`): Promise<void> {
      let r = await call('sale.create', sale, { operatorToken, idempotencyKey: key });
      // A hall started again knows no session: the cashier's PIN again, and the same sale with its same key.
      if (!r.ok && r.error.code === 'NOT_AUTHENTICATED') {
        operatorToken = await logIn();
        r = await call('sale.create', sale, { operatorToken, idempotencyKey: key });
      }
      if (!r.ok && !['HALL_UNREACHABLE', 'COMMAND_GIVEN_UP'].includes(r.error.code)) throw new Error(`sale ${key}: ${r.error.code} ${r.error.message}`);
      saidOf(key, classify(r));
    }
    const phase = async (fault: Fault, o: { delayMs?: number; onForward?: () => void } = {}) => {
      proxy.fault = fault;
      proxy.delayMs = o.delayMs ?? 0;
      proxy.onForward = o.onForward ?? null;
      for (let i = 0; i < PER_PHASE; i++) await sell();
    };

    await phase('pass');
    await phase('cut');
    await phase('pass');
    await phase('delay', { delayMs: BUDGET_MS * 2 });
    await phase('blackhole');
    // Stopped as a sale reaches it: the sales meanwhile wait in its socket buffers, and run (or not) once it goes on.
    await phase('pass', { onForward: () => hall.child.kill('SIGSTOP') });
    hall.child.kill('SIGCONT');
    await phase('pass');
    // Answers cut (the sales made), then the hall killed as a sale reaches it, and its port closed: connections refused.
    await phase('cut');
    await phase('pass', { onForward: () => hall.child.kill('SIGKILL') });
    await exited(hall.child);
    await proxy.unplug();
    // The cashier presses "Vender" again for every sale still unknown (as the old screen let her), with its same key:
    // nothing of these calls reaches the hall, and an earlier one may have: "lost", never "nothing was done".
    const unknownNow = (link.state().outcomes ?? []).filter((o) => o.state === 'unknown').map((o) => o.key);
    expect(unknownNow.length).toBeGreaterThanOrEqual(PER_PHASE);
    for (const key of unknownNow) await sell(key);
    for (const key of unknownNow) expect(said.get(key)!.at(-1)).toEqual({ said: 'unknown' });
    // New sales while it is down: never sent, truly not done.
    await phase('pass');
    await proxy.plug();
    hall = await startHall(dataDir, hallPort, false);
    await phase('pass');

    // The hall answers again: every key of unknown outcome is asked of it and settled.
    proxy.fault = 'pass';
    await call('setup.status', {});
    const outcomes = () => link.state().outcomes ?? [];
    await whenLink(link, () => !outcomes().some((o) => o.state === 'unknown'), 'every unknown key settled');
    const settledBy = new Map<string, KeyOutcome>(outcomes().map((o) => [o.key, o]));
    for (const [key, o] of settledBy) {
      if (o.state === 'done') saidOf(key, { said: 'done', saleId: (o.value as { saleId: number }).saleId });
      else if (o.state === 'not_done') saidOf(key, { said: 'not_done', how: 'command.outcome' });
    }

    // What the hall recorded, read from its file.
    const db = hallDb();
    cleanups.push(() => db.close());
    const kept = new Map(
      (db.prepare(`SELECT key, outcome, answer FROM idempotency_keys WHERE channel = 'sale.create'`).all() as { key: string; outcome: string; answer: string | null }[]).map((r) => [r.key, r]),
    );
    const made = db.prepare(`SELECT id FROM sales WHERE id >= ? ORDER BY id`).pluck().all(firstSaleId) as number[];

    let unknownSeen = 0;
    let notDoneByLookUp = 0;
    let doneByLookUp = 0;
    const doneIds: number[] = [];
    for (const [key, words] of said) {
      const last = words.at(-1)!;
      const row = kept.get(key);
      if (words.some((w) => w.said === 'unknown')) unknownSeen++;
      // Never "not done" for a sale the hall made, at any moment.
      if (row?.outcome === 'done') expect(words.filter((w) => w.said === 'not_done'), `${key}: ${JSON.stringify(words)}`).toEqual([]);
      expect(last.said, `${key}: ${JSON.stringify(words)}`).not.toBe('unknown');
      if (last.said === 'done') {
        expect(row?.outcome, key).toBe('done');
        expect((JSON.parse(row!.answer!) as { saleId: number }).saleId).toBe(last.saleId);
        doneIds.push(last.saleId);
        if (settledBy.get(key)?.state === 'done') doneByLookUp++;
      } else {
        // Not done: the hall holds no sale under the key (given up, or never received).
        expect(row?.outcome ?? 'none', `${key}: ${JSON.stringify(words)}`).not.toBe('done');
        if (settledBy.get(key)?.state === 'not_done') {
          notDoneByLookUp++;
          expect(row?.outcome).toBe('given_up');
        }
      }
    }
    // Every sale the hall made since the burst began is one the counter reported done, once.
    expect(doneIds.sort((a, b) => a - b)).toEqual(made);
    // The faults did their work: answers lost, settled both ways by the look-up.
    expect(unknownSeen).toBeGreaterThanOrEqual(PER_PHASE * 3);
    expect(doneByLookUp).toBeGreaterThanOrEqual(PER_PHASE);
    expect(notDoneByLookUp).toBeGreaterThanOrEqual(1);
    console.log(
      JSON.stringify({ keys: said.size, made: made.length, unknownSeen, doneByLookUp, notDoneByLookUp, ms: Date.now() - started }),
    );
  }, 90_000);
});

interface Proc {
  child: ChildProcess;
  output: () => string;
}

function run(args: string[], token: string): Proc {
  const child = spawn(process.execPath, [...PROGRAM, ...args], { cwd: ROOT, env: { ...process.env, KIOSK_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

/** What a process printed, once `pattern` is there (its start is told on its output). */
function printed(p: Proc, pattern: RegExp, what: string, ms = 30_000): Promise<RegExpExecArray> {
  return new Promise((ok, fail) => {
    const check = () => {
      const m = pattern.exec(p.output());
      if (!m) return false;
      clearTimeout(timer);
      p.child.stdout!.off('data', check);
      ok(m);
      return true;
    };
    const timer = setTimeout(() => fail(new Error(`${what}: not printed in ${ms} ms:\n${p.output()}`)), ms);
    if (!check()) p.child.stdout!.on('data', check);
    p.child.once('exit', (code) => {
      clearTimeout(timer);
      if (!pattern.test(p.output())) fail(new Error(`${what} exited (${code}):\n${p.output()}`));
    });
  });
}

describe('the real hall and counter over mutual TLS, behind the fault proxy', () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('the counter SIGKILLed while sales are unknown keeps them in its data folder and settles them once the hall answers', async () => {
    const HALL = 'counter-outcomes-hall-token-0123456789';
    const COUNTER = 'counter-outcomes-counter-token-0123456789';
    const hallDir = mkdtempSync(join(tmpdir(), 'counter-outcomes-tls-hall-'));
    const counterDir = mkdtempSync(join(tmpdir(), 'counter-outcomes-tls-counter-'));
    cleanups.push(() => rmSync(hallDir, { recursive: true, force: true }), () => rmSync(counterDir, { recursive: true, force: true }));
    const procs: Proc[] = [];
    cleanups.push(async () => {
      for (const p of procs) {
        p.child.kill('SIGKILL');
        await exited(p.child);
      }
    });

    const hall = run(['hall', '--data-dir', hallDir, '--port', '0', '--terminals-port', '0', '--bind', '127.0.0.1', '--demo'], HALL);
    procs.push(hall);
    const webUrl = (await printed(hall, /(http:\/\/127\.0\.0\.1:\d+)\/#token=/, 'hall'))[1]!;
    const fingerprint = (await printed(hall, /(sha256:[0-9a-f]{64})/, 'hall'))[1]!;
    const terminalsPort = Number((await printed(hall, /https:\/\/127\.0\.0\.1:(\d+)/, 'hall'))[1]);
    const proxy = await faultProxy(terminalsPort);
    cleanups.push(() => proxy.close());
    const hallCall = async (channel: string, input: unknown, operatorToken?: string) =>
      (await (
        await fetch(`${webUrl}/rpc/${channel}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${HALL}`, 'Content-Type': 'application/json', ...(operatorToken ? { 'X-Operator-Token': operatorToken } : {}) },
          body: JSON.stringify(input),
        })
      ).json()) as Result<Record<string, unknown>>;
    const admin = await hallCall('auth.login', { username: 'admin', pin: '1111' });
    if (!admin.ok) throw new Error('admin login');
    const enrol = await hallCall('terminal.enroll', { name: 'C2' }, admin.value.operatorToken as string);
    if (!enrol.ok) throw new Error(`terminal.enroll: ${enrol.error.code}`);

    const counterArgs = ['counter', '--data-dir', counterDir, '--port', '0'];
    let counter = run([...counterArgs, '--hall', `https://127.0.0.1:${proxy.port}`, '--fingerprint', fingerprint, '--enroll', enrol.value.code as string], COUNTER);
    procs.push(counter);
    let counterUrl = (await printed(counter, /(http:\/\/127\.0\.0\.1:\d+)\/#token=/, 'counter'))[1]!;
    const call = async (channel: string, input: unknown, o: { operatorToken?: string; key?: string } = {}): Promise<Result<Record<string, unknown>>> =>
      (await (
        await fetch(`${counterUrl}/rpc/${channel}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${COUNTER}`,
            'Content-Type': 'application/json',
            ...(o.operatorToken ? { 'X-Operator-Token': o.operatorToken } : {}),
            ...(o.key ? { 'Idempotency-Key': o.key } : {}),
          },
          body: JSON.stringify(input),
        })
      ).json()) as Result<Record<string, unknown>>;
    const login = await call('auth.login', { username: 'caixa2', pin: '4444' });
    if (!login.ok) throw new Error(`login: ${login.error.code}`);
    const operatorToken = login.value.operatorToken as string;
    const opened = await call('drawer.open', { floatByDenomination: { '2000': 5 } }, { operatorToken, key: `D-${randomUUID()}` });
    if (!opened.ok) throw new Error(`drawer.open: ${opened.error.code}`);
    const sale = { gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 5_000 } };
    const sell = async (key = `C2-${randomUUID()}`) => ({ key, r: await call('sale.create', sale, { operatorToken, key }) });
    const status = async () => (await call('link.status', {})) as { ok: true; value: { link: string; outcomes?: KeyOutcome[] } };
    /** Resolves with the link's outcomes once `key` is settled, checked at each event of the counter's own stream. */
    const settledOf = (key: string) =>
      new Promise<KeyOutcome>((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`${key}: not settled in 20 s`)), 20_000);
        const req = get(`${counterUrl}/events?token=${COUNTER}`, (res: IncomingMessage) => {
          res.setEncoding('utf8');
          res.on('data', () => {
            void status().then((s) => {
              const o = s.value.outcomes?.find((x) => x.key === key && x.state !== 'unknown');
              if (!o) return;
              clearTimeout(timer);
              res.destroy();
              ok(o);
            });
          });
        });
        req.on('error', fail);
      });
    const db = new Database(join(hallDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
    cleanups.push(() => db.close());
    const kept = (key: string) =>
      db.prepare(`SELECT outcome, json_extract(answer, '$.saleId') AS saleId FROM idempotency_keys WHERE terminal_id = 'C2' AND key = ?`).get(key) as
        | { outcome: string; saleId: number | null }
        | undefined;

    proxy.freshRefused = true;
    let through = 0;
    // Cut: the hall makes the sale, its answer never comes back. Swallowed: the request never reaches the hall.
    for (const [fault, truth] of [
      ['cut', 'done'],
      ['blackhole', 'not_done'],
    ] as const) {
      // A sale that goes through leaves the counter's TLS connection open: the fault falls on the next request.
      // If that request went out on a fresh connection instead (the kept one busy or closed), the proxy refused
      // it: truthfully "none", and the hall holds nothing for its key; then again, at most five times.
      let attempt: { key: string; r: Result<Record<string, unknown>> };
      for (let tries = 1; ; tries++) {
        proxy.fault = 'pass';
        expect((await sell()).r.ok).toBe(true);
        through++;
        proxy.fault = fault;
        attempt = await sell();
        const answer = (attempt.r as { error?: { details?: { answer?: string } } }).error?.details?.answer;
        if (answer !== 'none' || tries === 5) break;
        expect(kept(attempt.key)).toBeUndefined();
      }
      const { key, r } = attempt;
      expect(r).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE', details: { answer: 'lost' } } });
      // The hall's side unplugged (refused): the same key pressed again says "lost", never "nothing was done".
      await proxy.unplug();
      proxy.fault = 'pass';
      expect((await sell(key)).r).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE', details: { answer: 'lost' } } });
      // The counter killed with the key unknown, and started again: its data folder still knows it.
      counter.child.kill('SIGKILL');
      await exited(counter.child);
      counter = run(counterArgs, COUNTER);
      procs.push(counter);
      counterUrl = (await printed(counter, /(http:\/\/127\.0\.0\.1:\d+)\/#token=/, 'counter again'))[1]!;
      expect((await status()).value.outcomes?.find((o) => o.key === key)).toMatchObject({ state: 'unknown', channel: 'sale.create' });
      // Plugged back: the counter asks the hall for the key (no sale sent again) and tells its screens.
      const settled = settledOf(key);
      await proxy.plug();
      const o = await settled;
      expect(o.state).toBe(truth);
      if (truth === 'done') expect(kept(key)).toEqual({ outcome: 'done', saleId: (o.value as { saleId: number }).saleId });
      else {
        expect(kept(key)).toEqual({ outcome: 'given_up', saleId: null });
        // The sale itself, sent again with its key, is refused: "not done" stays true.
        expect((await sell(key)).r).toMatchObject({ ok: false, error: { code: 'COMMAND_GIVEN_UP' } });
      }
    }
    // The sales through (two, or more if a fault met a fresh connection), one made behind a cut answer, and nothing else.
    expect(db.prepare(`SELECT COUNT(*) FROM sales WHERE terminal_id = 'C2'`).pluck().get()).toBe(through + 1);
    expect(through).toBeLessThan(10);
  }, 90_000);
});
