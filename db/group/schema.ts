/**
 * The group's schema on PostgreSQL, made and migrated by the shipper itself:
 * numbered migrations recorded in `group_schema`, applied under an advisory
 * lock so that two halls starting at once migrate it once.
 */
import type { GroupClient, GroupPool } from './client.js';

/** pg_advisory_xact_lock keys of this schema (any fixed 64-bit numbers, ours). */
const MIGRATION_LOCK = 2_512_025_001;
const PARTITION_LOCK = 2_512_025_002;

export const GENESIS = '0'.repeat(64);

/**
 * The migrations by number. Applied in order, each number once, whichever are not yet recorded (not only those
 * above the highest): two branches may add numbers side by side (4 is kept for the halls' time zone) and a
 * database that got 5 first still gets 4 later. Each must not depend on a number it might run before.
 */
const MIGRATIONS: Readonly<Record<number, string>> = {
  // The halls and their journals.
  1: `
  CREATE TABLE halls (
    hall_id uuid PRIMARY KEY,
    name text NOT NULL,
    licence text,
    first_shipped_at timestamptz NOT NULL DEFAULT now(),
    -- The newest entry the group holds of this hall: each batch must continue it.
    head_seq bigint NOT NULL DEFAULT 0 CHECK (head_seq >= 0),
    head_hash text NOT NULL DEFAULT '${GENESIS}' CHECK (length(head_hash) = 64),
    last_entry_at timestamptz,
    last_shipped_at timestamptz,
    -- Set once the hall sent a history that differs from this one: it ships nothing more until a person looks.
    diverged_seq bigint,
    diverged_at timestamptz
  );

  -- One row per audit entry of a hall, as the hall wrote it (payload: the row's fields, its texts exact, so
  -- its hash can be recomputed here). Partitioned by month of the entry; the primary key of a partitioned
  -- table must hold the partition key, so (hall_id, seq) is kept unique by the shipper, which inserts a seq
  -- only right after the head it holds locked, and checked by group:verify.
  CREATE TABLE journal (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    seq bigint NOT NULL CHECK (seq > 0),
    prev_hash text NOT NULL CHECK (length(prev_hash) = 64),
    hash text NOT NULL CHECK (length(hash) = 64),
    kind text NOT NULL,
    payload jsonb NOT NULL,
    recorded_at timestamptz NOT NULL,
    PRIMARY KEY (hall_id, seq, recorded_at)
  ) PARTITION BY RANGE (recorded_at);
  CREATE INDEX journal_by_hall_seq ON journal (hall_id, seq);
  -- What falls outside every month made (a clock far off): kept, never refused.
  CREATE TABLE journal_default PARTITION OF journal DEFAULT;
  `,
  // The primary key's first columns already serve every (hall_id, seq) look-up: one index fewer per entry.
  2: `DROP INDEX IF EXISTS journal_by_hall_seq;`,
  // Where each hall's chain begins, as the hall said at its first shipment (its UUID's genesis, or zeros for a
  // chain begun before the hall had one): the first entry must continue it, and group:verify starts from it.
  3: `ALTER TABLE halls ADD COLUMN genesis text CHECK (length(genesis) = 64);`,
  // Each hall's time zone, as it says at each shipment: the group's report counts its days on its own clock.
  4: `ALTER TABLE halls ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Lisbon' CHECK (time_zone IN ('Europe/Lisbon', 'Atlantic/Azores', 'Atlantic/Madeira'));`,
  // The documents each entry wrote (sales and their ranges, prizes, guias, closes, the acta's entries...), by
  // table, as the hall stored them, and their digest bound to the entry's hash (db/journal.ts documentsHash):
  // group:verify recomputes it. documents_from: the first seq shipped with its documents (a hall shipped before
  // this has older entries without); from it on every entry must have them.
  5: `
  ALTER TABLE journal ADD COLUMN documents jsonb, ADD COLUMN documents_hash text CHECK (length(documents_hash) = 64);
  ALTER TABLE halls ADD COLUMN documents_from bigint;
  `,
  // The report reads a month of 10 halls in well under a second: the entries of one kind of command by an index
  // (guias, meters, closes), and the entries that hold one of some tables by their tables' names (doc_tables, the
  // keys of documents, set as they arrive; group:verify checks it), without opening every entry's documents.
  6: `
  CREATE INDEX journal_by_kind ON journal (hall_id, kind, recorded_at);
  ALTER TABLE journal ADD COLUMN doc_tables text[];
  UPDATE journal SET doc_tables = ARRAY(SELECT jsonb_object_keys(documents) ORDER BY 1) WHERE documents IS NOT NULL;
  CREATE INDEX journal_by_doc_tables ON journal USING gin (doc_tables);
  `,
  // The group as a witness (issue 26): the checkpoints each hall signed, shipped once their entries are here; the
  // group's cosignature of each it found to be the root of the history it holds, or why it refused (append-only:
  // one row per checkpoint and witness key); and the witness's Merkle frontier of each hall, so each checkpoint's
  // root is recomputed from the entries since the last one only.
  7: `
  CREATE TABLE hall_checkpoints (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    checkpoint_id bigint NOT NULL CHECK (checkpoint_id > 0),
    size bigint NOT NULL CHECK (size >= 0),
    root_hash text NOT NULL CHECK (length(root_hash) = 64),
    key_id text NOT NULL,
    note text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (hall_id, checkpoint_id)
  );
  CREATE TABLE cosignatures (
    hall_id uuid NOT NULL,
    checkpoint_id bigint NOT NULL,
    witness_key text NOT NULL,
    -- The note's signature line the witness adds, or null with the refusal.
    line text,
    refusal text,
    witnessed_at timestamptz NOT NULL,
    PRIMARY KEY (hall_id, checkpoint_id, witness_key),
    FOREIGN KEY (hall_id, checkpoint_id) REFERENCES hall_checkpoints (hall_id, checkpoint_id),
    CHECK ((line IS NULL) <> (refusal IS NULL))
  );
  CREATE TABLE witness_frontiers (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    witness_key text NOT NULL,
    size bigint NOT NULL CHECK (size >= 0),
    peaks jsonb NOT NULL,
    PRIMARY KEY (hall_id, witness_key)
  );
  `,
  // The witness recomputes every hash it grows a root from (issue 37): the hash its frontier ends on, as it
  // recomputed it, so the next checkpoint's entries chain on from there (null on an older frontier: grown again
  // from the first entry).
  8: `ALTER TABLE witness_frontiers ADD COLUMN last_hash text CHECK (length(last_hash) = 64);`,
  // The group's contract (issue 39, docs/group-contract.md): each entry's facts by \`type@version\` (core/group-contract),
  // the contract's version it was built under (1: shipped with them, bound in documents_hash; 0: derived by the
  // group from the raw rows of an entry shipped before, group:verify derives them again), and their keys, indexed as
  // doc_tables was (the report finds the entries that hold a kind of fact without opening the others). facts_from:
  // the first seq a hall shipped with its facts; from it on every entry must have them. to_upcast: the entries
  // still without facts (those here now, and any an older shipper sends): the group's programs upcast them.
  9: `
  ALTER TABLE journal ADD COLUMN facts jsonb, ADD COLUMN fact_types text[], ADD COLUMN contract smallint CHECK (contract >= 0),
    ADD CONSTRAINT journal_facts_whole CHECK ((facts IS NULL) = (contract IS NULL) AND (facts IS NULL) = (fact_types IS NULL));
  ALTER TABLE halls ADD COLUMN facts_from bigint;
  CREATE INDEX journal_by_fact_types ON journal USING gin (fact_types);
  -- The report reads facts now: doc_tables is kept (group:verify checks it) but no longer searched.
  DROP INDEX IF EXISTS journal_by_doc_tables;
  CREATE INDEX journal_to_upcast ON journal (hall_id, seq) WHERE contract IS NULL;
  `,
  // The hall's schema (its SQLite user_version) each entry of contract version 1 was shipped from, bound in
  // documents_hash: group:verify maps the entry's documents to facts again by that schema's mapping
  // (core/group-contract/hall-rows.ts HALL_MAPPINGS) and names an entry from a schema it does not read.
  10: `ALTER TABLE journal ADD COLUMN hall_schema integer CHECK (hall_schema > 0);`,
  // group:verify's results (issue 43): each check of a hall, from which entry to which, and the hash it ended on,
  // signed by the witness key that ran it. The next check starts from the newest one whose signature holds, so a
  // day's check reads the day's entries, not the decade's; --full reads them all again. Append-only: a result is
  // never rewritten (a forged row's signature does not hold, and the check then starts from the first entry).
  11: `
  CREATE TABLE verifications (
    id bigserial PRIMARY KEY,
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    witness_key text NOT NULL,
    from_seq bigint NOT NULL CHECK (from_seq >= 1),
    to_seq bigint NOT NULL CHECK (to_seq >= from_seq - 1),
    to_hash text NOT NULL CHECK (length(to_hash) = 64),
    full_check boolean NOT NULL,
    verified_at timestamptz NOT NULL,
    signature text NOT NULL
  );
  CREATE INDEX verifications_newest ON verifications (hall_id, witness_key, id DESC);
  CREATE FUNCTION verifications_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'verifications: append-only (a check''s result is never rewritten)'; END $$;
  CREATE TRIGGER verifications_append_only BEFORE UPDATE OR DELETE ON verifications FOR EACH ROW EXECUTE FUNCTION verifications_append_only();
  `,
  // The report's figures kept on arrival (issue 43, db/group/summaries.ts): written in the shipper's transaction from
  // each batch's facts, in the order of the hall's entries (summarized_seq: the last entry summed; an entry without
  // facts waits for its upcast, and every later one with it). The report reads these; group:verify sums the entries
  // again and names any figure that differs. Times are kept as the hall wrote them (text), days on the hall's clock.
  12: `
  ALTER TABLE halls ADD COLUMN summarized_seq bigint NOT NULL DEFAULT 0 CHECK (summarized_seq >= 0);
  CREATE TABLE summary_sessions (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    session_id bigint NOT NULL,
    opened_at text,
    opened_ts timestamptz,
    opened_day date,
    closed_at text,
    games integer NOT NULL DEFAULT 0,
    games_annulled integer NOT NULL DEFAULT 0,
    cards_sold bigint NOT NULL DEFAULT 0,
    sales_cents bigint NOT NULL DEFAULT 0,
    stamp_duty_cents bigint NOT NULL DEFAULT 0,
    voids integer NOT NULL DEFAULT 0,
    voided_cents bigint NOT NULL DEFAULT 0,
    line_cents bigint NOT NULL DEFAULT 0,
    bingo_cents bigint NOT NULL DEFAULT 0,
    special_cents bigint NOT NULL DEFAULT 0,
    refunds_cents bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (hall_id, session_id)
  );
  CREATE INDEX summary_sessions_by_day ON summary_sessions (opened_day);
  CREATE INDEX summary_sessions_by_open ON summary_sessions (hall_id, opened_ts);
  -- Each game's figures: its sales (and the voided ones apart), its close of sale, its annulment.
  CREATE TABLE summary_games (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    game_id bigint NOT NULL,
    session_id bigint,
    annulled boolean NOT NULL DEFAULT false,
    closure_cards bigint,
    closure_cents bigint,
    closure_stamp bigint,
    sales_cards bigint NOT NULL DEFAULT 0,
    sales_cents bigint NOT NULL DEFAULT 0,
    voids integer NOT NULL DEFAULT 0,
    voided_cards bigint NOT NULL DEFAULT 0,
    voided_cents bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (hall_id, game_id)
  );
  CREATE INDEX summary_games_by_session ON summary_games (hall_id, session_id);
  CREATE TABLE summary_winners (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    winner_id bigint NOT NULL,
    game_id bigint NOT NULL,
    kind text NOT NULL,
    cents bigint NOT NULL,
    paid_at text,
    PRIMARY KEY (hall_id, winner_id)
  );
  CREATE INDEX summary_winners_by_game ON summary_winners (hall_id, game_id);
  CREATE TABLE summary_refunds (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    seq bigint NOT NULL,
    n integer NOT NULL,
    game_id bigint NOT NULL,
    cents bigint NOT NULL,
    paid_at text NOT NULL,
    PRIMARY KEY (hall_id, seq, n)
  );
  CREATE INDEX summary_refunds_by_game ON summary_refunds (hall_id, game_id);
  -- Each guia, for its payment and void to find its machine, amount and day of issue.
  CREATE TABLE summary_guias (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    guia_id bigint NOT NULL,
    machine_id bigint NOT NULL,
    amount_cents bigint NOT NULL,
    issued_day date NOT NULL,
    paid_at text,
    voided_at text,
    PRIMARY KEY (hall_id, guia_id)
  );
  -- Guias paid and voided, Z closes and fund movements by the session open at their time (0: none) and hall day.
  CREATE TABLE summary_buckets (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    day date NOT NULL,
    session_id bigint NOT NULL,
    guias_paid integer NOT NULL DEFAULT 0,
    guias_paid_cents bigint NOT NULL DEFAULT 0,
    guias_cash_cents bigint NOT NULL DEFAULT 0,
    guias_cheque_cents bigint NOT NULL DEFAULT 0,
    guias_voided integer NOT NULL DEFAULT 0,
    guias_voided_cents bigint NOT NULL DEFAULT 0,
    fund_contributions_cents bigint NOT NULL DEFAULT 0,
    fund_transfers_cents bigint NOT NULL DEFAULT 0,
    z_reports integer NOT NULL DEFAULT 0,
    z_expected_cents bigint NOT NULL DEFAULT 0,
    z_counted_cents bigint NOT NULL DEFAULT 0,
    z_variance_cents bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (hall_id, day, session_id)
  );
  CREATE INDEX summary_buckets_by_day ON summary_buckets (day);
  CREATE TABLE summary_machines (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    machine_id bigint NOT NULL,
    number text NOT NULL,
    number_seq bigint NOT NULL,
    PRIMARY KEY (hall_id, machine_id)
  );
  CREATE TABLE summary_machine_bets (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    number text NOT NULL,
    bet_cents bigint NOT NULL,
    bet_seq bigint NOT NULL,
    PRIMARY KEY (hall_id, number)
  );
  -- A machine's day: its meters' deltas by the reading's day, the guias issued that day (less those voided since) and paid that day.
  CREATE TABLE summary_machine_days (
    hall_id uuid NOT NULL REFERENCES halls (hall_id),
    machine_id bigint NOT NULL,
    day date NOT NULL,
    coins_in bigint NOT NULL DEFAULT 0,
    prizes_paid bigint NOT NULL DEFAULT 0,
    readings integer NOT NULL DEFAULT 0,
    guias_issued_cents bigint NOT NULL DEFAULT 0,
    guias_paid_cents bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (hall_id, machine_id, day)
  );
  CREATE INDEX summary_machine_days_by_day ON summary_machine_days (day);
  `,
};

const VERSIONS = Object.keys(MIGRATIONS)
  .map(Number)
  .sort((a, b) => a - b);

/** The group's migrations a database lacks (a replica is not migrated: it follows its primary). */
export async function missingMigrations(c: GroupClient): Promise<number[]> {
  const { rows } = await c.query<{ version: number }>(`SELECT version FROM group_schema`).catch(() => ({ rows: [] as { version: number }[] }));
  const applied = new Set(rows.map((r) => r.version));
  return VERSIONS.filter((v) => !applied.has(v));
}

export async function migrateGroup(pool: GroupPool): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS group_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM group_schema');
    const applied = new Set(rows.map((r) => r.version));
    for (const version of VERSIONS) {
      if (applied.has(version)) continue;
      await client.query(MIGRATIONS[version]!);
      await client.query('INSERT INTO group_schema (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
    return VERSIONS[VERSIONS.length - 1]!;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** `2026-12` → the month's partition name and bounds (UTC). */
export function monthPartition(month: string): { name: string; from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { name: `journal_y${y}m${String(m).padStart(2, '0')}`, from: `${month}-01T00:00:00Z`, to: `${next}-01T00:00:00Z` };
}

/** The months' partitions, made where missing (once per month of a hall's entries). */
export async function ensureMonths(client: GroupClient, months: Iterable<string>, known: Set<string>): Promise<void> {
  const missing = [...new Set(months)].filter((m) => !known.has(m));
  if (missing.length === 0) return;
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
    for (const month of missing) {
      if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`month ${month}`);
      const p = monthPartition(month);
      const { rowCount } = await client.query('SELECT 1 FROM pg_class WHERE relname = $1', [p.name]);
      if (!rowCount) await client.query(`CREATE TABLE ${p.name} PARTITION OF journal FOR VALUES FROM ('${p.from}') TO ('${p.to}')`);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
  for (const m of missing) known.add(m);
}
