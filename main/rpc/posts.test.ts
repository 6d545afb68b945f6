/**
 * One way in (issue 39, point 3): for each post — the installed program's
 * first run, a standalone kiosk, the hall server, a counter enrolled at it —
 * every channel of the contract is called, and each call is seen by the post's
 * one dispatcher with the route POST_OVERLAYS gives it; a call its post relays
 * is seen again by the dispatcher that answers it (the kiosk's, or the hall's
 * for the counter's terminal). A channel answered by a side path would be
 * missing from the traces. The hall's terminals port writes nothing beside
 * the dispatcher either: a redemption, a counter's last call and its print
 * claims are seen as the dispatcher's machine commands.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNELS, type Channel } from '../../core/contract.js';
import type { Result } from '../../core/errors.js';
import type { PostStatus } from '../../core/terminals/post.js';
import { freePort } from '../../test/ports.js';
import { openPost, type PostRuntime } from '../electron/post-start.js';
import { POST_OVERLAYS, postDispatcher, routesOf, type PostName, type Route, type TracedCall } from './posts.js';

const dirs: string[] = [];
const runtimes: PostRuntime[] = [];

afterAll(async () => {
  for (const r of runtimes.reverse()) await r.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Traced {
  runtime: PostRuntime;
  dir: string;
  /** What the post's own dispatcher saw. */
  post: TracedCall[];
  /** What its kiosk's dispatcher saw (the channel and the terminal its transport named). */
  kiosk: { channel: string; terminalId: string }[];
}

async function open(): Promise<Traced> {
  const dir = mkdtempSync(join(tmpdir(), 'post-routes-'));
  dirs.push(dir);
  const post: TracedCall[] = [];
  const kiosk: Traced['kiosk'] = [];
  const runtime = await openPost({
    dataDir: dir,
    link: { budgetMs: 2_000 },
    counterPrinting: { pollMs: 60_000 },
    trace: (c) => post.push(c),
    kiosk: { trace: (channel, origin) => kiosk.push({ channel, terminalId: origin.terminalId }) },
  });
  runtimes.push(runtime);
  return { runtime, dir, post, kiosk };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const call = (r: PostRuntime, channel: string, input: unknown = {}, operatorToken?: string) => r.dispatch(channel, input, operatorToken ? { operatorToken } : {});

/** Every channel called once, as a screen with no operator would: each answers an envelope through its post's dispatcher. */
async function callEvery(t: Traced, post: PostName): Promise<Record<Channel, Result<unknown>>> {
  t.post.length = 0;
  t.kiosk.length = 0;
  const answers = {} as Record<Channel, Result<unknown>>;
  for (const channel of CHANNELS) answers[channel] = await call(t.runtime, channel);
  // Each call seen once by the post's dispatcher, by the route the post declares, and nothing else seen.
  expect(t.post.map((c) => c.channel)).toEqual(CHANNELS);
  const routes = routesOf(post);
  for (const c of t.post) expect([c.channel, c.post, c.route]).toEqual([c.channel, post, routes[c.channel as Channel]]);
  return answers;
}

describe('every channel of every post through its dispatcher', () => {
  it('declares each overlay as a channel of the contract, and nothing else answers a channel of the overlay', () => {
    for (const [post, channels] of Object.entries(POST_OVERLAYS)) for (const c of channels) expect(CHANNELS, post).toContain(c);
    expect(Object.values(routesOf('counter')).filter((r) => r === 'overlay')).toHaveLength(POST_OVERLAYS.counter.length);
    // An overlay must be exactly what its post declares: a handler more or less stops the post as it starts.
    expect(() => postDispatcher({ post: 'counter', overlay: {} as never, base: () => Promise.resolve({ ok: true, value: null }) })).toThrow(/missing/);
    expect(() => postDispatcher({ post: 'standalone', overlay: { 'post.status': () => ({ ok: true, value: null }) } as never, base: () => Promise.resolve({ ok: true, value: null }) })).toThrow(
      /not declared/,
    );
  });

  it('the first run: post.status and post.configure by its overlay, every other channel refused, nothing written', async () => {
    const t = await open();
    const answers = await callEvery(t, 'first-run');
    const routes: Partial<Record<Route, number>> = {};
    for (const c of t.post) routes[c.route] = (routes[c.route] ?? 0) + 1;
    expect(routes).toEqual({ overlay: 2, refused: CHANNELS.length - 2 });
    for (const c of CHANNELS) if (c !== 'post.status' && c !== 'post.configure') expect(answers[c]).toMatchObject({ ok: false, error: { code: 'POST_NOT_CHOSEN' } });
    expect(answers['post.configure']).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(t.kiosk).toEqual([]);
    expect(readdirSync(t.dir)).toEqual([]);
  });

  it('a standalone kiosk: every channel by its kiosk dispatcher', async () => {
    const t = await open();
    expect((await call(t.runtime, 'post.configure', { mode: 'standalone' })).ok).toBe(true);
    await callEvery(t, 'standalone');
    expect(t.kiosk.map((c) => c.channel)).toEqual(CHANNELS);
    expect(new Set(t.kiosk.map((c) => c.terminalId))).toEqual(new Set(['T1']));
  });

  it('the hall server and a counter enrolled at it: the counter answers its overlay, relays the rest to the hall, whose dispatcher sees each as the counter', async () => {
    const hall = await open();
    const terminalsPort = await freePort();
    const chosen = await call(hall.runtime, 'post.configure', { mode: 'hall', terminalsPort, bind: '127.0.0.1' });
    expect(chosen.ok, JSON.stringify(chosen)).toBe(true);
    await callEvery(hall, 'hall');
    expect(hall.kiosk.map((c) => c.channel)).toEqual(CHANNELS);

    expect((await call(hall.runtime, 'setup.init', { hallName: 'Sala', admin: { username: 'admin', name: 'Admin', pin: '1111' } })).ok).toBe(true);
    const admin = ((await call(hall.runtime, 'auth.login', { username: 'admin', pin: '1111' })) as { value: { operatorToken: string } }).value.operatorToken;
    const { code, hallFingerprint } = ((await call(hall.runtime, 'terminal.enroll', { name: 'C2' }, admin)) as { value: { code: string; hallFingerprint: string } }).value;
    const counter = await open();
    const hallUrl = (chosen as { value: PostStatus }).value.hall!.addresses[0];
    hall.kiosk.length = 0;
    expect((await call(counter.runtime, 'post.configure', { mode: 'counter', hallUrl, fingerprint: hallFingerprint, code })).ok).toBe(true);
    // The terminals port's own writes are the dispatcher's machine commands: the redemption, and the counter's first
    // call noted (its printing claims its jobs as the machine command print.claim).
    await until(() => hall.kiosk.some((c) => c.channel === 'print.claim'));
    expect(hall.kiosk.find((c) => c.channel === 'terminal.redeem')).toEqual({ channel: 'terminal.redeem', terminalId: 'C2' });
    expect(hall.kiosk.filter((c) => c.channel === 'terminal.seen' || c.channel === 'print.claim').map((c) => c.terminalId)).not.toContain('T1');
    expect(hall.kiosk.map((c) => c.channel)).toContain('terminal.seen');

    hall.kiosk.length = 0;
    await callEvery(counter, 'counter');
    // Each relayed channel reached the hall's dispatcher as the counter's terminal; the overlay's never did.
    const relayed = CHANNELS.filter((c) => !(POST_OVERLAYS.counter as readonly string[]).includes(c));
    const atHall = new Set(hall.kiosk.filter((c) => c.terminalId === 'C2').map((c) => c.channel));
    for (const c of relayed) expect(atHall.has(c), c).toBe(true);
    // printer.status with no printer named is refused by the counter's overlay (its input), not asked of the hall.
    for (const c of POST_OVERLAYS.counter) if (c !== 'printer.status') expect(atHall.has(c), c).toBe(false);
    expect(readdirSync(counter.dir)).not.toContain('kiosk.sqlite');
  });
});
