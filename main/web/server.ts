/**
 * Browser mode: the kiosk over HTTP on 127.0.0.1, for machines without
 * Electron, a plain browser, scripts and end-to-end tests.
 *   POST /rpc/<channel>  (Authorization: Bearer <token>, X-Operator-Token, Idempotency-Key for a command's retries)
 *   GET  /rpc            every channel with its input JSON Schema and roles
 *   GET  /events?token=  server-sent events after each committed command
 *   GET  /display        the hall board (display.html)
 *   GET  /customer       the customer display (customer.html): no token, it calls nothing
 *   GET  /health         the post's health (main/watch/health.ts): no token, counts and instants only; 503 when failing
 *   GET  /metrics        its metrics in Prometheus' text format (main/watch/metrics.ts): no token, no figure of the books
 *   GET  /*              the built renderer, brotli or gzip when accepted (static.ts)
 * A hall board's display token (display.token) opens only `POST
 * /rpc/display.state` and `/events`: every other channel answers 401; a
 * counter carries it on as `X-Display-Token`, judged the same way.
 * The backend is a kiosk, or a counter's link to the hall (WebBackend).
 * Host and Origin must name this server (no DNS rebinding, no cross-site calls).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { contract, CHANNELS, isChannel } from '../../core/contract.js';
import { CONTENT_TYPES } from '../../core/contentTypes.js';
import { errorMessage, type ErrorCode, type Lang, type Result } from '../../core/errors.js';
import type { CallMeta } from '../../core/bridge.js';
import type { CallOrigin } from '../../core/terminal.js';
import type { KioskEvent } from '../../core/events.js';
import { createStaticFiles, type StaticBody } from './static.js';
import type { HealthStatus } from '../watch/health.js';
import type { PostMetrics } from '../watch/metrics.js';

/**
 * What the server serves: a kiosk (openKiosk) or anything that answers the
 * contract as one (a counter's link to the hall, main/counter/). A display
 * token may need asking where it was issued, hence the promise.
 */
export interface WebBackend {
  dispatch(channel: string, input: unknown, meta: CallMeta, origin?: CallOrigin): Promise<Result<unknown>>;
  onEvent(listener: (event: KioskEvent) => void): () => void;
  isDisplayToken(token: string): boolean | Promise<boolean>;
}

export interface WebServerOptions {
  /** The backend the calls go to (a Kiosk is one). */
  kiosk: WebBackend;
  token: string;
  port: number;
  /** The built renderer (dist/renderer); absent: the API alone. */
  staticDir?: string;
  /** The terminal this server's calls come from (`--terminal`; default the kiosk's own). */
  terminalId?: string;
  /** How long a request body may take to arrive whole (default BODY_TIMEOUT_MS; tests shorten it). */
  bodyTimeoutMs?: number;
  /** What a technician's probe reads without a login (GET /health, GET /metrics); absent: neither is served. */
  watch?: { health?: () => { status: HealthStatus } | Promise<{ status: HealthStatus }>; metrics?: PostMetrics };
  /** Where a request that failed unexpectedly is told (default: stderr). */
  logError?: (error: unknown) => void;
}

export interface WebServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** The one channel a hall board's display token may call. */
export const DISPLAY_CHANNEL = 'display.state';

// A card printer's face file for a 60 000-card series is a few megabytes (the contract allows 20 MB).
export const MAX_BODY_BYTES = 24_000_000;

/**
 * A request body must arrive whole within 10 s (issue 21): on loopback even
 * the largest face file takes milliseconds, and a body trickled in a byte at
 * a time would otherwise hold its connection for Node's 5 minutes. Too slow:
 * 408, and the connection is closed.
 */
export const BODY_TIMEOUT_MS = 10_000;

/**
 * A connection must send its first request within `ms` (issue 37): Node's
 * headersTimeout starts at a request's first byte, so one that connected and
 * sent nothing held its socket for ever. From the first request on, Node's
 * own limits take over (headers, request, keep-alive), and an event stream
 * stays open however quiet.
 */
export function closeIfSilent(socket: Socket, ms: number): void {
  socket.setTimeout(ms, () => socket.destroy());
}

/** The request came: the silent connection's limit is off (closeIfSilent). */
export function requestArrived(req: IncomingMessage): void {
  req.socket.setTimeout(0);
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
};

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Exactly `application/json`, with at most a UTF-8 charset: not `application/jsonx`, not `application/json-seq`. */
export function isJsonContentType(header: string | undefined): boolean {
  const [mime, ...params] = (header ?? '').split(';').map((p) => p.trim().toLowerCase());
  return mime === 'application/json' && params.every((p) => p === 'charset=utf-8' || p === 'charset="utf-8"');
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function langOf(req: IncomingMessage): Lang {
  const explicit = req.headers['x-lang'];
  if (explicit === 'en' || explicit === 'pt-PT') return explicit;
  return 'pt-PT';
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function refuse(res: ServerResponse, status: number, code: ErrorCode, lang: Lang, params: Record<string, string | number> = {}): void {
  const envelope: Result<never> = { ok: false, error: { code, message: errorMessage(code, params, lang) } };
  send(res, status, envelope);
}

type Body = { ok: true; text: string } | { ok: false; why: 'too_large' | 'too_slow' };

export function readBody(req: IncomingMessage, timeoutMs: number, maxBytes: number = MAX_BODY_BYTES): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const finish = (body: Body) => {
      clearTimeout(timer);
      over = true;
      chunks.length = 0;
      resolve(body);
    };
    // Once refused, the rest is drained, never kept: destroying the socket here
    // would reset the connection before the answer reaches the client.
    const timer = setTimeout(() => finish({ ok: false, why: 'too_slow' }), timeoutMs);
    req.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size > maxBytes) finish({ ok: false, why: 'too_large' });
      else chunks.push(c);
    });
    req.on('end', () => {
      if (!over) finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', (e) => {
      clearTimeout(timer);
      if (!over) reject(e);
    });
  });
}

/**
 * The event stream's keep-alive comment: often enough that a counter takes a
 * stream silent for a few of them (STREAM_IDLE_MS) for dead within seconds,
 * not after a sale it never heard of.
 */
export const EVENT_STREAM_PING_MS = 5_000;
/** A browser that lost its stream asks again after this (the SSE `retry:` field; its own default is 3 s). */
const EVENT_STREAM_RETRY_MS = 1_000;

/**
 * An event stream (server-sent events) on an admitted request: the hello,
 * a comment every EVENT_STREAM_PING_MS so that idle links stay open and a
 * dead one is noticed, `onClose` once the client goes. Browser mode and the
 * hall's terminals port serve it alike.
 */
export function openEventStream(req: IncomingMessage, res: ServerResponse, onClose: () => void): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Content-Type-Options': 'nosniff',
  });
  res.write(`retry: ${EVENT_STREAM_RETRY_MS}\n: ligado\n\n`);
  const beat = setInterval(() => res.write(': ping\n\n'), EVENT_STREAM_PING_MS);
  req.on('close', () => {
    clearInterval(beat);
    onClose();
  });
}

/** The HTTP status of an envelope: the idempotency-key draft's 422 (a key reused) and 400 (a malformed key); 503 for a counter's hall out of reach (the service failing, not the request). */
function rpcStatus(result: Result<unknown>): number {
  if (result.ok) return 200;
  const code = result.error.code;
  return code === 'IDEMPOTENCY_KEY_REUSED' ? 422 : code === 'IDEMPOTENCY_KEY_INVALID' ? 400 : code === 'HALL_UNREACHABLE' ? 503 : 200;
}

/**
 * `POST /rpc/<channel>` once its caller is admitted (browser mode's token,
 * a terminal's certificate): the method and channel, a JSON body read whole
 * in time, the call dispatched with the caller's credentials and its
 * command's Idempotency-Key (the IETF httpapi draft), the envelope answered.
 */
export async function serveRpcCall(
  req: IncomingMessage,
  res: ServerResponse,
  call: { backend: Pick<WebBackend, 'dispatch'>; rawChannel: string; lang: Lang; bodyTimeoutMs: number; credentials: Pick<CallMeta, 'operatorToken' | 'displayToken'>; origin?: CallOrigin },
): Promise<void> {
  const { lang, bodyTimeoutMs } = call;
  const channel = safeDecode(call.rawChannel) ?? call.rawChannel;
  if (req.method !== 'POST') return refuse(res, 405, 'UNKNOWN_CHANNEL', lang, { channel: `${req.method} ${channel}` });
  if (!isChannel(channel)) return refuse(res, 404, 'UNKNOWN_CHANNEL', lang, { channel: channel.slice(0, 80) });
  if (!isJsonContentType(req.headers['content-type'])) return refuse(res, 415, 'VALIDATION_FAILED', lang, { issues: 'Content-Type: application/json' });
  const body = await readBody(req, bodyTimeoutMs);
  if (!body.ok && body.why === 'too_slow') {
    // Answered, then the connection closes (Connection: close): a trickling client holds nothing more.
    res.setHeader('Connection', 'close');
    return refuse(res, 408, 'REQUEST_TIMEOUT', lang, { seconds: bodyTimeoutMs / 1000 });
  }
  if (!body.ok) return refuse(res, 413, 'VALIDATION_FAILED', lang, { issues: `corpo maior do que ${MAX_BODY_BYTES} bytes` });
  let input: unknown = {};
  if (body.text.trim() !== '') {
    try {
      input = JSON.parse(body.text);
    } catch {
      return refuse(res, 400, 'VALIDATION_FAILED', lang, { issues: 'JSON inválido' });
    }
  }
  // A command's retry carries the key of its first try.
  const idempotencyKey = req.headers['idempotency-key'];
  const { operatorToken, displayToken } = call.credentials;
  const result = await call.backend.dispatch(
    channel,
    input,
    {
      lang,
      ...(operatorToken ? { operatorToken } : {}),
      ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
      ...(displayToken !== undefined ? { displayToken } : {}),
    },
    call.origin,
  );
  return send(res, rpcStatus(result), result);
}

let channelList: unknown[] | undefined;
/** GET /rpc: computed once, the contract does not change at run time. */
export function describeChannels(): unknown[] {
  channelList ??= CHANNELS.map((name) => {
    const def = contract[name];
    return {
      channel: name,
      kind: def.kind,
      roles: def.roles,
      summary: def.summary,
      input: z.toJSONSchema(def.input, { io: 'input', unrepresentable: 'any' }),
    };
  });
  return channelList;
}

/**
 * The events of one turn of the event loop (or, with `windowMs`, of that
 * many milliseconds from the first), sent to every stream as one write: a
 * rush commits many sales in one turn (one group commit) and each would
 * otherwise be a write (a TLS record at the terminals port) to every counter
 * and screen. Changes that say the same (one channel, the same topics) are
 * sent once, the last: a screen fetches again by topic, once is enough.
 * Progress is sent as it came.
 */
export function eventFanOut(clients: () => Iterable<{ write(chunk: string): unknown }>, windowMs = 0): (event: KioskEvent) => void {
  let pending: KioskEvent[] = [];
  const flush = () => {
    const events = pending;
    pending = [];
    const last = new Map<string, number>();
    events.forEach((e, i) => {
      if (e.type === 'changed') last.set(`${e.channel}|${e.topics.join(',')}`, i);
    });
    const text = events
      .filter((e, i) => e.type !== 'changed' || last.get(`${e.channel}|${e.topics.join(',')}`) === i)
      .map((e) => `data: ${JSON.stringify(e)}\n\n`)
      .join('');
    for (const client of clients()) client.write(text);
  };
  return (event) => {
    if (pending.length === 0) {
      if (windowMs > 0) setTimeout(flush, windowMs);
      else setImmediate(flush);
    }
    pending.push(event);
  };
}

/** What a request of browser mode is served with (startWebServer's, once). */
interface Served {
  kiosk: WebBackend;
  token: string;
  bodyTimeoutMs: number;
  callOrigin: CallOrigin | undefined;
  sseClients: Set<ServerResponse>;
  watch: WebServerOptions['watch'];
  serveStatic: (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;
}

export function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { kiosk } = options;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? BODY_TIMEOUT_MS;
  const sseClients = new Set<ServerResponse>();
  let port = options.port;
  const served: Served = {
    kiosk,
    token: options.token,
    bodyTimeoutMs,
    callOrigin: options.terminalId === undefined ? undefined : { terminalId: options.terminalId },
    sseClients,
    watch: options.watch,
    serveStatic: staticServer(options.staticDir),
  };
  const unsubscribe = kiosk.onEvent(eventFanOut(() => sseClients));

  // Node's own limits behind ours: the headers in the same time, the whole request a little later (checked every second, not every 30).
  const server = createServer({ headersTimeout: bodyTimeoutMs, requestTimeout: bodyTimeoutMs + 5_000, connectionsCheckingInterval: 1_000 }, (req, res) => {
    handle(served, port, req, res).catch((e: unknown) => {
      if (options.logError) options.logError(e);
      else console.error('[web] request failed', e);
      if (!res.headersSent) refuse(res, 500, 'INTERNAL', 'pt-PT');
      else res.end();
    });
  });
  server.keepAliveTimeout = 5_000;
  // Node's headersTimeout counts from a request's first byte: a connection that sends none is closed here.
  server.on('connection', (socket: Socket) => closeIfSilent(socket, bodyTimeoutMs));
  server.on('request', (req: IncomingMessage) => requestArrived(req));

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : options.port;
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            unsubscribe();
            for (const c of sseClients) c.end();
            sseClients.clear();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** One request: Host and Origin must name this server (on `port`, once it listens), then its route. */
async function handle(served: Served, port: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const lang = langOf(req);
  if (!new Set([`127.0.0.1:${port}`, `localhost:${port}`]).has(req.headers.host ?? '')) return refuse(res, 403, 'ACCESS_REFUSED', lang);
  const origin = req.headers.origin;
  if (origin !== undefined && !new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]).has(origin)) return refuse(res, 403, 'ACCESS_REFUSED', lang);
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const path = url.pathname;
  if (path === '/events' && req.method === 'GET') return serveEvents(served, req, res, url, lang);
  if (path === '/rpc' || path.startsWith('/rpc/')) return serveRpcRoute(served, req, res, path, lang);
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'UNKNOWN_CHANNEL', lang, { channel: req.method ?? '' });
  if (await serveWatch(served.watch, res, path)) return;
  return served.serveStatic(req, res, path);
}

/** GET /events: the browser's token or a board's display token, then the stream. */
async function serveEvents(served: Served, req: IncomingMessage, res: ServerResponse, url: URL, lang: Lang): Promise<void> {
  const presented = url.searchParams.get('token') ?? '';
  if (!sameSecret(presented, served.token) && !(await served.kiosk.isDisplayToken(presented))) return refuse(res, 401, 'ACCESS_REFUSED', lang);
  openEventStream(req, res, () => served.sseClients.delete(res));
  served.sseClients.add(res);
}

/** /rpc and /rpc/<channel>: the bearer token (or a board's, for the board alone), then the list or the call. */
async function serveRpcRoute(served: Served, req: IncomingMessage, res: ServerResponse, path: string, lang: Lang): Promise<void> {
  const { kiosk } = served;
  const auth = req.headers.authorization ?? '';
  const presented = auth.startsWith('Bearer ') ? auth.slice(7) : '';
  const full = sameSecret(presented, served.token);
  // A board's token reads the board, nothing else (not even the list of channels).
  if (!full && !(path === `/rpc/${DISPLAY_CHANNEL}` && (await kiosk.isDisplayToken(presented)))) return refuse(res, 401, 'ACCESS_REFUSED', lang);
  // A board's token carried on by a counter (X-Display-Token): the board reads only if this hall issued it.
  const carried = full && path === `/rpc/${DISPLAY_CHANNEL}` ? req.headers['x-display-token'] : undefined;
  if (typeof carried === 'string' && !(await kiosk.isDisplayToken(carried))) return refuse(res, 401, 'ACCESS_REFUSED', lang);
  if (path === '/rpc') {
    if (req.method !== 'GET') return refuse(res, 405, 'UNKNOWN_CHANNEL', lang, { channel: `${req.method} /rpc` });
    return send(res, 200, { ok: true, value: describeChannels() });
  }
  const operatorToken = full ? req.headers['x-operator-token'] : undefined;
  return serveRpcCall(req, res, {
    backend: kiosk,
    rawChannel: path.slice('/rpc/'.length),
    lang,
    bodyTimeoutMs: served.bodyTimeoutMs,
    credentials: {
      ...(typeof operatorToken === 'string' && operatorToken ? { operatorToken } : {}),
      // Where the board's token must travel on (a counter carries it to the hall as X-Display-Token).
      ...(!full ? { displayToken: presented } : typeof carried === 'string' ? { displayToken: carried } : {}),
    },
    ...(served.callOrigin ? { origin: served.callOrigin } : {}),
  });
}

/** GET /health and GET /metrics, when the server was given them: whether the request was one of them (answered). */
async function serveWatch(watch: WebServerOptions['watch'], res: ServerResponse, path: string): Promise<boolean> {
  if (path === '/health' && watch?.health) {
    const report = await watch.health();
    send(res, report.status === 'failing' ? 503 : 200, report);
    return true;
  }
  if (path === '/metrics' && watch?.metrics) {
    const text = await watch.metrics.text();
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': watch.metrics.contentType, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
    return true;
  }
  return false;
}

function sendFile(res: ServerResponse, { body, encoding }: StaticBody, contentType: string, cacheControl: string): void {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': contentType,
    'Cache-Control': cacheControl,
    // The same URL answers brotli, gzip or the bytes as they are, by the request's Accept-Encoding.
    Vary: 'Accept-Encoding',
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    'Content-Length': body.length,
  });
  // A HEAD request gets the headers alone (node:http drops the body).
  res.end(body);
}

/** The built renderer under `root` (absent: the API alone), brotli or gzip when accepted; a client-side route gets the app. */
function staticServer(root: string | undefined): (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void> {
  const files = createStaticFiles();
  return async (req, res, pathname) => {
    if (!root) {
      send(res, 404, { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: 'Interface não compilada: execute `npm run build`.' } });
      return;
    }
    const wanted = pathname === '/' ? '/index.html' : pathname === '/display' ? '/display.html' : pathname === '/customer' ? '/customer.html' : pathname;
    // A malformed escape (`%E0%A4%A`) is the client's error, not ours.
    const decoded = safeDecode(wanted);
    // Absolute and without a trailing separator, so that `root/` and a relative root work too.
    const base = resolve(root);
    const file = join(base, decoded ?? '');
    if (decoded === null || !file.startsWith(base + sep)) {
      res.writeHead(404, SECURITY_HEADERS).end();
      return;
    }
    const accept = req.headers['accept-encoding'];
    let found: StaticBody;
    try {
      found = await files.read(file, accept);
    } catch {
      // Client-side routes fall back to the app itself.
      if (extname(wanted) === '' || wanted.endsWith('.html')) {
        sendFile(res, await files.read(join(base, 'index.html'), accept), CONTENT_TYPES['.html']!, 'no-store');
      } else {
        res.writeHead(404, SECURITY_HEADERS).end();
      }
      return;
    }
    sendFile(res, found, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', wanted.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store');
  };
}
