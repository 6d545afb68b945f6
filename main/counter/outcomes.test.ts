/**
 * A counter tells only what the hall did (issue 37): a sale whose request
 * reached a hall that dropped its answer is "lost", and stays so across
 * calls, a connection refused included (never "nothing was done"), across a
 * counter's restart too (its file), until the hall answers for the key; then
 * the link asks `command.outcome` (never the sale again) and shows the truth.
 * A plain HTTP server stands for the hall: it drops answers, then is gone,
 * then answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyOutcome } from '../../core/audit/contract.js';
import type { Result } from '../../core/errors.js';
import { createHallLink, type HallLink } from './link.js';
import { createOutcomeMemory, MAX_SETTLED, MAX_UNKNOWN } from './outcomes.js';

const SALE = { gameId: 1, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } };
const KEY = 'C2-k001544';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Hall {
  port: number;
  /** Each request's path and body, in order. */
  seen: { path: string; body: string }[];
  close(): Promise<void>;
}

/** A stand-in hall on `port` (0: any): `answer` gives the envelope, or null to drop the connection once the request is read. */
function hall(port: number, answer: (path: string, body: unknown) => Result<unknown> | null): Promise<Hall> {
  const seen: Hall['seen'] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body });
      const envelope = answer(req.url ?? '', body === '' ? {} : JSON.parse(body));
      if (envelope === null) req.socket.destroy();
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(envelope));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        seen,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

function link(port: number, file: string): HallLink {
  const agent = new Agent({ keepAlive: true });
  const l = createHallLink({ hallUrl: `http://127.0.0.1:${port}`, agent, events: false, budgetMs: 600, outcomesFile: file, logError: () => undefined });
  cleanups.push(() => {
    l.close();
    agent.destroy();
  });
  return l;
}

const outcomeOf = (l: HallLink, key: string): KeyOutcome | undefined => l.state().outcomes?.find((o) => o.key === key);

/** Resolves once the link's state shows `key` settled (told by its `link` event, not polled on a timer). */
function settled(l: HallLink, key: string): Promise<KeyOutcome> {
  return new Promise((resolve) => {
    const check = () => {
      const o = outcomeOf(l, key);
      if (o && o.state !== 'unknown') {
        off();
        resolve(o);
      }
    };
    const off = l.onEvent((e) => {
      if (e.type === 'changed' && e.channel === 'link.status') check();
    });
  });
}

describe('a lost answer stays lost until the hall answers for its key', () => {
  it('dropped, then refused: the second call with the same key says "lost", not "none"; once back, the hall is asked command.outcome and the sale shows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-outcomes-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'outcomes.json');

    // The hall reads the sale (it may commit it) and its answer never comes back.
    const dropping = await hall(0, () => null);
    const port = dropping.port;
    const l = link(port, file);
    const first = await l.dispatch('sale.create', SALE, { idempotencyKey: KEY });
    expect(first).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE', details: { answer: 'lost' } } });
    expect(dropping.seen.length).toBeGreaterThanOrEqual(1);
    await dropping.close();

    // Now the connection is refused: nothing of this call reached the hall, but the earlier one may have.
    const second = await l.dispatch('sale.create', SALE, { idempotencyKey: KEY });
    expect(second).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE', details: { answer: 'lost' } } });
    expect(second.ok ? '' : second.error.message).not.toContain('nada foi feito');
    // Another key, never sent anywhere: that one is "none".
    const other = await l.dispatch('sale.create', SALE, { idempotencyKey: 'C2-k001545' });
    expect(other).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE', details: { answer: 'none' } } });
    expect(outcomeOf(l, KEY)).toMatchObject({ key: KEY, channel: 'sale.create', state: 'unknown', settledAt: null });
    expect(outcomeOf(l, 'C2-k001545')).toBeUndefined();
    // Kept in the counter's data folder: a counter started again still knows.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, outcomes: [{ key: KEY, state: 'unknown' }] });
    l.close();
    const restarted = link(port, file);
    expect(outcomeOf(restarted, KEY)).toMatchObject({ state: 'unknown' });
    const third = await restarted.dispatch('sale.create', SALE, { idempotencyKey: KEY });
    expect(third).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE', details: { answer: 'lost' } } });

    // The hall back: it kept the sale under the key.
    const sold = { saleId: 41, quantity: 2, ranges: [{ seriesCode: 'A', from: 7, to: 8 }], totalCents: 200, tenderedCents: 200, changeCents: 0 };
    const back = await hall(port, (path, body) =>
      path === '/rpc/command.outcome'
        ? (body as { key: string }).key === KEY
          ? { ok: true, value: { outcome: 'done', channel: 'sale.create', value: sold, answerLost: false } }
          : { ok: true, value: { outcome: 'not_done' } }
        : { ok: true, value: { timeZone: 'Europe/Lisbon' } },
    );
    cleanups.push(() => back.close());
    const truth = settled(restarted, KEY);
    // Any answer of the hall brings the link up (here a screen's query; at a counter, the event stream).
    expect((await restarted.dispatch('setup.status', {}, {})).ok).toBe(true);
    expect(await truth).toMatchObject({ key: KEY, channel: 'sale.create', state: 'done', value: sold });
    // Asked, never sold again: a look-up with the key and the channel, and no sale.create reached the hall.
    expect(back.seen.filter((s) => s.path === '/rpc/command.outcome').map((s) => JSON.parse(s.body))).toEqual([{ key: KEY, channel: 'sale.create' }]);
    expect(back.seen.some((s) => s.path === '/rpc/sale.create')).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ outcomes: [{ key: KEY, state: 'done', value: sold }] });
  });

  it('the hall answers "not done" for a key it never received: the link says so, and only then', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-outcomes-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dropping = await hall(0, () => null);
    const l = link(dropping.port, join(dir, 'outcomes.json'));
    expect(await l.dispatch('sale.create', SALE, { idempotencyKey: 'C2-k000777' })).toMatchObject({ error: { details: { answer: 'lost' } } });
    await dropping.close();
    const back = await hall(dropping.port, (path) => (path === '/rpc/command.outcome' ? { ok: true, value: { outcome: 'not_done' } } : { ok: true, value: {} }));
    cleanups.push(() => back.close());
    const truth = settled(l, 'C2-k000777');
    await l.dispatch('setup.status', {}, {});
    expect(await truth).toMatchObject({ state: 'not_done', channel: 'sale.create' });
  });

  it('a retry refused for a reason that says nothing of the key (the hall forgot the session) asks the hall for the key and answers its fact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-outcomes-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dropping = await hall(0, () => null);
    const l = link(dropping.port, join(dir, 'outcomes.json'));
    await l.dispatch('sale.create', SALE, { idempotencyKey: 'C2-k000888' });
    await dropping.close();
    const sold = { saleId: 9 };
    const back = await hall(dropping.port, (path) =>
      path === '/rpc/command.outcome'
        ? { ok: true, value: { outcome: 'done', channel: 'sale.create', value: sold, answerLost: false } }
        : { ok: false, error: { code: 'NOT_AUTHENTICATED', message: 'Sem sessão.' } },
    );
    cleanups.push(() => back.close());
    // The sale sent again (the screen's retry) meets a hall restarted without the cashier's session.
    expect(await l.dispatch('sale.create', SALE, { idempotencyKey: 'C2-k000888' })).toEqual({ ok: true, value: sold });
    expect(outcomeOf(l, 'C2-k000888')).toMatchObject({ state: 'done', value: sold });
  });
});

describe('the memory of unknown outcomes', () => {
  const AT = '2026-12-06T18:00:00.000Z';

  it('is bounded: past MAX_UNKNOWN the oldest unknown key is forgotten and said so; MAX_SETTLED settled kept, newest first', () => {
    const logged: string[] = [];
    const m = createOutcomeMemory({ logError: (e) => logged.push((e as Error).message) });
    for (let i = 0; i <= MAX_UNKNOWN; i++) m.lost(`k-${String(i).padStart(6, '0')}`, 'sale.create', AT);
    expect(m.unknown()).toHaveLength(MAX_UNKNOWN);
    expect(m.isUnknown('k-000000')).toBe(false);
    expect(m.isUnknown('k-000001')).toBe(true);
    expect(logged).toEqual([`more than ${MAX_UNKNOWN} commands of unknown outcome: k-000000 forgotten`]);
    for (let i = 1; i <= MAX_SETTLED + 1; i++) expect(m.settle(`k-${String(i).padStart(6, '0')}`, 'sale.create', 'not_done', AT)).toBe(true);
    const settled = m.list().filter((o) => o.state !== 'unknown');
    expect(settled).toHaveLength(MAX_SETTLED);
    expect(settled[0]!.key).toBe(`k-${String(MAX_SETTLED + 1).padStart(6, '0')}`);
    // A key not unknown is not settled by an answer (it was never in doubt).
    expect(m.settle('k-999999', 'sale.create', 'done', AT, { saleId: 1 })).toBe(false);
  });

  it('a file that cannot be read is said, and knows no key (never a key taken for settled)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-outcomes-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'outcomes.json');
    writeFileSync(file, '{"version":1,"outcomes":[{"key":');
    const logged: string[] = [];
    const m = createOutcomeMemory({ file, logError: (_e, where) => logged.push(where) });
    expect(m.list()).toEqual([]);
    expect(logged).toEqual(['outcomes file']);
  });
});
