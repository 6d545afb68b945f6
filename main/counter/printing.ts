/**
 * A counter prints its own terminal's jobs on its own printers (issue 24,
 * point 4): the receipts printer beside the cashier is on the counter's
 * network or cable, not the hall server's. The jobs stay the hall's (written
 * with the money they document, in its file); the counter claims the due
 * ones of one of its printers (leased to it for COUNTER_LEASE_MS, the drawer
 * pulse counted as spent at the claim), renders and sends them over one
 * connection with the status check first, and reports each printed or failed
 * and why. The hall records the attempts as its own queue does (the same
 * waits between attempts, failed after the last, retried by hand), so the
 * print screens show a counter's jobs like any other.
 *
 * A report whose answer was lost is sent again before the next claim (the
 * hall counts it once: it echoes the attempt it answers). A counter that
 * stops mid-job leaves its jobs leased: they are due again when the lease
 * ends, and print without opening the drawer.
 */
import type { Result } from '../../core/errors.js';
import type { KioskEvent } from '../../core/events.js';
import { renderEscPos } from '../../printing/escpos.js';
import type { PrintDocument, PrinterProfile } from '../../printing/layout.js';
import { printerProfile } from '../../printing/profile.js';
import { isPrinterError } from '../../printing/transport/index.js';
import { concatBytes, jobErrorOf, type CounterClaim, type CounterReport, type JobTransport } from '../printing/attempts.js';
import { jobTransportOf, printerStatus } from '../printing/transports.js';
import { askStatus, type StatusAnswer } from '../../printing/transport/index.js';
import type { CallMeta } from '../../core/bridge.js';
import type { CallOrigin } from '../../core/terminal.js';
import { PRINT_CLAIM_PATH, PRINT_REPORT_PATH } from '../hall/print-routes.js';

/** A command at this counter may have queued a receipt: asked after this, so that a rush's commands share one claim. */
const CLAIM_AFTER_COMMAND_MS = 30;
/** Asked now and then anyway: a job queued at the hall for this counter (a test page, a retry) without an event seen. */
const POLL_MS = 15_000;
/** After the hall could not be reached or refused: asked again after this (the link's own event wakes it sooner). */
const RETRY_MS = 2_000;

/** A printer as the hall's claim describes it (its row at the hall). */
type PrinterRow = NonNullable<CounterClaim['printer']>;

export interface CounterPrintingOptions {
  link: {
    machineCall(path: string, input: unknown): Promise<Result<unknown>>;
    onEvent(listener: (event: KioskEvent) => void): () => void;
  };
  /** How jobs reach a printer (default: its TCP or device transport, status checked first). */
  transportFor?: (printer: PrinterRow) => JobTransport;
  render?: (doc: PrintDocument, profile: PrinterProfile, options: { drawer: boolean }) => Uint8Array;
  /** The system the counter runs on (which device names are printers). */
  platform?: string;
  pollMs?: number;
  logError?: (error: unknown, where: string) => void;
  /** After each batch is reported (tests). */
  onReported?: (reports: readonly CounterReport[]) => void;
}

export interface CounterPrinting {
  /** Something may be due (a command committed, an event): ask the hall soon. */
  kick(delayMs?: number): void;
  /** Resolves when no batch is under way. */
  idle(): Promise<void>;
  stop(): void;
}

export function startCounterPrinting(o: CounterPrintingOptions): CounterPrinting {
  const platform = o.platform ?? process.platform;
  const transportFor = o.transportFor ?? ((printer: PrinterRow) => jobTransportOf(printer, platform));
  const render = o.render ?? ((doc, profile, options) => renderEscPos(doc, profile, options));
  const logError = o.logError ?? ((e: unknown, where: string) => console.error(`[counter] ${where}:`, e));
  const pollMs = o.pollMs ?? POLL_MS;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  /** What the hall said last: a terminal without printers is asked again only when printers change (or now and then). */
  let hasPrinters: boolean | null = null;
  /** Reports the hall has not acknowledged yet (a lost answer): sent before anything else. */
  let unsent: CounterReport[] = [];

  const wake = earliestWake(() => start());
  function schedule(delayMs: number): void {
    if (stopped) return;
    wake.at(delayMs);
  }

  function start(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((e: unknown) => {
        logError(e, 'printing');
        return RETRY_MS;
      })
      .then((next) => {
        running = null;
        if (again) {
          again = false;
          start();
        } else if (typeof next === 'number') schedule(next);
      });
  }

  /** Claims and prints until nothing is due; resolves with when to ask next. */
  async function drain(): Promise<number> {
    for (;;) {
      if (stopped) return pollMs;
      if (unsent.length > 0) {
        const sent = unsent;
        const r = await o.link.machineCall(PRINT_REPORT_PATH, { reports: sent });
        if (!r.ok) return RETRY_MS;
        unsent = unsent.filter((x) => !sent.includes(x));
        o.onReported?.(sent);
      }
      const answer = await o.link.machineCall(PRINT_CLAIM_PATH, {});
      if (!answer.ok) return RETRY_MS;
      const claim = answer.value as CounterClaim;
      hasPrinters = claim.hasPrinters;
      if (claim.jobs.length === 0 || !claim.printer) {
        return Math.min(pollMs, Math.max(50, claim.nextDueInMs ?? pollMs));
      }
      unsent.push(...(await printBatch(claim.printer, claim, render, transportFor)));
    }
  }

  const unsubscribe = o.link.onEvent((event) => {
    if (event.type !== 'changed') return;
    // A printer changed at the hall (one moved here), or the link came back: asked whatever the hall said before.
    if (event.topics.includes('printers') || event.channel === 'link.status') schedule(CLAIM_AFTER_COMMAND_MS);
    // A job changed (a test page, a retry by hand): asked only by a counter that has printers, so a counter without
    // any sends nothing after each command (its sale's receipt is for no printer of its own).
    else if (event.topics.includes('print') && hasPrinters !== false) schedule(CLAIM_AFTER_COMMAND_MS);
  });
  schedule(0);

  return {
    kick(delayMs = CLAIM_AFTER_COMMAND_MS) {
      if (hasPrinters === false) return;
      schedule(delayMs);
    },
    async idle() {
      while (running) await running;
    },
    stop() {
      stopped = true;
      unsubscribe();
      wake.cancel();
    },
  };
}

/** The claimed jobs, rendered and sent over one connection; what to report of each. */
async function printBatch(
  printer: PrinterRow,
  claim: CounterClaim,
  render: NonNullable<CounterPrintingOptions['render']>,
  transportFor: (printer: PrinterRow) => JobTransport,
): Promise<CounterReport[]> {
  const profile = printerProfile(printer);
  const parts: Uint8Array[] = [];
  const sent: CounterClaim['jobs'] = [];
  const reports: CounterReport[] = [];
  for (const job of claim.jobs) {
    try {
      parts.push(render(job.document, profile, { drawer: job.drawer }));
      sent.push(job);
    } catch (e) {
      // Never sent: its pulse goes back for the attempt that prints.
      reports.push({ jobId: job.jobId, attempts: job.attempts, drawer: job.drawer, reached: false, error: jobErrorOf(e) });
    }
  }
  if (sent.length === 0) return reports;
  try {
    await transportFor(printer).send(concatBytes(parts));
    for (const job of sent) reports.push({ jobId: job.jobId, attempts: job.attempts, drawer: job.drawer, reached: true });
  } catch (e) {
    // As at the hall: refused before any byte left (no paper, cover open, refused), nothing reached the printer;
    // once the connection carried anything, every job of the batch may have printed.
    const reached = !(isPrinterError(e) && !e.maybeDelivered);
    const error = jobErrorOf(e);
    for (const job of sent) reports.push({ jobId: job.jobId, attempts: job.attempts, drawer: job.drawer, reached, error });
  }
  return reports.sort((a, b) => a.jobId - b.jobId);
}

/** A wake-up at the earliest time asked: a later one never postpones a sooner one. */
function earliestWake(run: () => void): { at(delayMs: number): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Infinity;
  return {
    at(delayMs) {
      const at = Date.now() + Math.max(0, delayMs);
      if (timer !== null && timerAt <= at) return;
      if (timer !== null) clearTimeout(timer);
      timerAt = at;
      timer = setTimeout(() => {
        timer = null;
        timerAt = Infinity;
        run();
      }, Math.max(0, delayMs));
      timer.unref?.();
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * `printer.status` of one of this counter's own printers is asked here, where
 * the printer is (the hall's machine may not even reach its network); the
 * operator's right to ask is the hall's to judge (its printer list, the same
 * roles). Another terminal's printer: undefined, the hall asks it.
 */
export async function ownPrinterStatus(
  link: { dispatch(channel: string, input: unknown, meta?: CallMeta, origin?: CallOrigin): Promise<Result<unknown>> },
  o: { terminalId: string; platform?: string },
  input: unknown,
  meta: CallMeta | undefined,
): Promise<Result<StatusAnswer> | undefined> {
  const id = (input as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') return undefined;
  const list = await link.dispatch('printer.list', {}, meta);
  if (!list.ok) return list;
  const printer = (list.value as PrinterRow[]).find((p) => p.id === id);
  if (!printer || printer.terminalId !== o.terminalId) return undefined;
  return { ok: true, value: await askStatus(() => printerStatus(printer, o.platform)) };
}
