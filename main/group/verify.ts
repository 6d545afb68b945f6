/**
 * group:verify (issue 25): every hall's journal in the group's PostgreSQL,
 * recomputed from its payloads alone, entry by entry: contiguous from 1,
 * each linked to the one before, each hash its payload's, each entry's
 * documents and facts their digest (bound to the entry's hash), each entry's
 * facts those of the group's contract (docs/group-contract.md) and the very
 * ones its documents give (mapped again by the hall schema it shipped from), and the last one the
 * head the shipper recorded. The first break of each hall is named.
 *
 * Given the group's witness key (issue 43), it checks from where its last check of the hall ended: that result
 * is kept signed by the key (group migration 11), the entry it ended on must still be the one it recorded, and
 * only the entries after it are read. A day of a hundred halls is then a day's work, whatever the journal's age.
 * `full` reads every entry again (what an edit of an old entry in the group's copy needs to be found); a result
 * whose signature does not hold is named, and the hall checked from its first entry.
 */
import { createPublicKey, sign, verify as verifySignature } from 'node:crypto';
import type { GroupClient, GroupPool } from '../../db/group/client.js';
import { groupHalls, groupPrevHashAt, journalLastSeq, journalSeqs, type GroupHall } from '../../db/group/journal.js';
import { GENESIS } from '../../db/group/schema.js';
import { insertVerification, newestVerifications, type VerificationRow } from '../../db/group/verifications.js';
import { alteredPart, documentsHold, factsBreak, payloadColumnsHold, payloadHash } from './recompute.js';
import type { WitnessKey } from './witness.js';
import { hallDay } from '../../core/time.js';
import { summaryDifferences } from './report.js';

const DAY_MS = 86_400_000;

/** hash: the stored hash replaced (the payload gives the one the chain keeps); payload: the payload edited. */
/** facts: the entry's facts not those its documents give (or not of the contract); hall_schema: shipped from a hall schema this program does not read. */
/** verified: the entry a signed check ended on is no longer the one it recorded. */
export type BreakReason = 'payload' | 'hash' | 'documents' | 'facts' | 'hall_schema' | 'missing' | 'duplicate' | 'link' | 'head' | 'extra' | 'verified';

export interface HallCheck {
  hallId: string;
  name: string;
  entries: number;
  headSeq: number;
  divergedSeq: number | null;
  /** The first entry that does not hold, or null; `words`: what in it does not hold (the fact that differs...), where the reason alone does not say. */
  firstBreak: { seq: number; reason: BreakReason; words?: string } | null;
  /** The first entry read (1 on a full check; after the last check's end otherwise). */
  fromSeq: number;
  /** The signed check this one continued (null: read from the first entry). */
  since: { toSeq: number; verifiedAt: string } | null;
  /** The newest kept result of this hall whose signature does not hold (a row written in the group's database by hand): the check read every entry. */
  forgedResult?: { id: number; toSeq: number };
  /**
   * The report's kept summaries over the days the entries read fall on (and the day before: a session opened then
   * may close in them), compared with the same days summed from the entries; or how far they are summed, when
   * they do not yet hold every entry (the group's programs sum the rest when they open it).
   */
  summaries?: { fromDay: string; toDay: string; differences: string[] } | { behind: true; summarizedSeq: number };
}

export interface GroupCheck {
  valid: boolean;
  halls: HallCheck[];
}

export interface VerifyOptions {
  /** The group's witness key: checks continue from its signed results, and each is kept signed. Without it, every entry is read and nothing kept. */
  key?: WitnessKey;
  /** Every entry read again, even with a key (the result is kept, marked whole). */
  full?: boolean;
  now?: () => Date;
  /** Where results are kept, when the entries are read from a replica (its primary); else where they are read. */
  keep?: GroupClient;
}

/** What a kept result's signature covers: every field of it, under a domain of its own. */
export function verificationMessage(v: Omit<VerificationRow, 'id' | 'signature'>): Buffer {
  return Buffer.from(
    `bingo-kiosk group verification\nhall ${v.hallId}\nwitness ${v.witnessKey}\nfrom ${v.fromSeq}\nto ${v.toSeq}\nhash ${v.toHash}\nfull ${v.fullCheck ? 1 : 0}\nat ${v.verifiedAt.toISOString()}\n`,
  );
}

function signatureHolds(v: VerificationRow, key: WitnessKey): boolean {
  try {
    return verifySignature(null, verificationMessage(v), createPublicKey(key.privateKey), Buffer.from(v.signature, 'base64'));
  } catch {
    return false;
  }
}

const CHUNK = 5000;

/** A hall checked, and the hash its last entry read ends on when every one held (null after a break). */
async function checkHall(c: GroupClient, hall: GroupHall, since: VerificationRow | null = null): Promise<{ check: HallCheck; endHash: string | null; span: { first: string; last: string } | null }> {
  let expected = 1;
  let span: { first: string; last: string } | null = null;
  // Where the hall said its chain begins: its UUID's genesis (files made since migration 0024), or zeros.
  let prev = hall.genesis ?? GENESIS;
  let entries = 0;
  let firstBreak: HallCheck['firstBreak'] = null;
  const done = () => ({ check: checked(), endHash: firstBreak ? null : prev, span });
  const checked = (): HallCheck => ({
    hallId: hall.hallId,
    name: hall.name,
    entries,
    headSeq: hall.headSeq,
    divergedSeq: hall.divergedSeq,
    firstBreak,
    fromSeq: since ? since.toSeq + 1 : 1,
    since: since ? { toSeq: since.toSeq, verifiedAt: since.verifiedAt.toISOString() } : null,
  });
  if (since && since.toSeq > 0) {
    // The entry the signed check ended on, as it recorded it: its stored hash, and the one its payload gives.
    const [at] = await journalSeqs(c, hall.hallId, since.toSeq, since.toSeq);
    if (!at || at.seq !== since.toSeq) {
      firstBreak = { seq: since.toSeq, reason: 'missing' };
      return done();
    }
    if (at.hash !== since.toHash || payloadHash(at.prevHash, at) !== since.toHash) {
      firstBreak = { seq: since.toSeq, reason: 'verified' };
      return done();
    }
    expected = since.toSeq + 1;
    prev = since.toHash;
  }
  const lastSeq = await journalLastSeq(c, hall.hallId);
  // The next window is asked for while this one is hashed: PostgreSQL and this thread work at once.
  const window = (from: number) => journalSeqs(c, hall.hallId, from, from + CHUNK - 1);
  let next = lastSeq >= expected ? window(expected) : null;
  outer: for (let from = expected; next; from += CHUNK) {
    const page = await next;
    next = from + CHUNK <= lastSeq ? window(from + CHUNK) : null;
    for (const r of page) {
      entries++;
      if (r.seq < expected) {
        firstBreak = { seq: r.seq, reason: 'duplicate' };
        break outer;
      }
      if (r.seq > expected) {
        firstBreak = { seq: expected, reason: 'missing' };
        break outer;
      }
      const recomputed = payloadHash(r.prevHash, r);
      if (recomputed !== r.hash) {
        // The chain's other copy of this hash: the next entry's prev_hash, or the head the shipper recorded.
        const nextPrev = (await groupPrevHashAt(c, hall.hallId, r.seq + 1)) ?? (r.seq === hall.headSeq ? hall.headHash : undefined);
        firstBreak = { seq: r.seq, reason: alteredPart(recomputed, r.hash, nextPrev) };
        break outer;
      }
      if (!payloadColumnsHold(r)) {
        firstBreak = { seq: r.seq, reason: 'payload' };
        break outer;
      }
      if (r.prevHash !== prev) {
        firstBreak = { seq: r.seq, reason: 'link' };
        break outer;
      }
      // The documents: any entry that has them, and every entry from the first shipped with them, must match
      // the digest bound to its (chained) hash.
      const owesDocuments = hall.documentsFrom !== null && r.seq >= hall.documentsFrom;
      if (
        !documentsHold(r, r.hash, owesDocuments) ||
        // The report finds an entry's documents by their tables' names: a name dropped would hide them from it.
        !sameTables(r.docTables ?? null, r.documents)
      ) {
        firstBreak = { seq: r.seq, reason: 'documents' };
        break outer;
      }
      // The facts the report reads (the group's contract, issue 39): the hall's (bound above) or the group's own,
      // each derived again from the entry's documents and compared.
      const facts = factsBreak(r, hall.factsFrom !== null && r.seq >= hall.factsFrom);
      if (facts) {
        firstBreak = { seq: r.seq, reason: facts.part, words: facts.words };
        break outer;
      }
      prev = r.hash;
      expected = r.seq + 1;
      // The earliest and latest times read (a hall's clock set back makes them out of order).
      if (span === null) span = { first: r.payload.at, last: r.payload.at };
      else if (r.payload.at < span.first) span.first = r.payload.at;
      else if (r.payload.at > span.last) span.last = r.payload.at;
    }
  }
  // A window still on its way when a break ended the check: its answer (or failure) is not wanted.
  void next?.catch(() => undefined);
  if (!firstBreak) {
    const last = expected - 1;
    if (last > hall.headSeq) firstBreak = { seq: hall.headSeq + 1, reason: 'extra' };
    else if (last < hall.headSeq) firstBreak = { seq: last + 1, reason: 'missing' };
    else if (prev !== hall.headHash) firstBreak = { seq: hall.headSeq, reason: 'head' };
  }
  return done();
}

export async function verifyGroup(c: GroupClient | GroupPool, o: VerifyOptions = {}): Promise<GroupCheck> {
  const halls: HallCheck[] = [];
  const now = o.now ?? (() => new Date());
  for (const hall of await groupHalls(c)) {
    const newest = o.key ? (await newestVerifications(c, hall.hallId, o.key.verifierKey, 1))[0] : undefined;
    const forged = newest && !signatureHolds(newest, o.key!) ? newest : undefined;
    const since = newest && !forged && !o.full ? newest : null;
    const { check, endHash, span } = await checkHall(c, hall, since);
    if (forged) check.forgedResult = { id: forged.id, toSeq: forged.toSeq };
    if (endHash !== null && span !== null) {
      if (hall.summarizedSeq < hall.headSeq) check.summaries = { behind: true, summarizedSeq: hall.summarizedSeq };
      else {
        const fromDay = hallDay(new Date(Date.parse(span.first) - DAY_MS), hall.timeZone);
        const toDay = hallDay(new Date(span.last), hall.timeZone);
        check.summaries = { fromDay, toDay, differences: await summaryDifferences(c, hall, fromDay, toDay) };
      }
    }
    halls.push(check);
    // Kept only what held, and only when it read something new (or was asked whole): the next check starts there.
    const lastRead = check.fromSeq + check.entries - 1;
    if (o.key && endHash !== null && check.divergedSeq === null && (check.entries > 0 || o.full || !since)) {
      const row = { hallId: hall.hallId, witnessKey: o.key.verifierKey, fromSeq: check.fromSeq, toSeq: lastRead, toHash: endHash, fullCheck: since === null, verifiedAt: now() };
      await insertVerification(o.keep ?? c, { ...row, signature: sign(null, verificationMessage(row), o.key.privateKey).toString('base64') });
    }
  }
  return {
    valid: halls.every((h) => h.firstBreak === null && h.divergedSeq === null && !h.forgedResult && !(h.summaries && 'differences' in h.summaries && h.summaries.differences.length > 0)),
    halls,
  };
}

/** Whether `tables` names exactly the tables of `documents` (both absent on an entry shipped without them). */
function sameTables(tables: readonly string[] | null, documents: Record<string, unknown> | null): boolean {
  if (documents === null) return tables === null;
  const keys = Object.keys(documents).sort();
  return tables !== null && tables.length === keys.length && [...tables].sort().every((t, i) => t === keys[i]);
}
