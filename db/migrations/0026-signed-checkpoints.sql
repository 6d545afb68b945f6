-- The hall signs its books (the inspector's export): an Ed25519 key whose
-- private half is in the data folder (owner-only), its public half here;
-- signed checkpoints of the audit log as a Merkle tree (RFC 6962) at every
-- Z, every session close and on demand; and the roots of the tree's whole
-- blocks of 1024 entries, so that a proof for any entry is read, not
-- recomputed from the whole log. All three are append-only.

-- Each key the hall has signed with, in order: the newest is in use. A key
-- made by a rotation is signed by the one before it (rotation_note: a
-- signed note naming the new key, by the old); a key found in the data
-- folder with no record (a folder restored without its key) has none.
CREATE TABLE hall_keys (
  id INTEGER PRIMARY KEY,
  -- signed-note key name, key id (8 hex) and verifier key (name+id+base64(0x01 || key)).
  name TEXT NOT NULL,
  key_id TEXT NOT NULL CHECK (length(key_id) = 8),
  verifier_key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  -- The audit row that recorded it.
  audit_seq INTEGER NOT NULL,
  rotation_note TEXT
) STRICT;

CREATE TRIGGER hall_keys_no_update BEFORE UPDATE ON hall_keys
BEGIN
  SELECT RAISE(ABORT, 'hall_keys: a key''s record is kept as it was written');
END;
CREATE TRIGGER hall_keys_no_delete BEFORE DELETE ON hall_keys
BEGIN
  SELECT RAISE(ABORT, 'hall_keys: a key''s record is kept as it was written');
END;

-- A signed tree head: the first `size` audit entries (seq 1..size) as RFC 6962
-- leaves (each the entry's chain hash), the root, and the signed note. The
-- frontier (the roots of the tree's whole subtrees along its right edge) lets
-- the next one be grown from the entries since, so that it extends this one.
CREATE TABLE checkpoints (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  root_hash TEXT NOT NULL CHECK (length(root_hash) = 64),
  note TEXT NOT NULL,
  key_id TEXT NOT NULL CHECK (length(key_id) = 8),
  reason TEXT NOT NULL CHECK (reason IN ('z', 'session', 'demand', 'rotation')),
  -- What it was made for: the drawer of a Z, the session it closed.
  ref_type TEXT CHECK (ref_type IN ('drawer', 'session')),
  ref_id INTEGER,
  frontier TEXT NOT NULL
) STRICT;
CREATE INDEX checkpoints_by_ref ON checkpoints (ref_type, ref_id);

CREATE TRIGGER checkpoints_no_update BEFORE UPDATE ON checkpoints
BEGIN
  SELECT RAISE(ABORT, 'checkpoints: a signed checkpoint is kept as it was signed');
END;
CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON checkpoints
BEGIN
  SELECT RAISE(ABORT, 'checkpoints: a signed checkpoint is kept as it was signed');
END;

-- Block b: the root of entries b*1024+1 .. (b+1)*1024, once the log has them all.
CREATE TABLE merkle_blocks (
  block INTEGER PRIMARY KEY CHECK (block >= 0),
  root_hash TEXT NOT NULL CHECK (length(root_hash) = 64)
) STRICT;

CREATE TRIGGER merkle_blocks_no_update BEFORE UPDATE ON merkle_blocks
BEGIN
  SELECT RAISE(ABORT, 'merkle_blocks: a block''s root never changes');
END;
CREATE TRIGGER merkle_blocks_no_delete BEFORE DELETE ON merkle_blocks
BEGIN
  SELECT RAISE(ABORT, 'merkle_blocks: a block''s root never changes');
END;
