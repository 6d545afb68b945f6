/** The group's SQL of the halls' journals (schema in ./schema.ts). bigint columns come back as text and are read as numbers here. */
import type { EntryFacts } from '../../core/group-contract/facts.js';
import type { HallTimeZone } from '../../core/time.js';
import type { GroupClient } from './client.js';

/** The rows an entry's command wrote, by table, as the hall stored them (db/journal.ts EntryDocuments). */
type GroupDocuments = Record<string, Record<string, unknown>[]>;

interface GroupHead {
  headSeq: number;
  headHash: string;
  divergedSeq: number | null;
  /** The last entry its summaries hold (db/group/summaries.ts), and the clock their days are counted on. */
  summarizedSeq: number;
  timeZone: HallTimeZone;
}

export interface GroupHall extends GroupHead {
  hallId: string;
  /** Where the hall's chain begins (null: a hall first shipped before the group kept it: zeros). */
  genesis: string | null;
  name: string;
  licence: string | null;
  /** The hall's time zone (its days are counted on it). */
  timeZone: HallTimeZone;
  lastEntryAt: Date | null;
  lastShippedAt: Date | null;
  /** The first seq the group holds with its documents (null: none yet); every later entry must have them. */
  documentsFrom: number | null;
  /** The first seq the group holds with its facts as the hall built them (null: none yet); every later entry must have them. */
  factsFrom: number | null;
}

/** One entry as the group keeps it; `payload` holds the audit row's fields, its texts exact. */
export interface GroupEntry {
  seq: number;
  prevHash: string;
  hash: string;
  kind: string;
  payload: { at: string; operatorId: number | null; terminalId: string; channel: string; outcome: string; input: string; before: string | null; after: string | null };
  /** Null on entries shipped before documents travelled (below the hall's documents_from). */
  documents: GroupDocuments | null;
  documentsHash: string | null;
  /** The names of its documents' tables, as the report finds them (null where documents are); read back by group:verify. */
  docTables?: string[] | null;
  /**
   * The group's contract (core/group-contract): the version the entry's facts were built under (1: by the hall, bound
   * in documentsHash; 0: derived by the group from its raw rows), null while it has none (shipped by an older shipper,
   * not yet upcast).
   */
  contract: number | null;
  facts: EntryFacts | null;
  /** The keys of its facts, as the report finds them; read back by group:verify. */
  factTypes?: string[] | null;
  /**
   * The hall's schema (its SQLite file's user_version) the entry was shipped from, bound in documentsHash with its
   * facts (contract version 1): group:verify maps its documents again by that schema's mapping. Null before.
   */
  hallSchema?: number | null;
  recordedAt: Date;
}

/** An entry on its way in; `texts`: its documents' and facts' JSON when the shipper made them already (the same values). */
export type EntryToAppend = Omit<GroupEntry, 'recordedAt'> & { texts?: { documents?: string; facts?: string } };

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * The hall known to the group (its name and licence kept current). Its genesis is taken once, at its first
 * shipment, as its head before any entry; never changed after (a hall cannot move where its chain begins).
 */
export async function registerHall(c: GroupClient, h: { hallId: string; name: string; licence: string | null; timeZone: HallTimeZone; genesis: string }): Promise<void> {
  await c.query(
    `INSERT INTO halls (hall_id, name, licence, time_zone, genesis, head_hash) VALUES ($1, $2, $3, $5, $4, $4)
     ON CONFLICT (hall_id) DO UPDATE SET name = EXCLUDED.name, licence = EXCLUDED.licence, time_zone = EXCLUDED.time_zone,
       genesis = COALESCE(halls.genesis, CASE WHEN halls.head_seq = 0 THEN EXCLUDED.genesis END),
       head_hash = CASE WHEN halls.head_seq = 0 AND halls.genesis IS NULL THEN EXCLUDED.genesis ELSE halls.head_hash END
       WHERE halls.name IS DISTINCT FROM EXCLUDED.name OR halls.licence IS DISTINCT FROM EXCLUDED.licence
          OR halls.time_zone IS DISTINCT FROM EXCLUDED.time_zone OR (halls.genesis IS NULL AND halls.head_seq = 0)`,
    [h.hallId, h.name, h.licence, h.genesis, h.timeZone],
  );
}

/** The head the group holds of a hall; `lock` holds its row until the transaction ends (one batch at a time per hall). */
export async function groupHead(c: GroupClient, hallId: string, lock: boolean): Promise<GroupHead> {
  const { rows } = await c.query<{ head_seq: string; head_hash: string; diverged_seq: string | null; summarized_seq: string; time_zone: HallTimeZone }>(
    `SELECT head_seq, head_hash, diverged_seq, summarized_seq, time_zone FROM halls WHERE hall_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [hallId],
  );
  const r = rows[0];
  if (!r) throw new Error(`halls: no row for ${hallId}`);
  return { headSeq: Number(r.head_seq), headHash: r.head_hash, divergedSeq: num(r.diverged_seq), summarizedSeq: Number(r.summarized_seq), timeZone: r.time_zone };
}

export async function groupHashAt(c: GroupClient, hallId: string, seq: number): Promise<string | undefined> {
  const { rows } = await c.query<{ hash: string }>('SELECT hash FROM journal WHERE hall_id = $1 AND seq = $2 LIMIT 1', [hallId, seq]);
  return rows[0]?.hash;
}

/** The hashes the group holds of some seqs of a hall. */
export async function groupHashes(c: GroupClient, hallId: string, seqs: readonly number[]): Promise<Map<number, string>> {
  const { rows } = await c.query<{ seq: string; hash: string }>('SELECT seq, hash FROM journal WHERE hall_id = $1 AND seq = ANY($2::bigint[])', [hallId, seqs]);
  return new Map(rows.map((r) => [Number(r.seq), r.hash]));
}

/** The prev_hash the group holds on a hall's entry `seq` (the chain's second copy of the hash before it), if it holds one. */
export async function groupPrevHashAt(c: GroupClient, hallId: string, seq: number): Promise<string | undefined> {
  const { rows } = await c.query<{ prev_hash: string }>('SELECT prev_hash FROM journal WHERE hall_id = $1 AND seq = $2 LIMIT 1', [hallId, seq]);
  return rows[0]?.prev_hash;
}

/** Where the hall's history parts from the group's: kept once, the first time it is seen. */
export async function markDiverged(c: GroupClient, hallId: string, seq: number): Promise<void> {
  await c.query('UPDATE halls SET diverged_seq = $2, diverged_at = now() WHERE hall_id = $1 AND diverged_seq IS NULL', [hallId, seq]);
}

/** A COPY ... FROM STDIN of rows in PostgreSQL's text format, sent as they are made (main/journal/copy.ts: the driver's). */
export type CopyRows = (sql: string, rows: Iterable<string>) => Promise<void>;

const JOURNAL_COPY = `COPY journal (hall_id, seq, prev_hash, hash, kind, payload, documents, documents_hash, recorded_at, doc_tables, contract, facts, fact_types, hall_schema) FROM STDIN`;

/** A field of COPY's text format: null as \N; a backslash, tab, newline or carriage return escaped. */
function field(v: string | number | null): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  const text = v;
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : text;
}

/** A JSON text as a field: JSON.stringify leaves no tab, newline or carriage return raw, only backslashes to double. */
function jsonField(v: unknown): string {
  return v === null ? '\\N' : jsonText(JSON.stringify(v));
}

/** A JSON text as a field. */
function jsonText(json: string): string {
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
}

/** An object's keys as a text[] literal, sorted (group:verify compares them as a set), each quoted. */
function keysArray(o: object): string {
  // Entries of a kind share their tables and facts' kinds: each set of keys made into text once.
  const keys = Object.keys(o);
  const known = keyArrays.get(keys.join('\u0000'));
  if (known !== undefined) return known;
  const text = `{${keys
    .sort()
    .map((k) => `"${k.replace(/["\\]/g, (c) => `\\${c}`)}"`)
    .join(',')}}`;
  if (keyArrays.size < 1_000) keyArrays.set(Object.keys(o).join('\u0000'), text);
  return text;
}
const keyArrays = new Map<string, string>();

/**
 * Entries by one COPY, each made as it is sent (`entries` may build them lazily: PostgreSQL inserts the first while
 * the next are made), then the head moved to the last. Each column as the hall gave it: the payload, documents and
 * facts as JSON texts PostgreSQL reads into jsonb, recorded_at the payload's own time, doc_tables and fact_types the
 * keys of the documents and facts (none where they are not an object).
 */
export async function appendEntries(c: GroupClient, copy: CopyRows, hallId: string, entries: Iterable<EntryToAppend>): Promise<void> {
  let last: EntryToAppend | null = null;
  let firstWithDocuments: number | null = null;
  let firstWithFacts: number | null = null;
  const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);
  const hall = field(hallId);
  function* rows(): Generator<string> {
    for (const e of entries) {
      last = e;
      if (firstWithDocuments === null && e.documentsHash !== null) firstWithDocuments = e.seq;
      if (firstWithFacts === null && e.contract !== null && e.contract > 0) firstWithFacts = e.seq;
      const facts = isObject(e.facts) ? e.facts : null;
      // One template, not an array joined: this runs once per entry shipped.
      yield `${hall}\t${field(e.seq)}\t${field(e.prevHash)}\t${field(e.hash)}\t${field(e.kind)}\t${jsonField(e.payload)}\t${
        e.texts?.documents !== undefined && e.documents !== null ? jsonText(e.texts.documents) : jsonField(e.documents)
      }\t${field(e.documentsHash)}\t${field(e.payload.at)}\t${field(isObject(e.documents) ? keysArray(e.documents) : null)}\t${field(e.contract)}\t${
        e.texts?.facts !== undefined && facts !== null ? jsonText(e.texts.facts) : jsonField(facts)
      }\t${field(facts === null ? null : keysArray(facts))}\t${field(e.hallSchema ?? null)}\n`;
    }
  }
  await copy(JOURNAL_COPY, rows());
  const end = last as EntryToAppend | null;
  if (end === null) return;
  await c.query(
    `UPDATE halls SET head_seq = $2, head_hash = $3, last_entry_at = $4, last_shipped_at = now(), documents_from = COALESCE(documents_from, $5),
            facts_from = COALESCE(facts_from, $6)
      WHERE hall_id = $1`,
    [hallId, end.seq, end.hash, end.payload.at, firstWithDocuments, firstWithFacts],
  );
}

export async function groupHalls(c: GroupClient): Promise<GroupHall[]> {
  const { rows } = await c.query<{
    hall_id: string;
    name: string;
    licence: string | null;
    time_zone: HallTimeZone;
    head_seq: string;
    head_hash: string;
    diverged_seq: string | null;
    last_entry_at: Date | null;
    last_shipped_at: Date | null;
    genesis: string | null;
    documents_from: string | null;
    facts_from: string | null;
    summarized_seq: string;
  }>(
    'SELECT hall_id, name, licence, time_zone, head_seq, head_hash, diverged_seq, last_entry_at, last_shipped_at, genesis, documents_from, facts_from, summarized_seq FROM halls ORDER BY name, hall_id',
  );
  return rows.map((r) => ({
    hallId: r.hall_id,
    name: r.name,
    licence: r.licence,
    timeZone: r.time_zone,
    headSeq: Number(r.head_seq),
    headHash: r.head_hash,
    divergedSeq: num(r.diverged_seq),
    lastEntryAt: r.last_entry_at,
    lastShippedAt: r.last_shipped_at,
    genesis: r.genesis,
    documentsFrom: num(r.documents_from),
    factsFrom: num(r.facts_from),
    summarizedSeq: Number(r.summarized_seq),
  }));
}

/**
 * A hall's entries whose seq is within [fromSeq, toSeq], in order (a copy of one seq beside it, if someone inserted
 * one). Read by a window of seqs, not "after the last row, LIMIT n": on a table not yet analysed the planner would
 * sort everything after the last row for every page, a million entries' check then taking minutes.
 */
export async function journalSeqs(c: GroupClient, hallId: string, fromSeq: number, toSeq: number): Promise<GroupEntry[]> {
  const { rows } = await c.query<{
    seq: string;
    prev_hash: string;
    hash: string;
    kind: string;
    payload: GroupEntry['payload'];
    documents: GroupDocuments | null;
    documents_hash: string | null;
    doc_tables: string[] | null;
    contract: number | null;
    facts: EntryFacts | null;
    fact_types: string[] | null;
    hall_schema: number | null;
    recorded_at: Date;
  }>(
    `SELECT seq, prev_hash, hash, kind, payload, documents, documents_hash, doc_tables, contract, facts, fact_types, hall_schema, recorded_at FROM journal
      WHERE hall_id = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq, recorded_at`,
    [hallId, fromSeq, toSeq],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    prevHash: r.prev_hash,
    hash: r.hash,
    kind: r.kind,
    payload: r.payload,
    documents: r.documents,
    documentsHash: r.documents_hash,
    docTables: r.doc_tables,
    contract: r.contract,
    facts: r.facts,
    factTypes: r.fact_types,
    hallSchema: r.hall_schema,
    recordedAt: r.recorded_at,
  }));
}

/** The highest seq the group holds of a hall (0: none), whatever its head says. */
export async function journalLastSeq(c: GroupClient, hallId: string): Promise<number> {
  const { rows } = await c.query<{ s: string | null }>(`SELECT max(seq) AS s FROM journal WHERE hall_id = $1`, [hallId]);
  return Number(rows[0]?.s ?? 0);
}

/** Entries still without facts (shipped before they travelled, or by an older shipper), oldest first, at most `limit`. */
export async function entriesToUpcast(c: GroupClient, limit: number): Promise<{ hallId: string; seq: number; recordedAt: Date; payload: GroupEntry['payload']; documents: GroupDocuments | null }[]> {
  const { rows } = await c.query<{ hall_id: string; seq: string; recorded_at: Date; payload: GroupEntry['payload']; documents: GroupDocuments | null }>(
    `SELECT hall_id, seq, recorded_at, payload, documents FROM journal WHERE contract IS NULL ORDER BY hall_id, seq LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ hallId: r.hall_id, seq: Number(r.seq), recordedAt: r.recorded_at, payload: r.payload, documents: r.documents }));
}

/** The facts the group derived for entries of contract version `contract` (0): set once, on entries that have none. */
export async function setUpcastFacts(c: GroupClient, contract: number, rows: readonly { hallId: string; seq: number; recordedAt: Date; facts: EntryFacts }[]): Promise<void> {
  if (rows.length === 0) return;
  await c.query(
    `UPDATE journal j SET contract = $2, facts = u.facts, fact_types = ARRAY(SELECT jsonb_object_keys(u.facts) ORDER BY 1)
       FROM (SELECT (e->>'hallId')::uuid AS hall_id, (e->>'seq')::bigint AS seq, (e->>'recordedAt')::timestamptz AS recorded_at, e->'facts' AS facts
               FROM jsonb_array_elements($1::jsonb) e) u
      WHERE j.hall_id = u.hall_id AND j.seq = u.seq AND j.recorded_at = u.recorded_at AND j.contract IS NULL`,
    [JSON.stringify(rows), contract],
  );
}
