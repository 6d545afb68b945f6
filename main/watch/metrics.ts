/**
 * A post's metrics in Prometheus' text format (prom-client), served at `GET /metrics` on its back-office port
 * (main/web/server.ts). One registry per post: tests start several posts in one process, and prom-client's global
 * registry would mix their counts. What is read from the file (the print queue, the journal's lag) is read at
 * scrape time, never kept up to date on the sale path.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Result } from '../../core/errors.js';

/** The channels whose success is a sale (the sales counter): a bingo card sale, a roulette chip sale. */
export const SALE_CHANNELS: ReadonlySet<string> = new Set(['sale.create', 'chips.sell']);

/** Command latency buckets (seconds): a sale takes a few milliseconds; a PIN's hash ~50 ms; a backup seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a gauge read at scrape time finds; null: nothing to say (no journal configured). */
export interface ScrapeSources {
  printQueue?: () => { pending: number; failed: number };
  journalLag?: () => { state: string; entries: number | null; oldestSeconds: number | null } | null;
}

export interface PostMetrics {
  readonly registry: Registry;
  /** A command answered (its channel, how long it took, its envelope; replayed: answered from its key's record): the latency histogram and the sales counter. */
  command(channel: string, seconds: number, result: Result<unknown>, replayed?: boolean): void;
  /** A PIN (or recovery code) refused, by its refusal code: never the PIN. */
  pinRefused(code: string): void;
  /** A counter answered HALL_UNREACHABLE to its screens. */
  hallUnreachable(channel: string): void;
  /** The gauges read at scrape time, once the kiosk they read is open. */
  readFrom(sources: ScrapeSources): void;
  /** The text of a scrape. */
  text(): Promise<string>;
  readonly contentType: string;
}

export interface MetricsOptions {
  /** Which post this is (a label on every series): hall, standalone, counter. */
  post: string;
  /** The process's own metrics (CPU, memory, event loop, handles); default true. */
  processMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions): PostMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ post: options.post });
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  let sources: ScrapeSources = {};

  const latency = new Histogram({
    name: 'kiosk_command_duration_seconds',
    help: 'Time from a command reaching the dispatcher to its answer, by channel and outcome (ok, refused, error, or replayed: a retry answered from its key).',
    labelNames: ['channel', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const sales = new Counter({
    name: 'kiosk_sales_total',
    help: 'Sales answered ok (sale.create, chips.sell), by channel.',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const pinRefusals = new Counter({
    name: 'kiosk_pin_refusals_total',
    help: 'PINs and recovery codes refused (wrong, or not tried because their budget is spent), by refusal code.',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const unreachable = new Counter({
    name: 'kiosk_hall_unreachable_total',
    help: "A counter's calls answered HALL_UNREACHABLE (the hall server out of reach), by channel.",
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'kiosk_print_jobs',
    help: 'Print jobs waiting (pending) and given up (failed), read from the queue at scrape time.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const q = sources.printQueue?.();
      if (!q) return;
      this.set({ state: 'pending' }, q.pending);
      this.set({ state: 'failed' }, q.failed);
    },
  });
  // Labelled by the shipper's state, so that no series at all (not a 0) stands for "no journal" or "head unknown".
  new Gauge({
    name: 'kiosk_journal_lag_entries',
    help: "Audit entries the group has not acknowledged, by the shipper's state; absent when no group journal is configured or the group's head is unknown.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const lag = sources.journalLag?.();
      if (lag && lag.entries !== null) this.set({ state: lag.state }, lag.entries);
    },
  });
  new Gauge({
    name: 'kiosk_journal_lag_seconds',
    help: 'Age of the oldest audit entry the group has not acknowledged (0 when it holds them all), by the shipper\'s state.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const lag = sources.journalLag?.();
      if (lag && lag.oldestSeconds !== null) this.set({ state: lag.state }, lag.oldestSeconds);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    command(channel, seconds, result, replayed = false) {
      // The refusal's code would make a series per code and channel: its class is enough to watch.
      const outcome = replayed ? 'replayed' : result.ok ? 'ok' : result.error.code === 'INTERNAL' ? 'error' : 'refused';
      latency.observe({ channel, outcome }, seconds);
      // A retry answered from its key is the same sale: counted once.
      if (result.ok && !replayed && SALE_CHANNELS.has(channel)) sales.inc({ channel });
    },
    pinRefused: (code) => pinRefusals.inc({ code }),
    hallUnreachable: (channel) => unreachable.inc({ channel }),
    readFrom(next) {
      sources = { ...sources, ...next };
    },
    text: () => registry.metrics(),
  };
}
