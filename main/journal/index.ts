/**
 * The group's side of the journal (issue 25): a connection pool to the
 * group's PostgreSQL, its schema migrated on first use.
 *
 * Why `pg` (node-postgres): the most used PostgreSQL driver for Node, in
 * steady release since 2010, pure JavaScript (no second native build beside
 * better-sqlite3's), typed by @types/pg, with plain parameterised SQL text
 * (kept readable in db-style files, as in db/) and array parameters, which
 * the shipper's one-statement batch insert (unnest) needs. `postgres`
 * (porsager) is as good a driver; its tagged-template SQL would be a second
 * style of SQL in the house.
 */
import pg from 'pg';
import { KioskError } from '../../core/refusal.js';
import { migrateGroup } from '../../db/group/schema.js';

export { shipHall, shipBatch, SHIP_BATCH, type ShipResult } from './ship.js';
export { verifyGroup, type GroupCheck, type HallCheck } from './verify.js';

export interface Group {
  pool: pg.Pool;
  close(): Promise<void>;
}

/** A failure to reach PostgreSQL (refused, reset, a timeout, the server going down), told from a refusal of ours. */
export function unreachable(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|57P01|57P02|57P03|08\d\d\d)$/.test(code)) return code;
  const message = e instanceof Error ? e.message : '';
  if (/Connection terminated|timeout exceeded when trying to connect/i.test(message)) return 'ECONNRESET';
  return null;
}

export async function openGroup(url: string): Promise<Group> {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5000, idleTimeoutMillis: 10_000 });
  // A lost connection is reported as an event (an idle client's on the pool, a checked-out one's on itself); it is
  // not an error of its own: the next query on it fails, and its caller (the follower) tries again.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await migrateGroup(pool);
  } catch (e) {
    await pool.end().catch(() => undefined);
    const cause = unreachable(e);
    if (cause) throw new KioskError('JOURNAL_DATABASE_UNREACHABLE', { cause });
    throw e;
  }
  return { pool, close: () => pool.end() };
}
