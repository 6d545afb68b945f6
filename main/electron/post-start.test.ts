/**
 * The installed program's post outside Electron (post-start.ts): the first
 * run's choice through post.configure, each role started as it would be in
 * Electron, and every refusal changing nothing. A real hall server (its kiosk,
 * its authority and terminals port on 127.0.0.1) made by post.configure
 * itself; a counter enrolled at it through post.configure, then calling it
 * over mutual TLS. Each post watched as the command line's are (issue 40):
 * its log, /health and /metrics on the back-office port, its backups copied
 * off the machine, one orderly stop.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/ports.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../../core/errors.js';
import { TOPICS, type KioskEvent } from '../../core/events.js';
import type { PostStatus } from '../../core/terminals/post.js';
import { openKiosk } from '../kiosk.js';
import { openPost, type PostRuntime } from './post-start.js';
import type { WatchArgs } from './watch.js';

const dirs: string[] = [];
const runtimes: PostRuntime[] = [];
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'post-'));
  dirs.push(d);
  return d;
};
const open = async (dir: string, args?: Parameters<typeof openPost>[0]['args']) => {
  const r = await openPost({ dataDir: dir, ...(args ? { args } : {}), link: { budgetMs: 2_000 }, counterPrinting: { pollMs: 60_000 } });
  runtimes.push(r);
  return r;
};
type Answer = { ok: boolean; value?: unknown; error?: { code: string; message: string } };
/** The watched parts as a technician gives them: any free back-office port, the log in its own folder. */
const watching = (logDir: string, more: Partial<WatchArgs> = {}): WatchArgs => ({ port: 0, logDir, backupCopyDir: null, journalUrl: null, ...more });
/** The program's log (`app.N.log`), line by line. */
const logLines = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /^app\.\d+\.log$/.test(f))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const getText = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
};
/** What `read` gives once `done` says so (a copy made in a worker thread), or the last read after `ms`. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((ok) => setTimeout(ok, 50));
  }
}
const call = (r: PostRuntime, channel: string, input: unknown = {}, operatorToken?: string) =>
  r.dispatch(channel, input, operatorToken ? { operatorToken } : {}) as Promise<Answer>;

afterAll(async () => {
  for (const r of runtimes.reverse()) await r.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the first run', () => {
  it('asks, refuses every other call, and writes nothing until the role is chosen', async () => {
    const dir = dataDir();
    const r = await open(dir);
    expect(r.current()).toBeNull();
    expect((await call(r, 'post.status')).value).toEqual({ mode: null, needsChoice: true, installed: true, hall: null, counter: null });
    const refused = await call(r, 'setup.status');
    expect(refused.error).toEqual({ code: 'POST_NOT_CHOSEN', message: errorMessage('POST_NOT_CHOSEN') });
    expect((await call(r, 'post.configure', { mode: 'server' })).error?.code).toBe('VALIDATION_FAILED');
    expect((await call(r, 'post.configure', { mode: 'hall', terminalsPort: 0 })).error?.code).toBe('VALIDATION_FAILED');
    expect((await call(r, 'post.configure', { mode: 'counter', hallUrl: 'https://10.0.0.1:7443' })).error?.code).toBe('VALIDATION_FAILED');
    expect((await call(r, 'post.configure', { mode: 'standalone', terminalsPort: 7443 })).error?.code).toBe('VALIDATION_FAILED');
    expect((await call(r, 'post.configure', { mode: 'hall', code: 'ABCD' })).error?.code).toBe('VALIDATION_FAILED');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('makes a standalone kiosk, without a restart, and keeps it at the next start', async () => {
    const dir = dataDir();
    const r = await open(dir);
    const events: KioskEvent[] = [];
    r.onEvent((e) => events.push(e));
    const chosen = await call(r, 'post.configure', { mode: 'standalone' });
    expect(chosen.value).toEqual({ mode: 'standalone', needsChoice: false, installed: true, hall: null, counter: null });
    // Every screen fetches again: the post answers now what was refused.
    expect(events).toContainEqual(expect.objectContaining({ type: 'changed', channel: 'post.configure', topics: [...TOPICS] }));
    expect((await call(r, 'setup.status')).value).toMatchObject({ initialized: false });
    expect(JSON.parse(readFileSync(join(dir, 'post.json'), 'utf8'))).toEqual({ mode: 'standalone' });
    expect(statSync(join(dir, 'post.json')).mode & 0o777).toBe(0o600);
    // Chosen once: a second choice changes nothing.
    const again = await call(r, 'post.configure', { mode: 'hall' });
    expect(again.error).toEqual({ code: 'POST_ALREADY_CHOSEN', message: errorMessage('POST_ALREADY_CHOSEN', { mode: 'standalone' }) });
    await r.close();
    const next = await open(dir);
    expect((await call(next, 'post.status')).value).toMatchObject({ mode: 'standalone', needsChoice: false });
  });

  it('keeps a kiosk of before roles (a database, no post.json) a standalone kiosk', async () => {
    const dir = dataDir();
    (await openKiosk({ dataDir: dir })).close();
    const r = await open(dir);
    expect(r.current()?.plan).toEqual({ kind: 'standalone' });
    expect((await call(r, 'post.status')).value).toMatchObject({ mode: 'standalone', installed: true });
    expect(readdirSync(dir)).not.toContain('post.json');
  });

  it('refuses to start on a role file it cannot read, or a counter without its enrolment', async () => {
    const bad = dataDir();
    writeFileSync(join(bad, 'post.json'), '{"mode":"server"}');
    await expect(openPost({ dataDir: bad })).rejects.toMatchObject({ code: 'POST_FILE_INVALID' });
    const lost = dataDir();
    writeFileSync(join(lost, 'post.json'), '{"mode":"counter"}');
    await expect(openPost({ dataDir: lost })).rejects.toMatchObject({ code: 'POST_NOT_ENROLLED' });
    await expect(openPost({ dataDir: dataDir(), args: { post: 'counter', terminalsPort: null, bind: null } })).rejects.toMatchObject({ code: 'POST_NOT_ENROLLED' });
  });

  it('refuses a terminals port already taken, and changes nothing', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const dir = dataDir();
      const r = await open(dir);
      const refused = await call(r, 'post.configure', { mode: 'hall', terminalsPort: port, bind: '127.0.0.1' });
      expect(refused.error).toEqual({ code: 'POST_TERMINALS_PORT_UNAVAILABLE', message: errorMessage('POST_TERMINALS_PORT_UNAVAILABLE', { port, cause: 'EADDRINUSE' }) });
      expect(readdirSync(dir)).toEqual([]);
      expect((await call(r, 'post.status')).value).toMatchObject({ needsChoice: true });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('a hall server and a counter chosen at their first run', () => {
  let hall: PostRuntime;
  let hallDir: string;
  let hallStatus: PostStatus;
  let admin: string;
  const enrolCode = async (name: string) => (await call(hall, 'terminal.enroll', { name }, admin)).value as { code: string; hallFingerprint: string };

  beforeAll(async () => {
    hallDir = dataDir();
    hall = await open(hallDir);
    const terminalsPort = await freePort();
    const chosen = await call(hall, 'post.configure', { mode: 'hall', terminalsPort, bind: '127.0.0.1' });
    expect(chosen.ok, JSON.stringify(chosen.error)).toBe(true);
    hallStatus = chosen.value as PostStatus;
    expect((await call(hall, 'setup.init', { hallName: 'Sala do Servidor', admin: { username: 'admin', name: 'Admin', pin: '1111' } })).ok).toBe(true);
    admin = ((await call(hall, 'auth.login', { username: 'admin', pin: '1111' })).value as { operatorToken: string }).operatorToken;
  });

  it('the hall server tells what to give the counters: its address and fingerprint', () => {
    const port = hallStatus.hall!.terminalsPort;
    expect(hallStatus).toMatchObject({ mode: 'hall', needsChoice: false, installed: true, counter: null });
    expect(hallStatus.hall).toEqual({ terminalsPort: port, bind: '127.0.0.1', addresses: [`https://127.0.0.1:${port}`], fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(JSON.parse(readFileSync(join(hallDir, 'post.json'), 'utf8'))).toEqual({ mode: 'hall', terminalsPort: port, bind: '127.0.0.1' });
  });

  it('refuses a bad address or fingerprint before anything is sent, with the code still usable', async () => {
    const { code, hallFingerprint } = await enrolCode('C7');
    const url = hallStatus.hall!.addresses[0]!;
    const dir = dataDir();
    const r = await open(dir);
    const configure = (hallUrl: string, fingerprint: string) => call(r, 'post.configure', { mode: 'counter', hallUrl, fingerprint, code });
    for (const bad of [url.replace('https:', 'http:'), 'https://127.0.0.1', `${url}/rpc`, 'not an address']) {
      const refused = await configure(bad, hallFingerprint);
      expect(refused.error).toEqual({ code: 'POST_HALL_ADDRESS_INVALID', message: errorMessage('POST_HALL_ADDRESS_INVALID', { hallUrl: bad }) });
    }
    for (const bad of ['sha256:abc', hallFingerprint.slice(7), 'md5:' + hallFingerprint.slice(7)]) {
      expect((await configure(url, bad)).error?.code).toBe('POST_FINGERPRINT_INVALID');
    }
    // Another server's fingerprint: the handshake shows it is not the hall given, and the code is never sent.
    const wrong = `sha256:${'ab'.repeat(32)}`;
    const mismatch = await configure(url, wrong);
    expect(mismatch.error).toEqual({
      code: 'HALL_FINGERPRINT_MISMATCH',
      message: errorMessage('HALL_FINGERPRINT_MISMATCH', { hallUrl: url, expected: wrong, actual: hallFingerprint }),
    });
    // No hall there: said in words, nothing written.
    const nowhere = `https://127.0.0.1:${await freePort()}`;
    const unreachable = await configure(nowhere, hallFingerprint);
    expect(unreachable.error).toEqual({ code: 'POST_HALL_NOT_REACHED', message: errorMessage('POST_HALL_NOT_REACHED', { hallUrl: nowhere, cause: 'ECONNREFUSED' }) });
    expect(readdirSync(dir)).toEqual([]);
    expect((await call(r, 'post.status')).value).toMatchObject({ needsChoice: true });
    // The fingerprint typed in capitals with colons, as read off a screen: the same one; the code was never used.
    const typed = `SHA256:${hallFingerprint.slice(7).toUpperCase().match(/../g)!.join(':')}`;
    const enrolled = await configure(url, typed);
    expect(enrolled.ok, JSON.stringify(enrolled.error)).toBe(true);
    expect((enrolled.value as PostStatus).counter).toMatchObject({ terminalId: 'C7', serverFingerprint: hallFingerprint });
  });

  it('enrols a counter, which then carries every call to the hall over mutual TLS, and says what it is', async () => {
    const { code, hallFingerprint } = await enrolCode('C2');
    const dir = dataDir();
    const r = await open(dir);
    const events: KioskEvent[] = [];
    r.onEvent((e) => events.push(e));
    const enrolled = await call(r, 'post.configure', { mode: 'counter', hallUrl: hallStatus.hall!.addresses[0], fingerprint: hallFingerprint, code });
    expect(enrolled.ok, JSON.stringify(enrolled.error)).toBe(true);
    const status = enrolled.value as PostStatus;
    expect(status).toMatchObject({ mode: 'counter', needsChoice: false, installed: true, hall: null });
    expect(status.counter).toEqual({ terminalId: 'C2', hallUrl: hallStatus.hall!.addresses[0], serverFingerprint: hallFingerprint, confirmation: expect.stringMatching(/^\d{3} \d{3}$/) });
    // The same confirmation code on the hall server's Terminais screen.
    const listed = (await call(hall, 'terminal.list', {}, admin)).value as { name: string; confirmation: string | null }[];
    expect(listed.find((t) => t.name === 'C2')?.confirmation).toBe(status.counter!.confirmation);
    expect(JSON.parse(readFileSync(join(dir, 'post.json'), 'utf8'))).toEqual({ mode: 'counter' });
    for (const f of ['post.json', 'hall.json', 'terminal.key', 'terminal.crt', 'hall-ca.crt']) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).not.toContain('kiosk.sqlite');
    // The hall's answers now: its hall, its operators; the counter's own status answered here.
    expect((await call(r, 'setup.status')).value).toMatchObject({ initialized: true, hallName: 'Sala do Servidor' });
    const cashierless = await call(r, 'auth.login', { username: 'admin', pin: '1111' });
    expect(cashierless.ok).toBe(true);
    expect((await call(r, 'link.status')).value).toMatchObject({ mode: 'counter', link: 'up' });
    expect((await call(r, 'post.status')).value).toEqual(status);
    expect((await call(r, 'post.configure', { mode: 'standalone' })).error?.code).toBe('POST_ALREADY_CHOSEN');
    expect(events).toContainEqual(expect.objectContaining({ channel: 'post.configure' }));

    // The code works once: a second post given it is refused by the hall, and nothing is written there.
    const other = dataDir();
    const second = await open(other);
    const refused = await call(second, 'post.configure', { mode: 'counter', hallUrl: hallStatus.hall!.addresses[0], fingerprint: hallFingerprint, code });
    expect(refused.error?.code).toBe('ENROLMENT_CODE_USED');
    expect(refused.error?.message).toBe(errorMessage('ENROLMENT_CODE_USED'));
    expect(readdirSync(other)).toEqual([]);

    // The next start of the installed program is that counter, from its folder.
    await r.close();
    const next = await open(dir);
    expect(next.current()?.plan).toEqual({ kind: 'counter' });
    expect((await call(next, 'setup.status')).value).toMatchObject({ hallName: 'Sala do Servidor' });
  });

  it('a counter watched as npm run counter is: its link on /health, its metrics, its log', async () => {
    const { code, hallFingerprint } = await enrolCode('C9');
    const dir = dataDir();
    const logDir = dataDir();
    const r = await openPost({ dataDir: dir, link: { budgetMs: 2_000 }, counterPrinting: { pollMs: 60_000 }, watch: watching(logDir) });
    runtimes.push(r);
    // Nothing written before the choice: not even the log.
    expect(readdirSync(logDir)).toEqual([]);
    expect(r.logs()).toBeNull();
    expect((await call(r, 'post.configure', { mode: 'counter', hallUrl: hallStatus.hall!.addresses[0], fingerprint: hallFingerprint, code })).ok).toBe(true);
    const web = r.current()!.web!;
    expect((await call(r, 'setup.status')).value).toMatchObject({ hallName: 'Sala do Servidor' });
    const health = JSON.parse((await getText(`${web.url}/health`)).text) as { status: string; checks: Record<string, { status: string; state?: string }> };
    expect(health).toMatchObject({ status: 'ok', checks: { link: { status: 'ok', state: 'up' }, clock: { status: 'ok' } } });
    expect((await getText(`${web.url}/metrics`)).text).toContain('kiosk_hall_unreachable_total');
    await r.close();
    expect(logLines(logDir).map((l) => [l.msg, l.mode ?? null])).toEqual(expect.arrayContaining([['post started', 'counter'], ['post stopped', 'counter']]));
  });

  it('the hall server starts again as the hall server, with the same fingerprint', async () => {
    await hall.close();
    hall = await open(hallDir);
    expect((await call(hall, 'post.status')).value).toEqual(hallStatus);
  });
});

describe('browser mode', () => {
  it('answers the role of its process and refuses the choice in words', async () => {
    const kiosk = await openKiosk({ dataDir: dataDir() });
    try {
      expect((await kiosk.dispatch('post.status', {})).ok && (await kiosk.dispatch('post.status', {}))).toMatchObject({ value: { mode: 'standalone', installed: false, needsChoice: false } });
      const refused = await kiosk.dispatch('post.configure', { mode: 'hall' });
      expect(refused).toEqual({ ok: false, error: { code: 'POST_CHOICE_INSTALLED_ONLY', message: errorMessage('POST_CHOICE_INSTALLED_ONLY') } });
      expect((await kiosk.dispatch('post.configure', { mode: 'hall' }, { lang: 'en' })).ok === false && (await kiosk.dispatch('post.configure', {}, { lang: 'en' }))).toMatchObject({ ok: false });
    } finally {
      kiosk.close();
    }
  });
});

describe('the watched parts, as the command line\'s standalone kiosk and hall server have them (issue 40)', () => {
  it('a standalone kiosk: its log, /health and /metrics on the back-office port, its copier of backups off the machine at work, one orderly stop', async () => {
    const dir = dataDir();
    const logDir = dataDir();
    const copies = dataDir();
    const r = await openPost({ dataDir: dir, watch: watching(logDir, { backupCopyDir: copies }) });
    runtimes.push(r);
    // The first run writes nothing, not even its log, until the role is chosen.
    expect(readdirSync(logDir)).toEqual([]);
    expect((await call(r, 'post.configure', { mode: 'standalone' })).ok).toBe(true);
    const web = r.current()!.web!;
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const health = await getText(`${web.url}/health`);
    expect(health.status).toBe(200);
    const report = JSON.parse(health.text) as { status: string; checks: Record<string, { status: string }> };
    expect(Object.keys(report.checks).sort()).toEqual(['backupCopy', 'checkpoint', 'clock', 'database', 'disk', 'journal', 'printers']);
    expect(report.checks.database).toMatchObject({ status: 'ok', writable: true });
    expect(report.checks.journal).toMatchObject({ status: 'ok', state: 'not configured' });
    const metrics = (await getText(`${web.url}/metrics`)).text;
    expect(metrics).toContain('# TYPE kiosk_sales_total counter');
    expect(metrics).toContain('kiosk_print_jobs{state="pending",post="standalone"} 0');
    // The screens are the program's windows: over HTTP neither their pages nor, without the token it never shows, their calls.
    expect((await getText(`${web.url}/`)).status).toBe(404);
    const rpc = await fetch(`${web.url}/rpc/setup.status`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer x' }, body: '{}' });
    expect(rpc.status).toBe(401);

    // The copier runs with the folder given: it waits for the first backup to copy there (test/system/backup-copy.test.ts copies them).
    const copier = await until(
      async () => (JSON.parse((await getText(`${web.url}/health`)).text) as { checks: { backupCopy: { state: string } } }).checks.backupCopy,
      (c) => c.state === 'pending',
    );
    expect(copier).toEqual({ status: 'ok', state: 'pending', lastCopyAt: null, ageSeconds: null, error: null });
    expect(JSON.parse(readFileSync(join(dir, 'backups', 'copy-state.json'), 'utf8'))).toMatchObject({ dir: copies, state: 'pending' });

    await r.close();
    // Stopped in order: the back-office port closed, the log's last line says so; the log in the folder given, not the data folder.
    await expect(fetch(`${web.url}/health`)).rejects.toThrow();
    const lines = logLines(logDir);
    expect(lines.find((l) => l.msg === 'post started')).toMatchObject({ post: 'app', mode: 'standalone', web: web.url, dataDir: dir });
    expect(lines.at(-1)).toMatchObject({ msg: 'post stopped', mode: 'standalone' });
    expect(readdirSync(dir)).not.toContain('logs');
  });

  it('a hall server: the same parts beside its terminals port; a back-office port taken leaves it selling, said in its log', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const dir = dataDir();
      const r = await openPost({ dataDir: dir, args: { post: 'hall', terminalsPort: await freePort(), bind: '127.0.0.1' }, watch: { port, logDir: null, backupCopyDir: null, journalUrl: null } });
      runtimes.push(r);
      expect(r.current()?.web).toBeNull();
      expect((await call(r, 'setup.status')).value).toMatchObject({ initialized: false });
      await r.close();
      // Its log where the command line keeps it: <data-dir>/logs.
      const lines = logLines(join(dir, 'logs'));
      expect(lines.find((l) => l.msg === 'back-office port taken: no /health nor /metrics')).toMatchObject({ level: 'warn', port, error: { code: 'EADDRINUSE' } });
      expect(lines.find((l) => l.msg === 'post started')).toMatchObject({ mode: 'hall', web: null });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const dir = dataDir();
    const r = await openPost({ dataDir: dir, args: { post: 'hall', terminalsPort: await freePort(), bind: '127.0.0.1' }, watch: watching(dataDir()) });
    runtimes.push(r);
    const web = r.current()!.web!;
    expect(JSON.parse((await getText(`${web.url}/health`)).text)).toMatchObject({ checks: { database: { status: 'ok' } } });
    expect((await getText(`${web.url}/metrics`)).text).toContain('post="hall"');
    await r.close();
  });
});
