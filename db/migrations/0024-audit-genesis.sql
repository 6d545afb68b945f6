-- The audit chain's first row bound to the hall (issue 25): in a file whose
-- log is still empty here (every file made from now on), row 1's prev_hash
-- is sha256("bingo-kiosk audit genesis\n" || hall_id), not 64 zeros, so a
-- chain copied into another hall's file, or begun anew, does not verify as
-- this hall's. A file whose log already has rows keeps its chain from zeros
-- (bound = 0): its history is what it is, and is checked as before.
CREATE TABLE audit_genesis (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  bound INTEGER NOT NULL CHECK (bound IN (0, 1))
) STRICT;

INSERT INTO audit_genesis (id, bound) SELECT 1, (SELECT COUNT(*) FROM audit_log) = 0;

CREATE TRIGGER audit_genesis_no_update BEFORE UPDATE ON audit_genesis
BEGIN
  SELECT RAISE(ABORT, 'audit_genesis: where the chain begins never changes');
END;

CREATE TRIGGER audit_genesis_no_delete BEFORE DELETE ON audit_genesis
BEGIN
  SELECT RAISE(ABORT, 'audit_genesis: where the chain begins never changes');
END;
