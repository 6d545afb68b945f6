/**
 * An entry of the group's copy recomputed from what it holds (issue 37): its
 * chain hash from its payload (the hall's own function, db/audit.ts), its
 * documents' digest from its documents. group:verify and the witness share
 * it, so both name the same fault the same way: a replaced hash as a hash,
 * an edited payload as the payload.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/idempotency.js';
import { CONTRACT_DERIVED, CONTRACT_VERSION, factsProblem, type EntryFacts } from '../../core/group-contract/facts.js';
import { factsOfHallRows, type HallReaders } from '../../core/group-contract/hall-rows.js';
import { parseMachinesCsv } from '../../core/caixa/rules.js';
import { auditRowHash } from '../../db/audit.js';
import type { GroupEntry } from '../../db/group/journal.js';
import { documentsHash, type EntryDocuments } from '../../db/journal.js';

/** The entry's chain hash as its payload gives it, after `prevHash`. */
export function payloadHash(prevHash: string, e: Pick<GroupEntry, 'seq' | 'payload'>): string {
  const p = e.payload;
  return auditRowHash(prevHash, {
    id: e.seq,
    at: p.at,
    operator_id: p.operatorId,
    terminal_id: p.terminalId,
    channel: p.channel,
    outcome: p.outcome,
    input: p.input,
    before: p.before,
    after: p.after,
  });
}

/**
 * Whether the entry's own columns agree with its payload (the kind and the time it is filed under are copies of
 * the payload's channel and time: the report reads them).
 */
export function payloadColumnsHold(e: Pick<GroupEntry, 'kind' | 'payload' | 'recordedAt'>): boolean {
  return e.kind === e.payload.channel && new Date(e.payload.at).getTime() === e.recordedAt.getTime();
}

/**
 * Which part of an entry was altered when its payload does not give its stored hash. The chain keeps a second
 * copy of every hash: the next entry's prev_hash (the hall's head hash for the last one). When that copy is the
 * payload's hash, the stored hash was the one replaced; otherwise the payload was edited.
 */
export function alteredPart(recomputed: string, stored: string, nextPrevHash: string | undefined): 'hash' | 'payload' {
  return nextPrevHash !== undefined && nextPrevHash === recomputed && stored !== recomputed ? 'hash' : 'payload';
}

/**
 * An entry's digest (its `documentsHash`): its documents and, on an entry the hall built facts for (the group's
 * contract, issue 39), those facts and the contract's version, bound to the entry's own audit hash (which the
 * chain covers): a document or a fact changed, dropped, added or moved gives another digest. An entry shipped
 * before facts travelled keeps the digest of its documents alone (db/journal.ts documentsHash). Keys sorted
 * (canonicalJson): PostgreSQL's jsonb keeps no key order. `factsJson`: the facts' canonical JSON when the caller
 * has it for less (the shipper: facts come out of the contract's mapping canonical, so JSON.stringify gives it).
 */
export function entryDigest(entryHash: string, documents: EntryDocuments, published?: { contract: number; facts: EntryFacts }, factsJson?: string): string {
  if (!published) return documentsHash(entryHash, documents);
  return createHash('sha256')
    .update('bingo-kiosk journal entry\n')
    .update(entryHash)
    .update('\n')
    .update(canonicalJson(documents))
    .update(`\nfacts ${published.contract}\n`)
    .update(factsJson ?? canonicalJson(published.facts))
    .digest('hex');
}

/**
 * Whether the entry's documents hold: their digest bound to `hash` (with its facts, on an entry the hall built
 * them for), present where the hall owed them.
 */
export function documentsHold(e: Pick<GroupEntry, 'documents' | 'documentsHash' | 'contract' | 'facts'>, hash: string, owed: boolean): boolean {
  if (!owed && e.documents === null && e.documentsHash === null) return true;
  const published = e.contract !== null && e.contract > CONTRACT_DERIVED && e.facts !== null ? { contract: e.contract, facts: e.facts } : undefined;
  return e.documents !== null && e.documentsHash === entryDigest(hash, e.documents, published);
}

/** The hall's readers the contract's mapping is given (the caixa's reader of a machines' file). */
export const HALL_READERS: HallReaders = { machinesCsv: parseMachinesCsv };

/** The facts of an entry shipped before they travelled, as the group derives them (contract version 0) from its audit row and raw rows. */
export function derivedFacts(e: Pick<GroupEntry, 'payload' | 'documents'>): EntryFacts {
  return factsOfHallRows(e.payload, e.documents ?? {}, HALL_READERS);
}

/**
 * Whether the entry's facts hold (issue 39, the group's contract), its documents' digest checked apart: present
 * from the first entry the hall shipped with them (`owed`), of a contract version this group knows, every fact its
 * schema's, their keys the ones the report finds them by; facts the group derived (version 0) are derived again
 * from the entry's raw rows and must be the same; an entry without facts must have none to give.
 */
export function factsHold(e: Pick<GroupEntry, 'payload' | 'documents' | 'contract' | 'facts' | 'factTypes'>, owed: boolean): boolean {
  if (e.contract === null || e.facts === null) {
    if (owed || e.contract !== null || e.facts !== null || (e.factTypes ?? null) !== null) return false;
    // Not yet upcast (an older shipper's, sent since the group's programs last opened it, or rows the mapping cannot
    // read): it holds only if it publishes nothing the report would miss.
    try {
      return Object.keys(derivedFacts(e)).length === 0;
    } catch {
      return false;
    }
  }
  const keys = Object.keys(e.facts).sort();
  const types = e.factTypes ?? null;
  if (types === null || types.length !== keys.length || ![...types].sort().every((t, i) => t === keys[i])) return false;
  if (e.contract === CONTRACT_DERIVED) {
    if (owed) return false;
    try {
      return canonicalJson(derivedFacts(e)) === canonicalJson(e.facts);
    } catch {
      return false;
    }
  }
  return e.contract <= CONTRACT_VERSION && factsProblem(e.facts) === null;
}

/** The group's words for each altered part of its copy (the witness's report, group:verify's). */
export const ALTERED_WORDS = {
  payload: 'o conteúdo não dá o hash guardado',
  hash: 'o hash guardado não é o que o conteúdo dá (a cadeia guarda o do conteúdo)',
  documents: 'os documentos não dão o resumo guardado',
  facts: 'os factos publicados não são os do contrato do grupo',
  link: 'não continua a entrada anterior',
  missing: 'falta',
  duplicate: 'está em duplicado',
} as const;
export type AlteredPart = keyof typeof ALTERED_WORDS;
