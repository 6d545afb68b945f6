-- Chips taken for cards (DN 80/85, art. 19.º) handed by the drawer that took
-- them to the caixa's drawer (issue 41): one row per handover, by face value,
-- naming both drawers and both operators (the receiver confirmed with his PIN).
-- Append-only, bound to its command's audit row like every money document.
CREATE TABLE chip_handovers (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  from_drawer_id INTEGER NOT NULL REFERENCES drawers(id),
  from_terminal_id TEXT NOT NULL,
  to_drawer_id INTEGER NOT NULL REFERENCES drawers(id),
  to_terminal_id TEXT NOT NULL,
  -- [{"valueCents": n, "count": n}, ...]
  chips TEXT NOT NULL CHECK (json_valid(chips) AND json_type(chips) = 'array'),
  total_cents INTEGER NOT NULL CHECK (total_cents > 0),
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  received_by INTEGER NOT NULL REFERENCES operators(id),
  CHECK (from_drawer_id <> to_drawer_id),
  CHECK (operator_id <> received_by)
) STRICT;
CREATE INDEX chip_handovers_from ON chip_handovers (from_drawer_id, id);
CREATE INDEX chip_handovers_to ON chip_handovers (to_drawer_id, id);
CREATE TRIGGER chip_handovers_no_update BEFORE UPDATE ON chip_handovers BEGIN SELECT RAISE(ABORT, 'chip_handovers is append-only'); END;
CREATE TRIGGER chip_handovers_no_delete BEFORE DELETE ON chip_handovers BEGIN SELECT RAISE(ABORT, 'chip_handovers is append-only'); END;

INSERT INTO document_types (document, table_name, key_column) VALUES ('chip_handover', 'chip_handovers', 'id');
CREATE TRIGGER chip_handovers_audit AFTER INSERT ON chip_handovers BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('chip_handover', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER chip_handovers_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'chip_handover' AND NOT EXISTS (SELECT 1 FROM chip_handovers WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
