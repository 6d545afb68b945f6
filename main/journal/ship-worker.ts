/**
 * The worker thread of main/journal/shipper.ts: its own read-only connection
 * to the hall's file and its own PostgreSQL pool, the follow loop, and the
 * state posted after each change. The hall's main thread never hashes,
 * serialises or waits for a batch.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { JournalState } from '../../core/audit/contract.js';
import { SILENCE_MS, startingState } from './state.js';
import { openReader } from '../../db/connection.js';
import { journalEntryAt, journalHead } from '../../db/journal.js';
import { followJournal } from './follow.js';
import type { CosignatureRow } from '../../db/group/witness.js';

/** The shipper thread's nice value: CFS then gives the kiosk's main thread about ten times its share of a core. */
const SHIPPER_NICE = 10;


export type ShipperMessage = { kind: 'state'; state: JournalState } | { kind: 'failed'; message: string } | { kind: 'cosignatures'; rows: CosignatureRow[] };

// Sales first: on Linux a thread's nice value is its own, and setpriority(0) names the calling thread, so this
// lowers the shipper's thread alone (the kiosk's main thread keeps its weight); elsewhere it may lower the whole
// process, so it is done on Linux only.
if (process.platform === 'linux') {
  try {
    setPriority(SHIPPER_NICE);
  } catch {
    // Not allowed here (a container's limits): it ships at the kiosk's priority.
  }
}

const { file, url, idleMs, batch, silenceMs = SILENCE_MS } = workerData as { file: string; url: string; idleMs?: number; batch?: number; silenceMs?: number };
const post = (m: ShipperMessage) => parentPort!.postMessage(m);
const stop = new AbortController();
parentPort!.on('message', (m: 'stop') => {
  if (m === 'stop') stop.abort();
});

const db = openReader(file);
let state: JournalState = startingState();
const set = (next: Partial<JournalState>) => {
  const was = state.state;
  state = { ...state, ...next };
  if (state.state !== was && next.since === undefined) state.since = new Date().toISOString();
  post({ kind: 'state', state });
};
const localHead = () => journalHead(db)?.seq ?? 0;
/** When the group last answered within its deadlines (the start, before any answer): "sem ligação desde" this. */
let answeredAt = Date.now();
const outOfReach = (cause: string) =>
  set({ state: 'unreachable', cause, since: new Date(answeredAt).toISOString(), backlog: Math.max(0, localHead() - (state.groupHead ?? 0)) });

// Out of reach or stopped, the hall sells on: its backlog as it grows, once a second. And whatever the loop is
// waiting on, a group silent for SILENCE_MS (a test's own) is said to be out of reach: no state outlives its last answer.
const growing = setInterval(() => {
  if (state.state !== 'unreachable' && state.state !== 'diverged') {
    if (Date.now() - answeredAt > silenceMs) outOfReach('ETIMEDOUT');
    return;
  }
  const backlog = Math.max(0, localHead() - (state.groupHead ?? 0));
  if (backlog !== state.backlog) set({ backlog });
}, 1000);

try {
  await followJournal(db, {
    url,
    signal: stop.signal,
    ...(idleMs !== undefined ? { idleMs } : {}),
    ...(batch !== undefined ? { batch } : {}),
    onAnswer: () => {
      answeredAt = Date.now();
    },
    onResult: (r) => {
      answeredAt = Date.now();
      // The group's cosignatures for the kiosk to keep (this thread only reads the hall's file).
      if (r.cosignatures) post({ kind: 'cosignatures', rows: r.cosignatures });
      const head = localHead();
      const entryAt = r.head > 0 ? (journalEntryAt(db, r.head) ?? null) : null;
      set({
        state: r.behind ? 'behind' : head > r.head ? 'shipping' : 'caught-up',
        backlog: Math.max(0, head - r.head),
        groupHead: r.head,
        lastEntryAt: entryAt,
        ...(r.shipped > 0 ? { lastShippedAt: new Date().toISOString() } : {}),
        divergedSeq: null,
        cause: null,
      });
    },
    onReach: (cause) => {
      if (cause !== null) outOfReach(cause);
    },
    onDiverged: (seq) => set({ state: 'diverged', divergedSeq: seq, backlog: Math.max(0, localHead() - (state.groupHead ?? 0)) }),
  });
} catch (e) {
  post({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
} finally {
  clearInterval(growing);
  db.close();
  parentPort!.close();
}
