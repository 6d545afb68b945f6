-- The rows a command writes that are not money documents, bound to its audit
-- row as 0018 binds the documents (issue 25: the journal carries every fact
-- the group and an inspector need). The shipper reads, for each journal
-- entry, the documents bound by document_audit and the records bound here.
--
-- Why a second table and not more types in document_audit: its CHECK and its
-- guard list the money documents books.verify pairs with their commands;
-- widening them would mean rebuilding an append-only table and teaching the
-- books check records that carry no money. Same rule: a trigger writes each
-- binding, in the row's own statement, naming the audit log's last row
-- (the writing command's own row is audit_seq + 1).
--
-- sessions, games, series, machines and drawers change after they are made
-- (a close, a state, a next number, a bet): the binding marks where each was
-- made, and the shipper reads only the columns that never change; their
-- later changes travel in the audit rows' answers (session.close, game.*,
-- machine.update) and in the acta's entries.
CREATE TABLE record_audit (
  record TEXT NOT NULL CHECK (record IN ('session', 'game', 'series', 'machine', 'drawer', 'winner', 'prize_void', 'drawer_close',
    'meter_reading', 'acta_entry', 'incident', 'special_fund_decision')),
  record_id INTEGER NOT NULL,
  audit_seq INTEGER NOT NULL CHECK (audit_seq >= 0),
  PRIMARY KEY (record, record_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX record_audit_by_seq ON record_audit (audit_seq, record);
CREATE TRIGGER record_audit_no_update BEFORE UPDATE ON record_audit BEGIN SELECT RAISE(ABORT, 'record_audit is append-only'); END;
CREATE TRIGGER record_audit_no_delete BEFORE DELETE ON record_audit BEGIN SELECT RAISE(ABORT, 'record_audit is append-only'); END;

-- The rows written before this migration: bound to the first accepted audit
-- row at their instant (a command's rows and its audit row share its `at`);
-- a row with none stays unbound and is not shipped. The index serves only
-- this look-up and goes with it.
CREATE INDEX record_audit_backfill ON audit_log (at, outcome);
INSERT INTO record_audit (record, record_id, audit_seq)
SELECT record, id, seq - 1 FROM (
  SELECT 'session' AS record, d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.opened_at AND a.outcome = 'ok') AS seq FROM sessions d
  UNION ALL SELECT 'game', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.opened_at AND a.outcome = 'ok') FROM games d
  UNION ALL SELECT 'series', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.registered_at AND a.outcome = 'ok') FROM series d
  UNION ALL SELECT 'machine', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.registered_at AND a.outcome = 'ok') FROM machines d
  UNION ALL SELECT 'drawer', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.opened_at AND a.outcome = 'ok') FROM drawers d
  UNION ALL SELECT 'winner', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.awarded_at AND a.outcome = 'ok') FROM winners d
  UNION ALL SELECT 'prize_void', d.winner_id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.voided_at AND a.outcome = 'ok') FROM prize_voids d
  UNION ALL SELECT 'drawer_close', d.drawer_id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.closed_at AND a.outcome = 'ok') FROM drawer_closes d
  UNION ALL SELECT 'meter_reading', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.outcome = 'ok') FROM meter_readings d
  UNION ALL SELECT 'acta_entry', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.outcome = 'ok') FROM acta_entries d
  UNION ALL SELECT 'incident', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.outcome = 'ok') FROM incidents d
  UNION ALL SELECT 'special_fund_decision', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.outcome = 'ok') FROM special_fund_decisions d
) WHERE seq IS NOT NULL;
DROP INDEX record_audit_backfill;

-- From now on a binding is only ever the audit log's last row: one written by
-- hand, naming another command, is refused.
CREATE TRIGGER record_audit_is_last BEFORE INSERT ON record_audit
WHEN NEW.audit_seq IS NOT (SELECT COALESCE(MAX(id), 0) FROM audit_log)
BEGIN
  SELECT RAISE(ABORT, 'record_audit: a record is bound by its own trigger, to the audit log''s last row');
END;

-- The bindings, written with each row. A migration that rebuilds one of these
-- tables drops its trigger with it and must create it again.
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
