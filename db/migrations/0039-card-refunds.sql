-- Refunds by the card presented (issue 42, item 4; DN 80/85, art. 16.º, n.º 3):
-- after a game's annulment a player hands back a card, which is refunded once,
-- against its number in what the game sold, whoever sold it (a counter or a
-- roving seller's block): one row per card, naming the sale that sold it, paid
-- in cash out of the paying operator's drawer. A money document, append-only,
-- bound to its command's audit row like every other.
CREATE TABLE card_refunds (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  sale_id INTEGER NOT NULL REFERENCES sales(id),
  series_id INTEGER NOT NULL REFERENCES series(id),
  card_number INTEGER NOT NULL CHECK (card_number >= 1),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  paid_at TEXT NOT NULL,
  -- Once: a card of a game is refunded a single time.
  UNIQUE (game_id, series_id, card_number)
) STRICT;
CREATE INDEX card_refunds_by_sale ON card_refunds (sale_id);
CREATE TRIGGER card_refunds_no_update BEFORE UPDATE ON card_refunds BEGIN SELECT RAISE(ABORT, 'card_refunds is append-only'); END;
CREATE TRIGGER card_refunds_no_delete BEFORE DELETE ON card_refunds BEGIN SELECT RAISE(ABORT, 'card_refunds is append-only'); END;

INSERT INTO document_types (document, table_name, key_column) VALUES ('refund_by_card', 'card_refunds', 'id');
CREATE TRIGGER card_refunds_audit AFTER INSERT ON card_refunds BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('refund_by_card', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER card_refunds_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'refund_by_card' AND NOT EXISTS (SELECT 1 FROM card_refunds WHERE id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
