/**
 * Watching the hall server from outside (issue 40): a hall server and an enrolled counter started as a hall runs
 * them (tsx main/cli.ts), with their logs in folders of their own. While the counter sells, the hall's back-office
 * port answers GET /health (no login) and GET /metrics, whose sales counter and sale latency histogram move with
 * each sale made. Then every line both posts logged is read back: none holds a PIN used (right, wrong, an
 * approval's), the enrolment code, a session or access token, a recovery code or a line of a key in the data folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, start as startPost, waitFor, type Proc } from './posts.js';

const TOKEN = 'watch-test-token-5f2b8c1d9e7a4630';
const SALES = 8;
// PINs of this test alone, so that a hit in a log is theirs (the demo's 1111 could be part of any number).
const CASHIER_PIN = '582947';
const MANAGER_PIN = '604713';
const WRONG_PIN = '815263';
const WRONG_APPROVAL_PIN = '927351';
const NEW_ADMIN_PIN = '730418';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Envelope = { ok: boolean; value?: any; error?: { code: string; message: string } };

/** Every value a client saw that must never reach a log. */
const secrets = new Set<string>([TOKEN, CASHIER_PIN, MANAGER_PIN, WRONG_PIN, WRONG_APPROVAL_PIN, NEW_ADMIN_PIN]);

async function call(url: string, channel: string, input: unknown, operatorToken?: string, key?: string): Promise<Envelope> {
  const res = await fetch(`${url}/rpc/${channel}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
      ...(operatorToken ? { 'X-Operator-Token': operatorToken } : {}),
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: JSON.stringify(input),
  });
  return (await res.json()) as Envelope;
}

async function must(url: string, channel: string, input: unknown, operatorToken?: string) {
  const r = await call(url, channel, input, operatorToken);
  if (!r.ok) throw new Error(`${channel}: ${r.error?.code} ${r.error?.message}`);
  return r.value;
}

async function login(url: string, username: string, pin: string): Promise<string> {
  const token = (await must(url, 'auth.login', { username, pin })).operatorToken as string;
  secrets.add(token);
  return token;
}

/** A sample's value in a Prometheus text scrape (the sum over the series that match every label given). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
    found = true;
  }
  return found ? sum : NaN;
}

function logLines(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.log') && !statSync(join(dir, f)).isSymbolicLink())
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter((l) => l.trim() !== '');
}

/** The body lines of each PEM file in a folder (keys and certificates): none may be found in a log. */
function pemLines(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /\.(key|pem|crt)$/.test(f))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .map((l) => l.trim())
    .filter((l) => l.length >= 40 && !l.startsWith('-----'));
}

describe('a group journal out of reach from the start', () => {
  it('reads degraded with its lag unknown, never caught up, and gives no lag series', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'watch-journal-'));
    // Nothing listens on port 9 (discard) here: every connection is refused.
    const kiosk = startPost(['main/cli.ts', 'web', '--data-dir', dir, '--port', '0', '--demo', '--journal-url', 'postgres://kiosk@127.0.0.1:9/group'], TOKEN);
    try {
      const url = await waitFor('web', kiosk, (o) => /(http:\/\/127\.0\.0\.1:\d+)\/#token=/.exec(o)?.[1]);
      let seen: { status: string; state: string; entries: unknown } | null = null;
      for (const until = Date.now() + 60_000; Date.now() < until; ) {
        const health = (await (await fetch(`${url}/health`)).json()) as { status: string; checks: { journal: { status: string; state: string; entries: unknown } } };
        expect(health.checks.journal.state).not.toBe('caught-up');
        if (health.checks.journal.state === 'unreachable') {
          seen = health.checks.journal;
          expect(health.status).toBe('degraded');
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(seen).toMatchObject({ status: 'degraded', state: 'unreachable', entries: 'unknown' });
      expect(sample(await (await fetch(`${url}/metrics`)).text(), 'kiosk_journal_lag_entries')).toBeNaN();
    } finally {
      kiosk.child.kill('SIGKILL');
      await exited(kiosk);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the hall server watched from outside: health, metrics and logs', () => {
  const root = mkdtempSync(join(tmpdir(), 'watch-'));
  const hallDir = join(root, 'hall');
  const counterDir = join(root, 'counter');
  const hallLogs = join(root, 'hall-logs');
  const counterLogs = join(root, 'counter-logs');
  let hall: Proc;
  let counter: Proc | null = null;
  let webUrl = '';
  let counterUrl = '';
  let managerToken = '';
  let cashierAtCounter = '';
  let gameId = 0;
  let priceCents = 0;

  beforeAll(async () => {
    hall = startPost(['main/cli.ts', 'hall', '--data-dir', hallDir, '--port', '0', '--terminals-port', '0', '--bind', '127.0.0.1', '--demo', '--log-dir', hallLogs], TOKEN);
    webUrl = await waitFor('hall', hall, (o) => /ecrãs em (http:\/\/127\.0\.0\.1:\d+)\/#token=/.exec(o)?.[1]);
    const terminals = await waitFor('hall', hall, (o) => /Terminais \(HTTPS, TLS 1\.3\) em (https:\/\/127\.0\.0\.1:\d+)/.exec(o)?.[1]);
    const fingerprint = await waitFor('hall', hall, (o) => /Impressão digital do servidor: (sha256:[0-9a-f]{64})/.exec(o)?.[1]);
    // The demo's recovery code, printed once on the terminal: never in a log.
    const demoRecovery = /Código de recuperação[^:]*: (\S+)/.exec(hall.output())?.[1];
    if (demoRecovery) secrets.add(demoRecovery);

    const admin = await login(webUrl, 'admin', '1111');
    await must(webUrl, 'users.create', { username: 'vigia', name: 'Vigia Caixa', roles: ['cashier'], pin: CASHIER_PIN }, admin);
    await must(webUrl, 'users.create', { username: 'chefe', name: 'Chefe Sala', roles: ['manager'], pin: MANAGER_PIN }, admin);
    // A recovery code made and used (it sets a new PIN and answers the next code).
    const first = (await must(webUrl, 'users.newRecoveryCode', {}, admin)).recoveryCode as string;
    secrets.add(first);
    const recovered = await must(webUrl, 'auth.recover', { username: 'admin', recoveryCode: first, pin: NEW_ADMIN_PIN });
    secrets.add(recovered.recoveryCode as string);
    const admin2 = await login(webUrl, 'admin', NEW_ADMIN_PIN);
    // A wrong PIN at the hall's own screens.
    expect((await call(webUrl, 'auth.login', { username: 'vigia', pin: WRONG_PIN })).error?.code).toBe('INVALID_CREDENTIALS');

    const { code } = await must(webUrl, 'terminal.enroll', { name: 'C1' }, admin2);
    secrets.add(code as string);
    counter = startPost(
      ['main/cli.ts', 'counter', '--hall', terminals, '--fingerprint', fingerprint, '--enroll', code as string, '--data-dir', counterDir, '--port', '0', '--log-dir', counterLogs],
      TOKEN,
    );
    counterUrl = await waitFor('counter', counter, (o) => /(http:\/\/127\.0\.0\.1:\d+)\/#token=/.exec(o)?.[1]);

    managerToken = await login(webUrl, 'gerente', '2222');
    const session = await must(webUrl, 'session.current', {}, managerToken);
    const game = session.games.find((g: { state: string }) => g.state === 'selling');
    gameId = game.id;
    priceCents = game.priceCents;
    cashierAtCounter = await login(counterUrl, 'vigia', CASHIER_PIN);
    await must(counterUrl, 'drawer.open', { floatByDenomination: { '2000': 5 } }, cashierAtCounter);
  }, 180_000);

  afterAll(async () => {
    for (const p of [counter, hall]) {
      if (p && p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGKILL');
        await exited(p);
      }
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('answers /health without a login and /metrics whose sales and sale latency count the sales made', async () => {
    const scrape = async () => {
      const res = await fetch(`${webUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      return res.text();
    };
    const before = await scrape();
    const sold0 = sample(before, 'kiosk_sales_total', { channel: 'sale.create' });
    expect(Number.isNaN(sold0) ? 0 : sold0).toBe(0);

    for (let i = 0; i < SALES; i++) {
      const key = crypto.randomUUID();
      const sale = { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: priceCents } };
      const r = await call(counterUrl, 'sale.create', sale, cashierAtCounter, key);
      expect(r.ok, JSON.stringify(r.error)).toBe(true);
      // A retry of the first sale with its key (its answer taken for lost) is the same sale: counted once.
      if (i === 0) expect((await call(counterUrl, 'sale.create', sale, cashierAtCounter, key)).value?.saleId).toBe(r.value.saleId);
      // Read while selling: each scrape counts the sales made so far.
      if (i === SALES / 2 - 1) expect(sample(await scrape(), 'kiosk_sales_total', { channel: 'sale.create' })).toBe(SALES / 2);
    }
    const text = await scrape();
    expect(sample(text, 'kiosk_sales_total', { channel: 'sale.create', post: 'hall' })).toBe(SALES);
    expect(sample(text, 'kiosk_command_duration_seconds_count', { channel: 'sale.create', outcome: 'ok' })).toBe(SALES);
    expect(sample(text, 'kiosk_command_duration_seconds_count', { channel: 'sale.create', outcome: 'replayed' })).toBe(1);
    expect(sample(text, 'kiosk_command_duration_seconds_bucket', { channel: 'sale.create', outcome: 'ok', le: '+Inf' })).toBe(SALES);
    expect(sample(text, 'kiosk_pin_refusals_total', { code: 'INVALID_CREDENTIALS' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'kiosk_print_jobs', { state: 'pending' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // No group journal configured: no lag series at all, rather than a 0 that would read "caught up".
    expect(sample(text, 'kiosk_journal_lag_entries')).toBeNaN();

    const started = performance.now();
    const res = await fetch(`${webUrl}/health`);
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const health = (await res.json()) as { status: string; version: string; checks: Record<string, { status: string; [k: string]: unknown }> };
    expect(['ok', 'degraded']).toContain(health.status);
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.checks.database).toMatchObject({ status: 'ok', writable: true, storage: 'ok' });
    expect(health.checks.disk!.freeBytes).toBeGreaterThan(0);
    expect(health.checks.journal).toMatchObject({ status: 'ok', state: 'not configured' });
    expect(health.checks.clock).toMatchObject({ status: 'ok', wentBack: false });
    expect(Array.isArray(health.checks.printers!.printers)).toBe(true);
    // The write probe leaves no audit row: the head is the same after two probes.
    const head = async () => (await must(webUrl, 'audit.list', { limit: 1 }, managerToken)).total as number;
    const h1 = await head();
    await fetch(`${webUrl}/health`);
    await fetch(`${webUrl}/health`);
    expect(await head()).toBe(h1);
    console.log(`watch: /health answered in ${ms.toFixed(1)} ms; /metrics scrape ${Buffer.byteLength(text)} bytes`);
  }, 120_000);

  it('logs what a technician needs and never a PIN, a code, a token, a key or a person identified', async () => {
    // An approval (right and wrong) and the hall key's use (a checkpoint signed on demand).
    expect((await call(counterUrl, 'sale.voidLast', { gameId, approval: { username: 'chefe', pin: WRONG_APPROVAL_PIN } }, cashierAtCounter)).error?.code).toBe('APPROVAL_INVALID');
    await must(counterUrl, 'sale.voidLast', { gameId, approval: { username: 'chefe', pin: MANAGER_PIN } }, cashierAtCounter);
    await must(webUrl, 'audit.checkpoint', {}, managerToken);
    expect(sample(await (await fetch(`${webUrl}/metrics`)).text(), 'kiosk_pin_refusals_total', { code: 'APPROVAL_INVALID' })).toBe(1);
    // A player identified at the counter, and one on the list of persons barred from play refused there (Lei n.º
    // 83/2017, art. 76.º): no name, document number nor date of birth reaches a log.
    const player = { name: 'Joana Registada Vigia', documentType: 'cc', documentNumber: '55544433 2 ZX7', country: 'PT', birthDate: '1977-07-17' };
    const barred = { name: 'Ricardo Interdito Vigia', documentType: 'passport', documentNumber: 'QX9988776', country: 'FR', birthDate: '1966-06-16' };
    await must(counterUrl, 'person.identify', { person: player, documentVerified: true }, cashierAtCounter);
    await must(webUrl, 'barred.import', { content: `Nome;Tipo;N.º;País;Nascimento;De;Até\r\n${barred.name};passport;${barred.documentNumber};FR;${barred.birthDate};2000-01-01;\r\n` }, managerToken);
    expect((await call(counterUrl, 'person.identify', { person: barred, documentVerified: true }, cashierAtCounter)).error?.code).toBe('PERSON_BARRED');
    for (const s of [player.name, '55544433', player.birthDate, barred.name, barred.documentNumber, barred.birthDate]) secrets.add(s);
    const health = (await (await fetch(`${webUrl}/health`)).json()) as { checks: { checkpoint: { newest: { ageSeconds: number } | null } } };
    expect(health.checks.checkpoint.newest?.ageSeconds).toBeGreaterThanOrEqual(0);

    // The hall stopped: the counter answers HALL_UNREACHABLE, counted, and logs the link down.
    hall.child.kill('SIGTERM');
    await exited(hall);
    expect((await call(counterUrl, 'setup.status', {})).error?.code).toBe('HALL_UNREACHABLE');
    const counterMetrics = await (await fetch(`${counterUrl}/metrics`)).text();
    expect(sample(counterMetrics, 'kiosk_hall_unreachable_total', { channel: 'setup.status', post: 'counter' })).toBeGreaterThanOrEqual(1);
    const counterHealth = await fetch(`${counterUrl}/health`);
    expect(counterHealth.status).toBe(200);
    expect(((await counterHealth.json()) as { checks: { link: { state: string } } }).checks.link.state).toBe('down');
    counter!.child.kill('SIGTERM');
    await exited(counter!);

    const lines = [...logLines(hallLogs), ...logLines(counterLogs)];
    const events = lines.map((l) => JSON.parse(l) as { level: string; msg: string; post: string });
    const said = (post: string, msg: string) => events.some((e) => e.post === post && e.msg === msg);
    expect(said('hall', 'hall server listening')).toBe(true);
    expect(said('hall', 'counter enrolled')).toBe(true);
    expect(said('hall', 'hall server stopped')).toBe(true);
    expect(said('counter', 'counter enrolled')).toBe(true);
    expect(said('counter', 'counter listening')).toBe(true);
    expect(said('counter', 'hall link down')).toBe(true);
    for (const e of events) expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(e.level);

    const keys = [...pemLines(hallDir), ...pemLines(counterDir)];
    expect(keys.length).toBeGreaterThan(0);
    const all = lines.join('\n');
    for (const s of secrets) expect(all.includes(s), `a secret (${s.length} characters) in a log`).toBe(false);
    for (const k of keys) expect(all.includes(k), 'a line of a key or certificate in a log').toBe(false);
    expect(all).not.toMatch(/-----BEGIN/);
    expect(all).not.toMatch(/"pin"\s*:\s*"\d/);
    expect(all).not.toMatch(/Bearer\s+[A-Za-z0-9]/);
    console.log(`watch: ${lines.length} log lines checked against ${secrets.size} secrets and ${keys.length} key lines`);
  }, 120_000);
});
