-- Idempotency-Keys scoped to the terminal that sent them, with fingerprints
-- that hold no secret (a PIN in an input is left out of it), and a key a
-- counter gave up after a lost answer closed for good ("given up"): the
-- command, if it arrives later, is answered "not done" and never runs.
-- Rows kept before carry fingerprints of the old form: a retry across this
-- upgrade is refused as another input, never run twice.
CREATE TABLE idempotency_keys_scoped (
  terminal_id TEXT NOT NULL,
  key TEXT NOT NULL CHECK (length(key) BETWEEN 8 AND 128),
  -- 'done': the command ran (its audit row, its answer); 'given_up': the counter asked for it after a lost answer and the hall had not run it.
  outcome TEXT NOT NULL CHECK (outcome IN ('done', 'given_up')),
  channel TEXT NOT NULL,
  -- sha256 of the channel, the terminal, the operator and the input as parsed less its secrets; none for a key given up.
  fingerprint TEXT CHECK (fingerprint IS NULL OR length(fingerprint) = 64),
  operator_id INTEGER REFERENCES operators (id),
  at TEXT NOT NULL,
  -- The command's audit row, or the row of the question that gave the key up.
  audit_seq INTEGER NOT NULL,
  -- The answer's value as JSON; NULL while a slow answer (finished after the commit) is not yet kept, and for a key given up.
  answer TEXT,
  PRIMARY KEY (terminal_id, key),
  CHECK (outcome = 'done' AND fingerprint IS NOT NULL OR outcome = 'given_up' AND fingerprint IS NULL AND answer IS NULL)
) STRICT;

INSERT INTO idempotency_keys_scoped (terminal_id, key, outcome, channel, fingerprint, operator_id, at, audit_seq, answer)
  SELECT terminal_id, key, 'done', channel, fingerprint, operator_id, at, audit_seq, answer FROM idempotency_keys;

DROP TABLE idempotency_keys;
ALTER TABLE idempotency_keys_scoped RENAME TO idempotency_keys;

-- A key's record never changes but to keep its slow answer once.
CREATE TRIGGER idempotency_keys_no_update BEFORE UPDATE ON idempotency_keys
WHEN OLD.answer IS NOT NULL OR OLD.outcome <> 'done' OR NEW.key IS NOT OLD.key OR NEW.outcome IS NOT OLD.outcome OR NEW.channel IS NOT OLD.channel
  OR NEW.fingerprint IS NOT OLD.fingerprint OR NEW.operator_id IS NOT OLD.operator_id OR NEW.terminal_id IS NOT OLD.terminal_id
  OR NEW.at IS NOT OLD.at OR NEW.audit_seq IS NOT OLD.audit_seq
BEGIN
  SELECT RAISE(ABORT, 'idempotency_keys: a key''s record is kept as it was written');
END;

CREATE TRIGGER idempotency_keys_no_delete BEFORE DELETE ON idempotency_keys
BEGIN
  SELECT RAISE(ABORT, 'idempotency_keys: a key is kept');
END;
