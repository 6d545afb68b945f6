-- The hall's identity outside its own file (the group's journal): a UUID (v4,
-- from SQLite's randomness, seeded by the system's) made once, when the file
-- is made or first opened by this version, and never changed: every row the
-- group keeps of this hall is keyed by it beside the audit row's number.
CREATE TABLE hall_identity (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  hall_id TEXT NOT NULL UNIQUE CHECK (hall_id GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-4[0-9a-f][0-9a-f][0-9a-f]-[89ab][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
  created_at TEXT NOT NULL
) STRICT;

INSERT INTO hall_identity (id, hall_id, created_at)
SELECT 1,
  lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-'
    || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now');

CREATE TRIGGER hall_identity_no_update BEFORE UPDATE ON hall_identity
BEGIN
  SELECT RAISE(ABORT, 'hall_identity: a hall''s identity never changes');
END;

CREATE TRIGGER hall_identity_no_delete BEFORE DELETE ON hall_identity
BEGIN
  SELECT RAISE(ABORT, 'hall_identity: a hall''s identity never changes');
END;
