-- Identified players (issue 41; Lei n.º 83/2017, art. 4.º, n.º 1, a) and
-- art. 76.º; SPEC 11). Personal data is kept apart from the books, in tables
-- of its own: no money table names a person, and the journal ships of a
-- person only the group's keyed digest of the document (core/compliance/
-- documents.ts, fixedColumns), which adds one person up across halls with no
-- document in clear. Records that move no money: bound by record_audit
-- (record_types, 0034).

-- The key of the group's digest of a document (HMAC-SHA-256): the same in every hall of the group, so one person
-- adds up across halls; a hall's own (drawn at its first identification, so this migration stays the same on
-- every file) until the group's is installed. Never shipped, never logged.
CREATE TABLE identity_key (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  key BLOB NOT NULL CHECK (length(key) = 32),
  set_at TEXT NOT NULL
) STRICT;

-- One identification as recorded: who was identified, by which document, seen and checked by which operator.
-- Only its erasure at the end of the legal period changes it (the personal columns emptied, the act recorded).
CREATE TABLE persons (
  id INTEGER PRIMARY KEY,
  -- The group's digest of the document (type, country, number): hex of HMAC-SHA-256 under identity_key.
  person_key TEXT NOT NULL CHECK (length(person_key) = 64),
  name TEXT CHECK (name IS NULL OR length(name) BETWEEN 2 AND 120),
  document_type TEXT NOT NULL CHECK (document_type IN ('cc', 'passport', 'residence', 'id_card', 'driving')),
  document_number TEXT CHECK (document_number IS NULL OR length(document_number) BETWEEN 3 AND 30),
  -- ISO 3166-1 alpha-2 of the country that issued the document.
  country TEXT NOT NULL CHECK (length(country) = 2),
  birth_date TEXT CHECK (birth_date IS NULL OR birth_date GLOB '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  -- "documento verificado": the operator saw the document and checked it against the person.
  document_verified INTEGER NOT NULL CHECK (document_verified = 1),
  recorded_by INTEGER NOT NULL REFERENCES operators(id),
  recorded_at TEXT NOT NULL,
  terminal_id TEXT NOT NULL,
  erased_at TEXT,
  erased_by INTEGER REFERENCES operators(id),
  CHECK ((erased_at IS NULL) = (erased_by IS NULL)),
  CHECK ((erased_at IS NULL) = (name IS NOT NULL AND document_number IS NOT NULL AND birth_date IS NOT NULL))
) STRICT;
CREATE INDEX persons_by_key ON persons (person_key, id);
CREATE TRIGGER persons_no_delete BEFORE DELETE ON persons BEGIN SELECT RAISE(ABORT, 'persons: a record is erased, never deleted'); END;
CREATE TRIGGER persons_only_erased BEFORE UPDATE ON persons
WHEN OLD.erased_at IS NOT NULL OR NEW.erased_at IS NULL
  OR NEW.name IS NOT NULL OR NEW.document_number IS NOT NULL OR NEW.birth_date IS NOT NULL
  OR NEW.id IS NOT OLD.id OR NEW.person_key IS NOT OLD.person_key OR NEW.document_type IS NOT OLD.document_type
  OR NEW.country IS NOT OLD.country OR NEW.document_verified IS NOT OLD.document_verified
  OR NEW.recorded_by IS NOT OLD.recorded_by OR NEW.recorded_at IS NOT OLD.recorded_at OR NEW.terminal_id IS NOT OLD.terminal_id
BEGIN
  SELECT RAISE(ABORT, 'persons: a record changes only by its erasure');
END;

-- Each payment or exchange made to or by an identified person (the compliance record of the gaming day): the act,
-- the document it belongs to (a guia, a winner, a chip exchange) and how it was paid.
CREATE TABLE identified_acts (
  id INTEGER PRIMARY KEY,
  person_id INTEGER NOT NULL REFERENCES persons(id),
  act TEXT NOT NULL CHECK (act IN ('guia_payment', 'prize_payment', 'chip_sale', 'chip_redemption')),
  ref_id INTEGER NOT NULL,
  cents INTEGER NOT NULL CHECK (cents > 0),
  cash_cents INTEGER NOT NULL CHECK (cash_cents >= 0),
  cheque_cents INTEGER NOT NULL CHECK (cheque_cents >= 0),
  card_cents INTEGER NOT NULL CHECK (card_cents >= 0),
  -- YYYY-MM-DD: the gaming day (core/compliance/rules.ts gamingDayOf).
  gaming_day TEXT NOT NULL CHECK (gaming_day GLOB '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  CHECK (cash_cents + cheque_cents + card_cents = cents),
  UNIQUE (act, ref_id)
) STRICT;
CREATE INDEX identified_acts_by_day ON identified_acts (gaming_day, person_id);
CREATE INDEX identified_acts_by_person ON identified_acts (person_id);
CREATE TRIGGER identified_acts_no_update BEFORE UPDATE ON identified_acts BEGIN SELECT RAISE(ABORT, 'identified_acts is append-only'); END;
CREATE TRIGGER identified_acts_no_delete BEFORE DELETE ON identified_acts BEGIN SELECT RAISE(ABORT, 'identified_acts is append-only'); END;

-- The list of persons barred from play, as imported from the file the hall receives: each import a list of its
-- own (the newest is in force), each entry with its validity. Kept for the manager; never shipped.
CREATE TABLE barred_lists (
  id INTEGER PRIMARY KEY,
  imported_at TEXT NOT NULL,
  imported_by INTEGER NOT NULL REFERENCES operators(id),
  file_sha256 TEXT NOT NULL CHECK (length(file_sha256) = 64),
  entries INTEGER NOT NULL CHECK (entries >= 0)
) STRICT;
CREATE TRIGGER barred_lists_no_update BEFORE UPDATE ON barred_lists BEGIN SELECT RAISE(ABORT, 'barred_lists is append-only'); END;
CREATE TRIGGER barred_lists_no_delete BEFORE DELETE ON barred_lists BEGIN SELECT RAISE(ABORT, 'barred_lists is append-only'); END;
CREATE TABLE barred_entries (
  list_id INTEGER NOT NULL REFERENCES barred_lists(id),
  line INTEGER NOT NULL CHECK (line >= 1),
  person_key TEXT NOT NULL CHECK (length(person_key) = 64),
  name TEXT NOT NULL,
  document_type TEXT NOT NULL,
  document_number TEXT NOT NULL,
  country TEXT NOT NULL,
  -- YYYY-MM-DD, both days included; no end: barred until further notice.
  valid_from TEXT NOT NULL,
  valid_until TEXT,
  PRIMARY KEY (list_id, line)
) STRICT;
CREATE INDEX barred_entries_by_key ON barred_entries (person_key);
CREATE TRIGGER barred_entries_no_update BEFORE UPDATE ON barred_entries BEGIN SELECT RAISE(ABORT, 'barred_entries is append-only'); END;
CREATE TRIGGER barred_entries_no_delete BEFORE DELETE ON barred_entries BEGIN SELECT RAISE(ABORT, 'barred_entries is append-only'); END;
-- An identification refused because the person is on the list: for the manager (who, when, which entry).
CREATE TABLE barred_refusals (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  list_id INTEGER NOT NULL,
  line INTEGER NOT NULL,
  FOREIGN KEY (list_id, line) REFERENCES barred_entries(list_id, line)
) STRICT;
CREATE TRIGGER barred_refusals_no_update BEFORE UPDATE ON barred_refusals BEGIN SELECT RAISE(ABORT, 'barred_refusals is append-only'); END;
CREATE TRIGGER barred_refusals_no_delete BEFORE DELETE ON barred_refusals BEGIN SELECT RAISE(ABORT, 'barred_refusals is append-only'); END;

-- The erasures at the end of the legal period, each a recorded act: how many records, up to which day.
CREATE TABLE person_erasures (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  -- Records made before this instant were erased (the legal period counted back from the act).
  before TEXT NOT NULL,
  persons INTEGER NOT NULL CHECK (persons >= 0)
) STRICT;
CREATE TRIGGER person_erasures_no_update BEFORE UPDATE ON person_erasures BEGIN SELECT RAISE(ABORT, 'person_erasures is append-only'); END;
CREATE TRIGGER person_erasures_no_delete BEFORE DELETE ON person_erasures BEGIN SELECT RAISE(ABORT, 'person_erasures is append-only'); END;

INSERT INTO record_types (record, table_name, key_column) VALUES
  ('person', 'persons', 'id'),
  ('identified_act', 'identified_acts', 'id'),
  ('barred_list', 'barred_lists', 'id'),
  ('barred_refusal', 'barred_refusals', 'id'),
  ('person_erasure', 'person_erasures', 'id');
CREATE TRIGGER persons_record AFTER INSERT ON persons BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('person', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER identified_acts_record AFTER INSERT ON identified_acts BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('identified_act', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER barred_lists_record AFTER INSERT ON barred_lists BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('barred_list', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER barred_refusals_record AFTER INSERT ON barred_refusals BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('barred_refusal', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER person_erasures_record AFTER INSERT ON person_erasures BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('person_erasure', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
