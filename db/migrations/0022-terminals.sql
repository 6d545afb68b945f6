-- The hall's enrolled terminals (issue 24): each counter enrolled at the hall
-- server's terminals port with a one-time code holds a certificate of the
-- hall's own authority whose CN is its name. A revoked terminal keeps its row
-- (who revoked it, when); its name may be enrolled again (a new row, a new
-- certificate), never twice live at once.
CREATE TABLE terminals (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 32 AND name NOT GLOB '*[^A-Za-z0-9._-]*'),
  -- sha256:<64 hex> of the certificate's DER: how a connection's certificate finds its row.
  fingerprint TEXT NOT NULL UNIQUE CHECK (length(fingerprint) = 71 AND substr(fingerprint, 1, 7) = 'sha256:' AND substr(fingerprint, 8) NOT GLOB '*[^0-9a-f]*'),
  serial TEXT NOT NULL UNIQUE CHECK (length(serial) BETWEEN 2 AND 40 AND serial NOT GLOB '*[^0-9a-f]*'),
  enrolled_at TEXT NOT NULL,
  last_seen_at TEXT CHECK (last_seen_at IS NULL OR last_seen_at >= enrolled_at),
  revoked_at TEXT CHECK (revoked_at IS NULL OR revoked_at >= enrolled_at),
  revoked_by INTEGER REFERENCES operators (id),
  CHECK (revoked_by IS NULL OR revoked_at IS NOT NULL)
) STRICT;

-- One live terminal per name: two codes for one name enrol it once.
CREATE UNIQUE INDEX terminals_one_live_per_name ON terminals (name) WHERE revoked_at IS NULL;

-- A terminal's certificate and enrolment never change; it is revoked once, for good; its last call moves on.
CREATE TRIGGER terminals_no_update BEFORE UPDATE ON terminals
WHEN NEW.id IS NOT OLD.id OR NEW.name IS NOT OLD.name OR NEW.fingerprint IS NOT OLD.fingerprint OR NEW.serial IS NOT OLD.serial
  OR NEW.enrolled_at IS NOT OLD.enrolled_at
  OR (OLD.revoked_at IS NOT NULL AND (NEW.revoked_at IS NOT OLD.revoked_at OR NEW.revoked_by IS NOT OLD.revoked_by))
  OR (NEW.revoked_at IS NULL AND OLD.revoked_at IS NULL AND NEW.revoked_by IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'terminals: an enrolment is kept as written; a terminal is revoked once');
END;

CREATE TRIGGER terminals_no_delete BEFORE DELETE ON terminals
BEGIN
  SELECT RAISE(ABORT, 'terminals: an enrolled terminal is revoked, never deleted');
END;

-- One-time enrolment codes: only their SHA-256 is kept (the code itself is shown once), 10 minutes to use.
CREATE TABLE enrolment_codes (
  id INTEGER PRIMARY KEY,
  code_hash TEXT NOT NULL UNIQUE CHECK (length(code_hash) = 64 AND code_hash NOT GLOB '*[^0-9a-f]*'),
  terminal_name TEXT NOT NULL CHECK (length(terminal_name) BETWEEN 1 AND 32 AND terminal_name NOT GLOB '*[^A-Za-z0-9._-]*'),
  created_at TEXT NOT NULL,
  created_by INTEGER NOT NULL REFERENCES operators (id),
  expires_at TEXT NOT NULL CHECK (expires_at > created_at),
  used_at TEXT CHECK (used_at IS NULL OR (used_at >= created_at AND used_at < expires_at)),
  -- The terminal it enrolled: set with used_at, in the same transaction.
  terminal_id INTEGER UNIQUE REFERENCES terminals (id),
  CHECK ((used_at IS NULL) = (terminal_id IS NULL))
) STRICT;

-- A code is used once: nothing of it changes after.
CREATE TRIGGER enrolment_codes_used_once BEFORE UPDATE ON enrolment_codes
WHEN OLD.used_at IS NOT NULL OR NEW.id IS NOT OLD.id OR NEW.code_hash IS NOT OLD.code_hash OR NEW.terminal_name IS NOT OLD.terminal_name
  OR NEW.created_at IS NOT OLD.created_at OR NEW.created_by IS NOT OLD.created_by OR NEW.expires_at IS NOT OLD.expires_at
BEGIN
  SELECT RAISE(ABORT, 'enrolment_codes: a code is used once and otherwise kept as written');
END;
