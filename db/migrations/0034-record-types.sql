-- The records record_audit accepts are the rows of a lookup table, as 0033
-- made the documents document_audit accepts (issue 39): a new record's own
-- migration adds its type here beside its table and its binding trigger; no
-- central table is rebuilt again. The domains declare their records once
-- (core/<domain>/documents.ts, binding 'record_audit') and a test holds this
-- table to exactly those. Append-only, as record_audit is.
CREATE TABLE record_types (
  record TEXT PRIMARY KEY CHECK (length(record) BETWEEN 1 AND 64),
  table_name TEXT NOT NULL UNIQUE,
  key_column TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE TRIGGER record_types_no_update BEFORE UPDATE ON record_types BEGIN SELECT RAISE(ABORT, 'record_types is append-only'); END;
CREATE TRIGGER record_types_no_delete BEFORE DELETE ON record_types BEGIN SELECT RAISE(ABORT, 'record_types is append-only'); END;
INSERT INTO record_types (record, table_name, key_column) VALUES
  ('session', 'sessions', 'id'),
  ('game', 'games', 'id'),
  ('series', 'series', 'id'),
  ('machine', 'machines', 'id'),
  ('drawer', 'drawers', 'id'),
  ('winner', 'winners', 'id'),
  ('prize_void', 'prize_voids', 'winner_id'),
  ('drawer_close', 'drawer_closes', 'drawer_id'),
  ('meter_reading', 'meter_readings', 'id'),
  ('acta_entry', 'acta_entries', 'id'),
  ('incident', 'incidents', 'id'),
  ('special_fund_decision', 'special_fund_decisions', 'id');

-- record_audit without its CHECK list, every row kept. The records' binding
-- triggers name record_audit in their bodies: dropped first, so the rename
-- rewrites none of them, and created again as 0027 made them.
DROP TRIGGER sessions_record;
DROP TRIGGER games_record;
DROP TRIGGER series_record;
DROP TRIGGER machines_record;
DROP TRIGGER drawers_record;
DROP TRIGGER winners_record;
DROP TRIGGER prize_voids_record;
DROP TRIGGER drawer_closes_record;
DROP TRIGGER meter_readings_record;
DROP TRIGGER acta_entries_record;
DROP TRIGGER incidents_record;
DROP TRIGGER special_fund_decisions_record;

CREATE TABLE record_audit_typed (
  -- A row of record_types (the guard below: a CHECK cannot read a table).
  record TEXT NOT NULL,
  record_id INTEGER NOT NULL,
  audit_seq INTEGER NOT NULL CHECK (audit_seq >= 0),
  PRIMARY KEY (record, record_id)
) STRICT, WITHOUT ROWID;
INSERT INTO record_audit_typed (record, record_id, audit_seq) SELECT record, record_id, audit_seq FROM record_audit;
-- Dropping a table fires none of its triggers: its append-only guards go with it, the rows are above.
DROP TABLE record_audit;
ALTER TABLE record_audit_typed RENAME TO record_audit;
CREATE INDEX record_audit_by_seq ON record_audit (audit_seq, record);
CREATE TRIGGER record_audit_no_update BEFORE UPDATE ON record_audit BEGIN SELECT RAISE(ABORT, 'record_audit is append-only'); END;
CREATE TRIGGER record_audit_no_delete BEFORE DELETE ON record_audit BEGIN SELECT RAISE(ABORT, 'record_audit is append-only'); END;

-- A binding is only ever the audit log's last row, for a type of record_types.
CREATE TRIGGER record_audit_is_last BEFORE INSERT ON record_audit
WHEN NEW.audit_seq IS NOT (SELECT COALESCE(MAX(id), 0) FROM audit_log)
  OR NOT EXISTS (SELECT 1 FROM record_types WHERE record = NEW.record)
BEGIN
  SELECT RAISE(ABORT, 'record_audit: a record is bound by its own trigger, to the audit log''s last row');
END;

-- Each record's binding, written with its row (its own migration writes a new one's).
CREATE TRIGGER sessions_record AFTER INSERT ON sessions BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('session', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER games_record AFTER INSERT ON games BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('game', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER series_record AFTER INSERT ON series BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('series', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER machines_record AFTER INSERT ON machines BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('machine', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER drawers_record AFTER INSERT ON drawers BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('drawer', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER winners_record AFTER INSERT ON winners BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('winner', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER prize_voids_record AFTER INSERT ON prize_voids BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('prize_void', NEW.winner_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER drawer_closes_record AFTER INSERT ON drawer_closes BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('drawer_close', NEW.drawer_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER meter_readings_record AFTER INSERT ON meter_readings BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('meter_reading', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER acta_entries_record AFTER INSERT ON acta_entries BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('acta_entry', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER incidents_record AFTER INSERT ON incidents BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('incident', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER special_fund_decisions_record AFTER INSERT ON special_fund_decisions BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('special_fund_decision', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
