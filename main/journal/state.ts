/** The shipper's state before its first answer from PostgreSQL: the worker's and its starter's alike. */
import type { JournalState } from '../../core/audit/contract.js';

export function startingState(at: Date = new Date()): JournalState {
  return { state: 'starting', backlog: 0, groupHead: null, lastShippedAt: null, lastEntryAt: null, since: at.toISOString(), divergedSeq: null, cause: null };
}
