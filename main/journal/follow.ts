/**
 * journal:ship's loop: ship what is new, then again as the hall writes,
 * until stopped. PostgreSQL out of reach is said once, in words, and tried
 * again (at most every 5 s); the hall goes on selling meanwhile and the
 * backlog drains when the group's database is back.
 */
import { KioskError } from '../../core/refusal.js';
import type { ReadableDb } from '../../db/connection.js';
import { openGroup, unreachable, type Group } from './index.js';
import { shipHall, type ShipResult } from './ship.js';

export interface FollowOptions {
  url: string;
  /** While there is nothing new: how long until the next look. */
  idleMs?: number;
  batch?: number;
  onShipped?(r: ShipResult): void;
  /** PostgreSQL out of reach (cause), or back (null). */
  onReach?(cause: string | null): void;
  signal: AbortSignal;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    if (signal.aborted) return done();
    const wake = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', wake);
      done();
    };
    const t = setTimeout(wake, ms);
    signal.addEventListener('abort', wake, { once: true });
  });

/** Runs until `signal` aborts; a refusal (a diverged hall) ends it by throwing. */
export async function followJournal(db: ReadableDb, o: FollowOptions): Promise<void> {
  const idle = o.idleMs ?? 200;
  let group: Group | null = null;
  let down: string | null = null;
  let wait = idle;
  const months = new Set<string>();
  try {
    while (!o.signal.aborted) {
      try {
        group ??= await openGroup(o.url);
        const r = await shipHall(db, group.pool, { months, batch: o.batch });
        if (down !== null) {
          down = null;
          o.onReach?.(null);
        }
        if (r.shipped > 0) o.onShipped?.(r);
        wait = r.shipped > 0 ? 0 : idle;
      } catch (e) {
        const cause = e instanceof KioskError && e.code === 'JOURNAL_DATABASE_UNREACHABLE' ? String(e.params.cause) : unreachable(e);
        if (cause === null) throw e;
        if (down === null) o.onReach?.(cause);
        down = cause;
        // A pool whose server went away is dropped whole: the next one connects afresh.
        await group?.close().catch(() => undefined);
        group = null;
        wait = Math.min(Math.max(wait * 2, 250), 5000);
      }
      if (wait > 0) await sleep(wait, o.signal);
    }
  } finally {
    await group?.close().catch(() => undefined);
  }
}
