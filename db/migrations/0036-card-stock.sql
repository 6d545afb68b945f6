-- The cards themselves (DN 80/85, art. 3.º, n.os 1 and 2; issue 41, item 3):
-- each series' edition as authorised with its emission number, and every move
-- of its cards: boxes received, cards to the counters and back, cards
-- destroyed. Records that move no money, bound to their command's audit row
-- (record_types, 0034). Append-only: a mistake is corrected by a new move.

-- A series' edition (art. 3.º, n.º 1): one per series, never changed.
CREATE TABLE series_editions (
  series_id INTEGER PRIMARY KEY REFERENCES series(id),
  authorisation_ref TEXT NOT NULL CHECK (length(trim(authorisation_ref)) BETWEEN 1 AND 60),
  authorisation_date TEXT NOT NULL CHECK (authorisation_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  -- The emission number of the series (art. 3.º, n.º 2), printed on the acta and the receipts.
  emission TEXT NOT NULL CHECK (length(trim(emission)) BETWEEN 1 AND 30),
  at TEXT NOT NULL,
  by INTEGER NOT NULL REFERENCES operators(id)
) STRICT;
CREATE TRIGGER series_editions_no_update BEFORE UPDATE ON series_editions BEGIN SELECT RAISE(ABORT, 'series_editions is append-only'); END;
CREATE TRIGGER series_editions_no_delete BEFORE DELETE ON series_editions BEGIN SELECT RAISE(ABORT, 'series_editions is append-only'); END;

-- A move of a range of a series' cards. A box received names who received it;
-- a destruction is a manager's act with its reason and its record (the auto).
CREATE TABLE card_stock_moves (
  id INTEGER PRIMARY KEY,
  series_id INTEGER NOT NULL REFERENCES series(id),
  kind TEXT NOT NULL CHECK (kind IN ('received', 'issued', 'returned', 'destroyed')),
  from_number INTEGER NOT NULL CHECK (from_number >= 1),
  to_number INTEGER NOT NULL CHECK (to_number >= from_number),
  -- The box's own mark (received), optional.
  box TEXT CHECK (box IS NULL OR length(box) BETWEEN 1 AND 40),
  -- Who received the box in the hall (received).
  received_by TEXT CHECK (received_by IS NULL OR length(trim(received_by)) BETWEEN 1 AND 80),
  -- Why the cards were destroyed, and the record of the destruction (destroyed).
  reason TEXT CHECK (reason IS NULL OR length(trim(reason)) BETWEEN 1 AND 200),
  record_ref TEXT CHECK (record_ref IS NULL OR length(trim(record_ref)) BETWEEN 1 AND 60),
  at TEXT NOT NULL,
  by INTEGER NOT NULL REFERENCES operators(id),
  CHECK (kind <> 'received' OR received_by IS NOT NULL),
  CHECK (kind <> 'destroyed' OR (reason IS NOT NULL AND record_ref IS NOT NULL))
) STRICT;
CREATE INDEX card_stock_moves_by_series ON card_stock_moves (series_id, id);
CREATE TRIGGER card_stock_moves_no_update BEFORE UPDATE ON card_stock_moves BEGIN SELECT RAISE(ABORT, 'card_stock_moves is append-only'); END;
CREATE TRIGGER card_stock_moves_no_delete BEFORE DELETE ON card_stock_moves BEGIN SELECT RAISE(ABORT, 'card_stock_moves is append-only'); END;

INSERT INTO record_types (record, table_name, key_column) VALUES
  ('series_edition', 'series_editions', 'series_id'),
  ('card_stock_move', 'card_stock_moves', 'id');

CREATE TRIGGER series_editions_record AFTER INSERT ON series_editions BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('series_edition', NEW.series_id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER card_stock_moves_record AFTER INSERT ON card_stock_moves BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('card_stock_move', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
