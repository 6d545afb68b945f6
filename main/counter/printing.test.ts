/**
 * A counter prints its own terminal's jobs on its own printers (issue 24,
 * point 4), over the real terminals port (mutual TLS on 127.0.0.1) with
 * loopback printers that record the bytes: the hall's printer and the
 * counter's are two emulators, and each receipt must reach the one of the
 * terminal that made it, its drawer pulse once, whatever fails between.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent } from 'node:https';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobById } from '../../db/printing.js';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { TEST_FLOAT } from '../../test/harness.js';
import { decodeEscPos } from '../../tools/printer-emulator/decode.js';
import { softwareLabel, versionLabel } from '../version.js';
import { wrapText } from '../../printing/preview.js';
import { startPrinterEmulator, type PrinterEmulator } from '../../tools/printer-emulator/server.js';
import { enrollAtHall, hallAgent, loadTerminalIdentity } from './enrol-client.js';
import { openHallPki, type HallPki } from '../hall/pki.js';
import { PRINT_CLAIM_PATH, PRINT_REPORT_PATH } from '../hall/print-routes.js';
import { startTerminalsServer, type TerminalsServer } from '../hall/terminals-server.js';
import type { CounterClaim } from '../printing/attempts.js';
import { createHallLink, startCounter, type Counter, type HallLink } from './index.js';
import { startCounterPrinting } from './printing.js';

const COUNTER_TOKEN = 'counter-printing-token-0123456789';

let t: TestHall;
let pki: HallPki;
let server: TerminalsServer;
let hallPrinter: PrinterEmulator;
let counterPrinter: PrinterEmulator;
let counter: Counter;
let gameId: number;
const agents: Agent[] = [];
const links: HallLink[] = [];
const dirs: string[] = [];

async function enrol(name: string): Promise<{ agent: Agent; terminalId: string }> {
  const admin = await t.h.login('admin', '1111');
  const { code } = await t.h.ok('terminal.enroll', { name }, admin);
  const dir = mkdtempSync(join(tmpdir(), 'counter-printing-'));
  dirs.push(dir);
  await enrollAtHall({ hallUrl: server.url, fingerprint: pki.serverFingerprint, code, dataDir: join(dir, 'data') });
  const identity = loadTerminalIdentity(join(dir, 'data'))!;
  const agent = hallAgent(identity);
  agents.push(agent);
  return { agent, terminalId: identity.terminalId };
}

const printer = (id: string, terminalId: string, emu: PrinterEmulator) => ({
  id,
  terminalId,
  role: 'receipts' as const,
  transport: 'tcp' as const,
  host: '127.0.0.1',
  port: emu.port,
  codepage: 'cp858' as const,
  widthMm: 80 as const,
  drawerPin: 2 as const,
});

/** A call at the counter as its screens make it. */
async function atCounter<T = Record<string, unknown>>(channel: string, input: unknown, operatorToken?: string): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${COUNTER_TOKEN}`, 'Content-Type': 'application/json' };
  if (operatorToken) headers['X-Operator-Token'] = operatorToken;
  const res = await fetch(`${counter.url}/rpc/${channel}`, { method: 'POST', headers, body: JSON.stringify(input) });
  const body = (await res.json()) as { ok: boolean; value?: T; error?: unknown };
  if (!body.ok) throw new Error(`${channel} refused: ${JSON.stringify(body.error)}`);
  return body.value!;
}

const saleJob = (saleId: number) =>
  t.h.kiosk.db.prepare(`SELECT id FROM print_jobs WHERE ref_type = 'sale' AND ref_id = ? AND reprint_of IS NULL`).get(saleId) as { id: number };

async function until(what: string, check: () => boolean, ms = 8_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeEach(async () => {
  hallPrinter = await startPrinterEmulator({ port: 0, host: '127.0.0.1' });
  counterPrinter = await startPrinterEmulator({ port: 0, host: '127.0.0.1' });
  // Real time: leases and waits between attempts run on the clock.
  t = await createTestHall({ idleMs: 86_400_000, now: () => new Date(), printRetryDelaysMs: [300, 1_500] });
  const admin = await t.h.login('admin', '1111');
  await t.h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['cashier'], pin: '4444' }, admin);
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 3_600_000).toISOString() }, t.manager);
  gameId = (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
  pki = await openHallPki(t.h.kiosk.dataDir, { bind: '127.0.0.1' });
  server = await startTerminalsServer({ kiosk: t.h.kiosk, port: 0, bind: '127.0.0.1', pki });
  await t.h.ok('printer.configure', printer('balcao-1', 'T1', hallPrinter), t.manager);
  await t.h.ok('printer.configure', printer('balcao-c2', 'C2', counterPrinter), t.manager);
  const { agent } = await enrol('C2');
  counter = await startCounter({ hallUrl: server.url, agent, token: COUNTER_TOKEN, port: 0, terminalId: 'C2', printing: { pollMs: 500 } });
});

afterEach(async () => {
  await counter.close();
  for (const l of links) l.close();
  links.length = 0;
  await server.close();
  for (const a of agents) a.destroy();
  agents.length = 0;
  await t.h.kiosk.printQueue.idle();
  t.h.close();
  await hallPrinter.close();
  await counterPrinter.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function cashierAtCounter(): Promise<string> {
  const { operatorToken: token } = await atCounter<{ operatorToken: string }>('auth.login', { username: 'caixa2', pin: '4444' });
  await atCounter('drawer.open', { floatByDenomination: TEST_FLOAT }, token);
  return token;
}

const sell = (token: string, quantity: number) =>
  atCounter<{ saleId: number; ranges: unknown }>('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, token);

describe("a counter's receipts on its own printer", () => {
  it('a sale at the counter prints on the counter\'s printer with its drawer pulse once; the hall\'s printer prints only the hall\'s', async () => {
    const cashier = await cashierAtCounter();
    const sale = await sell(cashier, 3);
    const [job] = await counterPrinter.waitForJobs(1);
    const lines = decodeEscPos(job!.bytes).lines;
    const text = lines.join('\n');
    expect(text).toContain('Série A');
    // The receipt names the program that printed it, its version and the commit it was built from (issue 40), last on the paper.
    const program = wrapText(`Programa: ${softwareLabel()}`, 48);
    expect(lines.slice(-program.length).map((l) => l.trim())).toEqual(program);
    expect(softwareLabel()).toBe(`bingo-caixa-kiosk ${versionLabel()}`);
    expect(text).toMatch(/3,00/);
    expect(job!.pulsesFired).toBe(1);
    await until('the counter reports it printed', () => jobById(t.h.kiosk.db, saleJob(sale.saleId).id)!.state === 'printed');
    expect(jobById(t.h.kiosk.db, saleJob(sale.saleId).id)).toMatchObject({ state: 'printed', attempts: 1, drawerPulseSent: 1, lastError: null });

    // A sale at the hall's own screens (T1) goes to the hall's printer, never to the counter's.
    const t1 = await t.h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
    await hallPrinter.waitForJobs(1);
    await until('the hall prints its own', () => jobById(t.h.kiosk.db, saleJob(t1.saleId).id)!.state === 'printed');
    await counter.printing!.idle();
    expect(counterPrinter.jobs).toHaveLength(1);
    expect(hallPrinter.jobs.map((j) => j.pulsesFired)).toEqual([1]);
  });

  it('out of paper at the counter: retried, then failed with the printer\'s words; once refilled, a retry by hand prints it and opens the drawer once', async () => {
    const cashier = await cashierAtCounter();
    await counterPrinter.setMode('paper_out');
    const sale = await sell(cashier, 2);
    const jobId = saleJob(sale.saleId).id;
    await until('failed after its attempts', () => jobById(t.h.kiosk.db, jobId)!.state === 'failed');
    const failed = jobById(t.h.kiosk.db, jobId)!;
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, lastErrorCode: 'PAPER_OUT', drawerPulseSent: 0 });
    expect(failed.lastError).toMatch(/papel/i);
    // The screens show it as any failed job.
    const [shown] = await atCounter<{ jobId: number; state: string; lastErrorCode: string }[]>('print.jobs', { limit: 1 }, cashier);
    expect(shown).toMatchObject({ jobId, state: 'failed', lastErrorCode: 'PAPER_OUT' });
    // Nothing was printed meanwhile (the status check refused each attempt before any byte).
    expect(counterPrinter.jobs.filter((j) => j.printed)).toHaveLength(0);

    await counterPrinter.setMode('normal');
    const manager = (await atCounter<{ operatorToken: string }>('auth.login', { username: 'gerente', pin: '2222' })).operatorToken;
    await atCounter('print.retry', { jobId }, manager);
    const printed = await counterPrinter.waitForJobs(1);
    await until('printed after the retry', () => jobById(t.h.kiosk.db, jobId)!.state === 'printed');
    // The pulse never went out before: this attempt opens the drawer, once.
    expect(printed.filter((j) => j.printed).map((j) => j.pulsesFired)).toEqual([1]);
    expect(jobById(t.h.kiosk.db, jobId)).toMatchObject({ state: 'printed', drawerPulseSent: 1 });
  });

  it("the counter's printer down: the job waits at the hall, pending with the printer's words, and prints by itself at its next attempt once the printer is back", async () => {
    const cashier = await cashierAtCounter();
    await counterPrinter.setMode('down');
    const sale = await sell(cashier, 1);
    const jobId = saleJob(sale.saleId).id;
    await until('its first attempt failed', () => jobById(t.h.kiosk.db, jobId)!.attempts >= 1, 8_000);
    expect(jobById(t.h.kiosk.db, jobId)).toMatchObject({ state: 'pending', attempts: 1, lastErrorCode: 'CONNECT_REFUSED', drawerPulseSent: 0 });
    await counterPrinter.setMode('normal');
    await until('printed once the printer is back', () => jobById(t.h.kiosk.db, jobId)!.state === 'printed');
    expect(jobById(t.h.kiosk.db, jobId)).toMatchObject({ state: 'printed', attempts: 2, drawerPulseSent: 1 });
    expect(counterPrinter.jobs.filter((j) => j.printed).map((j) => j.pulsesFired)).toEqual([1]);
    // Never sent anywhere else: the hall's printer saw nothing.
    expect(hallPrinter.jobs).toHaveLength(0);
  });
});

describe("a counter's printer asked for its state", () => {
  it("is asked by the counter, where it is; another terminal's printer is asked by the hall; without an operator, not at all", async () => {
    await counterPrinter.setMode('paper_out');
    const manager = (await atCounter<{ operatorToken: string }>('auth.login', { username: 'gerente', pin: '2222' })).operatorToken;
    const own = await atCounter('printer.status', { id: 'balcao-c2' }, manager);
    expect(own).toEqual({ online: false, coverOpen: false, paperNearEnd: true, paperOut: true, error: null, errorCode: null, errorParams: null });
    expect(counterPrinter.statusConnections).toBeGreaterThan(0);
    const hallOwn = await atCounter('printer.status', { id: 'balcao-1' }, manager);
    expect(hallOwn).toMatchObject({ online: true, paperOut: false, error: null });
    // Without an operator, the hall refuses the list, and so the counter asks nothing.
    const before = counterPrinter.statusConnections;
    await expect(atCounter('printer.status', { id: 'balcao-c2' })).rejects.toThrow(/"code":"NOT_AUTHENTICATED"/);
    expect(counterPrinter.statusConnections).toBe(before);
  });
});

describe('a counter without printers', () => {
  it('asks the hall for jobs at its start and when printers change, never after each job queued at the hall', async () => {
    const { agent } = await enrol('C3');
    const link = createHallLink({ hallUrl: server.url, agent });
    links.push(link);
    const claims: string[] = [];
    let linkUp = false;
    let printEvents = 0;
    link.onEvent((e) => {
      if (e.type !== 'changed') return;
      if (e.channel === 'link.status') linkUp = true;
      else if (e.topics.includes('print')) printEvents++;
    });
    // Up first (its own event heard), so that the printing's start is its only reason to ask.
    await until('the link up', () => linkUp);
    const printing = startCounterPrinting({
      link: { machineCall: (path, input) => (claims.push(path), link.machineCall(path, input)), onEvent: link.onEvent },
      pollMs: 60_000,
    });
    try {
      await until('the first claim', () => claims.length === 1);
      await printing.idle();
      const atStart = claims.length;
      // Receipts queued at the hall (T1's sales): C3 hears of them, and asks nothing.
      for (let i = 0; i < 3; i++) await t.h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
      await until('the receipts heard', () => printEvents > 0);
      // An asking would follow the event within 30 ms: 300 ms of nothing says none was scheduled.
      await new Promise((r) => setTimeout(r, 300));
      expect(claims.length).toBe(atStart);
      // A printer given to C3: asked at once.
      await t.h.ok('printer.configure', printer('balcao-c3', 'C3', counterPrinter), t.manager);
      await until('the claim after the printers changed', () => claims.length === atStart + 1);
      expect(claims.every((p) => p === PRINT_CLAIM_PATH)).toBe(true);
    } finally {
      printing.stop();
    }
  });
});

describe('the print routes of the terminals port', () => {
  /** A link of its own for a terminal, its printing by hand. */
  function linkOf(agent: Agent): HallLink {
    const link = createHallLink({ hallUrl: server.url, agent, events: false });
    links.push(link);
    return link;
  }

  /** A sale at the counter whose receipt the test prints by hand: the counter's own worker stands aside. */
  async function saleJobPrintedByHand(quantity: number): Promise<number> {
    const cashier = await cashierAtCounter();
    counter.printing!.stop();
    await counter.printing!.idle();
    return saleJob((await sell(cashier, quantity)).saleId).id;
  }

  it("a terminal claims only its own printers' jobs and reports only on them; a report sent twice counts once", async () => {
    const jobId = await saleJobPrintedByHand(2);

    const other = linkOf((await enrol('C3')).agent);
    const theirs = await other.machineCall(PRINT_CLAIM_PATH, {});
    expect(theirs).toEqual({ ok: true, value: { hasPrinters: false, printer: null, jobs: [], nextDueInMs: null } });
    const foreign = await other.machineCall(PRINT_REPORT_PATH, { reports: [{ jobId, attempts: 0, drawer: true, reached: true }] });
    expect(foreign).toEqual({ ok: true, value: { recorded: 0 } });
    expect(jobById(t.h.kiosk.db, jobId)).toMatchObject({ state: 'pending', attempts: 0 });

    const own = counter.link;
    const claimed = await own.machineCall(PRINT_CLAIM_PATH, {});
    expect(claimed.ok).toBe(true);
    const claim = (claimed as { value: CounterClaim }).value;
    expect(claim.printer).toMatchObject({ id: 'balcao-c2', terminalId: 'C2', port: counterPrinter.port });
    expect(claim.jobs.map((j) => [j.jobId, j.attempts, j.drawer])).toEqual([[jobId, 0, true]]);
    // Leased: a second claim meanwhile gets nothing, and the pulse counts as spent already.
    expect(((await own.machineCall(PRINT_CLAIM_PATH, {})) as { value: CounterClaim }).value.jobs).toEqual([]);
    expect(jobById(t.h.kiosk.db, jobId)).toMatchObject({ state: 'pending', drawerPulseSent: 1 });

    const report = { reports: [{ jobId, attempts: 0, drawer: true, reached: true }] };
    expect(await own.machineCall(PRINT_REPORT_PATH, report)).toEqual({ ok: true, value: { recorded: 1 } });
    expect(await own.machineCall(PRINT_REPORT_PATH, report)).toEqual({ ok: true, value: { recorded: 0 } });
    expect(jobById(t.h.kiosk.db, jobId)).toMatchObject({ state: 'printed', attempts: 1, drawerPulseSent: 1 });
  });

  it('a counter stopped mid-job: the job is due again when its lease ends, claimed again without the drawer pulse', async () => {
    const jobId = await saleJobPrintedByHand(1);
    const first = (await counter.link.machineCall(PRINT_CLAIM_PATH, {})) as { value: CounterClaim };
    expect(first.value.jobs.map((j) => j.drawer)).toEqual([true]);
    // The counter stops here: no report. The lease (its next attempt) is 30 s away on the hall's clock.
    const leased = jobById(t.h.kiosk.db, jobId)!;
    expect(new Date(leased.nextAttemptAt!).getTime() - Date.now()).toBeGreaterThan(29_000);
    t.h.kiosk.db.prepare(`UPDATE print_jobs SET next_attempt_at = ? WHERE id = ?`).run(new Date(Date.now() - 1).toISOString(), jobId);
    const again = (await counter.link.machineCall(PRINT_CLAIM_PATH, {})) as { value: CounterClaim };
    expect(again.value.jobs.map((j) => [j.jobId, j.drawer])).toEqual([[jobId, false]]);
  });

  it('a malformed report is refused and changes nothing', async () => {
    const r = await counter.link.machineCall(PRINT_REPORT_PATH, { reports: [{ jobId: 'x' }] });
    expect(r).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    const empty = await counter.link.machineCall(PRINT_REPORT_PATH, { reports: [] });
    expect(empty).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });
});
