/**
 * The installed program's post, free of Electron so that tests run it (issue
 * 24, point 4): what post.ts planned, started — a standalone kiosk, the hall
 * server (its kiosk, the hall's authority and the terminals port) or a
 * counter (its HallLink to the hall with its own printing, built as browser
 * mode builds it) — behind one backend that app.ts puts behind IPC.
 *
 * At the first run nothing is started: a small backend answers post.status
 * (the role is still to be chosen) and post.configure, and refuses every
 * other call (POST_NOT_CHOSEN). The choice is made, checked and written
 * (post.json, 0600) only once the post it names has started; the backend then
 * switches to it without a restart (the window stays, its screens fetch
 * again on the event that every topic changed), so an error leaves the post
 * as it was: still to be chosen.
 *
 * Each post it starts is watched as the command line's are (issue 40): the
 * standalone kiosk and the hall server through main/programs/watched-post.ts
 * (the log, the journal's shipper, the clock's state, the metrics, the
 * printers and disk logged, the backup copier, /health and /metrics on the
 * back-office port, one orderly stop), a counter with its log, its metrics
 * and its link's /health. The log is the program's own (`app`), opened when
 * the first post starts: until the choice, nothing is written.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { CallMeta } from '../../core/bridge.js';
import type { ParsedInput } from '../../core/contract.js';
import { errorMessage, KioskError, type ErrorCode, type Lang, type Result } from '../../core/errors.js';
import { TOPICS, type KioskEvent } from '../../core/events.js';
import { DEFAULT_TERMINAL, type CallOrigin } from '../../core/terminal.js';
import { fingerprintOfTyped, hallAddressOf, postChoiceOf, runningPost, unchosenPost, type PostChoice, type PostStatus } from '../../core/terminals/post.js';
import { counterBackend } from '../counter/backend.js';
import { postDispatcher, type TracedCall } from '../rpc/posts.js';
import { createHallLink, type HallLinkOptions } from '../counter/link.js';
import type { CounterPrintingOptions } from '../counter/printing.js';
import { OUTCOMES_FILE } from '../counter/outcomes.js';
import { enrolledPost, enrollAtHall, HALL_JSON_FILE, hallAgent, HallRefusal, loadTerminalIdentity } from '../counter/enrol-client.js';
import { startHallPost } from '../hall/hall-post.js';
import { DATABASE_FILE, type Kiosk } from '../kiosk.js';
import { programLog } from '../programs/logging.js';
import { isPortTaken, startBackOffice, startWatchedPost, type WatchedKioskOptions, type WatchedPost } from '../programs/watched-post.js';
import { counterHealth } from '../watch/health.js';
import type { OpenedLog } from '../watch/log.js';
import { createMetrics } from '../watch/metrics.js';
import { parsePostFile, planPost, POST_FILE, postFileText, type PostArgs, type PostDisk, type PostFile, type PostPlan } from './post.js';
import { INSTALLED_LOG_NAME, watchedValuesOf, type WatchArgs } from './watch.js';

/** What the screens' transport calls (a Kiosk, a counter's link, the first-run backend all are one). */
interface PostBackend {
  dispatch(channel: string, input: unknown, meta?: CallMeta, origin?: CallOrigin): Promise<Result<unknown>>;
  onEvent(listener: (event: KioskEvent) => void): () => void;
  isDisplayToken(token: string): boolean | Promise<boolean>;
}

/** One started post: its backend, what post.status says of it, and how it stops. */
interface StartedPost {
  plan: Exclude<PostPlan, { kind: 'choose' | 'refuse' }>;
  backend: PostBackend;
  status(): PostStatus;
  /** The hall server's or standalone kiosk's own kiosk (tests read its tables); null at a counter. */
  kiosk: Kiosk | null;
  /** Its back-office server (/health, /metrics): null when none was asked for, or its port was taken. */
  web: WatchedPost['web'];
  close(): Promise<void>;
}

interface PostOptions {
  dataDir: string;
  /** The installed program (default true); browser-mode tests of this file may say so too. */
  installed?: boolean;
  /** Options of the kiosk a standalone post or the hall server opens (seed, terminal, clock, printers...). */
  kiosk?: Omit<WatchedKioskOptions, 'post'>;
  /** Its watched parts (watch.ts; `--watch-port` and the rest); absent: its log and copier, no back-office server. */
  watch?: WatchArgs;
  /** A counter's link (tests shorten its budgets). */
  link?: Omit<HallLinkOptions, 'hallUrl' | 'agent' | 'post'>;
  /** A counter's printing of its own jobs (default: its own printers, as `npm run counter`). */
  counterPrinting?: Omit<CounterPrintingOptions, 'link'>;
  /** Each call with the route its post's dispatcher gave it (tests). */
  trace?: (call: TracedCall) => void;
}

export interface PostRuntime extends PostBackend {
  /** What runs now: null while the role is still to be chosen. */
  current(): StartedPost | null;
  /** The program's log, once a post has started (null before: nothing is written until the choice). */
  logs(): OpenedLog | null;
  status(): PostStatus;
  close(): Promise<void>;
}

/** What the data folder holds for planPost. */
function readPostDisk(dataDir: string): PostDisk {
  const file = join(dataDir, POST_FILE);
  const postFile = existsSync(file) ? (parsePostFile(readFileSync(file, 'utf8')) ?? 'invalid') : null;
  return { postFile, hasDatabase: existsSync(join(dataDir, DATABASE_FILE)), hasIdentity: existsSync(join(dataDir, HALL_JSON_FILE)) };
}

function writePostFile(dataDir: string, file: PostFile): void {
  // Written beside, then renamed: a post stopped midway has its old role or its new one, never half a file.
  const tmp = join(dataDir, `.${POST_FILE}.tmp`);
  writeFileSync(tmp, postFileText(file), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, join(dataDir, POST_FILE));
}

function refusalOf(e: KioskError, lang: Lang): Result<never> {
  return { ok: false, error: { code: e.code, message: errorMessage(e.code, e.params, lang), ...(e.details !== undefined ? { details: e.details } : {}) } };
}

/** A post that holds the hall's file: its kiosk's dispatcher answers every channel (no overlay). */
function kioskBackend(kiosk: Kiosk, post: 'standalone' | 'hall', o: PostOptions): PostBackend {
  const dispatch = postDispatcher({ post, overlay: {}, base: kiosk.dispatch, ...(o.trace ? { trace: o.trace } : {}) });
  return { dispatch, onEvent: (listener) => kiosk.onEvent(listener), isDisplayToken: (token) => kiosk.isDisplayToken(token) };
}

const UNWATCHED: WatchArgs = { port: null, logDir: null, backupCopyDir: null, journalUrl: null };

/** The back-office server's token: never shown (the screens are the windows'); /health and /metrics need none. */
const unseenToken = () => randomBytes(24).toString('base64url');

/** The standalone kiosk or the hall server, watched as the command line's (main/programs/watched-post.ts). */
function startWatched(kind: 'standalone' | 'hall', o: PostOptions, logs: OpenedLog, kiosk: WatchedKioskOptions): Promise<WatchedPost> {
  const watch = o.watch ?? UNWATCHED;
  return startWatchedPost({
    values: watchedValuesOf(watch),
    dataDir: o.dataDir,
    program: INSTALLED_LOG_NAME,
    post: kind,
    port: watch.port,
    token: unseenToken(),
    kiosk: { ...o.kiosk, ...kiosk },
    logs,
    // The screens are the program's windows; a port another program holds leaves the post selling, said in its log.
    screens: false,
    withoutPortTaken: true,
  });
}

/** Start the post a plan names, with its watched parts, writing to `logs`. A plan of refusal or choice starts nothing: openPost handles those. */
export async function startPost(plan: StartedPost['plan'], o: PostOptions, logs: OpenedLog): Promise<StartedPost> {
  const installed = o.installed ?? true;
  const { log } = logs;
  if (plan.kind === 'standalone') {
    const status = () => runningPost('standalone', { installed });
    const watched = await startWatched('standalone', o, logs, { post: status });
    return { plan, backend: kioskBackend(watched.kiosk, 'standalone', o), kiosk: watched.kiosk, web: watched.web, status, close: () => watched.close() };
  }
  if (plan.kind === 'hall') {
    let info: PostStatus['hall'] = null;
    const status = () => runningPost('hall', { installed, hall: info });
    // Its screens are T1 (as npm run hall): a kiosk that becomes the hall server keeps its drawer and printers.
    const watched = await startWatched('hall', o, logs, { terminalId: DEFAULT_TERMINAL, post: status });
    const { kiosk } = watched;
    try {
      const hall = await startHallPost({ kiosk, dataDir: o.dataDir, terminalsPort: plan.terminalsPort, bind: plan.bind, log });
      info = hall.info;
      return {
        plan,
        backend: kioskBackend(kiosk, 'hall', o),
        kiosk,
        web: watched.web,
        status,
        async close() {
          await hall.close();
          await watched.close();
        },
      };
    } catch (e) {
      await watched.close();
      throw portRefusal(e, plan.terminalsPort);
    }
  }
  const identity = loadTerminalIdentity(o.dataDir);
  if (!identity) throw new KioskError('POST_NOT_ENROLLED', { dataDir: o.dataDir });
  const post = enrolledPost(identity);
  const metrics = createMetrics({ post: 'counter' });
  // The commands whose answer was lost are remembered across a restart (the data folder), and asked of the hall once it is back.
  const link = createHallLink({
    outcomesFile: join(o.dataDir, OUTCOMES_FILE),
    onUnreachable: (channel) => metrics.hallUnreachable(channel),
    onLink: (state, error) => (state === 'up' ? log.info({ link: 'up' }, 'hall link up') : log.warn({ link: 'down', error }, 'hall link down')),
    ...o.link,
    hallUrl: identity.hallUrl,
    agent: hallAgent(identity),
    post,
  });
  // The receipts printer beside the cashier is this post's: it prints this terminal's jobs itself (as npm run counter).
  const { backend, printing } = counterBackend({ link, terminalId: identity.terminalId, printing: o.counterPrinting ?? {}, installed, ...(o.trace ? { trace: o.trace } : {}) });
  const stopCounter = () => {
    printing?.stop();
    link.close();
  };
  // Its /health (its link to the hall) and /metrics on the back-office port, as `npm run counter` serves them.
  const port = (o.watch ?? UNWATCHED).port;
  let web: Awaited<ReturnType<typeof startBackOffice>> = null;
  try {
    if (port !== null) web = await startBackOffice({ backend, port, token: unseenToken(), watch: { health: counterHealth(link), metrics }, log, withoutPortTaken: true });
  } catch (e) {
    stopCounter();
    throw e;
  }
  return {
    plan,
    backend,
    kiosk: null,
    web,
    status: () => runningPost('counter', { installed, counter: post }),
    async close() {
      await web?.close();
      stopCounter();
    },
  };
}

/** A terminals port that could not be opened, in words (EADDRINUSE, EACCES...); anything else as it was. */
function portRefusal(e: unknown, port: number): unknown {
  if (isPortTaken(e)) return new KioskError('POST_TERMINALS_PORT_UNAVAILABLE', { port, cause: String((e as { code: unknown }).code) });
  return e;
}

/** Whether the terminals port can be listened on, asked before anything is written (its refusal then changes nothing). */
function checkPortFree(port: number, bind: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (e) => reject(portRefusal(e, port)));
    probe.listen({ port, host: bind, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Enrol at the hall: a typed refusal for what can go wrong (the address, the fingerprint, the hall's own refusal, the hall out of reach). */
async function enrol(choice: Extract<PostChoice, { mode: 'counter' }>, dataDir: string): Promise<void> {
  // Checked before anything is sent: a wrong address or fingerprint never reaches a server.
  const hallUrl = hallAddressOf(choice.hallUrl);
  const fingerprint = fingerprintOfTyped(choice.fingerprint);
  try {
    await enrollAtHall({ hallUrl, fingerprint, code: choice.code, dataDir });
  } catch (e) {
    if (e instanceof KioskError || e instanceof HallRefusal) throw e;
    const cause = e && typeof e === 'object' && 'code' in e && typeof (e as { code: unknown }).code === 'string' ? (e as { code: string }).code : e instanceof Error ? e.message : String(e);
    throw new KioskError('POST_HALL_NOT_REACHED', { hallUrl, cause });
  }
}

/**
 * The installed program's post: planned from its folder and arguments, then
 * started, or the first-run backend until the choice is made. Refuses to
 * start (a KioskError) on a role file it cannot read or a counter without
 * its enrolment: the technician's to look at, never guessed.
 */
export async function openPost(o: PostOptions & { args?: PostArgs }): Promise<PostRuntime> {
  const args = o.args ?? { post: null, terminalsPort: null, bind: null };
  const plan = planPost(readPostDisk(o.dataDir), args);
  if (plan.kind === 'refuse') {
    throw plan.reason === 'file-invalid' ? new KioskError('POST_FILE_INVALID', { file: join(o.dataDir, POST_FILE) }) : new KioskError('POST_NOT_ENROLLED', { dataDir: o.dataDir });
  }
  const listeners = new Set<(event: KioskEvent) => void>();
  const forward = (event: KioskEvent) => {
    for (const l of listeners) l(event);
  };
  let started: StartedPost | null = null;
  let logs: OpenedLog | null = null;
  let stopForwarding: (() => void) | null = null;
  let configuring: Promise<Result<unknown>> | null = null;
  let closed = false;

  const switchTo = (post: StartedPost) => {
    started = post;
    stopForwarding = post.backend.onEvent(forward);
  };
  // The program's log, opened when the first post starts: until the choice, nothing is written in the data folder.
  const begin = async (next: StartedPost['plan']): Promise<StartedPost> => {
    logs ??= await programLog(watchedValuesOf(o.watch ?? UNWATCHED), o.dataDir, INSTALLED_LOG_NAME);
    const post = await startPost(next, o, logs);
    logs.log.info({ mode: next.kind, dataDir: o.dataDir, web: post.web?.url ?? null, logFile: logs.file() }, 'post started');
    return post;
  };
  if (plan.kind !== 'choose') switchTo(await begin(plan));

  async function configure(input: ParsedInput<'post.configure'>, lang: Lang): Promise<Result<PostStatus>> {
    const choice = postChoiceOf(input);
    try {
      let file: PostFile;
      let post: StartedPost;
      if (choice.mode === 'standalone') {
        file = { mode: 'standalone' };
        post = await begin({ kind: 'standalone' });
      } else if (choice.mode === 'hall') {
        file = { mode: 'hall', terminalsPort: choice.terminalsPort, bind: choice.bind };
        await checkPortFree(choice.terminalsPort, choice.bind);
        post = await begin({ kind: 'hall', terminalsPort: choice.terminalsPort, bind: choice.bind });
      } else {
        file = { mode: 'counter' };
        await enrol(choice, o.dataDir);
        post = await begin({ kind: 'counter' });
      }
      if (closed) {
        await post.close();
        return refusalOf(new KioskError('POST_NOT_CHOSEN'), lang);
      }
      writePostFile(o.dataDir, file);
      switchTo(post);
      // Every screen fetches again: the post now answers what the first-run backend refused.
      forward({ type: 'changed', channel: 'post.configure', topics: [...TOPICS], at: new Date().toISOString() });
      return { ok: true, value: post.status() };
    } catch (e) {
      if (e instanceof KioskError) return refusalOf(e, lang);
      // The hall's own refusal (a code unknown, used or expired): its code and its words.
      if (e instanceof HallRefusal) return { ok: false, error: { code: e.code as ErrorCode, message: e.message } };
      throw e;
    }
  }

  // The first run's one dispatcher: the role still to be chosen, it answers post.status and post.configure and refuses the rest.
  const firstRun = postDispatcher({
    post: 'first-run',
    overlay: {
      'post.status': () => ({ ok: true, value: unchosenPost() }),
      async 'post.configure'(input, call) {
        const choosing = configure(input, call.lang);
        configuring = choosing;
        try {
          return await choosing;
        } finally {
          configuring = null;
        }
      },
    },
    refuse: () => new KioskError('POST_NOT_CHOSEN'),
    ...(o.trace ? { trace: o.trace } : {}),
  });

  const runtime: PostRuntime = {
    current: () => started,
    logs: () => logs,
    status: () => started?.status() ?? unchosenPost(),
    async dispatch(channel, input, meta = {}, origin) {
      // One choice at a time: a second one waits for the first, then meets the post it made.
      if (configuring) await configuring.catch(() => undefined);
      // The post that runs answers through its own dispatcher (its kiosk's, or the counter's); until then, the first run's.
      return (started ? started.backend.dispatch : firstRun)(channel, input, meta, origin);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isDisplayToken: (token) => (started ? started.backend.isDisplayToken(token) : false),
    async close() {
      closed = true;
      stopForwarding?.();
      listeners.clear();
      const post = started;
      started = null;
      await post?.close();
      if (post) logs?.log.info({ mode: post.plan.kind }, 'post stopped');
      logs?.close();
      logs = null;
    },
  };
  return runtime;
}
