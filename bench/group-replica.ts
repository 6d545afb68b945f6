/**
 * The group's streaming replica while a hall ships flat out (issue 43, item 3):
 * a primary and its replica (the machine's PostgreSQL binaries, two clusters of
 * the bench's own, test/private-postgres.ts), a hall file of
 * BENCH_REPLICA_ENTRIES sales shipped from nothing into the primary, and how
 * far behind the replica is sampled every 100 ms as `group:report
 * --replica-url` says it (main/group/replica.ts): in entries against the
 * primary's head, and in seconds since the last transaction it replayed. Then
 * how long after the last batch it holds every entry. Targets: the replica
 * within a second of shipping behind (p99 of the entries behind, over the
 * shipping rate) and caught up within a second of the last batch.
 * Prints one JSON object on stdout when run alone; `skipped` where the machine
 * has no PostgreSQL binaries of its own to run two clusters.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openGroup } from '../main/group/index.js';
import { openGroupReplica, replicaLag } from '../main/group/replica.js';
import { shipHall } from '../main/journal/ship.js';
import { privatePostgres } from '../test/private-postgres.js';
import { seedSalesHall } from './journal.js';
import { printFigures } from './record.js';
import { isEntry } from './rpc-client.js';
import { round, stats } from './stats.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const log = (text: string) => process.stderr.write(`[group-replica bench] ${text}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchGroupReplica(entries: number) {
  const primary = await privatePostgres();
  if (!primary) return { skipped: 'no PostgreSQL binaries of its own (or no postgres user when run as root)' };
  const dir = mkdtempSync(join(tmpdir(), 'bench-group-replica-'));
  try {
    const admin = new pg.Client({ connectionString: primary.url });
    await admin.connect();
    await admin.query('CREATE DATABASE grupo');
    await admin.end();
    const url = primary.url.replace(/\/postgres$/, '/grupo');
    const group = await openGroup(url);
    const replicaServer = await primary.replica();
    const replicaUrl = replicaServer.url.replace(/\/postgres$/, '/grupo');
    try {
      log(`a hall of ${entries} sales`);
      const db = await seedSalesHall(dir, entries);
      // The replica has the group's schema once it replayed the primary's migrations.
      let replica = null as Awaited<ReturnType<typeof openGroupReplica>> | null;
      for (const end = Date.now() + 30_000; !replica && Date.now() < end; ) replica = await openGroupReplica(replicaUrl).catch(async () => (await sleep(100), null));
      if (!replica) throw new Error('the replica never had the group schema');
      try {
        log('shipping from nothing, the replica sampled every 100 ms');
        const behind: number[] = [];
        const replaySeconds: number[] = [];
        let shipping = true;
        const t0 = performance.now();
        const shipped = shipHall(db, group.pool).finally(() => (shipping = false));
        while (shipping) {
          const lag = await replicaLag(replica.pool, group.pool);
          behind.push(lag.halls.reduce((n, h) => n + (h.entriesBehind ?? 0), 0));
          if (lag.replaySeconds !== null) replaySeconds.push(lag.replaySeconds);
          await sleep(100);
        }
        const result = await shipped;
        const shipSeconds = (performance.now() - t0) / 1000;
        const last = performance.now();
        let caughtUpMs: number | null = null;
        for (const end = last + 30_000; performance.now() < end; await sleep(10)) {
          const lag = await replicaLag(replica.pool, group.pool);
          if (lag.halls.every((h) => h.entriesBehind === 0)) {
            caughtUpMs = performance.now() - last;
            break;
          }
        }
        const rate = result.shipped / shipSeconds;
        const behindStats = stats(behind.length ? behind : [0]);
        const p99SecondsBehind = behindStats.p99Ms / rate;
        db.close();
        return {
          entries: result.shipped,
          entriesPerSecond: Math.round(rate),
          samples: behind.length,
          entriesBehind: { median: behindStats.medianMs, p99: behindStats.p99Ms, max: behindStats.maxMs },
          p99SecondsOfShippingBehind: round(p99SecondsBehind),
          replaySecondsMax: replaySeconds.length ? round(Math.max(...replaySeconds)) : null,
          caughtUpMsAfterLastBatch: caughtUpMs === null ? null : round(caughtUpMs),
          targets: { p99WithinOneSecondOfShipping: p99SecondsBehind <= 1, caughtUpWithinOneSecond: caughtUpMs !== null && caughtUpMs <= 1_000 },
        };
      } finally {
        await replica.close();
      }
    } finally {
      await group.close();
    }
  } finally {
    primary.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntry(import.meta.url)) {
  const figures = await benchGroupReplica(env('BENCH_REPLICA_ENTRIES', 50_000));
  printFigures('group-replica', { bench: 'group-replica', unit: 'ms', ...figures });
}
