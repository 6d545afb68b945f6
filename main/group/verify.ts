/**
 * group:verify (issue 25): every hall's journal in the group's PostgreSQL,
 * recomputed from its payloads alone, entry by entry: contiguous from 1,
 * each linked to the one before, each hash its payload's, each entry's
 * documents and facts their digest (bound to the entry's hash), each entry's
 * facts those of the group's contract (docs/group-contract.md) and the very
 * ones its documents give (mapped again by the hall schema it shipped from), and the last one the
 * head the shipper recorded. The first break of each hall is named.
 */
import type { GroupClient } from '../../db/group/client.js';
import { groupHalls, groupPrevHashAt, journalLastSeq, journalSeqs, type GroupHall } from '../../db/group/journal.js';
import { GENESIS } from '../../db/group/schema.js';
import { alteredPart, documentsHold, factsBreak, payloadColumnsHold, payloadHash } from './recompute.js';

/** hash: the stored hash replaced (the payload gives the one the chain keeps); payload: the payload edited. */
/** facts: the entry's facts not those its documents give (or not of the contract); hall_schema: shipped from a hall schema this program does not read. */
export type BreakReason = 'payload' | 'hash' | 'documents' | 'facts' | 'hall_schema' | 'missing' | 'duplicate' | 'link' | 'head' | 'extra';

export interface HallCheck {
  hallId: string;
  name: string;
  entries: number;
  headSeq: number;
  divergedSeq: number | null;
  /** The first entry that does not hold, or null; `words`: what in it does not hold (the fact that differs...), where the reason alone does not say. */
  firstBreak: { seq: number; reason: BreakReason; words?: string } | null;
}

export interface GroupCheck {
  valid: boolean;
  halls: HallCheck[];
}

const CHUNK = 5000;

async function checkHall(c: GroupClient, hall: GroupHall): Promise<HallCheck> {
  let expected = 1;
  // Where the hall said its chain begins: its UUID's genesis (files made since migration 0024), or zeros.
  let prev = hall.genesis ?? GENESIS;
  let entries = 0;
  let firstBreak: HallCheck['firstBreak'] = null;
  const lastSeq = await journalLastSeq(c, hall.hallId);
  // The next window is asked for while this one is hashed: PostgreSQL and this thread work at once.
  const window = (from: number) => journalSeqs(c, hall.hallId, from, from + CHUNK - 1);
  let next = lastSeq > 0 ? window(1) : null;
  outer: for (let from = 1; next; from += CHUNK) {
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
  return { hallId: hall.hallId, name: hall.name, entries, headSeq: hall.headSeq, divergedSeq: hall.divergedSeq, firstBreak };
}

export async function verifyGroup(c: GroupClient): Promise<GroupCheck> {
  const halls: HallCheck[] = [];
  for (const hall of await groupHalls(c)) halls.push(await checkHall(c, hall));
  return { valid: halls.every((h) => h.firstBreak === null && h.divergedSeq === null), halls };
}

/** Whether `tables` names exactly the tables of `documents` (both absent on an entry shipped without them). */
function sameTables(tables: readonly string[] | null, documents: Record<string, unknown> | null): boolean {
  if (documents === null) return tables === null;
  const keys = Object.keys(documents).sort();
  return tables !== null && tables.length === keys.length && [...tables].sort().every((t, i) => t === keys[i]);
}
