/**
 * What the hall's shipper binds an entry with and the group's programs
 * (main/group/recompute.ts) recompute: the entry's digest, the hall's readers
 * the contract's mapping is given, and the newest hall schema this program
 * reads. One function on both sides, so a digest that differs is a change,
 * never two spellings of it.
 */
import { hash } from 'node:crypto';
import { canonicalJson } from '../../core/idempotency.js';
import type { EntryFacts } from '../../core/group-contract/facts.js';
import type { HallReaders } from '../../core/group-contract/hall-rows.js';
import { parseMachinesCsv } from '../../core/caixa/rules.js';
import { loadMigrations } from '../../db/connection.js';
import { documentsHash, type EntryDocuments } from '../../db/journal.js';

/**
 * An entry's digest (its `documentsHash`): its documents and, on an entry the hall built facts for (the group's
 * contract, issue 39), those facts, the contract's version and the hall schema it shipped from, bound to the entry's
 * own audit hash (which the chain covers): a document or a fact changed, dropped, added or moved gives another
 * digest. An entry shipped before facts travelled keeps the digest of its documents alone (db/journal.ts
 * documentsHash). Keys sorted (canonicalJson): PostgreSQL's jsonb keeps no key order. `texts`: the canonical JSON
 * of the documents and facts when the caller made it already (the shipper sends the same texts to PostgreSQL; its
 * facts come out of the contract's mapping canonical, so JSON.stringify gives theirs).
 */
export function entryDigest(
  entryHash: string,
  documents: EntryDocuments,
  published?: { contract: number; facts: EntryFacts; hallSchema?: number | null },
  texts: { documents?: string; facts?: string } = {},
): string {
  if (!published) return documentsHash(entryHash, documents);
  // One call (crypto.hash) over the whole text: the shipper makes one per entry.
  return hash(
    'sha256',
    `bingo-kiosk journal entry\n${entryHash}\n${texts.documents ?? canonicalJson(documents)}\nfacts ${published.contract} hall schema ${published.hallSchema ?? 'none'}\n${texts.facts ?? canonicalJson(published.facts)}`,
  );
}

/** The hall's readers the contract's mapping is given (the caixa's reader of a machines' file). */
export const HALL_READERS: HallReaders = { machinesCsv: parseMachinesCsv };

let newest: number | undefined;
/** The newest hall schema this program carries (its hall migrations): a hall's entry from a later one is not read. */
export function newestHallSchema(): number {
  return (newest ??= loadMigrations().length);
}
