-- Evidence that the books and the people were changed only by the kiosk's
-- audited commands (issue 12, part 3).

-- Every change of an operator's identity or authority (username, name, roles,
-- PIN, active), however it was made, is recorded here by the triggers below,
-- with the audit log's last row at that moment: the command that made it
-- appends its own audit row right after (books.verify pairs them), so a change
-- written into the file by hand shows as a change no command explains.
-- Lock-out counters are not authority and are not recorded.
CREATE TABLE operator_changes (
  id INTEGER PRIMARY KEY,
  operator_id INTEGER NOT NULL,
  change TEXT NOT NULL CHECK (change IN ('baseline', 'created', 'updated')),
  -- {username, name, roles, active}, as before and after the change.
  before TEXT CHECK (before IS NULL OR json_valid(before)),
  after TEXT NOT NULL CHECK (json_valid(after)),
  pin_changed INTEGER NOT NULL CHECK (pin_changed IN (0, 1)),
  audit_seq INTEGER NOT NULL CHECK (audit_seq >= 0)
) STRICT;
CREATE INDEX operator_changes_by_operator ON operator_changes (operator_id, id);
CREATE TRIGGER operator_changes_no_update BEFORE UPDATE ON operator_changes BEGIN SELECT RAISE(ABORT, 'operator_changes is append-only'); END;
CREATE TRIGGER operator_changes_no_delete BEFORE DELETE ON operator_changes BEGIN SELECT RAISE(ABORT, 'operator_changes is append-only'); END;

-- The operators as they stand when this migration runs: the starting point.
INSERT INTO operator_changes (operator_id, change, before, after, pin_changed, audit_seq)
SELECT id, 'baseline', NULL, json_object('username', username, 'name', name, 'roles', json(roles), 'active', active), 0,
       (SELECT COALESCE(MAX(id), 0) FROM audit_log)
  FROM operators ORDER BY id;

CREATE TRIGGER operators_record_insert AFTER INSERT ON operators BEGIN
  INSERT INTO operator_changes (operator_id, change, before, after, pin_changed, audit_seq)
  VALUES (NEW.id, 'created', NULL,
          json_object('username', NEW.username, 'name', NEW.name, 'roles', json(NEW.roles), 'active', NEW.active), 1,
          (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
CREATE TRIGGER operators_record_update AFTER UPDATE OF username, name, roles, pin_hash, active ON operators
WHEN OLD.username IS NOT NEW.username OR OLD.name IS NOT NEW.name OR OLD.roles IS NOT NEW.roles
  OR OLD.pin_hash IS NOT NEW.pin_hash OR OLD.active IS NOT NEW.active
BEGIN
  INSERT INTO operator_changes (operator_id, change, before, after, pin_changed, audit_seq)
  VALUES (NEW.id, 'updated',
          json_object('username', OLD.username, 'name', OLD.name, 'roles', json(OLD.roles), 'active', OLD.active),
          json_object('username', NEW.username, 'name', NEW.name, 'roles', json(NEW.roles), 'active', NEW.active),
          OLD.pin_hash IS NOT NEW.pin_hash,
          (SELECT COALESCE(MAX(id), 0) FROM audit_log));
END;
-- An operator is deactivated, never deleted: their name stays on every document they signed.
CREATE TRIGGER operators_no_delete BEFORE DELETE ON operators BEGIN SELECT RAISE(ABORT, 'operators are deactivated, never deleted'); END;

-- books.verify finds each document's audit row by its instant and channel.
CREATE INDEX audit_log_by_at ON audit_log (at, channel);
