/** The shipper's state before its first answer from PostgreSQL: the worker's and its starter's alike. */
import type { JournalState } from '../../core/audit/contract.js';

export function startingState(at: Date = new Date()): JournalState {
  return { state: 'starting', backlog: 0, groupHead: null, lastShippedAt: null, lastEntryAt: null, since: at.toISOString(), divergedSeq: null, cause: null };
}

/**
 * The longest the group may stay silent before the shipper's state says so: a pass asks at least every
 * QUIET_LOOK_MS (follow.ts), each of its calls within SHIPPER_DEADLINES (index.ts); a dead link is then told within
 * this and a second of its last answer, whatever the loop is waiting on.
 */
export const SILENCE_MS = 20_000;
