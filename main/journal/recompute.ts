/**
 * An entry of the group's copy recomputed from what it holds (issue 37): its
 * chain hash from its payload (the hall's own function, db/audit.ts), its
 * documents' digest from its documents. group:verify and the witness share
 * it, so both name the same fault the same way: a replaced hash as a hash,
 * an edited payload as the payload.
 */
import { auditRowHash } from '../../db/audit.js';
import type { GroupEntry } from '../../db/group/journal.js';
import { documentsHash } from '../../db/journal.js';

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

/** Whether the entry's documents hold: their digest bound to `hash`, present where the hall owed them. */
export function documentsHold(e: Pick<GroupEntry, 'documents' | 'documentsHash'>, hash: string, owed: boolean): boolean {
  if (!owed && e.documents === null && e.documentsHash === null) return true;
  return e.documents !== null && e.documentsHash === documentsHash(hash, e.documents);
}

/** The group's words for each altered part of its copy (the witness's report, group:verify's). */
export const ALTERED_WORDS = {
  payload: 'o conteúdo não dá o hash guardado',
  hash: 'o hash guardado não é o que o conteúdo dá (a cadeia guarda o do conteúdo)',
  documents: 'os documentos não dão o resumo guardado',
  link: 'não continua a entrada anterior',
  missing: 'falta',
  duplicate: 'está em duplicado',
} as const;
export type AlteredPart = keyof typeof ALTERED_WORDS;
