/**
 * The journal's link to the group's PostgreSQL (issue 25): a connection pool,
 * its schema migrated on first use. The hall's shipper opens it with its
 * deadlines; the group's programs (main/group/) open it through their own
 * openGroup, which upcasts old entries first.
 *
 * Why `pg` (node-postgres): the most used PostgreSQL driver for Node, in
 * steady release since 2010, pure JavaScript (no second native build beside
 * better-sqlite3's), typed by @types/pg, with plain parameterised SQL text
 * (kept readable in db-style files, as in db/), and a query protocol any
 * object can speak (the shipper's COPY, ./copy.ts, without another package). `postgres`
 * (porsager) is as good a driver; its tagged-template SQL would be a second
 * style of SQL in the house.
 */
import pg from 'pg';
import { KioskError } from '../../core/refusal.js';
import { migrateGroup } from '../../db/group/schema.js';

export interface Group {
  pool: pg.Pool;
  close(): Promise<void>;
}

/** A failure to reach PostgreSQL (refused, reset, a deadline passed, the server going down), told from a refusal of ours. */
export function unreachable(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EPIPE|57014|57P01|57P02|57P03|08\d\d\d)$/.test(code)) return code;
  const message = e instanceof Error ? e.message : '';
  // pg's own deadlines: the query's answer (query_timeout), the connection's start (connectionTimeoutMillis).
  if (/Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(message)) return 'ETIMEDOUT';
  if (/Connection terminated/i.test(message)) return 'ECONNRESET';
  return null;
}

/**
 * The shipper's deadlines (issue 37): a link that went dead without a word (a cable pulled, a firewall dropping
 * packets) answers nothing and refuses nothing, so every remote call has one. A batch of 2000 entries takes well
 * under a second; a query unanswered for 10 s is a link down (the server cancels it at 9 s, so a slow server says
 * so first). Keepalive probes from 5 s of silence close a socket whose peer is gone.
 */
export const SHIPPER_DEADLINES = { connectMs: 5_000, queryMs: 10_000, statementMs: 9_000, keepAliveMs: 5_000 } as const;
/** Migrating the group's schema may rewrite a table: its own, longer deadline (the shipper's state says "sem ligação" meanwhile all the same: ship-worker.ts). */
const MIGRATION_DEADLINE_MS = 2 * 60_000;

export interface GroupOptions {
  /**
   * Every call bounded (the shipper's); without, only the connection's start is (group:verify, report, witness, which
   * then upcast entries still without facts: main/group/index.ts).
   */
  deadlines?: typeof SHIPPER_DEADLINES;
}

function newPool(url: string, max: number, queryMs: number | undefined, statementMs: number | undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: SHIPPER_DEADLINES.connectMs,
    idleTimeoutMillis: 10_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: SHIPPER_DEADLINES.keepAliveMs,
    ...(queryMs !== undefined ? { query_timeout: queryMs } : {}),
    ...(statementMs !== undefined ? { statement_timeout: statementMs } : {}),
  });
  // A lost connection is reported as an event (an idle client's on the pool, a checked-out one's on itself); it is
  // not an error of its own: the next query on it fails, and its caller (the follower) tries again.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * The group's database opened and its schema migrated; `then` runs on it before it is handed out (the group's
 * programs' upcast), a failure to reach PostgreSQL told as JOURNAL_DATABASE_UNREACHABLE.
 */
export async function connectGroup(url: string, o: GroupOptions = {}, then?: (pool: pg.Pool) => Promise<unknown>): Promise<Group> {
  const bounded = o.deadlines !== undefined;
  const migrator = bounded ? newPool(url, 1, MIGRATION_DEADLINE_MS, undefined) : null;
  const pool = newPool(url, 4, o.deadlines?.queryMs, o.deadlines?.statementMs);
  try {
    await migrateGroup(migrator ?? pool);
    await then?.(pool);
  } catch (e) {
    await pool.end().catch(() => undefined);
    const cause = unreachable(e);
    if (cause) throw new KioskError('JOURNAL_DATABASE_UNREACHABLE', { cause });
    throw e;
  } finally {
    await migrator?.end().catch(() => undefined);
  }
  return { pool, close: () => pool.end() };
}
