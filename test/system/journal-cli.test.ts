/**
 * `npm run web -- --journal-url URL` as a hall runs it: the kiosk sells over
 * browser mode's HTTP while a worker ships its journal to the group's
 * PostgreSQL; system.health tells the screens where the group's copy stands,
 * through a cut link (the backlog grows, sales go on) and back (it drains);
 * then `journal:ship` on the same folder finds nothing left, and SIGTERM
 * stops the kiosk and its shipper cleanly.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcClient, type RpcClient } from '../../bench/rpc-client.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';
import { tcpLink, type TcpLink } from '../tcp-proxy.js';
import { PROGRAM } from '../program.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TOKEN = 'journal-cli-token-0123456789abcdef';

let pgdb: TestDatabase;
let link: TcpLink;
let kiosk: ChildProcess | null = null;
let client: RpcClient | null = null;
const dir = mkdtempSync(join(tmpdir(), 'journal-cli-'));

beforeAll(async () => {
  pgdb = await createTestDatabase();
  link = await tcpLink(Number(new URL(pgdb.url).port || 5432));
});

afterAll(async () => {
  client?.destroy();
  if (kiosk && kiosk.exitCode === null) kiosk.kill('SIGKILL');
  await link?.close();
  await pgdb?.drop();
});

let lastSeen: unknown = null;
const until = async <T,>(what: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const v = await what();
    if (v) return v;
  }
  throw new Error(`not within time; last seen: ${JSON.stringify(lastSeen)}`);
};

interface Health {
  storage: string;
  journal: { state: string; backlog: number; groupHead: number | null; cause: string | null; lastShippedAt: string | null } | null;
}

describe('the shipper beside a running kiosk', () => {
  it('ships while the hall sells, says so on system.health through a cut link, and drains the backlog by itself', async () => {
    const url = new URL(pgdb.url);
    url.port = String(link.port);
    kiosk = spawn(process.execPath, [...PROGRAM, 'web', '--data-dir', dir, '--port', '0', '--demo', '--journal-url', url.toString()], {
      cwd: ROOT,
      env: { ...process.env, KIOSK_TOKEN: TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    kiosk.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    kiosk.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const port = Number(await until(async () => /http:\/\/127\.0\.0\.1:(\d+)\/#token=/.exec(out)?.[1]));
    expect(out).toContain('Diário do grupo: enviado para postgres://root@127.0.0.1:');
    client = rpcClient(port, TOKEN);
    const call = async <T,>(channel: string, input: unknown, operatorToken?: string): Promise<T> => {
      const r = JSON.parse(await client!.post(channel, input, operatorToken ? { operatorToken } : {})) as { ok: boolean; value: T; error?: { code: string } };
      if (!r.ok) throw new Error(`${channel}: ${r.error?.code}`);
      return r.value;
    };
    const health = () => call<Health>('system.health', {});
    const groupCount = async () => Number((await pgdb.query<{ n: string }>('SELECT COUNT(*) AS n FROM journal'))[0]!.n);
    const groupHeadSeq = async () => Number((await pgdb.query<{ h: string | null }>('SELECT MAX(head_seq) AS h FROM halls'))[0]?.h ?? 0);

    const cashier = (await call<{ operatorToken: string }>('auth.login', { username: 'caixa1', pin: '3333' })).operatorToken;
    const game = (await call<{ games: { id: number }[] }>('session.current', {}, cashier)).games[0]!;
    const sell = () => call<{ saleId: number }>('sale.create', { gameId: game.id, quantity: 2, payment: { method: 'cash', tenderedCents: 1000 } }, cashier);
    for (let i = 0; i < 5; i++) await sell();

    // Caught up: the group holds every entry, once.
    const caught = await until(async () => {
      const h = await health();
      if (h.journal?.state !== 'caught-up') return null;
      lastSeen = { h, head: await groupHeadSeq(), count: await groupCount() };
      return h.journal?.state === 'caught-up' && h.journal.groupHead === (await groupHeadSeq()) && (await groupCount()) === h.journal.groupHead ? h : null;
    });
    expect(caught.storage).toBe('ok');
    expect(caught.journal).toMatchObject({ backlog: 0, cause: null });
    expect(caught.journal!.lastShippedAt).not.toBeNull();
    const headBefore = caught.journal!.groupHead!;

    // The link cut: the hall sells on, the screens are told, the backlog grows.
    await link.cut();
    for (let i = 0; i < 4; i++) await sell();
    const down = await until(async () => {
      const h = await health();
      lastSeen = { h, out };
      return h.journal?.state === 'unreachable' && h.journal.backlog >= 4 ? h : null;
    });
    expect(down.journal!.cause).toMatch(/^(ECONNREFUSED|ECONNRESET|EPIPE|57P01|08\d{3})$/);
    expect(await groupCount()).toBe(headBefore);

    // Back: the backlog drains by itself, nothing twice.
    await link.restore();
    const back = await until(async () => {
      const h = await health();
      lastSeen = { h, out };
      return h.journal?.state === 'caught-up' && h.journal.backlog === 0 && h.journal.groupHead! >= headBefore + 4 ? h : null;
    });
    expect(await groupCount()).toBe(back.journal!.groupHead);
    const [dups] = await pgdb.query<{ n: string }>('SELECT COUNT(*) - COUNT(DISTINCT seq) AS n FROM journal');
    expect(Number(dups!.n)).toBe(0);

    // The command line on the same folder, beside the running kiosk: nothing left (or what the last seconds wrote).
    const once = spawnSync(process.execPath, [...PROGRAM, 'journal:ship', '--data-dir', dir, '--database-url', pgdb.url], { cwd: ROOT, encoding: 'utf8' });
    expect(once.status, once.stderr).toBe(0);
    const shipped = JSON.parse(once.stdout.trim()) as { shipped: number; head: number };
    expect(shipped.head).toBeGreaterThanOrEqual(back.journal!.groupHead!);

    const verify = spawnSync(process.execPath, [...PROGRAM, 'group:verify', '--database-url', pgdb.url], { cwd: ROOT, encoding: 'utf8' });
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(/Bingo Demonstração \([0-9a-f-]{36}\): íntegro \(\d+ entradas lidas; última n\.º \d+\)\./);
    // With the witness's key: every entry read the first time, the result kept signed; the next run reads only what is new.
    const keyFile = join(dir, 'witness.key');
    const keyed = () => spawnSync(process.execPath, [...PROGRAM, 'group:verify', '--database-url', pgdb.url, '--key-file', keyFile], { cwd: ROOT, encoding: 'utf8' });
    const first = keyed();
    expect(first.status, first.stdout + first.stderr).toBe(0);
    const [, read, head] = /íntegro \((\d+) entradas lidas; última n\.º (\d+)\)\./.exec(first.stdout)!;
    expect(Number(read)).toBe(Number(head));
    const again = keyed();
    expect(again.status, again.stdout + again.stderr).toBe(0);
    // (The kiosk still runs: an entry it writes meanwhile is read now, and only it.)
    expect(again.stdout).toMatch(new RegExp(`íntegro \\(\\d+ entradas novas lidas, da n\\.º ${Number(head) + 1} em diante; até à n\\.º ${head} verificado e assinado em `));

    const exited = new Promise<number | null>((r) => kiosk!.once('exit', (code) => r(code)));
    kiosk.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
