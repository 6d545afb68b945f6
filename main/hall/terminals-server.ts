/**
 * The hall server's terminals port: the contract over HTTPS (TLS 1.3 only)
 * to the hall's enrolled counters, mutual TLS with the hall's own authority
 * (pki.ts). The certificate is the credential: no bearer token here.
 *   POST /enroll         {code, publicKey}: a one-time code for a certificate (no client certificate needed)
 *   POST /rpc/<channel>  as browser mode (X-Operator-Token, Idempotency-Key, X-Lang; a board's X-Display-Token on display.state)
 *   GET  /events         server-sent events, the frames of browser mode
 *   POST /print/claim, /print/report  the counter prints its own jobs (print-routes.ts)
 * Every other request needs the certificate of a live terminal: the
 * connection's chain checked against the hall's authority, its fingerprint
 * found among the enrolled (a certificate issued for a redemption that lost
 * its race was never stored), not revoked; its CN is the call's terminal. A
 * revocation drops the terminal's open connections (its event streams
 * included) as it commits.
 */
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Socket } from 'node:net';
import { errorMessage, KioskError, type Lang, type Result } from '../../core/errors.js';
import { lastSeenDue } from '../../core/terminals/rules.js';
import { terminalByFingerprint, type TerminalRow } from '../../db/terminals.js';
import { hallTimeZone } from '../../db/people.js';
import { redeemEnrolmentCode } from '../services/terminals/index.js';
import type { Kiosk } from '../kiosk.js';
import { BODY_TIMEOUT_MS, closeIfSilent, describeChannels, DISPLAY_CHANNEL, eventFanOut, isJsonContentType, langOf, openEventStream, readBody, refuse, requestArrived, send, serveRpcCall } from '../web/server.js';
import { confirmationCode, fingerprintOf, type HallPki } from './pki.js';
import { isPrintRoute, servePrintRoute } from './print-routes.js';
import { errorFields, type Log } from '../watch/log.js';

interface TerminalsServerOptions {
  kiosk: Kiosk;
  port: number;
  /** The address the terminals port listens on (default 0.0.0.0: the hall's LAN). */
  bind?: string;
  pki: HallPki;
  /** The hall's clock (an enrolment code's expiry, last seen); default the system's. */
  now?: () => Date;
  bodyTimeoutMs?: number;
  /** The hall server's log (enrolments, failed requests); absent: stderr. */
  log?: Log;
}

export interface TerminalsServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * A counter's event stream is written at most once in this many
 * milliseconds: under a rush the hall commits a batch of sales every
 * millisecond or two, and a write to each counter's stream for each (a TLS
 * record encrypted at the hall, a wake-up at the counter) cost more of the
 * hall's one core than the sales; a screen that fetches again 25 ms later
 * shows nothing a person could tell apart.
 */
const COUNTER_EVENTS_WINDOW_MS = 25;

/** The largest enrolment request: a code and an SPKI of a P-256 key are a few hundred bytes. */
const MAX_ENROL_BYTES = 4_096;

type Judged = { ok: true; terminal: TerminalRow } | { ok: false; code: 'TERMINAL_CERTIFICATE_REQUIRED' | 'TERMINAL_REVOKED' | 'TERMINAL_CERTIFICATE_EXPIRED'; name?: string };

/**
 * How a connection is judged: its certificate chained to the hall's authority, enrolled, and live now. `sockets`
 * keeps each open connection with the fingerprint it was judged by (the server drops a revoked terminal's).
 */
function terminalJudge(db: Kiosk['db'], sockets: Map<TLSSocket, string | null>): (socket: TLSSocket) => Judged {
  // The certificate's CN, read once per connection with its fingerprint (a connection's certificate never changes).
  const peerNames = new WeakMap<TLSSocket, string | string[] | undefined>();

  /** The connection's certificate: chained to the hall's authority, enrolled, and live now. */
  function judge(socket: TLSSocket): Judged {
    if (!socket.authorized) return expiredOrNone(socket);
    let fingerprint = sockets.get(socket);
    if (!sockets.has(socket)) socket.once('close', () => sockets.delete(socket));
    if (!fingerprint) {
      const cert = socket.getPeerCertificate();
      if (!cert?.raw) return { ok: false, code: 'TERMINAL_CERTIFICATE_REQUIRED' };
      fingerprint = fingerprintOf(cert.raw);
      sockets.set(socket, fingerprint);
      peerNames.set(socket, cert.subject?.CN);
    }
    const terminal = terminalByFingerprint(db, fingerprint);
    if (!terminal) return { ok: false, code: 'TERMINAL_CERTIFICATE_REQUIRED' };
    if (terminal.revokedAt !== null) return { ok: false, code: 'TERMINAL_REVOKED', name: terminal.name };
    // The authority issues CN = the name; a certificate saying otherwise is no terminal of this hall.
    if (peerNames.get(socket) !== terminal.name) return { ok: false, code: 'TERMINAL_CERTIFICATE_REQUIRED' };
    return { ok: true, terminal };
  }

  /**
   * A certificate that did not verify: an enrolled terminal's whose validity ended is told so (it must be
   * enrolled again). OpenSSL checks the dates only once the chain to the hall's authority and its signature
   * hold, so CERT_HAS_EXPIRED is this authority's certificate; it must still be an enrolled terminal's, as named.
   */
  function expiredOrNone(socket: TLSSocket): Judged {
    const none: Judged = { ok: false, code: 'TERMINAL_CERTIFICATE_REQUIRED' };
    if (String(socket.authorizationError) !== 'CERT_HAS_EXPIRED') return none;
    const cert = socket.getPeerCertificate();
    if (!cert?.raw) return none;
    const terminal = terminalByFingerprint(db, fingerprintOf(cert.raw));
    if (!terminal || cert.subject?.CN !== terminal.name) return none;
    if (terminal.revokedAt !== null) return { ok: false, code: 'TERMINAL_REVOKED', name: terminal.name };
    return { ok: false, code: 'TERMINAL_CERTIFICATE_EXPIRED', name: terminal.name };
  }

  return judge;
}

/** A counter's enrolment (POST /enroll, no certificate yet): its one-time code and its public key, answered with its certificate. */
function enrolment(d: { kiosk: Kiosk; pki: TerminalsServerOptions['pki']; now: () => Date; bodyTimeoutMs: number; log?: Log }) {
  const { kiosk, pki, now, bodyTimeoutMs } = d;
  async function enroll(req: IncomingMessage, res: ServerResponse, lang: Lang): Promise<void> {
    if (!isJsonContentType(req.headers['content-type'])) return refuse(res, 415, 'VALIDATION_FAILED', lang, { issues: 'Content-Type: application/json' });
    // Open to anyone on the LAN: a body is read only when it says it is small (a counter always says), never megabytes of it.
    const length = Number(req.headers['content-length'] ?? NaN);
    if (!Number.isSafeInteger(length) || length > MAX_ENROL_BYTES) {
      res.setHeader('Connection', 'close');
      return refuse(res, 413, 'VALIDATION_FAILED', lang, { issues: `Content-Length de ${MAX_ENROL_BYTES} bytes no máximo` });
    }
    const body = await readBody(req, bodyTimeoutMs);
    if (!body.ok || body.text.length > MAX_ENROL_BYTES) {
      res.setHeader('Connection', 'close');
      return refuse(res, body.ok || body.why === 'too_large' ? 413 : 408, body.ok || body.why === 'too_large' ? 'VALIDATION_FAILED' : 'REQUEST_TIMEOUT', lang, {
        issues: `corpo maior do que ${MAX_ENROL_BYTES} bytes`,
        seconds: bodyTimeoutMs / 1000,
      });
    }
    let input: unknown;
    try {
      input = JSON.parse(body.text);
    } catch {
      return refuse(res, 400, 'VALIDATION_FAILED', lang, { issues: 'JSON inválido' });
    }
    const { code, publicKey } = (input ?? {}) as { code?: unknown; publicKey?: unknown };
    if (typeof code !== 'string' || code.length > 64 || typeof publicKey !== 'string' || publicKey.length > 1024) {
      return refuse(res, 400, 'VALIDATION_FAILED', lang, { issues: '{code, publicKey}: o código de inscrição e a chave pública (SPKI em base64)' });
    }
    try {
      // Written by the dispatcher's machine command terminal.redeem (its transaction, its audit row, its event).
      const r = await redeemEnrolmentCode(kiosk.db, { now, issue: (id, key, at) => pki.issueTerminalCertificate(id, key, at), machine: kiosk.machine }, { code, publicKey });
      const value = {
        terminalId: r.terminalId,
        certificate: r.certificate,
        caCertificate: pki.caCertificate,
        serverFingerprint: pki.serverFingerprint,
        confirmation: confirmationCode(pki.serverFingerprint, r.fingerprint),
      };
      // The terminal and its certificate's fingerprint; never the code it redeemed.
      d.log?.info({ terminal: r.terminalId, certificate: r.fingerprint }, 'counter enrolled');
      return send(res, 200, { ok: true, value } satisfies Result<typeof value>);
    } catch (e) {
      if (!(e instanceof KioskError)) throw e;
      d.log?.warn({ refused: e.code }, 'enrolment refused');
      // "Expired at 21:05": on the hall's clock.
      return send(res, 200, { ok: false, error: { code: e.code, message: errorMessage(e.code, e.params, lang, hallTimeZone(kiosk.db)) } } satisfies Result<never>);
    }
  }

  return enroll;
}

/** A terminal's last call written as it calls, at most once a minute (lastSeenDue): the call goes on meanwhile. */
function lastSeenWriter(kiosk: Kiosk, now: () => Date, log: Log | undefined): (terminal: TerminalRow) => void {
  /** When each terminal's last call was last written (ms). */
  const lastWritten = new Map<number, number>();
  return (terminal) => {
    const t = now();
    if (!lastSeenDue(lastWritten.get(terminal.id), t.getTime())) return;
    lastWritten.set(terminal.id, t.getTime());
    // The dispatcher's machine command terminal.seen; the call goes on meanwhile. A full disk does not stop a
    // terminal's calls: its last call is written once there is room.
    kiosk.machine('terminal.seen', { terminalId: terminal.id, at: t.toISOString() }, { terminalId: terminal.name }).catch((e: unknown) => {
      lastWritten.delete(terminal.id);
      if (e instanceof KioskError) return;
      if (log) log.error(errorFields(e), 'last call not written');
      else console.error('[hall] last call not written', e);
    });
  };
}

/** The hall's events to the counters' streams; a revocation drops the revoked terminal's connections as it commits. Returns the unsubscription. */
function relayEvents(kiosk: Kiosk, sockets: Map<TLSSocket, string | null>, streams: Map<ServerResponse, TLSSocket>): () => void {
  const fanOut = eventFanOut(() => streams.keys(), COUNTER_EVENTS_WINDOW_MS);
  // A revocation is effective as it commits: the terminal's connections (its event streams with them) are dropped.
  return kiosk.onEvent((event) => {
    if (event.type === 'changed' && event.channel === 'terminal.revoke') {
      for (const [socket, fingerprint] of sockets) {
        if (fingerprint === null) continue;
        const row = terminalByFingerprint(kiosk.db, fingerprint);
        if (!row || row.revokedAt !== null) socket.destroy();
      }
      return;
    }
    fanOut(event);
  });
}

/** A request on the terminals port: an enrolment, else a live terminal's stream, print work or call (judged by its certificate). */
function terminalsRoutes(d: {
  kiosk: Kiosk;
  judge: (socket: TLSSocket) => Judged;
  seen: (terminal: TerminalRow) => void;
  enroll: ReturnType<typeof enrolment>;
  streams: Map<ServerResponse, TLSSocket>;
  bodyTimeoutMs: number;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { kiosk, judge, seen, enroll, streams, bodyTimeoutMs } = d;
  return async (req, res) => {
    const lang = langOf(req);
    // A counter never sends Origin: a page in a browser holding a terminal's certificate is refused.
    if (req.headers.origin !== undefined) return refuse(res, 403, 'ACCESS_REFUSED', lang);
    const url = new URL(req.url ?? '/', 'https://hall.invalid');
    const path = url.pathname;
    if (path === '/enroll') {
      if (req.method !== 'POST') return refuse(res, 405, 'UNKNOWN_CHANNEL', lang, { channel: `${req.method} /enroll` });
      return enroll(req, res, lang);
    }

    const socket = req.socket as TLSSocket;
    const judged = judge(socket);
    if (!judged.ok) {
      res.setHeader('Connection', 'close');
      return refuse(res, 401, judged.code, lang, judged.name ? { name: judged.name } : {});
    }
    const terminal = judged.terminal;
    seen(terminal);
    const origin = { terminalId: terminal.name };

    if (path === '/events' && req.method === 'GET') {
      openEventStream(req, res, () => streams.delete(res));
      streams.set(res, socket);
      return;
    }

    // The counter's printer work: its own terminal's jobs, on its own printers.
    if (isPrintRoute(path)) return servePrintRoute(req, res, { kiosk, terminalId: terminal.name, path, lang, bodyTimeoutMs });

    if (path === '/rpc' && req.method === 'GET') return send(res, 200, { ok: true, value: describeChannels() });
    if (path.startsWith('/rpc/')) {
      const rawChannel = path.slice('/rpc/'.length);
      // A board behind a counter: its display token opens the board's channel alone, as in browser mode.
      const displayToken = req.headers['x-display-token'];
      if (displayToken !== undefined && (rawChannel !== DISPLAY_CHANNEL || typeof displayToken !== 'string' || !kiosk.isDisplayToken(displayToken))) {
        return refuse(res, 401, 'ACCESS_REFUSED', lang);
      }
      const operatorToken = displayToken === undefined ? req.headers['x-operator-token'] : undefined;
      return serveRpcCall(req, res, {
        backend: kiosk,
        rawChannel,
        lang,
        bodyTimeoutMs,
        credentials: typeof operatorToken === 'string' && operatorToken ? { operatorToken } : {},
        origin,
      });
    }
    return refuse(res, 404, 'UNKNOWN_CHANNEL', lang, { channel: `${req.method} ${path}`.slice(0, 80) });
  };
}

export function startTerminalsServer(options: TerminalsServerOptions): Promise<TerminalsServer> {
  const { kiosk, pki } = options;
  const now = options.now ?? (() => new Date());
  const bind = options.bind ?? '0.0.0.0';
  const bodyTimeoutMs = options.bodyTimeoutMs ?? BODY_TIMEOUT_MS;
  /** Every open TLS connection, and the fingerprint of the terminal it was judged to be (once judged). */
  const sockets = new Map<TLSSocket, string | null>();
  const streams = new Map<ServerResponse, TLSSocket>();

  const judge = terminalJudge(kiosk.db, sockets);
  const seen = lastSeenWriter(kiosk, now, options.log);
  const unsubscribe = relayEvents(kiosk, sockets, streams);
  const enroll = enrolment({ kiosk, pki, now, bodyTimeoutMs, ...(options.log ? { log: options.log } : {}) });
  const handle = terminalsRoutes({ kiosk, judge, seen, enroll, streams, bodyTimeoutMs });

  const server: Server = createServer(
    {
      key: pki.serverKey,
      cert: pki.serverCertificate,
      ca: [pki.caCertificate],
      minVersion: 'TLSv1.3',
      requestCert: true,
      // Judged per request (an enrolment has no certificate yet): authorized, enrolled, not revoked.
      rejectUnauthorized: false,
      headersTimeout: bodyTimeoutMs,
      requestTimeout: bodyTimeoutMs + 5_000,
      connectionsCheckingInterval: 1_000,
      // A connection that never finishes its handshake is dropped in the request time (Node's default: 120 s).
      handshakeTimeout: bodyTimeoutMs,
    },
    (req, res) => {
      handle(req, res).catch((e: unknown) => {
        if (options.log) options.log.error(errorFields(e), 'terminals request failed');
        else console.error('[hall] request failed', e);
        if (!res.headersSent) refuse(res, 500, 'INTERNAL', 'pt-PT');
        else res.end();
      });
    },
  );
  server.keepAliveTimeout = 5_000;
  server.on('secureConnection', (socket: TLSSocket) => {
    sockets.set(socket, null);
    socket.on('close', () => sockets.delete(socket));
    // Handshake done, then silent: Node's headersTimeout starts only at a request's first byte.
    closeIfSilent(socket, bodyTimeoutMs);
  });
  server.on('request', (req: IncomingMessage) => requestArrived(req));
  // Every TCP connection, its handshake done or not: a counter reconnecting as the server closes would keep it open.
  const raw = new Set<Socket>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    raw.add(socket);
    socket.on('close', () => raw.delete(socket));
  });
  // A client that speaks no TLS 1.3 (plain HTTP, TLS 1.2) is dropped in the handshake; nothing to log per attempt.
  server.on('tlsClientError', () => {});

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, bind, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      const host = bind === '0.0.0.0' || bind === '::' ? '127.0.0.1' : bind.includes(':') ? `[${bind}]` : bind;
      resolve({
        port,
        url: `https://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            closing = true;
            unsubscribe();
            for (const c of streams.keys()) c.end();
            streams.clear();
            server.closeAllConnections();
            for (const s of sockets.keys()) s.destroy();
            for (const s of raw) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
