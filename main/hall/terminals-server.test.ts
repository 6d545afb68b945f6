/**
 * The hall server's terminals port over real TLS on 127.0.0.1: a counter
 * enrols with a one-time code (its fingerprint check first) and then calls
 * as its terminal; and every refusal of issue 24's proof list: no client
 * certificate, a certificate of another authority (or of this one but never
 * enrolled), a revoked terminal (its open keep-alive connection and event
 * stream dropped at the revocation), plain HTTP and TLS 1.2 on the port, a
 * wrong fingerprint given to the counter (the code still works after: it was
 * never sent), a code used twice, expired, or redeemed twice at once.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Agent, request, type RequestOptions } from 'node:https';
import { connect } from 'node:tls';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage } from '../../core/errors.js';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { enrollAtHall, hallAgent, HallRefusal, loadTerminalIdentity, type TerminalIdentity } from '../counter/enrol-client.js';
import { CA_CERT_FILE, CA_KEY_FILE, confirmationCode, exportPkcs8Pem, fingerprintOf, generateP256, openHallPki, spkiBase64, derOfPem, type HallPki } from './pki.js';
import { startTerminalsServer, type TerminalsServer } from './terminals-server.js';

let t: TestHall;
let admin: string;
let pki: HallPki;
let server: TerminalsServer;
const dirs: string[] = [];

beforeAll(async () => {
  t = await createTestHall();
  admin = await t.h.login('admin', '1111');
  pki = await openHallPki(t.h.kiosk.dataDir, { bind: '127.0.0.1' });
  server = await startTerminalsServer({ kiosk: t.h.kiosk, port: 0, bind: '127.0.0.1', pki, now: t.h.clock.now });
});
afterAll(async () => {
  await server.close();
  t.h.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const counterDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'counter-'));
  dirs.push(d);
  return join(d, 'data');
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  socket: Socket;
}

function call(options: RequestOptions & { body?: unknown }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        ...options,
        headers: { ...(body !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}), ...options.headers },
      },
      (res) => {
        // Taken now: a kept-alive socket is detached from its answer once it is read.
        const socket = res.socket;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['json'], socket }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function within(ms: number, p: Promise<void>, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} still open after ${ms} ms`)), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const rpc = (agent: Agent, channel: string, input: unknown, headers: Record<string, string> = {}) => call({ agent, path: `/rpc/${channel}`, body: input, headers });

async function enrolled(name: string): Promise<{ identity: TerminalIdentity; agent: Agent; dataDir: string }> {
  const { code } = await t.h.ok('terminal.enroll', { name }, admin);
  const dataDir = counterDir();
  await enrollAtHall({ hallUrl: server.url, fingerprint: pki.serverFingerprint, code, dataDir });
  const identity = loadTerminalIdentity(dataDir)!;
  return { identity, agent: hallAgent(identity), dataDir };
}

/** An agent that trusts the hall (its CA, pinned) but presents the given client certificate, or none. */
function agentWith(client?: { key: string; cert: string }): Agent {
  return new Agent({ ca: [pki.caCertificate], minVersion: 'TLSv1.3', keepAlive: false, checkServerIdentity: () => undefined, ...client });
}

describe('enrolment, then calls as the terminal', () => {
  it('enrols a counter with its code and the hall fingerprint; its calls come from its terminal', async () => {
    const { code, expiresAt } = await t.h.ok('terminal.enroll', { name: 'BALCAO2' }, admin);
    expect(expiresAt).toBe('2026-11-30T20:10:00.000Z');
    const dataDir = counterDir();
    const enrolment = await enrollAtHall({ hallUrl: server.url, fingerprint: pki.serverFingerprint, code, dataDir });
    const identity = loadTerminalIdentity(dataDir)!;
    const terminalFingerprint = fingerprintOf(derOfPem(identity.certificate));
    expect(enrolment).toEqual({
      terminalId: 'BALCAO2',
      serverFingerprint: pki.serverFingerprint,
      terminalFingerprint,
      confirmation: confirmationCode(pki.serverFingerprint, terminalFingerprint),
    });
    // The identity of the brief, owner-only.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dataDir).sort()).toEqual(['hall-ca.crt', 'hall.json', 'terminal.crt', 'terminal.key']);
    for (const f of readdirSync(dataDir)) expect(statSync(join(dataDir, f)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dataDir, 'hall.json'), 'utf8'))).toEqual({ hallUrl: server.url, serverFingerprint: pki.serverFingerprint, terminalId: 'BALCAO2' });
    expect(readFileSync(join(dataDir, 'terminal.key'), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(identity.caCertificate).toBe(pki.caCertificate);
    expect((await t.h.ok('terminal.list', {}, admin)).find((x) => x.name === 'BALCAO2')).toEqual({
      name: 'BALCAO2',
      fingerprint: terminalFingerprint,
      enrolledAt: '2026-11-30T20:00:00.000Z',
      lastSeenAt: null,
      revokedAt: null,
      // The hall's screen shows the code the counter showed.
      confirmation: enrolment.confirmation,
    });

    const agent = hallAgent(identity);
    const login = await rpc(agent, 'auth.login', { username: 'caixa1', pin: '3333' });
    expect(login.status).toBe(200);
    expect(login.headers.date).toBeDefined();
    const token = (login.json.value as { operatorToken: string }).operatorToken;
    const status = await rpc(agent, 'setup.status', {}, { 'X-Operator-Token': token });
    expect(status.json).toMatchObject({ ok: true, value: { terminalId: 'BALCAO2' } });
    const me = await rpc(agent, 'auth.me', {}, { 'X-Operator-Token': token });
    expect(me.json).toMatchObject({ ok: true, value: { username: 'caixa1' } });
    // The token is bound to BALCAO2: at the hall's own screens (T1) it is no session.
    expect((await t.h.refused('auth.me', {}, token)).code).toBe('NOT_AUTHENTICATED');
    const loginRow = t.h.kiosk.db.prepare(`SELECT terminal_id FROM audit_log WHERE channel = 'auth.login' ORDER BY id DESC LIMIT 1`).pluck().get();
    expect(loginRow).toBe('BALCAO2');
    // Its last call is written, once a minute at most.
    expect((await t.h.ok('terminal.list', {}, admin)).find((x) => x.name === 'BALCAO2')!.lastSeenAt).toBe('2026-11-30T20:00:00.000Z');
    t.h.clock.advanceSeconds(30);
    await rpc(agent, 'setup.status', {});
    expect((await t.h.ok('terminal.list', {}, admin)).find((x) => x.name === 'BALCAO2')!.lastSeenAt).toBe('2026-11-30T20:00:00.000Z');
    t.h.clock.advanceSeconds(30);
    await rpc(agent, 'setup.status', {});
    expect((await t.h.ok('terminal.list', {}, admin)).find((x) => x.name === 'BALCAO2')!.lastSeenAt).toBe('2026-11-30T20:01:00.000Z');
    t.h.clock.advanceSeconds(-60);
    // The browser-mode surface: GET /rpc lists the channels, a board's token opens the board alone.
    const list = await call({ agent, method: 'GET', path: '/rpc' });
    expect(list.status).toBe(200);
    expect((await rpc(agent, 'setup.status', {}, { 'X-Display-Token': 'no-such-board' })).status).toBe(401);
    expect((await rpc(agent, 'display.state', {}, { 'X-Display-Token': 'no-such-board' })).status).toBe(401);
    const board = (await t.h.ok('display.token', {}, t.manager)) as { token: string };
    expect((await rpc(agent, 'display.state', {}, { 'X-Display-Token': board.token })).json.ok).toBe(true);
    agent.destroy();
  });

  it('streams the events of browser mode to a terminal', async () => {
    const { agent } = await enrolled('EVENTOS');
    const frames = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, method: 'GET', path: '/events', agent }, (res) => {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/event-stream');
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
          if (text.includes(': ligado') && !text.includes('data:')) void t.h.ok('terminal.enroll', { name: 'OUTRO' }, admin);
          // Events of the moments before may come in the same write (a counter's stream is written every 25 ms at most).
          if (text.includes('"channel":"terminal.enroll"')) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    const events = frames
      .split('\n\n')
      .filter((f) => f.startsWith('data: '))
      .map((f) => JSON.parse(f.slice(6)) as { channel: string; topics: string[] });
    expect(events.find((e) => e.channel === 'terminal.enroll')).toMatchObject({ type: 'changed', channel: 'terminal.enroll', topics: ['terminals'] });
    agent.destroy();
  });
});

describe('refusals at the terminals port', () => {
  it('refuses a call without a client certificate (401, typed) but lets /enroll through', async () => {
    const agent = agentWith();
    const r = await rpc(agent, 'setup.status', {});
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ ok: false, error: { code: 'TERMINAL_CERTIFICATE_REQUIRED', message: errorMessage('TERMINAL_CERTIFICATE_REQUIRED', {}) } });
    expect((await call({ agent, method: 'GET', path: '/events' })).status).toBe(401);
    const enrol = await call({ agent, path: '/enroll', body: { code: '0000-0000-0000', publicKey: 'AAAA' } });
    expect(enrol.json.error?.code).toBe('ENROLMENT_CODE_UNKNOWN');
    // Open to the LAN, it reads no large body: said too long, refused before it is read.
    const large = await call({ agent, path: '/enroll', body: { code: 'x'.repeat(5_000), publicKey: 'AAAA' } });
    expect([large.status, large.json.error?.code]).toEqual([413, 'VALIDATION_FAILED']);
    agent.destroy();
  });

  it("refuses a certificate of another authority, and one of the hall's never enrolled", async () => {
    const otherDir = counterDir();
    const other = await openHallPki(otherDir);
    const keys = await generateP256();
    const key = await exportPkcs8Pem(keys.privateKey);
    const foreign = await other.issueTerminalCertificate('BALCAO2', await spkiBase64(keys.publicKey));
    const a = agentWith({ key, cert: foreign.pem });
    const r = await rpc(a, 'setup.status', {});
    expect(r.status).toBe(401);
    expect(r.json.error?.code).toBe('TERMINAL_CERTIFICATE_REQUIRED');
    a.destroy();
    // Issued by this hall (as for a redemption that lost its race) but never stored: no terminal.
    const stray = await pki.issueTerminalCertificate('BALCAO2', await spkiBase64(keys.publicKey));
    const b = agentWith({ key, cert: stray.pem });
    expect((await rpc(b, 'setup.status', {})).json.error?.code).toBe('TERMINAL_CERTIFICATE_REQUIRED');
    b.destroy();
  });

  it('drops a revoked terminal at once: its open keep-alive connection and event stream, then refuses its next call', async () => {
    const { agent, identity } = await enrolled('REVOGAR');
    const first = await rpc(agent, 'setup.status', {});
    expect(first.json.ok).toBe(true);
    const kept = first.socket;
    expect(kept.destroyed).toBe(false);
    const keptClosed = new Promise<void>((resolve) => kept.once('close', () => resolve()));
    // A second connection of the same terminal holds an event stream.
    const streamAgent = hallAgent(identity);
    // Wrapped in an object: a promise resolved with a promise would wait for the stream's end here.
    const { streamEnded } = await new Promise<{ streamEnded: Promise<void> }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, method: 'GET', path: '/events', agent: streamAgent }, (res) => {
        expect(res.statusCode).toBe(200);
        resolve({ streamEnded: new Promise<void>((done) => res.once('close', () => done())) });
      });
      req.on('error', reject);
      req.end();
    });
    await t.h.ok('terminal.revoke', { name: 'REVOGAR' }, admin);
    // At once: well before the server's 5 s keep-alive timeout would have closed the idle connection anyway.
    await within(1_000, keptClosed, 'the kept-alive connection');
    await within(1_000, streamEnded, 'the event stream');
    const next = await rpc(agent, 'setup.status', {});
    expect(next.status).toBe(401);
    expect(next.json).toEqual({ ok: false, error: { code: 'TERMINAL_REVOKED', message: errorMessage('TERMINAL_REVOKED', { name: 'REVOGAR' }) } });
    agent.destroy();
    streamAgent.destroy();
  });

  it('fails plain HTTP and TLS 1.2 on the terminals port', async () => {
    const plain = await new Promise<string>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/rpc/setup.status', headers: { 'Content-Type': 'application/json' } }, (res) =>
        resolve(`answered ${res.statusCode}`),
      );
      req.on('error', (e: NodeJS.ErrnoException) => resolve(`failed ${e.code ?? e.message}`));
      req.end('{}');
    });
    expect(plain).toMatch(/^failed (ECONNRESET|EPIPE|HPE_INVALID_CONSTANT|HPE_)/);
    const tls12 = await new Promise<string>((resolve) => {
      const s = connect({ host: '127.0.0.1', port: server.port, maxVersion: 'TLSv1.2', rejectUnauthorized: false });
      s.on('secureConnect', () => {
        s.destroy();
        resolve('connected');
      });
      s.on('error', (e: NodeJS.ErrnoException) => resolve(`failed ${e.code}`));
    });
    expect(tls12).toMatch(/^failed /);
  });
});

describe("the counter's agent", () => {
  it('accepts only the pinned server certificate, even another one of the same authority', async () => {
    const { identity, agent } = await enrolled('PINO');
    agent.destroy();
    // Another server certificate from the hall's own authority (its CA files copied, a new server key made).
    const twinDir = counterDir();
    mkdirSync(twinDir, { recursive: true });
    for (const f of [CA_KEY_FILE, CA_CERT_FILE]) copyFileSync(join(t.h.kiosk.dataDir, f), join(twinDir, f));
    const twinPki = await openHallPki(twinDir, { bind: '127.0.0.1' });
    expect(twinPki.caCertificate).toBe(pki.caCertificate);
    expect(twinPki.serverFingerprint).not.toBe(pki.serverFingerprint);
    const twin = await startTerminalsServer({ kiosk: t.h.kiosk, port: 0, bind: '127.0.0.1', pki: twinPki, now: t.h.clock.now });
    try {
      const pinned = hallAgent(identity);
      const refused = await call({ agent: pinned, port: twin.port, path: '/rpc/setup.status', body: {} }).catch((e: unknown) => e as { code: string; message: string });
      expect(refused).toMatchObject({ code: 'HALL_FINGERPRINT_MISMATCH' });
      expect((refused as { message: string }).message).toContain(twinPki.serverFingerprint);
      pinned.destroy();
    } finally {
      await twin.close();
    }
  });
});

describe('refusals of an enrolment', () => {
  let code: string;
  beforeEach(async () => {
    code = (await t.h.ok('terminal.enroll', { name: `C${Math.random().toString(36).slice(2, 8)}` }, admin)).code;
  });
  afterEach(() => {
    t.h.clock.current = new Date('2026-11-30T20:00:00.000Z');
  });

  it('never sends the code to a server with another fingerprint: nothing written, and the code still works', async () => {
    const dataDir = counterDir();
    const wrong = `sha256:${'0'.repeat(64)}`;
    const refusal = await enrollAtHall({ hallUrl: server.url, fingerprint: wrong, code, dataDir }).then(
      () => null,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(refusal?.code).toBe('HALL_FINGERPRINT_MISMATCH');
    expect(refusal?.message).toBe(errorMessage('HALL_FINGERPRINT_MISMATCH', { hallUrl: server.url, expected: wrong, actual: pki.serverFingerprint }));
    expect(refusal?.message).toContain(wrong);
    expect(refusal?.message).toContain(pki.serverFingerprint);
    expect(() => readdirSync(dataDir)).toThrow();
    const ok = await enrollAtHall({ hallUrl: server.url, fingerprint: pki.serverFingerprint, code, dataDir });
    expect(ok.serverFingerprint).toBe(pki.serverFingerprint);
  });

  it('refuses a code used twice', async () => {
    await enrollAtHall({ hallUrl: server.url, fingerprint: pki.serverFingerprint, code, dataDir: counterDir() });
    const dataDir = counterDir();
    const again = await enrollAtHall({ hallUrl: server.url, fingerprint: pki.serverFingerprint, code, dataDir }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(HallRefusal);
    expect(again).toMatchObject({ code: 'ENROLMENT_CODE_USED', message: errorMessage('ENROLMENT_CODE_USED', {}) });
    expect(() => readdirSync(dataDir)).toThrow();
  });

  it('refuses an expired code (the hall clock at its expiry)', async () => {
    t.h.clock.advanceMinutes(10);
    const r = await enrollAtHall({ hallUrl: server.url, fingerprint: pki.serverFingerprint, code, dataDir: counterDir() }).catch((e: unknown) => e);
    expect(r).toMatchObject({ code: 'ENROLMENT_CODE_EXPIRED', message: errorMessage('ENROLMENT_CODE_EXPIRED', { expiresAt: '2026-11-30T20:10:00.000Z' }) });
  });

  it('enrols once when two counters redeem one code at once', async () => {
    const a = counterDir();
    const b = counterDir();
    const results = await Promise.allSettled([
      enrollAtHall({ hallUrl: server.url, fingerprint: pki.serverFingerprint, code, dataDir: a }),
      enrollAtHall({ hallUrl: server.url, fingerprint: pki.serverFingerprint, code, dataDir: b }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: 'ENROLMENT_CODE_USED' });
    expect([loadTerminalIdentity(a), loadTerminalIdentity(b)].filter(Boolean)).toHaveLength(1);
  });
});
