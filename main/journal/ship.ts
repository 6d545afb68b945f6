/**
 * Shipping a hall's journal to the group (issue 25): what is new since the
 * head the group holds, in batches, each one PostgreSQL transaction that
 * holds the hall's row locked, checks that the batch continues the stored
 * head (contiguous seq, prev_hash), recomputes each entry's hash, inserts and
 * moves the head. An entry already there is skipped only when its hash is
 * the same; a hall whose history differs is stopped and recorded, never
 * overwritten. The hall's SQLite is only read: a sale never waits on this.
 */
import { CONTRACT_VERSION } from '../../core/group-contract/facts.js';
import { factsOfHallRows, hallMapping, type HallMapping } from '../../core/group-contract/hall-rows.js';
import { KioskError } from '../../core/refusal.js';
import { auditRowHash, chainGenesis, type StoredRow } from '../../db/audit.js';
import type { ReadableDb } from '../../db/connection.js';
import type { GroupClient, GroupPool } from '../../db/group/client.js';
import { summarizeEntries } from '../../db/group/summaries.js';
import type { SummedEntry } from '../../core/group-summary.js';
import { appendEntries, groupHashAt, groupHashes, groupHead, markDiverged, registerHall, type EntryToAppend } from '../../db/group/journal.js';
import { ensureMonths } from '../../db/group/schema.js';
import { documentsJson, hallIdentity, hallSchemaVersion, journalDocuments, journalEntries, journalHashAt, journalHead, type EntryDocuments } from '../../db/journal.js';
import { copyRows } from './copy.js';
import { entryDigest, HALL_READERS, newestHallSchema } from './digest.js';
import { cosignaturesAfter, insertHallCheckpoints, lastShippedCheckpoint, type CosignatureRow } from '../../db/group/witness.js';
import { checkpointsToShip, lastCosignedCheckpoint } from '../../db/transparency.js';

/** How often a shipper asks the group for the cosignatures of its checkpoints (one small query). */
export const COSIGNATURE_LOOK_MS = 5_000;

/** What a shipper remembers of the witness between passes (per hall). */
export interface WitnessLink {
  /** The newest checkpoint the group holds of the hall. */
  shippedCheckpoint: number | null;
  /** When cosignatures were last asked for (0: never). */
  lookedAt: number;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, Math.min(ms, 1000)));

/** A batch read from the hall's file: its entries and the documents they wrote. */
interface Batch {
  entries: StoredRow[];
  documents: Map<number, EntryDocuments>;
}

/** Entries per PostgreSQL transaction: one round trip carries thousands, and the hall's row is locked briefly. */
export const SHIP_BATCH = 2000;
/** While the hall writes: short bursts, each sent in a quiet moment (a sale waits behind none of them for long). */
const BUSY_BATCH = 250;
/** A quiet moment: this long without a new entry in the hall's journal. */
export const QUIET_MS = 20;
/** The longest the shipper waits for one while the hall writes flat out: the group is at most about this far behind. */
export const MAX_DEFER_MS = 1000;

/**
 * Sales first: while the hall writes, the shipper waits for a moment without a new entry (QUIET_MS) before it
 * sends, at most MAX_DEFER_MS; at a rush that never pauses it sends a short batch that often. Its work (and
 * PostgreSQL's backend's, which runs at the hall's priority on the same cores) then falls between sales.
 */
export async function awaitQuiet(db: ReadableDb, o: { quietMs?: number; maxMs?: number } = {}): Promise<void> {
  const quiet = o.quietMs ?? QUIET_MS;
  const until = performance.now() + (o.maxMs ?? MAX_DEFER_MS);
  let head = journalHead(db)?.seq ?? 0;
  while (performance.now() < until) {
    await pause(quiet);
    const now = journalHead(db)?.seq ?? 0;
    if (now === head) return;
    head = now;
  }
}

export interface ShipResult {
  shipped: number;
  /** The newest seq the group holds of this hall. */
  head: number;
  /** The hall's own journal is older than the group's copy (an old backup restored that has not sold since). */
  behind?: boolean;
  /** The group's cosignatures of the hall's checkpoints, new since the hall's last (for the kiosk to keep). */
  cosignatures?: CosignatureRow[];
  /** The hall's checkpoints this pass shipped (their entries all in the group's copy). */
  checkpoints?: number;
}

/**
 * The entry the group keeps of an audit row: its fields as stored (texts exact: the hash is recomputed from
 * them), the documents its command wrote, and the facts they publish under the group's contract (issue 39,
 * core/group-contract), documents and facts bound by one digest to the row's hash.
 */
export function groupEntry(r: StoredRow, documents: EntryDocuments = {}, hallSchema: number = newestHallSchema()): EntryToAppend {
  const published = { contract: CONTRACT_VERSION, facts: factsOfHallRows(r, documents, HALL_READERS, hallMappingOrRefuse(hallSchema)), hallSchema };
  // Each text made once: the digest reads it and the COPY sends it (a third of the shipper's own time was these).
  // The mapping builds every fact's keys in order: its JSON is canonical (the contract test holds it so).
  const texts = { documents: documentsJson(documents), facts: JSON.stringify(published.facts) };
  return {
    seq: r.id,
    prevHash: r.prev_hash,
    hash: r.hash,
    kind: r.channel,
    payload: { at: r.at, operatorId: r.operator_id, terminalId: r.terminal_id, channel: r.channel, outcome: r.outcome, input: r.input, before: r.before, after: r.after },
    documents,
    documentsHash: entryDigest(r.hash, documents, published, texts),
    ...published,
    texts,
  };
}

/** The mapping of the hall's schema: a hall file this program does not map is not shipped with guessed facts. */
function hallMappingOrRefuse(hallSchema: number): HallMapping {
  const mapping = hallMapping(hallSchema, newestHallSchema());
  if (!mapping) throw new Error(`group contract: the hall's schema ${hallSchema} has no mapping to facts (core/group-contract/hall-rows.ts HALL_MAPPINGS)`);
  return mapping;
}

/**
 * The first seq at or below `upTo` where the hall's entry and the group's differ, or null when all agree.
 * A chain that differs at one entry differs at every later one, so a bisection finds it.
 */
async function firstDifference(db: ReadableDb, c: GroupClient, hallId: string, upTo: number): Promise<number | null> {
  const same = async (seq: number) => journalHashAt(db, seq) === (await groupHashAt(c, hallId, seq));
  if (upTo < 1 || (await same(upTo))) return null;
  let lo = 1;
  let hi = upTo;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await same(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The hall's entries after the group's head, checked link by link before they leave: a broken local chain is never shipped. */
function checkRun(entries: readonly StoredRow[], headSeq: number, headHash: string): void {
  let seq = headSeq;
  let prev = headHash;
  for (const e of entries) {
    if (e.id !== seq + 1) throw new KioskError('JOURNAL_GAP', { head: seq, seq: e.id });
    if (e.prev_hash !== prev || auditRowHash(prev, e) !== e.hash) throw new Error(`audit_log: the chain breaks at entry ${e.id} (npm run audit:verify)`);
    seq = e.id;
    prev = e.hash;
  }
}

/**
 * One batch in one transaction. Entries at or below the stored head must be
 * the group's own (same hash): they are skipped; the rest must continue it.
 * A difference is recorded (committed) before the refusal.
 */
export async function shipBatch(
  c: GroupClient,
  hallId: string,
  entries: readonly StoredRow[],
  months: Set<string>,
  documents: ReadonlyMap<number, EntryDocuments> = new Map(),
  /** The hall's schema the entries ship from (db/journal.ts hallSchemaVersion); the newest this program carries by default. */
  hallSchema: number = newestHallSchema(),
  /** Called once the batch's rows are all sent, while PostgreSQL inserts them and before it commits (the next batch is read then). */
  sent?: () => void,
): Promise<number> {
  await ensureMonths(c, entries.map((e) => e.at.slice(0, 7)), months);
  await c.query('BEGIN');
  // The hall's SQLite is the journal's truth and the batch moves the head in the same transaction: a batch lost
  // with a PostgreSQL crash (asynchronous commit: its last few hundred milliseconds) takes its head back with it,
  // and is shipped again from there. So no fsync is waited for here, and the group's disk (often the hall's own,
  // at a small group) is not flushed once per batch under the sales' fsyncs.
  await c.query('SET LOCAL synchronous_commit = off');
  let open = true;
  const diverged = async (seq: number): Promise<never> => {
    await markDiverged(c, hallId, seq);
    await c.query('COMMIT');
    open = false;
    throw new KioskError('JOURNAL_DIVERGED', { seq });
  };
  try {
    const head = await groupHead(c, hallId, true);
    if (head.divergedSeq !== null) throw new KioskError('JOURNAL_DIVERGED', { seq: head.divergedSeq });
    const overlap = entries.filter((e) => e.id <= head.headSeq);
    if (overlap.length > 0) {
      const held = await groupHashes(
        c,
        hallId,
        overlap.map((e) => e.id),
      );
      const differs = overlap.find((e) => held.get(e.id) !== e.hash);
      if (differs) await diverged(differs.id);
    }
    const fresh = entries.filter((e) => e.id > head.headSeq);
    if (fresh.length > 0) {
      // The hall's entry at the group's head is not the group's: the histories part there (at 0: its genesis).
      if (fresh[0]!.id === head.headSeq + 1 && fresh[0]!.prev_hash !== head.headHash) await diverged(Math.max(1, head.headSeq));
      checkRun(fresh, head.headSeq, head.headHash);
      // Each entry made as it is sent: PostgreSQL inserts the first while the next are made.
      const summed: SummedEntry[] = [];
      await appendEntries(
        c,
        (sql, rows) => copyRows(c, sql, rows, sent),
        hallId,
        (function* () {
          for (const e of fresh) {
            const entry = groupEntry(e, documents.get(e.id), hallSchema);
            if (entry.facts !== null && summed.length === e.id - fresh[0]!.id) summed.push({ seq: e.id, facts: entry.facts });
            yield entry;
          }
        })(),
      );
      // The report's figures kept on arrival, in the same transaction, when the summaries are up to the batch (else
      // the group's programs sum the backlog in order: an entry without facts waits for its upcast).
      if (head.summarizedSeq === head.headSeq && summed.length === fresh.length) await summarizeEntries(c, hallId, head.timeZone, summed);
    }
    await c.query('COMMIT');
    open = false;
    return fresh.length;
  } finally {
    if (open) await c.query('ROLLBACK').catch(() => undefined);
  }
}

/**
 * Everything new of one hall, batch after batch, until the group holds the
 * hall's head as it was when this began. Refuses a diverged hall, and records it.
 */
export async function shipHall(
  db: ReadableDb,
  pool: GroupPool,
  o: {
    batch?: number;
    months?: Set<string>;
    /** Halls already registered by this shipper (name and licence as they were). */
    registered?: Map<string, string>;
    /** Pace a backlog while the hall is writing (default true). */
    yieldToHall?: boolean;
    /**
     * What this shipper knows of the witness (the follow loop keeps it between passes). The hall's checkpoints
     * always go once their entries are in; without a link, the group's cosignatures are asked for at once.
     */
    witness?: WitnessLink;
    /** Each time the group answered within its deadlines (the pass's start, each batch): the shipper's proof of a live link. */
    onAnswer?(): void;
  } = {},
): Promise<ShipResult> {
  const hall = hallIdentity(db);
  const months = o.months ?? new Set<string>();
  const witness = o.witness ?? { shippedCheckpoint: null, lookedAt: 0 };
  const client = await pool.connect();
  // A client whose call failed (a deadline passed mid-query, a reset) is closed, never handed to the next pass.
  let failed = false;
  try {
    const genesis = chainGenesis(db);
    const known = `${hall.name}\u0000${hall.licence ?? ''}\u0000${hall.timeZone}\u0000${genesis}`;
    if (o.registered?.get(hall.hallId) !== known) {
      await registerHall(client, { ...hall, genesis });
      o.registered?.set(hall.hallId, known);
    }
    const head = await groupHead(client, hall.hallId, false);
    o.onAnswer?.();
    if (head.divergedSeq !== null) throw new KioskError('JOURNAL_DIVERGED', { seq: head.divergedSeq });
    const localHead = journalHead(db)?.seq ?? 0;
    // The group's head must be the hall's own entry; else where they part is found and recorded.
    const localAtHead = head.headSeq === 0 ? genesis : journalHashAt(db, head.headSeq);
    if (localAtHead !== head.headHash) {
      const parted = await firstDifference(db, client, hall.hallId, Math.min(localHead, head.headSeq));
      if (parted === null) return { shipped: 0, head: head.headSeq, behind: true };
      await markDiverged(client, hall.hallId, parted);
      throw new KioskError('JOURNAL_DIVERGED', { seq: parted });
    }
    let at = head.headSeq;
    let shipped = 0;
    const limit = o.batch ?? SHIP_BATCH;
    let busy = false;
    const hallSchema = hallSchemaVersion(db);
    const read = (after: number, size: number): Batch | null => {
      const entries = journalEntries(db, after, size);
      if (entries.length === 0) return null;
      // The batch's documents in one query per table (their tables are append-only: read after the rows, the same).
      return { entries, documents: journalDocuments(db, after, entries[entries.length - 1]!.id) };
    };
    let ahead: Batch | null | undefined;
    while (at < localHead) {
      const size = busy ? Math.min(limit, BUSY_BATCH) : limit;
      const batch = ahead !== undefined && !busy ? ahead : read(at, size);
      ahead = undefined;
      if (!batch) break;
      const { entries, documents } = batch;
      const last = entries[entries.length - 1]!.id;
      const headBefore = journalHead(db)?.seq ?? 0;
      // A quiet hall ships flat out: the next batch is read from its file while PostgreSQL inserts and commits
      // this one (measured: the shipper otherwise sat idle a fifth of the time, waiting on the group).
      const readAhead = busy || last >= localHead ? undefined : () => (ahead = read(last, size));
      shipped += await shipBatch(client, hall.hallId, entries, months, documents, hallSchema, readAhead);
      o.onAnswer?.();
      at = last;
      // Sales first: while the hall writes (its head moved during the batch), a backlog is caught up in short
      // batches, each in a quiet moment (awaitQuiet); a quiet hall ships flat out.
      busy = o.yieldToHall !== false && at < localHead && (journalHead(db)?.seq ?? 0) > headBefore;
      if (busy) await awaitQuiet(db);
    }
    // The checkpoints once their entries are in, then the cosignatures: in this order, in every shipper.
    const { checkpoints, cosignatures } = await linkWitness(db, client, hall.hallId, at, witness);
    o.onAnswer?.();
    return {
      shipped,
      head: at,
      ...(cosignatures.length > 0 ? { cosignatures } : {}),
      ...(checkpoints ? { checkpoints } : {}),
    };
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    client.release(failed);
  }
}

/**
 * The group as a witness (issue 26): the hall's checkpoints whose entries the group now holds go with them, and
 * the group's cosignatures of them come back (at most every few seconds) for the kiosk to keep.
 */
async function linkWitness(db: ReadableDb, c: GroupClient, hallId: string, groupHeadSeq: number, link: WitnessLink): Promise<{ checkpoints: number; cosignatures: CosignatureRow[] }> {
  link.shippedCheckpoint ??= await lastShippedCheckpoint(c, hallId);
  const fresh = checkpointsToShip(db, link.shippedCheckpoint, groupHeadSeq);
  if (fresh.length > 0) {
    await insertHallCheckpoints(
      c,
      hallId,
      fresh.map((k) => ({ checkpointId: k.id, size: k.size, rootHash: k.rootHash, keyId: k.keyId, note: k.note })),
    );
    link.shippedCheckpoint = fresh[fresh.length - 1]!.id;
  }
  if (Date.now() - link.lookedAt < COSIGNATURE_LOOK_MS) return { checkpoints: fresh.length, cosignatures: [] };
  link.lookedAt = Date.now();
  return { checkpoints: fresh.length, cosignatures: await cosignaturesAfter(c, hallId, lastCosignedCheckpoint(db)) };
}
