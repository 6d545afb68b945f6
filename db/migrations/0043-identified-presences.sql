-- A bingo player identified at the moment the hall says (issue 41; Lei n.º
-- 83/2017, art. 76.º, n.º 5): at the entrance (an entry recorded at the desk)
-- or at the purchase of cards (the sale names its player). Apart from the
-- books, as every record of a person: the sale's row is untouched, this one
-- points at it. Listed in the gaming day's record; the threshold does not
-- count them (it adds up payments and exchanges).
CREATE TABLE identified_presences (
  id INTEGER PRIMARY KEY,
  person_id INTEGER NOT NULL REFERENCES persons(id),
  moment TEXT NOT NULL CHECK (moment IN ('entry', 'card_purchase')),
  sale_id INTEGER UNIQUE REFERENCES sales(id),
  -- YYYY-MM-DD: the gaming day (core/compliance/rules.ts gamingDayOf).
  gaming_day TEXT NOT NULL CHECK (gaming_day GLOB '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  CHECK ((moment = 'card_purchase') = (sale_id IS NOT NULL))
) STRICT;
CREATE INDEX identified_presences_by_day ON identified_presences (gaming_day, person_id);
CREATE INDEX identified_presences_by_person ON identified_presences (person_id);
CREATE TRIGGER identified_presences_no_update BEFORE UPDATE ON identified_presences BEGIN SELECT RAISE(ABORT, 'identified_presences is append-only'); END;
CREATE TRIGGER identified_presences_no_delete BEFORE DELETE ON identified_presences BEGIN SELECT RAISE(ABORT, 'identified_presences is append-only'); END;

INSERT INTO record_types (record, table_name, key_column) VALUES ('identified_presence', 'identified_presences', 'id');
CREATE TRIGGER identified_presences_record AFTER INSERT ON identified_presences BEGIN
  INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('identified_presence', NEW.id, (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
