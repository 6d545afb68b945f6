/**
 * The hall's terminals port closes a connection that sends nothing (issue
 * 37): one that never starts its TLS handshake, and one whose handshake is
 * done but that sends no request, each within the port's request time
 * (BODY_TIMEOUT_MS, 10 s; 1 s here). Before, Node's TLS handshake waited 120 s
 * and a silent connection after it was never closed.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { openHallPki } from './pki.js';
import { startTerminalsServer, type TerminalsServer } from './terminals-server.js';

let t: TestHall;
let server: TerminalsServer;
beforeAll(async () => {
  t = await createTestHall();
  const pki = await openHallPki(t.h.kiosk.dataDir, { bind: '127.0.0.1' });
  server = await startTerminalsServer({ kiosk: t.h.kiosk, port: 0, bind: '127.0.0.1', pki, now: t.h.clock.now, bodyTimeoutMs: 1_000 });
});
afterAll(async () => {
  await server.close();
  t.h.close();
});

/**
 * The milliseconds from `started` until the server closed the socket, whatever it wrote first (read and dropped: a
 * client that never reads never sees the close behind it). No give-up timer: on a busy machine one ran in the same
 * turn as the server's close and won (main/web/silent-socket.test.ts). A socket never closed fails on the test's
 * timeout (30 s, under Node's 120 s of a TLS handshake).
 */
function closedAfter(socket: Socket, started: number): Promise<number> {
  return new Promise((resolve) => {
    socket.resume();
    socket.on('error', () => {});
    socket.on('close', () => resolve(Date.now() - started));
  });
}

describe('the terminals port and a connection that sends nothing', () => {
  it('closes one that never starts its TLS handshake within the request time', async () => {
    const ms = await closedAfter(connectTcp(server.port, '127.0.0.1'), Date.now());
    expect(ms).toBeGreaterThanOrEqual(950);
    // Ours, not Node's request limit (6 s here) nor its handshake's (120 s).
    expect(ms).toBeLessThan(5_000);
  });

  it('closes one whose handshake is done but that sends no request, within the request time after the handshake', async () => {
    const socket = connectTls({ host: '127.0.0.1', port: server.port, rejectUnauthorized: false, minVersion: 'TLSv1.3' });
    const secured = await new Promise<number>((resolve, reject) => {
      socket.once('secureConnect', () => resolve(Date.now()));
      socket.once('error', reject);
    });
    const ms = await closedAfter(socket, secured);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(5_000);
  });
});
