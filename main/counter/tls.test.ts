/**
 * The link over HTTPS (the hall's terminals port speaks TLS 1.3): a hall whose
 * certificate the counter trusts answers; one it does not trust is a TLS
 * failure before anything is written, refused at once (HALL_UNREACHABLE,
 * nothing sent), never taken for an answer lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHallLink } from './link.js';

let server: Server;
let url: string;
let certificate: string;
const seen: string[] = [];

beforeAll(async () => {
  // A hall's certificate as its own authority would make one (ECDSA P-256), self-signed here.
  const dir = mkdtempSync(join(tmpdir(), 'counter-tls-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
    '-subj', '/CN=hall-test', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', join(dir, 'hall.key'), '-out', join(dir, 'hall.crt'),
  ], { stdio: 'ignore' });
  const key = readFileSync(join(dir, 'hall.key'), 'utf8');
  certificate = readFileSync(join(dir, 'hall.crt'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  server = createServer({ key, cert: certificate, minVersion: 'TLSv1.3' }, (req, res) => {
    seen.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      if (req.url === '/events') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(': ligado\n\n');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true, value: { initialized: true } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('the link over TLS', () => {
  it("answers from a hall whose certificate it trusts, over one kept connection, with the hall's events stream open", async () => {
    const agent = new Agent({ keepAlive: true, ca: certificate, minVersion: 'TLSv1.3' });
    const link = createHallLink({ hallUrl: url, agent });
    try {
      expect(await link.dispatch('setup.status', {}, {})).toEqual({ ok: true, value: { initialized: true } });
      expect(await link.dispatch('setup.status', {}, {})).toEqual({ ok: true, value: { initialized: true } });
      expect(link.state()).toMatchObject({ mode: 'counter', link: 'up', lastError: null });
    } finally {
      link.close();
      agent.destroy();
    }
  });

  it('refuses at once, nothing sent, a hall whose certificate it does not trust', async () => {
    const agent = new Agent({ keepAlive: true, minVersion: 'TLSv1.3' });
    const link = createHallLink({ hallUrl: url, agent, events: false });
    const before = seen.length;
    try {
      const started = Date.now();
      const r = await link.dispatch('sale.create', { gameId: 1, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, { idempotencyKey: 'sale-tls-0000-0001' });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(r).toMatchObject({ ok: false, error: { code: 'HALL_UNREACHABLE', details: { answer: 'none' } } });
      expect(link.state()).toMatchObject({ link: 'down', lastError: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
      expect(seen.length).toBe(before);
    } finally {
      link.close();
      agent.destroy();
    }
  });
});
