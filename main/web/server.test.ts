/**
 * Browser mode over real HTTP: the access token, Host and Origin checks, the
 * envelope, GET /rpc, languages, server-sent events and the static files.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CHANNELS, contract } from '../../core/contract.js';
import { createTestHall } from '../../test/fixtures/faces.js';
import { snapshot, type Harness } from '../../test/harness.js';
import { BODY_TIMEOUT_MS, MAX_BODY_BYTES, startWebServer, type WebServer } from './server.js';

const TOKEN = 'test-access-token-0123456789';
const SECRET = 'segredo-fora-da-pasta';
const INDEX = '<!doctype html><title>Quiosque</title>';
const BOARD = '<!doctype html><title>Painel da sala</title>';
const CUSTOMER = '<!doctype html><title>Ecrã do cliente</title>';
/** A chunk-like asset, large enough to be worth compressing, with non-ASCII text so that bytes, not characters, are compared. */
const BUNDLE = `export const words = ${JSON.stringify(Array.from({ length: 3000 }, (_, i) => `palavra-${i % 37}-ção-${i % 11}`))};\n`;

let h: Harness;
let manager: string;
let cashier: string;
let server: WebServer;
let gameId: number;
let root: string;

beforeAll(async () => {
  ({ h, manager, cashier } = await createTestHall());
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 1000 }, manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, manager);
  gameId = (await h.ok('game.open', { seriesCode: 'A' }, manager)).id;
  root = mkdtempSync(join(tmpdir(), 'kiosk-static-'));
  mkdirSync(join(root, 'public', 'assets'), { recursive: true });
  writeFileSync(join(root, 'public', 'index.html'), INDEX);
  writeFileSync(join(root, 'public', 'display.html'), BOARD);
  writeFileSync(join(root, 'public', 'customer.html'), CUSTOMER);
  writeFileSync(join(root, 'public', 'assets', 'app.js'), 'console.log("ok");');
  writeFileSync(join(root, 'public', 'assets', 'bundle.js'), BUNDLE);
  writeFileSync(join(root, 'public', 'assets', 'style.css'), `.a { color: red; }\n`.repeat(300));
  writeFileSync(join(root, 'public', 'assets', 'icon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`);
  writeFileSync(join(root, 'public', 'assets', 'data.json'), JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i, ok: true })) }));
  writeFileSync(join(root, 'public', 'assets', 'logo.png'), Buffer.alloc(4000, 7));
  writeFileSync(join(root, 'public', 'long.html'), `<!doctype html><title>Longa</title>${'<p>Sessão de bingo</p>'.repeat(200)}`);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ secret: SECRET }));
  writeFileSync(join(root, 'secret.txt'), SECRET);
  server = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0, staticDir: join(root, 'public') });
});

afterAll(async () => {
  await server.close();
  h.close();
  rmSync(root, { recursive: true, force: true });
});

interface RpcOptions {
  bearer?: string | null;
  operatorToken?: string;
  lang?: string;
  contentType?: string;
  body?: string;
}

async function rpc(channel: string, input: unknown, o: RpcOptions = {}) {
  const headers: Record<string, string> = { 'Content-Type': o.contentType ?? 'application/json' };
  if (o.bearer !== null) headers.Authorization = `Bearer ${o.bearer ?? TOKEN}`;
  if (o.operatorToken) headers['X-Operator-Token'] = o.operatorToken;
  if (o.lang) headers['X-Lang'] = o.lang;
  const res = await fetch(`${server.url}/rpc/${channel}`, { method: 'POST', headers, body: o.body ?? JSON.stringify(input) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** A request exactly as written (no URL normalisation, any Host). */
function raw(
  path: string,
  o: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: o.method ?? 'GET', headers: o.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

const ACCESS_REFUSED = {
  ok: false,
  error: { code: 'ACCESS_REFUSED', message: 'Pedido recusado: token de acesso, anfitrião ou origem inválidos.' },
};

describe('access token', () => {
  it('refuses a call without the bearer token (401, envelope)', async () => {
    const r = await rpc('setup.status', {}, { bearer: null });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(ACCESS_REFUSED);
  });

  it('refuses a wrong token, a token of another length and another scheme', async () => {
    expect((await rpc('setup.status', {}, { bearer: 'test-access-token-0123456788' })).status).toBe(401);
    expect((await rpc('setup.status', {}, { bearer: 'x' })).status).toBe(401);
    const basic = await raw('/rpc/setup.status', {
      method: 'POST',
      headers: { Host: `127.0.0.1:${server.port}`, Authorization: `Basic ${TOKEN}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(basic.status).toBe(401);
    expect(JSON.parse(basic.body)).toEqual(ACCESS_REFUSED);
    expect((await fetch(`${server.url}/rpc`)).status).toBe(401);
  });

  it('refuses the event stream without its token', async () => {
    expect((await fetch(`${server.url}/events`)).status).toBe(401);
    expect((await fetch(`${server.url}/events?token=wrong`)).status).toBe(401);
  });

  it('answers an English refusal when asked', async () => {
    const r = await fetch(`${server.url}/rpc/setup.status`, { method: 'POST', headers: { 'X-Lang': 'en' } });
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ ok: false, error: { code: 'ACCESS_REFUSED', message: 'Request refused: invalid access token, host or origin.' } });
  });
});

describe('Host and Origin', () => {
  const authorised = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

  it('refuses a foreign Host (DNS rebinding) with 403', async () => {
    for (const host of [`evil.example:${server.port}`, '127.0.0.1', `127.0.0.1:${server.port + 1}`, `localhost.evil.example:${server.port}`]) {
      const r = await raw('/rpc/setup.status', { method: 'POST', headers: { ...authorised, Host: host }, body: '{}' });
      expect(r.status, host).toBe(403);
      expect(JSON.parse(r.body)).toEqual(ACCESS_REFUSED);
    }
    // Static files too.
    expect((await raw('/', { headers: { Host: `evil.example:${server.port}` } })).status).toBe(403);
  });

  it('accepts 127.0.0.1 and localhost on its port', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) {
      const r = await raw('/rpc/setup.status', { method: 'POST', headers: { ...authorised, Host: host }, body: '{}' });
      expect(r.status, host).toBe(200);
      expect(JSON.parse(r.body)).toMatchObject({ ok: true });
    }
  });

  it('refuses a foreign Origin with 403', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${server.port + 1}`, `https://127.0.0.1:${server.port}`, 'null']) {
      const r = await raw('/rpc/setup.status', {
        method: 'POST',
        headers: { ...authorised, Host: `127.0.0.1:${server.port}`, Origin: origin },
        body: '{}',
      });
      expect(r.status, origin).toBe(403);
      expect(JSON.parse(r.body)).toEqual(ACCESS_REFUSED);
    }
  });

  it('accepts its own Origin', async () => {
    for (const origin of [`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`]) {
      const r = await raw('/rpc/setup.status', {
        method: 'POST',
        headers: { ...authorised, Host: `127.0.0.1:${server.port}`, Origin: origin },
        body: '{}',
      });
      expect(r.status, origin).toBe(200);
    }
  });
});

describe('POST /rpc/<channel>', () => {
  it('returns the envelope with the value', async () => {
    const r = await rpc('setup.status', {});
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.body).toEqual({ ok: true, value: { initialized: true, hallName: 'Sala de Teste', timeZone: 'Europe/Lisbon', terminalId: 'T1', pinKey: 'ok' } });
  });

  it('an empty body is an empty input', async () => {
    expect((await rpc('setup.status', null, { body: '' })).body).toMatchObject({ ok: true });
  });

  it('logs in and sells with the operator token header', async () => {
    const login = await rpc('auth.login', { username: 'caixa1', pin: '3333' });
    expect(login.body).toMatchObject({ ok: true, value: { operator: { username: 'caixa1', roles: ['cashier'] } } });
    const token = (login.body.value as { operatorToken: string }).operatorToken;
    const sale = await rpc('sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 500 } }, { operatorToken: token });
    expect(sale.status).toBe(200);
    expect(sale.body).toEqual({
      ok: true,
      value: { saleId: expect.any(Number), ranges: [{ seriesCode: 'A', from: expect.any(Number), to: expect.any(Number) }], quantity: 2, totalCents: 200, tenderedCents: 500, changeCents: 300 },
    });
  });

  it('returns a refusal as {ok:false, error:{code, message}} and changes nothing', async () => {
    const before = snapshot(h.kiosk);
    const r = await rpc('sale.create', { gameId, quantity: 1, payment: { method: 'cheque', tenderedCents: 100 } }, { operatorToken: cashier });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ok: false,
      error: {
        code: 'PAYMENT_METHOD_NOT_ALLOWED',
        message:
          'Pagamento recusado (cheque): os cartões de bingo só podem ser pagos em numerário; cheques, cartões e crédito não são aceites (art. 12.º, n.º 4, do Despacho Normativo 80/85).',
      },
    });
    expect(snapshot(h.kiosk)).toEqual(before);
    expect((await rpc('game.open', { seriesCode: 'A' }, { operatorToken: cashier })).body).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect((await rpc('auth.me', {})).body).toMatchObject({ ok: false, error: { code: 'NOT_AUTHENTICATED' } });
  });

  it('X-Lang: en gives English messages', async () => {
    const r = await rpc('sale.create', { gameId, quantity: 1, payment: { method: 'card', tenderedCents: 100 } }, { operatorToken: cashier, lang: 'en' });
    expect(r.body).toEqual({
      ok: false,
      error: {
        code: 'PAYMENT_METHOD_NOT_ALLOWED',
        message:
          'Payment refused (card): bingo cards may only be paid in cash; cheques, cards and credit are not accepted (art. 12(4), Despacho Normativo 80/85).',
      },
    });
    expect((await rpc('auth.me', {}, { lang: 'en' })).body).toEqual({
      ok: false,
      error: { code: 'NOT_AUTHENTICATED', message: 'No operator session or it has expired: enter your PIN.' },
    });
    // Anything else falls back to pt-PT.
    expect(((await rpc('auth.me', {}, { lang: 'fr' })).body.error as { message: string }).message).toBe(
      'Sessão de operador inexistente ou expirada: introduza o PIN.',
    );
  });

  it('an unknown channel is 404 with the envelope', async () => {
    const r = await rpc('nope.nothing', {});
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ ok: false, error: { code: 'UNKNOWN_CHANNEL', message: 'Operação desconhecida: nope.nothing.' } });
    expect((await rpc('__proto__', {})).status).toBe(404);
    // A malformed escape is an unknown channel too, not an internal error.
    expect((await rpc('%E0%A4%A', {})).status).toBe(404);
  });

  it('malformed JSON is 400', async () => {
    const r = await rpc('setup.status', null, { body: '{"a":' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'Dados inválidos: JSON inválido.' } });
  });

  it('another content type is 415', async () => {
    const r = await rpc('setup.status', {}, { contentType: 'text/plain' });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'Dados inválidos: Content-Type: application/json.' } });
    expect((await rpc('setup.status', {}, { contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
    // Strictly JSON: a look-alike type or another charset is refused too.
    for (const contentType of ['application/jsonx', 'application/json-seq', 'application/json; charset=latin1', 'application/json;foo=bar']) {
      expect([contentType, (await rpc('setup.status', {}, { contentType })).status]).toEqual([contentType, 415]);
    }
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
      expect([contentType, (await rpc('setup.status', {}, { contentType })).status]).toEqual([contentType, 200]);
    }
  });

  it('other methods are 405', async () => {
    expect((await fetch(`${server.url}/rpc/setup.status`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
    expect((await fetch(`${server.url}/rpc`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
    expect((await fetch(`${server.url}/`, { method: 'DELETE' })).status).toBe(405);
  });

  it('a body over the limit is refused (413)', async () => {
    const r = await raw('/rpc/setup.status', {
      method: 'POST',
      headers: { Host: `127.0.0.1:${server.port}`, Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES + 1000) }),
    });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });
});

/**
 * A POST over a plain socket whose body goes out one byte every `everyMs`:
 * what the server answered, how long after the headers, and whether it
 * closed the connection. Bounded: the body's bytes, and `giveUpMs` at most.
 */
function trickle(port: number, channel: string, body: string, everyMs: number, giveUpMs: number): Promise<{ response: string; answeredMs: number | null; closedMs: number | null; bytesSent: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let response = '';
    let answeredMs: number | null = null;
    let bytesSent = 0;
    let sender: NodeJS.Timeout | undefined;
    const done = (closedMs: number | null) => {
      clearInterval(sender);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ response, answeredMs, closedMs, bytesSent });
    };
    const giveUp = setTimeout(() => done(null), giveUpMs);
    socket.on('error', reject);
    socket.on('data', (c: Buffer) => {
      answeredMs ??= Date.now() - started;
      response += c.toString('utf8');
    });
    socket.on('close', () => done(Date.now() - started));
    socket.on('connect', () => {
      socket.write(
        `POST /rpc/${channel} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      sender = setInterval(() => {
        if (bytesSent >= body.length || socket.destroyed) return clearInterval(sender);
        socket.write(body[bytesSent++]!);
      }, everyMs);
    });
  });
}

describe('a request body has 10 s to arrive (issue 21)', () => {
  const SALE = JSON.stringify({ gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } });

  it('a body trickled a byte at a time is answered 408 at the limit and its connection closed; the command never runs', async () => {
    const other = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0, bodyTimeoutMs: 1_000 });
    try {
      const before = snapshot(h.kiosk);
      const r = await trickle(other.port, 'sale.create', SALE, 200, 5_000);
      expect(r.response).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(r.response).toMatch(/\r\nConnection: close\r\n/i);
      expect(JSON.parse(r.response.slice(r.response.indexOf('\r\n\r\n') + 4))).toEqual({
        ok: false,
        error: { code: 'REQUEST_TIMEOUT', message: 'O pedido não chegou inteiro em 1 s: a ligação foi fechada e nada foi feito.' },
      });
      expect(r.answeredMs).toBeGreaterThanOrEqual(950);
      expect(r.answeredMs).toBeLessThan(2_500);
      // Closed by the server, long before the body could have been sent whole.
      expect(r.closedMs).not.toBeNull();
      expect(r.closedMs!).toBeLessThan(3_000);
      expect(r.bytesSent).toBeLessThan(SALE.length);
      expect(snapshot(h.kiosk)).toEqual(before);
    } finally {
      await other.close();
    }
  });

  it('a body that arrives whole in time, however it is cut, is served', async () => {
    const other = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0, bodyTimeoutMs: 1_000 });
    try {
      // Kept alive after its answer: given up on after 1.5 s (the body took 0.45 s).
      const r = await trickle(other.port, 'setup.status', '{ }', 150, 1_500);
      expect(r.response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(r.response).toContain('"initialized":true');
    } finally {
      await other.close();
    }
  });

  it('by default: a byte every 2 s is cut at 10 s, not after 5 minutes', async () => {
    expect(BODY_TIMEOUT_MS).toBe(10_000);
    const r = await trickle(server.port, 'sale.create', SALE, 2_000, 20_000);
    expect(r.response).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(r.response).toContain('"code":"REQUEST_TIMEOUT"');
    expect(r.answeredMs).toBeGreaterThanOrEqual(9_900);
    expect(r.answeredMs).toBeLessThan(12_000);
    expect(r.closedMs).not.toBeNull();
    expect(r.closedMs!).toBeLessThan(13_000);
  }, 30_000);
});

describe('GET /rpc', () => {
  it('lists every channel with its input JSON Schema and its roles', async () => {
    const r = await fetch(`${server.url}/rpc`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { ok: boolean; value: { channel: string; kind: string; roles: unknown; summary: string; input: Record<string, unknown> }[] };
    expect(body.ok).toBe(true);
    expect(body.value.map((c) => c.channel)).toEqual(CHANNELS);
    for (const c of body.value) {
      const def = contract[c.channel as keyof typeof contract];
      expect(c.roles, c.channel).toEqual(def.roles);
      expect(c.kind, c.channel).toBe(def.kind);
      expect(c.summary, c.channel).toBe(def.summary);
      expect(c.input.type, c.channel).toBe('object');
    }
    const byName = Object.fromEntries(body.value.map((c) => [c.channel, c]));
    expect(byName['auth.login']!.roles).toBe('public');
    expect(byName['sale.create']!.roles).toEqual(['cashier']);
    expect(byName['game.open']!.roles).toEqual(['manager', 'admin']);
    expect(byName['users.create']!.roles).toEqual(['admin']);
    const sale = byName['sale.create']!.input as { properties: Record<string, { type?: string; properties?: Record<string, unknown> }>; required: string[]; additionalProperties: boolean };
    expect(Object.keys(sale.properties).sort()).toEqual(['gameId', 'payment', 'personId', 'quantity']);
    expect(sale.required.sort()).toEqual(['gameId', 'payment', 'quantity']);
    expect(sale.additionalProperties).toBe(false);
    expect(sale.properties.gameId!.type).toBe('integer');
    expect(Object.keys(sale.properties.payment!.properties!).sort()).toEqual(['method', 'tenderedCents']);
    const open = byName['game.open']!.input as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(open.properties).sort()).toEqual(['secondSeriesCode', 'seriesCode']);
    expect(open.required).toEqual(['seriesCode']);
  });
});

describe('server-sent events', () => {
  it('pushes a `changed` event after a sale', async () => {
    const abort = new AbortController();
    const res = await fetch(`${server.url}/events?token=${encodeURIComponent(TOKEN)}`, { signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const read = async (until: (s: string) => boolean) => {
      const deadline = Date.now() + 5_000;
      while (!until(text)) {
        if (Date.now() > deadline) throw new Error(`no event; got ${JSON.stringify(text)}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    try {
      await read((s) => s.includes(': ligado'));
      const sale = await rpc('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, { operatorToken: cashier });
      expect(sale.body.ok).toBe(true);
      await read((s) => /data: .*\n\n/.test(s));
      const frame = /data: (.*)\n\n/.exec(text)![1]!;
      expect(JSON.parse(frame)).toEqual({ type: 'changed', channel: 'sale.create', topics: ['sales'], at: '2026-11-30T20:00:00.000Z' });
      // A refusal pushes nothing; a query neither.
      text = '';
      await rpc('sale.create', { gameId, quantity: 0, payment: { method: 'cash', tenderedCents: 100 } }, { operatorToken: cashier });
      await rpc('series.list', {}, { operatorToken: cashier });
      await rpc('series.register', { code: 'Q', priceCents: 100, size: 10 }, { operatorToken: manager });
      await read((s) => s.includes('data: '));
      expect(JSON.parse(/data: (.*)\n\n/.exec(text)![1]!)).toMatchObject({ type: 'changed', channel: 'series.register', topics: ['series'] });
    } finally {
      abort.abort();
      await reader.cancel().catch(() => {});
    }
  });
});

describe('a hall board\'s display token', () => {
  it('reads display.state and the event stream, and nothing else: every other channel, with or without an operator, is 401', async () => {
    const { token, path } = await h.ok('display.token', {}, manager);
    expect(path).toBe('/display');
    const state = await rpc('display.state', {}, { bearer: token });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ ok: true, value: { hallName: 'Sala de Teste', game: { number: 1, state: 'selling', priceCents: 100 } } });
    const before = snapshot(h.kiosk);
    for (const channel of CHANNELS.filter((c) => c !== 'display.state')) {
      const r = await rpc(channel, {}, { bearer: token, operatorToken: manager });
      expect([channel, r.status, (r.body.error as { code: string }).code]).toEqual([channel, 401, 'ACCESS_REFUSED']);
    }
    expect(snapshot(h.kiosk)).toEqual(before);
    expect((await fetch(`${server.url}/rpc`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    const abort = new AbortController();
    const events = await fetch(`${server.url}/events?token=${encodeURIComponent(token)}`, { signal: abort.signal });
    expect(events.status).toBe(200);
    abort.abort();
    // A made-up token of the same shape reads nothing; the kiosk token reads the board too.
    // (Its last character changed for another: never the same token, as a fixed "xy" was once in 4 096 runs.)
    const madeUp = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await rpc('display.state', {}, { bearer: madeUp })).status).toBe(401);
    expect((await rpc('display.state', {}, {})).body).toMatchObject({ ok: true });
    // Only its hash is on file.
    expect(JSON.stringify(h.kiosk.db.prepare(`SELECT * FROM display_tokens`).all())).not.toContain(token);
  });

  it('is a manager\'s to ask for', async () => {
    expect((await rpc('display.token', {}, { operatorToken: cashier })).body).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});

describe('static files', () => {
  it('serves the app, its assets and client-side routes', async () => {
    const index = await fetch(`${server.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await index.text()).toBe(INDEX);
    const js = await fetch(`${server.url}/assets/app.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe('console.log("ok");');
    const route = await fetch(`${server.url}/sale`);
    expect(route.status).toBe(200);
    expect(await route.text()).toBe(INDEX);
    // The hall board is its own page.
    expect(await (await fetch(`${server.url}/display`)).text()).toBe(BOARD);
    // So is the customer display, served with no token asked (it calls nothing).
    const customer = await fetch(`${server.url}/customer`);
    expect([customer.status, await customer.text()]).toEqual([200, CUSTOMER]);
    expect((await fetch(`${server.url}/missing.png`)).status).toBe(404);
  });

  it.each([
    '/../package.json',
    '/../secret.txt',
    '/%2e%2e/package.json',
    '/%2E%2E/secret.txt',
    '/..%2fpackage.json',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%5csecret.txt',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/%E0%A4%A',
  ])('path traversal %s does not escape the folder', async (path) => {
    const r = await raw(path, { headers: { Host: `127.0.0.1:${server.port}` } });
    expect(r.body).not.toContain(SECRET);
    expect(r.body).not.toContain('root:');
    // Either not found, or the app itself (a client-side route).
    if (r.status === 200) expect(r.body).toBe(INDEX);
    else expect(r.status).toBe(404);
  });

  it('a folder given with a trailing slash serves the same files', async () => {
    const other = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0, staticDir: join(root, 'public') + '/' });
    try {
      const r = await fetch(`${other.url}/assets/app.js`);
      expect(r.status).toBe(200);
      expect((await fetch(`${other.url}/..%2fsecret.txt`)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('without a built app, the API alone answers', async () => {
    const other = await startWebServer({ kiosk: h.kiosk, token: TOKEN, port: 0 });
    try {
      const r = await fetch(`${other.url}/`);
      expect(r.status).toBe(404);
      expect(await r.json()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
      const status = await fetch(`${other.url}/rpc/setup.status`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(await status.json()).toMatchObject({ ok: true });
    } finally {
      await other.close();
    }
  });
});

describe('compressed static files', () => {
  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    raw(path, { method, headers: { Host: `127.0.0.1:${server.port}`, ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }) } });
  const file = (path: string) => readFileSync(join(root, 'public', path));
  /** The bytes as sent, decoded by their Content-Encoding. */
  const decoded = (r: { headers: IncomingHttpHeaders; bytes: Buffer }) =>
    r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.bytes) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.bytes) : r.bytes;

  it('a JS asset asked for with Accept-Encoding: br comes back in brotli and decompresses to exactly the file', async () => {
    const r = await get('/assets/bundle.js', 'gzip, deflate, br, zstd');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers['content-length']).toBe(String(r.bytes.length));
    expect(r.bytes.length).toBeLessThan(file('assets/bundle.js').length / 4);
    expect(brotliDecompressSync(r.bytes).equals(file('assets/bundle.js'))).toBe(true);
    // The rules of the uncompressed file stay.
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('gzip when brotli is not accepted, decompressing to exactly the file', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const r = await get('/assets/bundle.js', accept);
      expect(r.headers['content-encoding'], accept).toBe('gzip');
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(r.headers['content-length']).toBe(String(r.bytes.length));
      expect(gunzipSync(r.bytes).equals(file('assets/bundle.js')), accept).toBe(true);
    }
  });

  it('the bytes as they are without Accept-Encoding (or with neither coding), still with Vary', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0', '']) {
      const r = await get('/assets/bundle.js', accept);
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(r.headers['content-length']).toBe(String(file('assets/bundle.js').length));
      expect(r.bytes.equals(file('assets/bundle.js'))).toBe(true);
    }
  });

  it('compresses CSS, SVG, JSON and HTML pages (a client-side route too), not images', async () => {
    for (const path of ['/assets/style.css', '/assets/icon.svg', '/assets/data.json', '/long.html']) {
      const r = await get(path, 'br');
      expect(r.headers['content-encoding'], path).toBe('br');
      expect(decoded(r).equals(file(path.slice(1))), path).toBe(true);
    }
    const png = await get('/assets/logo.png', 'br, gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.bytes.equals(file('assets/logo.png'))).toBe(true);
    // The app's page, whatever the route: the same bytes once decoded (too small to be worth compressing here).
    for (const path of ['/', '/sale']) {
      const r = await get(path, 'br');
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(decoded(r).toString('utf8')).toBe(INDEX);
    }
  });

  it('HEAD gives the headers of GET, the right Content-Length and no body', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      const full = await get('/assets/bundle.js', accept);
      const head = await get('/assets/bundle.js', accept, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.bytes.length).toBe(0);
      expect(head.headers['content-encoding']).toBe(full.headers['content-encoding']);
      expect(head.headers['content-length']).toBe(String(full.bytes.length));
      expect(head.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('a file rewritten on disk (a new build) is served anew', async () => {
    writeFileSync(join(root, 'public', 'assets', 'again.js'), BUNDLE);
    expect(decoded(await get('/assets/again.js', 'br')).equals(Buffer.from(BUNDLE))).toBe(true);
    const next = BUNDLE.replaceAll('palavra', 'vocábulo');
    writeFileSync(join(root, 'public', 'assets', 'again.js'), next);
    expect(decoded(await get('/assets/again.js', 'br')).toString('utf8')).toBe(next);
  });

  it('still refuses a missing file and a path out of the folder, with brotli asked for', async () => {
    const missing = await get('/assets/missing.js', 'br, gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    for (const path of ['/../secret.txt', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/..%5csecret.txt']) {
      const r = await get(path, 'br, gzip');
      const text = decoded(r).toString('utf8');
      expect(text, path).not.toContain(SECRET);
      if (r.status === 200) expect(text, path).toBe(INDEX);
      else expect(r.status, path).toBe(404);
    }
  });
});
