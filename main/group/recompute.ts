/**
 * An entry of the group's copy recomputed from what it holds (issue 37): its
 * chain hash from its payload (the hall's own function, db/audit.ts), its
 * documents' digest from its documents (the digest the hall's shipper made:
 * main/journal/digest.ts). group:verify and the witness share it, so both
 * name the same fault the same way: a replaced hash as a hash, an edited
 * payload as the payload.
 */
import { canonicalJson } from '../../core/idempotency.js';
import { CONTRACT_DERIVED, CONTRACT_VERSION, factsProblem, type EntryFacts } from '../../core/group-contract/facts.js';
import { factsOfHallRows, HALL_MAPPINGS, hallMapping } from '../../core/group-contract/hall-rows.js';
import { auditRowHash } from '../../db/audit.js';
import type { GroupEntry } from '../../db/group/journal.js';
import { entryDigest, HALL_READERS, newestHallSchema } from '../journal/digest.js';

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
 * Whether the entry's documents hold: their digest bound to `hash` (with its facts and hall schema, on an entry the
 * hall built them for), present where the hall owed them.
 */
export function documentsHold(e: Pick<GroupEntry, 'documents' | 'documentsHash' | 'contract' | 'facts' | 'hallSchema'>, hash: string, owed: boolean): boolean {
  if (!owed && e.documents === null && e.documentsHash === null) return true;
  const published = e.contract !== null && e.contract > CONTRACT_DERIVED && e.facts !== null ? { contract: e.contract, facts: e.facts, hallSchema: e.hallSchema ?? null } : undefined;
  return e.documents !== null && e.documentsHash === entryDigest(hash, e.documents, published);
}

/** The facts of an entry shipped before they travelled, as the group derives them (contract version 0) from its audit row and raw rows. */
export function derivedFacts(e: Pick<GroupEntry, 'payload' | 'documents'>): EntryFacts {
  return factsOfHallRows(e.payload, e.documents ?? {}, HALL_READERS, hallMapping(null, newestHallSchema())!);
}

/** Why an entry's facts do not hold, in the group's words: `facts`, or `hall_schema` (shipped from a hall schema the group does not read). */
export interface FactsBreak {
  part: 'facts' | 'hall_schema';
  words: string;
}

const shown = (v: unknown): string => (v === undefined ? 'nada' : JSON.stringify(v));

/**
 * The first difference between the facts an entry's documents give and those it carries, in words (the fact's
 * `type@version`, its place in the entry's list, the field and both values), or null when they are the same.
 */
export function factsDifference(derived: EntryFacts, carried: EntryFacts): string | null {
  const d = derived as Record<string, unknown[]>;
  const c = carried as Record<string, unknown[]>;
  for (const key of [...new Set([...Object.keys(d), ...Object.keys(c)])].sort()) {
    const mine = d[key] ?? [];
    const theirs = c[key] ?? [];
    for (let i = 0; i < Math.max(mine.length, theirs.length); i++) {
      const a = mine[i];
      const b = theirs[i];
      if (a !== undefined && b !== undefined && canonicalJson(a) === canonicalJson(b)) continue;
      if (a === undefined) return `${key} n.º ${i + 1} a mais nos factos (${shown(b)}): os documentos não o dão`;
      if (b === undefined) return `${key} n.º ${i + 1} em falta nos factos: os documentos dão ${shown(a)}`;
      const fields = [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])].sort();
      const f = fields.find((k) => canonicalJson((a as Record<string, unknown>)[k] ?? null) !== canonicalJson((b as Record<string, unknown>)[k] ?? null));
      return f === undefined
        ? `${key} n.º ${i + 1}: ${shown(b)} nos factos, ${shown(a)} nos documentos`
        : `${key} n.º ${i + 1}: ${f} ${shown((b as Record<string, unknown>)[f])} nos factos, ${shown((a as Record<string, unknown>)[f])} nos documentos`;
    }
  }
  return null;
}

/** The facts `derive` gives from an entry's documents, or the words of why they give none. */
function deriveOrWords(derive: () => EntryFacts): EntryFacts | string {
  try {
    return derive();
  } catch (err) {
    return `os documentos não dão os factos do contrato (${err instanceof Error ? err.message : String(err)})`;
  }
}

/**
 * Why the entry's facts do not hold (issue 39, the group's contract), or null when they do; its documents' digest
 * checked apart. Present from the first entry the hall shipped with them (`owed`), of a contract version this group
 * knows, every fact its schema's, their keys the ones the report finds them by, and the very facts the entry's
 * documents give: the hall's (version 1) mapped again from its documents by the range of the hall schema it
 * shipped from (named when the group reads no such schema), the group's own (version 0) derived again from its raw
 * rows. An entry without facts must have none to give.
 */
export function factsBreak(e: Pick<GroupEntry, 'payload' | 'documents' | 'contract' | 'facts' | 'factTypes' | 'hallSchema'>, owed: boolean): FactsBreak | null {
  const facts = (words: string): FactsBreak => ({ part: 'facts', words });
  if (e.contract === null || e.facts === null) {
    if (owed) return facts('sem factos, numa entrada de quando a sala já os enviava');
    if (e.contract !== null || e.facts !== null || (e.factTypes ?? null) !== null) return facts('factos a meio (versão do contrato, factos e os seus tipos não vêm juntos)');
    // Not yet upcast (an older shipper's, sent since the group's programs last opened it, or rows the mapping cannot
    // read): it holds only if it publishes nothing the report would miss.
    const derived = deriveOrWords(() => derivedFacts(e));
    if (typeof derived === 'string') return facts(derived);
    const kinds = Object.keys(derived);
    return kinds.length === 0 ? null : facts(`sem factos, e os documentos dão ${kinds.join(', ')} que o relatório não veria`);
  }
  const keys = Object.keys(e.facts).sort();
  const types = e.factTypes ?? null;
  if (types === null || types.length !== keys.length || ![...types].sort().every((t, i) => t === keys[i])) return facts('os tipos de factos guardados (fact_types) não são os dos factos');
  if (e.contract === CONTRACT_DERIVED) {
    if (owed) return facts('factos derivados pelo grupo numa entrada de quando a sala já os enviava');
    const derived = deriveOrWords(() => derivedFacts(e));
    if (typeof derived === 'string') return facts(derived);
    const differs = factsDifference(derived, e.facts);
    return differs === null ? null : facts(differs);
  }
  if (e.contract > CONTRACT_VERSION) return facts(`versão ${e.contract} do contrato, que este programa do grupo não conhece (conhece até à ${CONTRACT_VERSION})`);
  const schema = e.hallSchema ?? null;
  if (schema === null) return { part: 'hall_schema', words: 'enviada sem dizer de que esquema da base de dados da sala' };
  const mapping = hallMapping(schema, newestHallSchema());
  if (mapping === null) {
    const known = `enviada do esquema ${schema} da base de dados da sala, que o contrato deste programa do grupo não conhece (conhece do ${HALL_MAPPINGS[0]!.from} ao ${newestHallSchema()})`;
    // A hall newer than the group's programs: theirs is the upgrade (docs/group-contract.md).
    return { part: 'hall_schema', words: schema > newestHallSchema() ? `${known}: a sala é mais recente, e o programa do grupo tem de ser atualizado` : known };
  }
  const derived = deriveOrWords(() => factsOfHallRows(e.payload, e.documents ?? {}, HALL_READERS, mapping));
  // The same facts as the documents give (which left the mapping through their schemas): they hold. Built canonical,
  // the derived facts' JSON is JSON.stringify's; the stored ones come back from jsonb in its own key order.
  if (typeof derived !== 'string' && JSON.stringify(derived) === canonicalJson(e.facts)) return null;
  // Else the words: facts not of the contract first (an unknown type or version says more than "it differs").
  const problem = factsProblem(e.facts);
  if (problem !== null) return facts(problem);
  if (typeof derived === 'string') return facts(derived);
  return facts(factsDifference(derived, e.facts) ?? 'os factos não são os que os documentos dão');
}

/** Whether the entry's facts hold (factsBreak finds none). */
export function factsHold(e: Pick<GroupEntry, 'payload' | 'documents' | 'contract' | 'facts' | 'factTypes' | 'hallSchema'>, owed: boolean): boolean {
  return factsBreak(e, owed) === null;
}

/** The group's words for each altered part of its copy (the witness's report, group:verify's). */
export const ALTERED_WORDS = {
  payload: 'o conteúdo não dá o hash guardado',
  hash: 'o hash guardado não é o que o conteúdo dá (a cadeia guarda o do conteúdo)',
  documents: 'os documentos não dão o resumo guardado',
  facts: 'os factos publicados não são os do contrato do grupo',
  hall_schema: 'enviada de um esquema da base de dados da sala que o contrato do grupo não conhece',
  link: 'não continua a entrada anterior',
  missing: 'falta',
  duplicate: 'está em duplicado',
} as const;
export type AlteredPart = keyof typeof ALTERED_WORDS;
