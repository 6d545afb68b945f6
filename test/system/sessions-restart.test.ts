/**
 * Operator sessions survive a restart of the hall server (issue 38): the
 * real programs, a hall and two counters (C1, C2) enrolled by code over
 * mutual TLS on 127.0.0.1. A cashier logs in at C1; the hall server is
 * stopped (SIGTERM) and started again on the same file and ports, then
 * killed (SIGKILL) and started again: each time the same operator token
 * still works at C1, never at C2, and the sessions ended before the restart
 * (a logout, a PIN changed by the admin) stay ended.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../core/errors.js';
import { exited, start as startPost, waitFor, type Proc } from './posts.js';

const TOKEN = 'sessions-restart-token-0123456789';
const start = (args: string[]): Proc => startPost(args, TOKEN);
type Envelope = Result<Record<string, unknown>>;

async function rpc(url: string, channel: string, input: unknown, operatorToken?: string): Promise<Envelope> {
  const res = await fetch(`${url}/rpc/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', ...(operatorToken ? { 'X-Operator-Token': operatorToken } : {}) },
    body: JSON.stringify(input),
  });
  return (await res.json()) as Envelope;
}

const codeOf = (r: Envelope) => (r.ok ? 'ok' : r.error.code);

describe('operator sessions across a restart of the hall server', () => {
  let hallDir: string;
  let hall: Proc;
  let hallUrl = '';
  let webPort = 0;
  let terminalsPort = 0;
  const counters: { proc: Proc; url: string; dir: string }[] = [];

  const startHall = async () => {
    hall = start(['main/cli.ts', 'hall', '--data-dir', hallDir, '--port', String(webPort), '--terminals-port', String(terminalsPort), '--bind', '127.0.0.1', '--demo']);
    hallUrl = await waitFor('hall', hall, (o) => /(http:\/\/127\.0\.0\.1:\d+)\/#token=/.exec(o)?.[1]);
    terminalsPort = Number(await waitFor('hall', hall, (o) => /https:\/\/127\.0\.0\.1:(\d+)/.exec(o)?.[1]));
    webPort = Number(new URL(hallUrl).port);
    return waitFor('hall', hall, (o) => /(sha256:[0-9a-f]{64})/.exec(o)?.[1]);
  };
  const must = async (url: string, channel: string, input: unknown, operatorToken?: string) => {
    const r = await rpc(url, channel, input, operatorToken);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  /** Once the counter's link answers again (the hall back): what it says of `token`. */
  const meAt = async (url: string, token: string): Promise<Envelope> => {
    const until = Date.now() + 30_000;
    for (;;) {
      const r = await rpc(url, 'auth.me', {}, token);
      if (r.ok || r.error.code !== 'HALL_UNREACHABLE' || Date.now() > until) return r;
      await new Promise((ok) => setTimeout(ok, 100));
    }
  };

  beforeAll(async () => {
    hallDir = mkdtempSync(join(tmpdir(), 'sessions-restart-hall-'));
    const fingerprint = await startHall();
    const admin = (await must(hallUrl, 'auth.login', { username: 'admin', pin: '1111' })).operatorToken as string;
    for (const name of ['C1', 'C2']) {
      const { code } = await must(hallUrl, 'terminal.enroll', { name }, admin);
      const dir = mkdtempSync(join(tmpdir(), `sessions-restart-${name}-`));
      const proc = start(['main/cli.ts', 'counter', '--hall', `https://127.0.0.1:${terminalsPort}`, '--fingerprint', fingerprint, '--enroll', code as string, '--data-dir', dir, '--port', '0']);
      counters.push({ proc, dir, url: await waitFor(name, proc, (o) => /(http:\/\/127\.0\.0\.1:\d+)\/#token=/.exec(o)?.[1]) });
    }
  }, 120_000);

  afterAll(async () => {
    for (const p of [...counters.map((c) => c.proc), hall]) {
      if (p && p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGKILL');
        await exited(p);
      }
    }
    for (const d of [hallDir, ...counters.map((c) => c.dir)]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('the token of a login at C1 works at C1 after a SIGTERM and after a SIGKILL of the hall server, never at C2; ended sessions stay ended', async () => {
    const [c1, c2] = counters as [(typeof counters)[number], (typeof counters)[number]];
    const cashier = (await must(c1.url, 'auth.login', { username: 'caixa1', pin: '3333' })).operatorToken as string;
    const loggedOut = (await must(c1.url, 'auth.login', { username: 'gerente', pin: '2222' })).operatorToken as string;
    const pinChanged = (await must(c2.url, 'auth.login', { username: 'caixa2', pin: '4444' })).operatorToken as string;
    expect((await must(c1.url, 'auth.me', {}, cashier)).username).toBe('caixa1');
    expect(codeOf(await rpc(c2.url, 'auth.me', {}, cashier))).toBe('NOT_AUTHENTICATED');
    expect((await must(c2.url, 'auth.me', {}, pinChanged)).username).toBe('caixa2');
    await must(c1.url, 'auth.logout', {}, loggedOut);
    const admin = (await must(hallUrl, 'auth.login', { username: 'admin', pin: '1111' })).operatorToken as string;
    const caixa2 = ((await must(hallUrl, 'users.list', {}, admin)) as unknown as { id: number; username: string }[]).find((u) => u.username === 'caixa2')!;
    await must(hallUrl, 'users.resetPin', { operatorId: caixa2.id, pin: '5555' }, admin);
    expect(codeOf(await rpc(c2.url, 'auth.me', {}, pinChanged))).toBe('NOT_AUTHENTICATED');

    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      hall.child.kill(signal);
      await exited(hall);
      expect(hall.child.signalCode ?? hall.child.exitCode, signal).toBe(signal === 'SIGTERM' ? 0 : 'SIGKILL');
      await startHall();
      const me = await meAt(c1.url, cashier);
      expect(me, signal).toMatchObject({ ok: true, value: { username: 'caixa1', name: 'Ana Caixa' } });
      expect(codeOf(await rpc(c2.url, 'auth.me', {}, cashier)), signal).toBe('NOT_AUTHENTICATED');
      expect(codeOf(await rpc(c1.url, 'auth.me', {}, loggedOut)), signal).toBe('NOT_AUTHENTICATED');
      expect(codeOf(await rpc(c2.url, 'auth.me', {}, pinChanged)), signal).toBe('NOT_AUTHENTICATED');
      // The hall's own screens are another terminal: the counter's token opens nothing there either.
      expect(codeOf(await rpc(hallUrl, 'auth.me', {}, cashier)), signal).toBe('NOT_AUTHENTICATED');
    }
  });
});
