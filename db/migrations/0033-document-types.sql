-- The documents document_audit accepts are the rows of a lookup table, not a
-- CHECK list (issue 39): a new money document's own migration adds its type
-- here, with the table that holds it, beside its table and its triggers; no
-- central table is rebuilt again. Each domain declares its documents once
-- (core/<domain>/documents.ts) and a test holds this table to exactly those.
--
-- document_types is append-only: a type once bound stays a type (its rows
-- and their bindings are kept for good).
CREATE TABLE document_types (
  document TEXT PRIMARY KEY CHECK (length(document) BETWEEN 1 AND 64),
  -- The table that holds it and the column its binding names (its id, or the sale, winner, game or guia it belongs to).
  table_name TEXT NOT NULL UNIQUE,
  key_column TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE TRIGGER document_types_no_update BEFORE UPDATE ON document_types BEGIN SELECT RAISE(ABORT, 'document_types is append-only'); END;
CREATE TRIGGER document_types_no_delete BEFORE DELETE ON document_types BEGIN SELECT RAISE(ABORT, 'document_types is append-only'); END;
INSERT INTO document_types (document, table_name, key_column) VALUES
  ('sale', 'sales', 'id'),
  ('sale_void', 'sale_voids', 'sale_id'),
  ('refund', 'refunds', 'sale_id'),
  ('prize_payment', 'prize_payments', 'winner_id'),
  ('game_closure', 'game_closures', 'game_id'),
  ('guia', 'guias', 'id'),
  ('guia_payment', 'guia_payments', 'guia_id'),
  ('guia_void', 'guia_voids', 'guia_id'),
  ('chip_exchange', 'chip_exchanges', 'id'),
  ('chip_movement', 'chip_movements', 'id'),
  ('drawer_movement', 'drawer_movements', 'id'),
  ('fund_contribution', 'fund_contributions', 'id'),
  ('fund_transfer', 'fund_transfers', 'id'),
  ('ledger_transaction', 'ledger_transactions', 'id');

-- document_audit without its CHECK list, every row kept (SQLite cannot drop a
-- CHECK in place). The documents' binding triggers name document_audit in
-- their bodies: dropped first, so the rename below rewrites none of them, and
-- created again as 0018 made them.
DROP TRIGGER sales_audit;
DROP TRIGGER sale_voids_audit;
DROP TRIGGER refunds_audit;
DROP TRIGGER prize_payments_audit;
DROP TRIGGER game_closures_audit;
DROP TRIGGER guias_audit;
DROP TRIGGER guia_payments_audit;
DROP TRIGGER guia_voids_audit;
DROP TRIGGER chip_exchanges_audit;
DROP TRIGGER chip_movements_audit;
DROP TRIGGER drawer_movements_audit;
DROP TRIGGER fund_contributions_audit;
DROP TRIGGER fund_transfers_audit;
DROP TRIGGER ledger_transactions_audit;

CREATE TABLE document_audit_typed (
  -- A row of document_types (the guard below: a CHECK cannot read a table).
  document TEXT NOT NULL,
  document_id INTEGER NOT NULL,
  -- The audit log's last row when the document was written: its command's own row is audit_seq + 1.
  audit_seq INTEGER NOT NULL CHECK (audit_seq >= 0),
  PRIMARY KEY (document, document_id)
) STRICT, WITHOUT ROWID;
INSERT INTO document_audit_typed (document, document_id, audit_seq) SELECT document, document_id, audit_seq FROM document_audit;
-- Dropping a table fires none of its triggers: its append-only guards go with it, the rows are above.
DROP TABLE document_audit;
ALTER TABLE document_audit_typed RENAME TO document_audit;
CREATE INDEX document_audit_by_seq ON document_audit (audit_seq, document);
CREATE TRIGGER document_audit_no_update BEFORE UPDATE ON document_audit BEGIN SELECT RAISE(ABORT, 'document_audit is append-only'); END;
CREATE TRIGGER document_audit_no_delete BEFORE DELETE ON document_audit BEGIN SELECT RAISE(ABORT, 'document_audit is append-only'); END;

-- A binding is only ever the audit log's last row, for a type of document_types.
CREATE TRIGGER document_audit_is_last BEFORE INSERT ON document_audit
WHEN NEW.audit_seq IS NOT (SELECT COALESCE(MAX(id), 0) FROM audit_log)
  OR NOT EXISTS (SELECT 1 FROM document_types WHERE document = NEW.document)
BEGIN
  SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row');
END;

-- Each type's own pair of triggers, as its migration writes them: the
-- binding, written with the document (AFTER INSERT on its table), and the
-- guard refusing a binding for a document that is not there (one written by
-- hand for a document yet to come).
CREATE TRIGGER sales_audit AFTER INSERT ON sales BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('sale', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER sales_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'sale' AND NOT EXISTS (SELECT 1 FROM sales WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER sale_voids_audit AFTER INSERT ON sale_voids BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('sale_void', NEW.sale_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER sale_voids_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'sale_void' AND NOT EXISTS (SELECT 1 FROM sale_voids WHERE sale_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER refunds_audit AFTER INSERT ON refunds BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('refund', NEW.sale_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER refunds_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'refund' AND NOT EXISTS (SELECT 1 FROM refunds WHERE sale_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER prize_payments_audit AFTER INSERT ON prize_payments BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('prize_payment', NEW.winner_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER prize_payments_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'prize_payment' AND NOT EXISTS (SELECT 1 FROM prize_payments WHERE winner_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER game_closures_audit AFTER INSERT ON game_closures BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('game_closure', NEW.game_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER game_closures_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'game_closure' AND NOT EXISTS (SELECT 1 FROM game_closures WHERE game_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER guias_audit AFTER INSERT ON guias BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('guia', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER guias_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'guia' AND NOT EXISTS (SELECT 1 FROM guias WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER guia_payments_audit AFTER INSERT ON guia_payments BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('guia_payment', NEW.guia_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER guia_payments_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'guia_payment' AND NOT EXISTS (SELECT 1 FROM guia_payments WHERE guia_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER guia_voids_audit AFTER INSERT ON guia_voids BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('guia_void', NEW.guia_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER guia_voids_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'guia_void' AND NOT EXISTS (SELECT 1 FROM guia_voids WHERE guia_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER chip_exchanges_audit AFTER INSERT ON chip_exchanges BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('chip_exchange', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER chip_exchanges_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'chip_exchange' AND NOT EXISTS (SELECT 1 FROM chip_exchanges WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER chip_movements_audit AFTER INSERT ON chip_movements BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('chip_movement', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER chip_movements_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'chip_movement' AND NOT EXISTS (SELECT 1 FROM chip_movements WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER drawer_movements_audit AFTER INSERT ON drawer_movements BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('drawer_movement', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER drawer_movements_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'drawer_movement' AND NOT EXISTS (SELECT 1 FROM drawer_movements WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER fund_contributions_audit AFTER INSERT ON fund_contributions BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('fund_contribution', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER fund_contributions_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'fund_contribution' AND NOT EXISTS (SELECT 1 FROM fund_contributions WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER fund_transfers_audit AFTER INSERT ON fund_transfers BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('fund_transfer', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER fund_transfers_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'fund_transfer' AND NOT EXISTS (SELECT 1 FROM fund_transfers WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
CREATE TRIGGER ledger_transactions_audit AFTER INSERT ON ledger_transactions BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('ledger_transaction', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER ledger_transactions_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'ledger_transaction' AND NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
