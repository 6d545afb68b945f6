-- Roving sellers (issue 42; DN 80/85, art. 12.º, n.º 2, and 13.º): the caixa
-- hands a person of the hall a block of the next cards of a game's order, and
-- collects what is left of it before the close of sale, read as its first
-- unsold card. The cards sold from a block become a sale of the game (the
-- sale's own document, written by seller.return), so the announcement, the
-- prizes, the acta and the books count them as every other card. A block is a
-- record (record_types, 0034); its return is a money document (document_types,
-- 0033): the seller's cash counted against the cards sold, its difference
-- posted to the collecting caixa's drawer.
CREATE TABLE seller_blocks (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  seller_id INTEGER NOT NULL REFERENCES operators(id),
  handed_by INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  cards INTEGER NOT NULL CHECK (cards >= 1),
  at TEXT NOT NULL
) STRICT;
CREATE INDEX seller_blocks_by_game ON seller_blocks (game_id, id);

-- A block's cards in their order: the cards handed back from the middle of the order first, then the top.
CREATE TABLE seller_block_ranges (
  block_id INTEGER NOT NULL REFERENCES seller_blocks(id),
  position INTEGER NOT NULL CHECK (position >= 1),
  series_id INTEGER NOT NULL REFERENCES series(id),
  from_number INTEGER NOT NULL CHECK (from_number >= 1),
  to_number INTEGER NOT NULL CHECK (to_number >= from_number),
  PRIMARY KEY (block_id, position)
) STRICT;

-- One return per block: its first unsold card (none: all sold), the sale the sold cards became (none: none sold),
-- the seller's cash counted by denomination against what the cards sold owe, and who accepted a difference over
-- the hall's threshold (with why).
CREATE TABLE seller_returns (
  block_id INTEGER PRIMARY KEY REFERENCES seller_blocks(id),
  first_unsold_series_id INTEGER REFERENCES series(id),
  first_unsold_number INTEGER CHECK (first_unsold_number >= 1),
  sold_cards INTEGER NOT NULL CHECK (sold_cards >= 0),
  returned_cards INTEGER NOT NULL CHECK (returned_cards >= 0),
  sale_id INTEGER UNIQUE REFERENCES sales(id),
  owed_cents INTEGER NOT NULL CHECK (owed_cents >= 0),
  counted TEXT NOT NULL CHECK (json_valid(counted)),
  counted_cents INTEGER NOT NULL CHECK (counted_cents >= 0),
  difference_cents INTEGER NOT NULL CHECK (difference_cents = counted_cents - owed_cents),
  accepted_by INTEGER REFERENCES operators(id),
  acceptance_reason TEXT,
  received_by INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  at TEXT NOT NULL,
  CHECK ((first_unsold_series_id IS NULL) = (first_unsold_number IS NULL)),
  CHECK ((sale_id IS NULL) = (sold_cards = 0)),
  CHECK ((accepted_by IS NULL) = (acceptance_reason IS NULL))
) STRICT;

CREATE TRIGGER seller_blocks_no_update BEFORE UPDATE ON seller_blocks BEGIN SELECT RAISE(ABORT, 'seller_blocks is append-only'); END;
CREATE TRIGGER seller_blocks_no_delete BEFORE DELETE ON seller_blocks BEGIN SELECT RAISE(ABORT, 'seller_blocks is append-only'); END;
CREATE TRIGGER seller_block_ranges_no_update BEFORE UPDATE ON seller_block_ranges BEGIN SELECT RAISE(ABORT, 'seller_block_ranges is append-only'); END;
CREATE TRIGGER seller_block_ranges_no_delete BEFORE DELETE ON seller_block_ranges BEGIN SELECT RAISE(ABORT, 'seller_block_ranges is append-only'); END;
CREATE TRIGGER seller_returns_no_update BEFORE UPDATE ON seller_returns BEGIN SELECT RAISE(ABORT, 'seller_returns is append-only'); END;
CREATE TRIGGER seller_returns_no_delete BEFORE DELETE ON seller_returns BEGIN SELECT RAISE(ABORT, 'seller_returns is append-only'); END;

INSERT INTO record_types (record, table_name, key_column) VALUES ('seller_block', 'seller_blocks', 'id');
INSERT INTO document_types (document, table_name, key_column) VALUES ('seller_return', 'seller_returns', 'block_id');

CREATE TRIGGER seller_blocks_record AFTER INSERT ON seller_blocks BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('seller_block', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER seller_returns_audit AFTER INSERT ON seller_returns BEGIN
  INSERT INTO document_audit (document, document_id, audit_seq) VALUES ('seller_return', NEW.block_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER seller_returns_audit_exists BEFORE INSERT ON document_audit WHEN NEW.document = 'seller_return' AND NOT EXISTS (SELECT 1 FROM seller_returns WHERE block_id = NEW.document_id)
BEGIN SELECT RAISE(ABORT, 'document_audit: a document is bound by its own trigger, to the audit log''s last row'); END;
