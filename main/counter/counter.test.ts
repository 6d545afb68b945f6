/**
 * A counter over real sockets (issue 24, points 4 and 6): its screens' calls
 * carried to the hall server and answered from there, the hall's events
 * re-emitted, and the offline rule: a hall out of reach (stopped, hung) is
 * HALL_UNREACHABLE within 5 s with nothing written, the link back by itself,
 * a lost answer asked again with its key (the one sale that happened), a
 * keyless command never sent twice, the clocks compared.
 *
 * The hall here is browser mode's plain-HTTP server (its Bearer token as an
 * extra header, its `terminalId` standing for the counter's certificate);
 * the hall's TLS port speaks the same protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createServer as createHttpServer, get, request, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { KioskEvent } from '../../core/events.js';
import { hallClock } from '../../core/time.js';
import { createTestHall } from '../../test/fixtures/faces.js';
import { snapshot, TEST_FLOAT, type Harness } from '../../test/harness.js';
import { startWebServer, type WebServer } from '../web/server.js';
import { isChannel } from '../../core/contract.js';
import { createHallLink, RECONNECT_MAX_MS, startCounter, type Counter, type HallLink } from './index.js';
import { SLOW_CHANNELS } from './link.js';

const HALL_TOKEN = 'hall-access-token-0123456789';
const COUNTER_TOKEN = 'counter-access-token-0123456789';
const TERMINAL = 'C2';
const SALE = (gameId: number) => ({ gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 500 } });

let h: Harness;
let manager: string;
let cashierT1: string;
let hall: WebServer;
let counter: Counter;
let gameId: number;
const agents: Agent[] = [];
const closers: (() => unknown)[] = [];

const hallAt = (url: string) => {
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  return { hallUrl: url, agent, headers: { Authorization: `Bearer ${HALL_TOKEN}` }, eventsPath: `/events?token=${HALL_TOKEN}` };
};

function startHall(port = 0): Promise<WebServer> {
  return startWebServer({ kiosk: h.kiosk, token: HALL_TOKEN, port, terminalId: TERMINAL });
}

beforeAll(async () => {
  ({ h, manager, cashier: cashierT1 } = await createTestHall());
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 1000 }, manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, manager);
  gameId = (await h.ok('game.open', { seriesCode: 'A' }, manager)).id;
  hall = await startHall();
  counter = await startCounter({ ...hallAt(hall.url), token: COUNTER_TOKEN, port: 0, terminalId: TERMINAL });
});

afterAll(async () => {
  for (const c of closers.reverse()) await c();
  await counter.close();
  await hall.close();
  for (const a of agents) a.destroy();
  h.close();
});

interface Rpc {
  status: number;
  body: { ok: boolean; value?: Record<string, unknown>; error?: { code: string; message: string; details?: Record<string, unknown> } };
  ms: number;
}

/** A call to the counter as its screens make it. */
async function rpc(channel: string, input: unknown, o: { operatorToken?: string; key?: string; lang?: string; url?: string } = {}): Promise<Rpc> {
  const headers: Record<string, string> = { Authorization: `Bearer ${COUNTER_TOKEN}`, 'Content-Type': 'application/json' };
  if (o.operatorToken) headers['X-Operator-Token'] = o.operatorToken;
  if (o.key) headers['Idempotency-Key'] = o.key;
  if (o.lang) headers['X-Lang'] = o.lang;
  const started = Date.now();
  const res = await fetch(`${o.url ?? counter.url}/rpc/${channel}`, { method: 'POST', headers, body: JSON.stringify(input) });
  return { status: res.status, body: (await res.json()) as Rpc['body'], ms: Date.now() - started };
}

async function value(channel: string, input: unknown, o: Parameters<typeof rpc>[2] = {}): Promise<Record<string, unknown>> {
  const r = await rpc(channel, input, o);
  if (!r.body.ok) throw new Error(`${channel} refused: ${JSON.stringify(r.body.error)}`);
  return r.body.value!;
}

/** The counter's own event stream, as a screen holds it open. */
function listen(url: string, token: string) {
  const events: KioskEvent[] = [];
  let res: IncomingMessage | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    const req = get(`${url}/events?token=${token}`, (r) => {
      res = r;
      r.setEncoding('utf8');
      let buffer = '';
      r.on('data', (text: string) => {
        buffer += text;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as KioskEvent);
        }
      });
      resolve();
    });
    req.on('error', reject);
  });
  return {
    events,
    ready,
    async waitFor(test: (e: KioskEvent) => boolean, ms = 5_000): Promise<KioskEvent> {
      const until = Date.now() + ms;
      for (;;) {
        const found = events.find(test);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no such event in ${ms} ms: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => res?.destroy(),
  };
}

const salesCount = () => (h.kiosk.db.prepare('SELECT count(*) FROM sales').pluck().get() as number);
const saleRow = (id: unknown) => h.kiosk.db.prepare('SELECT id, terminal_id AS terminalId, quantity FROM sales WHERE id = ?').all(id);

async function until(test: () => Promise<boolean> | boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let cashier: string;

describe('forwarding', () => {
  it('logs in, opens the drawer and sells through the counter: the sale is in the hall\'s file once, from the counter\'s terminal', async () => {
    const logins = () => h.kiosk.db.prepare(`SELECT terminal_id FROM audit_log WHERE channel = 'auth.login' AND outcome = 'ok'`).pluck().all();
    const loginsBefore = logins();
    cashier = (await value('auth.login', { username: 'caixa1', pin: '3333' })).operatorToken as string;
    // The login is the hall's, once, at the counter's terminal.
    expect(logins()).toEqual([...loginsBefore, TERMINAL]);
    await value('drawer.open', { floatByDenomination: TEST_FLOAT }, { operatorToken: cashier, key: 'drawer-open-c2-0001' });
    const before = salesCount();
    const sale = await value('sale.create', SALE(gameId), { operatorToken: cashier, key: 'sale-c2-0000-0001' });
    expect(sale).toMatchObject({ quantity: 2, totalCents: 200, tenderedCents: 500, changeCents: 300 });
    expect(salesCount()).toBe(before + 1);
    expect(saleRow(sale.saleId)).toEqual([{ id: sale.saleId, terminalId: TERMINAL, quantity: 2 }]);
    // The screens' own retry with the key: the same sale, not a second.
    const again = await value('sale.create', SALE(gameId), { operatorToken: cashier, key: 'sale-c2-0000-0001' });
    expect(again).toEqual(sale);
    expect(salesCount()).toBe(before + 1);
  });

  it("relays the hall's refusals as they are (the envelope and the language)", async () => {
    const r = await rpc('sale.create', SALE(gameId), { lang: 'en', key: 'sale-c2-0000-0002' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: false, error: { code: 'NOT_AUTHENTICATED', message: 'No operator session or it has expired: enter your PIN.' } });
  });

  it("keeps the counter's own access rule: no call without its token", async () => {
    const r = await fetch(`${counter.url}/rpc/setup.status`, { method: 'POST', headers: { Authorization: `Bearer ${HALL_TOKEN}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(401);
  });

  it('answers link.status itself (the hall answers standalone)', async () => {
    const state = await value('link.status', {});
    expect(state).toMatchObject({ mode: 'counter', link: 'up', lastError: null, clockOff: false });
    expect(Math.abs(state.skewMs as number)).toBeLessThan(1_500);
    expect(await h.ok('link.status', {})).toEqual({ mode: 'standalone' });
  });

  it("re-emits the hall's events to the counter's screens (a sale at another terminal)", async () => {
    const stream = listen(counter.url, COUNTER_TOKEN);
    await stream.ready;
    await h.at('T1').ok('sale.create', SALE(gameId), cashierT1);
    const e = await stream.waitFor((x) => x.type === 'changed' && x.channel === 'sale.create');
    expect(e).toMatchObject({ type: 'changed', channel: 'sale.create', topics: ['sales'] });
    stream.close();
  });
});

describe("a hall board's display token at a counter", () => {
  const asBoard = (token: string, channel = 'display.state') =>
    fetch(`${counter.url}/rpc/${channel}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });

  it('reads the board with a token the hall issued (carried as X-Display-Token), and nothing else', async () => {
    const gerente = (await value('auth.login', { username: 'gerente', pin: '2222' })).operatorToken as string;
    const { token } = (await value('display.token', {}, { operatorToken: gerente, key: 'display-token-c2-01' })) as { token: string };
    const board = await asBoard(token);
    expect(board.status).toBe(200);
    expect(await board.json()).toMatchObject({ ok: true, value: { game: { id: gameId } } });
    expect((await asBoard(token, 'setup.status')).status).toBe(401);
    const events = await fetch(`${counter.url}/events?token=${token}`);
    expect(events.status).toBe(200);
    await events.body?.cancel();
  });

  it('refuses a token the hall never issued (the hall judges it)', async () => {
    expect((await asBoard('not-a-board-token-0123456789')).status).toBe(401);
    expect((await fetch(`${counter.url}/events?token=not-a-board-token-0123456789`)).status).toBe(401);
    // The hall itself refuses a carried token it does not know, though the call is otherwise its own.
    const r = await fetch(`${hall.url}/rpc/display.state`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${HALL_TOKEN}`, 'X-Display-Token': 'not-a-board-token-0123456789', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(r.status).toBe(401);
  });
});

describe('a hall that does not answer', () => {
  it('answers HALL_UNREACHABLE within 5 s from a hall that accepts the connection and never answers', async () => {
    const sockets = new Set<Socket>();
    const hung: TcpServer = createTcpServer((s) => {
      sockets.add(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r));
    const port = (hung.address() as { port: number }).port;
    const c = await startCounter({ ...hallAt(`http://127.0.0.1:${port}`), token: COUNTER_TOKEN, port: 0 });
    closers.push(async () => {
      await c.close();
      for (const s of sockets) s.destroy();
      await new Promise((r) => hung.close(r));
    });
    const before = salesCount();
    const [sale, query] = await Promise.all([
      rpc('sale.create', SALE(gameId), { operatorToken: cashier, key: 'sale-hung-0001', url: c.url }),
      rpc('setup.status', {}, { url: c.url }),
    ]);
    expect(sale.ms).toBeLessThan(5_000);
    expect(sale.status).toBe(503);
    expect(sale.body.error).toMatchObject({ code: 'HALL_UNREACHABLE', details: { answer: 'lost' } });
    expect(sale.body.error!.message).toMatch(/^Sem ligação ao servidor da sala desde as \d\d:\d\d: resultado por confirmar, o pedido pode ter chegado ao servidor da sala e a resposta não chegou/);
    expect(query.ms).toBeLessThan(5_000);
    expect(query.body.error?.code).toBe('HALL_UNREACHABLE');
    expect(salesCount()).toBe(before);
    expect(c.link.state()).toMatchObject({ mode: 'counter', link: 'down', lastError: 'timeout' });
  });

  it('gives the calls that take seconds by nature (a PDF, the books check) their longer budget, and a sale its short one', async () => {
    for (const c of SLOW_CHANNELS) expect(isChannel(c), c).toBe(true);
    const sockets = new Set<Socket>();
    const hung: TcpServer = createTcpServer((s) => sockets.add(s).size);
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r));
    const port = (hung.address() as { port: number }).port;
    const link = createHallLink({ ...hallAt(`http://127.0.0.1:${port}`), events: false, budgetMs: 300, slowBudgetMs: 1_200 });
    closers.push(async () => {
      link.close();
      for (const s of sockets) s.destroy();
      await new Promise((r) => hung.close(r));
    });
    const started = Date.now();
    const [books, sale] = await Promise.all([
      link.dispatch('books.verify', {}, {}).then((r) => ({ r, ms: Date.now() - started })),
      link.dispatch('sale.create', SALE(gameId), { idempotencyKey: 'sale-short-0001' }).then((r) => ({ r, ms: Date.now() - started })),
    ]);
    expect(sale.r).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE' } });
    expect(sale.ms).toBeGreaterThanOrEqual(280);
    expect(sale.ms).toBeLessThan(900);
    expect(books.r).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE' } });
    expect(books.ms).toBeGreaterThanOrEqual(1_150);
  });

  it('answers at once, with nothing sent, when the hall refuses the connection', async () => {
    const closed = createTcpServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const link = createHallLink({ ...hallAt(`http://127.0.0.1:${port}`), events: false });
    closers.push(() => link.close());
    const started = Date.now();
    const r = await link.dispatch('sale.create', SALE(gameId), { operatorToken: cashier, idempotencyKey: 'sale-refused-0001', lang: 'en' });
    expect(Date.now() - started).toBeLessThan(1_000);
    const since = link.state().since!;
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'HALL_UNREACHABLE',
        message: `No link to the hall server since ${hallClock(since, 'Europe/Lisbon')}: nothing was done and nothing is queued. The counter reconnects by itself; if it does not, check the network or call the technician.`,
        details: { since, answer: 'none' },
      },
    });
    expect(link.state()).toMatchObject({ link: 'down', lastError: 'ECONNREFUSED' });
  });
});

/**
 * Between the counter and the hall: forwards every call, but drops the
 * connection of the first `dropFirst` answers (after the hall has done the
 * call), as a link that fails on the way back.
 */
async function lossyProxy(target: WebServer, drop: (channel: string, n: number) => boolean) {
  const seen: string[] = [];
  const server: Server = createHttpServer((req, res) => {
    const channel = (req.url ?? '').replace('/rpc/', '');
    seen.push(channel);
    const n = seen.filter((c) => c === channel).length;
    const out = request(
      { host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: `127.0.0.1:${target.port}` } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          // The hall has answered (and committed): the answer is lost on the way back.
          if (drop(channel, n)) return req.socket.destroy();
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        });
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((r) => server.close(r));
  });
  return { url: `http://127.0.0.1:${port}`, seen };
}

describe('an answer lost on the way back', () => {
  it('is asked again with its key: the first sale answers, once in the database', async () => {
    const proxy = await lossyProxy(hall, (channel, n) => channel === 'sale.create' && n === 1);
    const link: HallLink = createHallLink({ ...hallAt(proxy.url), events: false });
    closers.push(() => link.close());
    const before = salesCount();
    const last = h.kiosk.db.prepare('SELECT max(id) FROM sales').pluck().get() as number;
    const r = await link.dispatch('sale.create', SALE(gameId), { operatorToken: cashier, idempotencyKey: 'sale-lost-0000-0001' });
    expect(proxy.seen).toEqual(['sale.create', 'sale.create']);
    expect(r.ok).toBe(true);
    const sale = (r as { value: { saleId: number } }).value;
    expect(sale.saleId).toBe(last + 1);
    expect(salesCount()).toBe(before + 1);
    expect(saleRow(sale.saleId)).toEqual([{ id: sale.saleId, terminalId: TERMINAL, quantity: 2 }]);
  });

  it('is never asked again for a command without a key: it may have been done, and the refusal says so', async () => {
    const proxy = await lossyProxy(hall, (channel) => channel === 'sale.create');
    const link = createHallLink({ ...hallAt(proxy.url), events: false });
    closers.push(() => link.close());
    const before = salesCount();
    const r = await link.dispatch('sale.create', SALE(gameId), { operatorToken: cashier });
    expect(proxy.seen).toEqual(['sale.create']);
    expect(r).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE', details: { answer: 'lost' } } });
    // It was done once at the hall, and only once.
    expect(salesCount()).toBe(before + 1);
  });

  it('asks a query again (it changes nothing)', async () => {
    const proxy = await lossyProxy(hall, (channel, n) => channel === 'setup.status' && n === 1);
    const link = createHallLink({ ...hallAt(proxy.url), events: false });
    closers.push(() => link.close());
    const r = await link.dispatch('setup.status', {}, {});
    expect(proxy.seen).toEqual(['setup.status', 'setup.status']);
    expect(r).toMatchObject({ ok: true, value: { initialized: true, hallName: 'Sala de Teste' } });
  });
});

describe("the counter's clock", () => {
  it('says so when it is more than 30 s off the hall\'s (the Date header)', async () => {
    const link = createHallLink({ ...hallAt(hall.url), events: false, now: () => new Date(Date.now() + 60_000) });
    closers.push(() => link.close());
    const events: KioskEvent[] = [];
    link.onEvent((e) => events.push(e));
    expect((await link.dispatch('setup.status', {}, {})).ok).toBe(true);
    const state = link.state();
    expect(state).toMatchObject({ link: 'up', clockOff: true });
    expect(state.skewMs).toBeGreaterThanOrEqual(59_000);
    expect(state.skewMs).toBeLessThanOrEqual(61_000);
    expect(events.filter((e) => e.type === 'changed' && e.channel === 'link.status').length).toBeGreaterThanOrEqual(1);
  });

  it('is within 30 s: nothing to say', async () => {
    const link = createHallLink({ ...hallAt(hall.url), events: false, now: () => new Date(Date.now() - 20_000) });
    closers.push(() => link.close());
    expect((await link.dispatch('setup.status', {}, {})).ok).toBe(true);
    expect(link.state()).toMatchObject({ link: 'up', clockOff: false });
  });
});

// Last: it stops and restarts the hall.
describe('the hall stopped, then started again', () => {
  it('refuses every call with the time the link was lost, writes nothing, and works again by itself once the hall is back', async () => {
    const stream = listen(counter.url, COUNTER_TOKEN);
    await stream.ready;
    const port = hall.port;
    await hall.close();
    await until(async () => (await value('link.status', {})).link === 'down');
    const down = await value('link.status', {});
    expect(down).toMatchObject({ mode: 'counter', link: 'down', since: expect.any(String) });
    await stream.waitFor((e) => e.type === 'changed' && e.channel === 'link.status');
    const before = snapshot(h.kiosk);
    const sale = await rpc('sale.create', SALE(gameId), { operatorToken: cashier, key: 'sale-down-0000-0001' });
    expect(sale.ms).toBeLessThan(5_000);
    expect(sale.status).toBe(503);
    expect(sale.body).toEqual({
      ok: false,
      error: {
        code: 'HALL_UNREACHABLE',
        message: `Sem ligação ao servidor da sala desde as ${hallClock(down.since as string, 'Europe/Lisbon')}: nada foi feito nem fica em espera. O balcão volta a ligar-se sozinho; se não voltar, verifique a rede ou chame o técnico.`,
        details: { since: down.since, answer: 'none' },
      },
    });
    expect(snapshot(h.kiosk)).toEqual(before);

    // The hall restarts on its port with its data folder (its operators' sessions are gone with its process).
    // Down long enough for the reconnection's pause to reach its cap: back within it once the hall is.
    await new Promise((r) => setTimeout(r, 3_500));
    await h.reopen();
    hall = await startHall(port);
    const restarted = Date.now();
    await until(() => counter.link.state().link === 'up', 5_000);
    expect(Date.now() - restarted).toBeLessThan(RECONNECT_MAX_MS + 500);
    // The screens were told to fetch everything again (events were missed meanwhile).
    const back = await stream.waitFor((e) => e.type === 'changed' && e.channel === 'link.status' && e.topics.includes('sales'));
    expect(back.type === 'changed' && back.topics).toContain('link');
    cashier = (await value('auth.login', { username: 'caixa1', pin: '3333' })).operatorToken as string;
    const count = salesCount();
    const again = await value('sale.create', SALE(gameId), { operatorToken: cashier, key: 'sale-back-0000-0001' });
    expect(saleRow(again.saleId)).toEqual([{ id: again.saleId, terminalId: TERMINAL, quantity: 2 }]);
    expect(salesCount()).toBe(count + 1);
    // Events flow again through the same stream.
    await stream.waitFor((e) => e.type === 'changed' && e.channel === 'sale.create' && e.at !== undefined && stream.events.indexOf(e) > stream.events.indexOf(back));
    stream.close();
  });
});
