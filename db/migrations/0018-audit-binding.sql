-- Every document bound to the audit row of the command that wrote it, by
-- identity (issue 21, part 4). Until now books.verify paired a document with
-- an accepted audit row of its command at its instant only by time and
-- channel, so a sale written by hand with a real sale's created_at passed.
--
-- How the binding is written. The database writes it, so no service can
-- forget it, in the way operator_changes.audit_seq is written (0010): a
-- trigger on each document table records, as the row goes in, the audit log's
-- last row at that moment. The command that writes the document appends its
-- own audit row at the end of the same transaction (main/rpc/dispatcher.ts),
-- so that row is audit_seq + 1; books.verify reads it and checks it is an
-- accepted command of that document's kind at the document's instant, and
-- checks the other way that every such command has its document(s).
--
-- Why a table beside the documents and not a column on each: the documents
-- are append-only (their BEFORE UPDATE triggers refuse any change), SQLite
-- lets neither a BEFORE INSERT trigger set NEW values nor a DEFAULT be a
-- subquery, so a column could only be filled by the services (which could
-- forget, or pass any value) or by an AFTER INSERT update that would have to
-- open the append-only triggers. A row here, keyed by the document, is
-- written by the trigger alone, in the same statement as the document.
--
-- document: the document's type as books.verify names it; document_id: its
-- key (the id, or the sale, winner, game or guia it belongs to).
CREATE TABLE document_audit (
  document TEXT NOT NULL CHECK (document IN ('sale', 'sale_void', 'refund', 'prize_payment', 'game_closure', 'guia', 'guia_payment',
    'guia_void', 'chip_exchange', 'chip_movement', 'drawer_movement', 'fund_contribution', 'fund_transfer', 'ledger_transaction')),
  document_id INTEGER NOT NULL,
  -- The audit log's last row when the document was written: its command's own row is audit_seq + 1.
  audit_seq INTEGER NOT NULL CHECK (audit_seq >= 0),
  PRIMARY KEY (document, document_id)
) STRICT, WITHOUT ROWID;
-- books.verify's other way: the documents bound to a command's audit row.
CREATE INDEX document_audit_by_seq ON document_audit (audit_seq, document);
CREATE TRIGGER document_audit_no_update BEFORE UPDATE ON document_audit BEGIN SELECT RAISE(ABORT, 'document_audit is append-only'); END;
CREATE TRIGGER document_audit_no_delete BEFORE DELETE ON document_audit BEGIN SELECT RAISE(ABORT, 'document_audit is append-only'); END;

-- Where binding began: the audit log's last row when this migration ran.
-- Audit rows up to it were written before any binding was recorded, so
-- books.verify does not ask them for their documents (below).
CREATE TABLE document_audit_start (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  audit_seq INTEGER NOT NULL CHECK (audit_seq >= 0)
) STRICT;
INSERT INTO document_audit_start (id, audit_seq) SELECT 1, COALESCE(MAX(id), 0) FROM audit_log;
CREATE TRIGGER document_audit_start_no_update BEFORE UPDATE ON document_audit_start BEGIN SELECT RAISE(ABORT, 'document_audit_start is append-only'); END;
CREATE TRIGGER document_audit_start_no_delete BEFORE DELETE ON document_audit_start BEGIN SELECT RAISE(ABORT, 'document_audit_start is append-only'); END;

-- The documents written before this migration: bound to the first accepted
-- audit row of their command at their instant, the match books.verify made
-- until now (where two commands of a kind share an instant either one
-- matches, and the one chosen does not matter: those audit rows are before
-- the start, not asked for their documents). A document with no such row
-- stays unbound, and books.verify names it as before (audit_missing).
INSERT INTO document_audit (document, document_id, audit_seq)
SELECT document, id, seq - 1 FROM (
  SELECT 'sale' AS document, d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.created_at AND a.channel = 'sale.create' AND a.outcome = 'ok') AS seq FROM sales d
  UNION ALL SELECT 'sale_void', d.sale_id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.voided_at AND a.channel = 'sale.voidLast' AND a.outcome = 'ok') FROM sale_voids d
  UNION ALL SELECT 'refund', d.sale_id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.paid_at AND a.channel = 'refund.pay' AND a.outcome = 'ok') FROM refunds d
  UNION ALL SELECT 'prize_payment', d.winner_id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.paid_at AND a.channel = 'prize.pay' AND a.outcome = 'ok') FROM prize_payments d
  UNION ALL SELECT 'game_closure', d.game_id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.closed_at AND a.channel IN ('game.closeSale', 'game.open') AND a.outcome = 'ok') FROM game_closures d
  UNION ALL SELECT 'guia', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.issued_at AND a.channel = 'guia.issue' AND a.outcome = 'ok') FROM guias d
  UNION ALL SELECT 'guia_payment', d.guia_id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.paid_at AND a.channel = 'guia.pay' AND a.outcome = 'ok') FROM guia_payments d
  UNION ALL SELECT 'guia_void', d.guia_id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.voided_at AND a.channel = 'guia.void' AND a.outcome = 'ok') FROM guia_voids d
  UNION ALL SELECT 'chip_exchange', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.channel IN ('chips.sell', 'chips.redeem') AND a.outcome = 'ok') FROM chip_exchanges d
  UNION ALL SELECT 'chip_movement', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.channel = 'chips.move' AND a.outcome = 'ok') FROM chip_movements d
  UNION ALL SELECT 'drawer_movement', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.channel = 'drawer.move' AND a.outcome = 'ok') FROM drawer_movements d
  UNION ALL SELECT 'fund_contribution', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.channel IN ('meters.record', 'jackpot.contribute') AND a.outcome = 'ok') FROM fund_contributions d
  UNION ALL SELECT 'fund_transfer', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.channel = 'jackpot.transfer' AND a.outcome = 'ok') FROM fund_transfers d
  UNION ALL SELECT 'ledger_transaction', d.id, (SELECT MIN(a.id) FROM audit_log a WHERE a.at = d.at AND a.outcome = 'ok') FROM ledger_transactions d
) WHERE seq IS NOT NULL;

-- From now on a binding is only ever the audit log's last row, for a document
-- that is there: one written by hand beside the trigger's (for a document
-- yet to come, or naming an older command) is refused.
CREATE TRIGGER document_audit_is_last BEFORE INSERT ON document_audit
WHEN NEW.audit_seq IS NOT (SELECT COALESCE(MAX(id), 0) FROM audit_log)
  OR NOT CASE NEW.document
    WHEN 'sale' THEN EXISTS (SELECT 1 FROM sales WHERE id = NEW.document_id)
    WHEN 'sale_void' THEN EXISTS (SELECT 1 FROM sale_voids WHERE sale_id = NEW.document_id)
    WHEN 'refund' THEN EXISTS (SELECT 1 FROM refunds WHERE sale_id = NEW.document_id)
    WHEN 'prize_payment' THEN EXISTS (SELECT 1 FROM prize_payments WHERE winner_id = NEW.document_id)
    WHEN 'game_closure' THEN EXISTS (SELECT 1 FROM game_closures WHERE game_id = NEW.document_id)
    WHEN 'guia' THEN EXISTS (SELECT 1 FROM guias WHERE id = NEW.document_id)
    WHEN 'guia_payment' THEN EXISTS (SELECT 1 FROM guia_payments WHERE guia_id = NEW.document_id)
    WHEN 'guia_void' THEN EXISTS (SELECT 1 FROM guia_voids WHERE guia_id = NEW.document_id)
    WHEN 'chip_exchange' THEN EXISTS (SELECT 1 FROM chip_exchanges WHERE id = NEW.document_id)
    WHEN 'chip_movement' THEN EXISTS (SELECT 1 FROM chip_movements WHERE id = NEW.document_id)
    WHEN 'drawer_movement' THEN EXISTS (SELECT 1 FROM drawer_movements WHERE id = NEW.document_id)
    WHEN 'fund_contribution' THEN EXISTS (SELECT 1 FROM fund_contributions WHERE id = NEW.document_id)
    WHEN 'fund_transfer' THEN EXISTS (SELECT 1 FROM fund_transfers WHERE id = NEW.document_id)
    WHEN 'ledger_transaction' THEN EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.document_id)
    ELSE 0 END
BEGIN
  SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row');
END;

-- The bindings, written with each document. A migration that rebuilds one of
-- these tables drops its trigger with it and must create it again.
CREATE TRIGGER sales_audit AFTER INSERT ON sales BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('sale', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER sale_voids_audit AFTER INSERT ON sale_voids BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('sale_void', NEW.sale_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER refunds_audit AFTER INSERT ON refunds BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('refund', NEW.sale_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER prize_payments_audit AFTER INSERT ON prize_payments BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('prize_payment', NEW.winner_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER game_closures_audit AFTER INSERT ON game_closures BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('game_closure', NEW.game_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER guias_audit AFTER INSERT ON guias BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('guia', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER guia_payments_audit AFTER INSERT ON guia_payments BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('guia_payment', NEW.guia_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER guia_voids_audit AFTER INSERT ON guia_voids BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('guia_void', NEW.guia_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER chip_exchanges_audit AFTER INSERT ON chip_exchanges BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('chip_exchange', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER chip_movements_audit AFTER INSERT ON chip_movements BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('chip_movement', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER drawer_movements_audit AFTER INSERT ON drawer_movements BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('drawer_movement', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER fund_contributions_audit AFTER INSERT ON fund_contributions BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('fund_contribution', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER fund_transfers_audit AFTER INSERT ON fund_transfers BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('fund_transfer', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER ledger_transactions_audit AFTER INSERT ON ledger_transactions BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('ledger_transaction', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
