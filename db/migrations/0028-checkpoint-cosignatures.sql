-- The group's cosignatures of the hall's checkpoints (issue 26): the group,
-- holding the hall's journal, recomputed each checkpoint's root from the
-- entries it holds and signed it as a witness (C2SP tlog-cosignature). The
-- hall keeps the line it received, so the inspector's export carries it: a
-- hall cannot show the group one history and the inspector another. Not an
-- audit entry: a cosignature proves itself (the witness's key checks it), and
-- it arrives from the shipper, not from a person's command. Append-only.
CREATE TABLE checkpoint_cosignatures (
  checkpoint_id INTEGER NOT NULL REFERENCES checkpoints(id),
  -- The witness's verifier key (name+id+base64(0x04 || key)) and its signature line on the note.
  witness_key TEXT NOT NULL,
  line TEXT NOT NULL,
  witnessed_at TEXT NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (checkpoint_id, witness_key)
) STRICT;

CREATE TRIGGER checkpoint_cosignatures_no_update BEFORE UPDATE ON checkpoint_cosignatures
BEGIN
  SELECT RAISE(ABORT, 'checkpoint_cosignatures: a cosignature is kept as it was received');
END;
CREATE TRIGGER checkpoint_cosignatures_no_delete BEFORE DELETE ON checkpoint_cosignatures
BEGIN
  SELECT RAISE(ABORT, 'checkpoint_cosignatures: a cosignature is kept as it was received');
END;
