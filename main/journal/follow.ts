/**
 * The shipper's loop (journal:ship --follow, and the worker of `npm run hall`
 * and `npm run web`): ship what is new, then again as the hall writes, until
 * stopped. PostgreSQL out of reach is said once and tried again (at most
 * every 5 s); the hall sells on meanwhile and the backlog drains when the
 * group's database is back. A diverged hall is refused: the loop ends, or,
 * given `onDiverged`, looks again every 30 s (a person may have settled it
 * in the group's tables) without sending anything.
 */
import { KioskError } from '../../core/refusal.js';
import type { ReadableDb } from '../../db/connection.js';
import { journalHead } from '../../db/journal.js';
import { connectGroup, SHIPPER_DEADLINES, unreachable, type Group } from './pool.js';
import { awaitQuiet, shipHall, type ShipResult, type WitnessLink } from './ship.js';

export interface FollowOptions {
  url: string;
  /** While there is nothing new: how long until the next look. */
  idleMs?: number;
  batch?: number;
  /** After every pass that reached PostgreSQL (shipped or not). */
  onResult?(r: ShipResult): void;
  /** Each time the group answered within its deadlines (during a pass too: a long backlog is a live link). */
  onAnswer?(): void;
  /** PostgreSQL out of reach (cause), or back (null). */
  onReach?(cause: string | null): void;
  /** The group holds another history of this hall from `seq` on; without this, the loop ends with the refusal. */
  onDiverged?(seq: number): void;
  signal: AbortSignal;
}

export const DIVERGED_LOOK_MS = 30_000;
/** Caught up and nothing new in the hall's file: PostgreSQL is asked again at least this often all the same. */
export const QUIET_LOOK_MS = 5_000;

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

/** Runs until `signal` aborts. */
export async function followJournal(db: ReadableDb, o: FollowOptions): Promise<void> {
  const idle = o.idleMs ?? 200;
  let group: Group | null = null;
  let down: string | null = null;
  let wait = idle;
  const months = new Set<string>();
  const registered = new Map<string, string>();
  const witness: WitnessLink = { shippedCheckpoint: null, lookedAt: 0 };
  /** The group's head after the last pass that caught up, and when: while the hall's own head is still that, nothing is sent. */
  let quiet: { head: number; at: number } | null = null;
  try {
    while (!o.signal.aborted) {
      if (quiet && (journalHead(db)?.seq ?? 0) === quiet.head && Date.now() - quiet.at < QUIET_LOOK_MS) {
        await sleep(idle, o.signal);
        continue;
      }
      // What the hall wrote since the last look goes in a quiet moment between its sales (at most a second late).
      if (quiet) await awaitQuiet(db);
      quiet = null;
      try {
        group ??= await connectGroup(o.url, { deadlines: SHIPPER_DEADLINES });
        const r = await shipHall(db, group.pool, { months, registered, batch: o.batch, witness, ...(o.onAnswer ? { onAnswer: o.onAnswer } : {}) });
        if (!r.behind && r.head === (journalHead(db)?.seq ?? 0)) quiet = { head: r.head, at: Date.now() };
        if (down !== null) {
          down = null;
          o.onReach?.(null);
        }
        o.onResult?.(r);
        wait = r.shipped > 0 ? 0 : idle;
      } catch (e) {
        if (e instanceof KioskError && e.code === 'JOURNAL_DIVERGED' && o.onDiverged) {
          o.onDiverged(Number(e.params.seq));
          wait = DIVERGED_LOOK_MS;
        } else {
          const cause = e instanceof KioskError && e.code === 'JOURNAL_DATABASE_UNREACHABLE' ? String(e.params.cause) : unreachable(e);
          if (cause === null) throw e;
          if (down === null) o.onReach?.(cause);
          down = cause;
          // A pool whose server went away is dropped whole: the next one connects afresh.
          await group?.close().catch(() => undefined);
          group = null;
          witness.shippedCheckpoint = null;
          wait = Math.min(Math.max(wait * 2, 250), 5000);
        }
      }
      if (wait > 0) await sleep(wait, o.signal);
    }
  } finally {
    await group?.close().catch(() => undefined);
  }
}
