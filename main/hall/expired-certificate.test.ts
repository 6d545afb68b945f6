/**
 * An enrolled terminal whose certificate has ended is told so (issue 37), not
 * answered like a stranger: TERMINAL_CERTIFICATE_EXPIRED, naming the terminal
 * and saying it must be enrolled again. A certificate of another authority,
 * or one of the hall's never enrolled, is still no terminal of this hall,
 * expired or not. The expired certificate is issued by the hall's authority
 * through the real redemption, with its issue date 6 years back (a terminal's
 * certificate lasts 5).
 */
import { Agent, request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { redeemEnrolmentCode } from '../services/terminals/index.js';
import { exportPkcs8Pem, generateP256, openHallPki, spkiBase64, TERMINAL_YEARS, type HallPki } from './pki.js';
import { startTerminalsServer, type TerminalsServer } from './terminals-server.js';

let t: TestHall;
let admin: string;
let pki: HallPki;
let server: TerminalsServer;
const dirs: string[] = [];
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
/** Issued this long ago, a terminal's certificate ended a year ago. */
const longAgo = () => new Date(Date.now() - (TERMINAL_YEARS + 1) * YEAR_MS);

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

/** The hall's answer to setup.status for a client presenting this key and certificate. */
function statusWith(client: { key: string; cert: string }): Promise<{ status: number; json: { ok: boolean; error?: { code: string; message: string } } }> {
  const agent = new Agent({ ca: [pki.caCertificate], minVersion: 'TLSv1.3', keepAlive: false, checkServerIdentity: () => undefined, ...client });
  return new Promise((resolve, reject) => {
    const body = '{}';
    const req = request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path: '/rpc/setup.status', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          agent.destroy();
          resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { ok: boolean } });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A terminal enrolled through the real redemption, its certificate issued at `at`. */
async function enrolledAt(name: string, at: Date): Promise<{ key: string; cert: string }> {
  const { code } = await t.h.ok('terminal.enroll', { name }, admin);
  const keys = await generateP256();
  const redeemed = await redeemEnrolmentCode(
    t.h.kiosk.db,
    { now: t.h.clock.now, issue: (terminalId, publicKey) => pki.issueTerminalCertificate(terminalId, publicKey, at), machine: t.h.kiosk.machine },
    { code, publicKey: await spkiBase64(keys.publicKey) },
  );
  return { key: await exportPkcs8Pem(keys.privateKey), cert: redeemed.certificate };
}

describe('an expired terminal certificate', () => {
  it('of an enrolled terminal: refused as expired, naming the terminal and saying it must be enrolled again', async () => {
    const r = await statusWith(await enrolledAt('VELHO', longAgo()));
    expect(r.status).toBe(401);
    expect(r.json).toEqual({
      ok: false,
      error: {
        code: 'TERMINAL_CERTIFICATE_EXPIRED',
        message: 'O certificado do terminal VELHO nesta sala expirou: o terminal tem de ser inscrito de novo, com um código do servidor da sala (Terminais), para voltar a fazer operações.',
      },
    });
  });

  it('a live one of an enrolled terminal is served as before', async () => {
    const r = await statusWith(await enrolledAt('NOVO', new Date()));
    expect([r.status, r.json.ok]).toEqual([200, true]);
  });

  it('of another authority, or of this hall but never enrolled: no terminal of this hall, as before', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'other-hall-'));
    dirs.push(otherDir);
    const other = await openHallPki(otherDir);
    const keys = await generateP256();
    const key = await exportPkcs8Pem(keys.privateKey);
    const spki = await spkiBase64(keys.publicKey);
    const foreign = await other.issueTerminalCertificate('VELHO', spki, longAgo());
    expect((await statusWith({ key, cert: foreign.pem })).json.error?.code).toBe('TERMINAL_CERTIFICATE_REQUIRED');
    const stray = await pki.issueTerminalCertificate('VELHO', spki, longAgo());
    expect((await statusWith({ key, cert: stray.pem })).json.error?.code).toBe('TERMINAL_CERTIFICATE_REQUIRED');
  });
});
