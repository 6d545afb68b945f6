-- Each command sent with an Idempotency-Key (a counter's retry after a lost
-- answer): the key, what it was for, and the answer given, written in the
-- command's own transaction. The same key again answers the same; kept at
-- least until the session closes (none is removed yet).
CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 8 AND 128),
  channel TEXT NOT NULL,
  -- sha256 of the channel, the operator and the input as parsed: the same key with another is refused.
  fingerprint TEXT NOT NULL CHECK (length(fingerprint) = 64),
  operator_id INTEGER REFERENCES operators (id),
  terminal_id TEXT NOT NULL,
  at TEXT NOT NULL,
  audit_seq INTEGER NOT NULL,
  -- The answer's value as JSON; NULL while a slow answer (finished after the commit) is not yet kept.
  answer TEXT
) STRICT;

-- A key's record never changes but to keep its slow answer once.
CREATE TRIGGER idempotency_keys_no_update BEFORE UPDATE ON idempotency_keys
WHEN OLD.answer IS NOT NULL OR NEW.key IS NOT OLD.key OR NEW.channel IS NOT OLD.channel OR NEW.fingerprint IS NOT OLD.fingerprint
  OR NEW.operator_id IS NOT OLD.operator_id OR NEW.terminal_id IS NOT OLD.terminal_id OR NEW.at IS NOT OLD.at OR NEW.audit_seq IS NOT OLD.audit_seq
BEGIN
  SELECT RAISE(ABORT, 'idempotency_keys: a key''s record is kept as it was written');
END;
