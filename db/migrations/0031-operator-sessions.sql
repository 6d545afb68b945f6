-- Operator sessions kept in the hall's file (issue 38): a restart of the hall
-- server no longer asks every cashier for the PIN again. A session is bound
-- to the terminal it was opened at (the name its TLS certificate carries on
-- the terminals port), ends at the end of its shift, locks after idle time,
-- and is deleted when it ends (logout, revocation, a change of the operator).
-- Only the SHA-256 of the token is kept: the file, a backup or a copy of it
-- holds nothing a caller could present.
CREATE TABLE operator_sessions (
  token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
  operator_id INTEGER NOT NULL REFERENCES operators (id),
  terminal_id TEXT NOT NULL CHECK (length(terminal_id) BETWEEN 1 AND 64),
  started_at TEXT NOT NULL,
  -- The end of the shift it was opened for; NULL: no shift bound (tests, tools).
  ends_at TEXT CHECK (ends_at IS NULL OR ends_at > started_at),
  -- Written at most every 30 s (not at each call): after a restart a session may lock up to that much sooner.
  last_seen_at TEXT NOT NULL CHECK (last_seen_at >= started_at)
) STRICT, WITHOUT ROWID;

CREATE INDEX operator_sessions_by_terminal ON operator_sessions (terminal_id);
CREATE INDEX operator_sessions_by_operator ON operator_sessions (operator_id);

-- A session's binding never changes: only its last call moves on.
CREATE TRIGGER operator_sessions_bound BEFORE UPDATE ON operator_sessions
WHEN NEW.token_hash IS NOT OLD.token_hash OR NEW.operator_id IS NOT OLD.operator_id OR NEW.terminal_id IS NOT OLD.terminal_id
  OR NEW.started_at IS NOT OLD.started_at OR NEW.ends_at IS NOT OLD.ends_at
BEGIN
  SELECT RAISE(ABORT, 'operator_sessions: a session stays bound to its operator, terminal and shift');
END;
