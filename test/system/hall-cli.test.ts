/**
 * `npm run hall` as a person runs it (tsx main/cli.ts hall): its ready
 * output names the screens' address (browser mode, KIOSK_TOKEN), the
 * terminals port and the server certificate's fingerprint, which is the
 * one in its data folder; its back office enrols a counter over the
 * loopback API, and the counter then calls as its terminal over TLS.
 * Restarted on the same folder, the fingerprint is the same.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request, type Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { enrollAtHall, hallAgent, loadTerminalIdentity } from '../../main/counter/enrol-client.js';
import { derOfPem, fingerprintOf } from '../../main/hall/pki.js';
import { PROGRAM } from '../program.js';

const TOKEN = 'hall-cli-test-token-0123456789';
const root = mkdtempSync(join(tmpdir(), 'hall-cli-'));
const hallDir = join(root, 'hall');
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) await stop(c);
  rmSync(root, { recursive: true, force: true });
});

interface Ready {
  child: ChildProcess;
  webUrl: string;
  terminalsUrl: string;
  fingerprint: string;
}

function startHall(): Promise<Ready> {
  const child = spawn(process.execPath, [...PROGRAM, 'hall', '--data-dir', hallDir, '--port', '0', '--terminals-port', '0', '--bind', '127.0.0.1'], {
    env: { ...process.env, KIOSK_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`hall did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      const web = /ecrãs em (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/.exec(output);
      const terminals = /Terminais \(HTTPS, TLS 1\.3\) em (https:\/\/127\.0\.0\.1:\d+)/.exec(output);
      const fp = /Impressão digital do servidor: (sha256:[0-9a-f]{64})/.exec(output);
      if (web && terminals && fp) {
        clearTimeout(timer);
        expect(web[2]).toBe(TOKEN);
        ok({ child, webUrl: web[1]!, terminalsUrl: terminals[1]!, fingerprint: fp[1]! });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => fail(new Error(`hall exited (${code}):\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function post(url: string, channel: string, input: unknown, headers: Record<string, string> = {}, agent?: Agent): Promise<{ ok: boolean; value?: Record<string, unknown>; error?: { code: string } }> {
  const body = JSON.stringify(input);
  const u = new URL(`/rpc/${channel}`, url);
  const send = u.protocol === 'https:' ? request : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('npm run hall', () => {
  it('serves its screens on loopback and enrolled counters over TLS, naming the fingerprint it keeps', async () => {
    const hall = await startHall();
    const crt = readFileSync(join(hallDir, 'hall-server.crt'), 'utf8');
    expect(hall.fingerprint).toBe(fingerprintOf(derOfPem(crt)));
    const back = { Authorization: `Bearer ${TOKEN}` };
    expect((await post(hall.webUrl, 'setup.init', { hallName: 'Sala do Servidor', admin: { username: 'admin', name: 'Admin', pin: '1111' } }, back)).ok).toBe(true);
    const admin = (await post(hall.webUrl, 'auth.login', { username: 'admin', pin: '1111' }, back)).value!.operatorToken as string;
    const enrol = await post(hall.webUrl, 'terminal.enroll', { name: 'BALCAO2' }, { ...back, 'X-Operator-Token': admin });
    expect(enrol.value).toMatchObject({ name: 'BALCAO2', hallFingerprint: hall.fingerprint });

    const counterDir = join(root, 'counter');
    const enrolled = await enrollAtHall({ hallUrl: hall.terminalsUrl, fingerprint: hall.fingerprint, code: enrol.value!.code as string, dataDir: counterDir });
    expect(enrolled.terminalId).toBe('BALCAO2');
    const agent = hallAgent(loadTerminalIdentity(counterDir)!);
    expect(await post(hall.terminalsUrl, 'setup.status', {}, {}, agent)).toMatchObject({ ok: true, value: { terminalId: 'BALCAO2', hallName: 'Sala do Servidor' } });
    agent.destroy();

    await stop(hall.child);
    const again = await startHall();
    expect(again.fingerprint).toBe(hall.fingerprint);
    const later = hallAgent(loadTerminalIdentity(counterDir)!);
    expect(await post(again.terminalsUrl, 'setup.status', {}, {}, later)).toMatchObject({ ok: true, value: { terminalId: 'BALCAO2' } });
    later.destroy();
  });
});
