-- Cash drawers (SPEC 9): one per terminal and shift, opened with a float
-- counted by denomination; pay-ins, pay-outs and drops; the blind close with
-- its Z report, numbered without gaps. Every cash ledger transaction of a
-- terminal names the drawer it went through.

CREATE TABLE drawers (
  id INTEGER PRIMARY KEY,
  terminal_id TEXT NOT NULL CHECK (length(terminal_id) BETWEEN 1 AND 40),
  opened_by INTEGER NOT NULL REFERENCES operators(id),
  opened_at TEXT NOT NULL,
  -- The float as counted: {"<denomination in cents>": count, ...}.
  float_counts TEXT NOT NULL CHECK (json_valid(float_counts) AND json_type(float_counts) = 'object'),
  float_cents INTEGER NOT NULL CHECK (float_cents >= 0),
  -- Set once, to 1, when its drawer_closes row exists: it only feeds the index below.
  closed INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1))
) STRICT;
-- One open drawer per terminal.
CREATE UNIQUE INDEX drawers_one_open ON drawers (terminal_id) WHERE closed = 0;

-- The close of a drawer: a new row, never an update, so it is append-only.
CREATE TABLE drawer_closes (
  drawer_id INTEGER PRIMARY KEY REFERENCES drawers(id),
  -- Z numbers run 1, 2, 3, ... with no gap (trigger below).
  z_number INTEGER NOT NULL UNIQUE CHECK (z_number >= 1),
  closed_at TEXT NOT NULL,
  closed_by INTEGER NOT NULL REFERENCES operators(id),
  counted_counts TEXT NOT NULL CHECK (json_valid(counted_counts) AND json_type(counted_counts) = 'object'),
  counted_cents INTEGER NOT NULL CHECK (counted_cents >= 0),
  expected_cents INTEGER NOT NULL,
  variance_cents INTEGER NOT NULL CHECK (variance_cents = counted_cents - expected_cents),
  threshold_cents INTEGER NOT NULL CHECK (threshold_cents >= 0),
  accepted_by INTEGER REFERENCES operators(id),
  accept_reason TEXT CHECK (accept_reason IS NULL OR length(accept_reason) BETWEEN 3 AND 200),
  -- The Z report's data as printed (reprints come from its print job).
  report TEXT NOT NULL CHECK (json_valid(report)),
  CHECK ((accepted_by IS NULL) = (accept_reason IS NULL)),
  -- Over the threshold only with a manager's acceptance, never the closer's own.
  CHECK (accepted_by IS NOT NULL OR abs(variance_cents) <= threshold_cents),
  CHECK (accepted_by IS NULL OR accepted_by <> closed_by)
) STRICT;

CREATE TRIGGER drawer_closes_z_sequence BEFORE INSERT ON drawer_closes
  WHEN NEW.z_number <> (SELECT COALESCE(MAX(z_number), 0) + 1 FROM drawer_closes)
BEGIN SELECT RAISE(ABORT, 'drawer_closes: Z numbers are sequential without gaps'); END;

-- Pay-ins, pay-outs and drops to the safe, each with its reason.
CREATE TABLE drawer_movements (
  id INTEGER PRIMARY KEY,
  drawer_id INTEGER NOT NULL REFERENCES drawers(id),
  kind TEXT NOT NULL CHECK (kind IN ('pay_in', 'pay_out', 'drop')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 3 AND 200),
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id)
) STRICT;
CREATE INDEX drawer_movements_by_drawer ON drawer_movements (drawer_id, id);

ALTER TABLE ledger_transactions ADD COLUMN drawer_id INTEGER REFERENCES drawers(id);
-- A drawer's expected cash sums its own transactions.
CREATE INDEX ledger_transactions_by_drawer ON ledger_transactions (drawer_id) WHERE drawer_id IS NOT NULL;

-- A drawer row changes once: closed 0 -> 1, after its close was recorded; nothing else.
CREATE TRIGGER drawers_no_update BEFORE UPDATE ON drawers
  WHEN NOT (OLD.closed = 0 AND NEW.closed = 1
            AND NEW.id = OLD.id AND NEW.terminal_id = OLD.terminal_id AND NEW.opened_by = OLD.opened_by
            AND NEW.opened_at = OLD.opened_at AND NEW.float_counts = OLD.float_counts AND NEW.float_cents = OLD.float_cents
            AND EXISTS (SELECT 1 FROM drawer_closes c WHERE c.drawer_id = OLD.id))
BEGIN SELECT RAISE(ABORT, 'drawers: only the close may change a drawer, once'); END;
CREATE TRIGGER drawers_no_delete BEFORE DELETE ON drawers BEGIN SELECT RAISE(ABORT, 'drawers is append-only'); END;
CREATE TRIGGER drawer_closes_no_update BEFORE UPDATE ON drawer_closes BEGIN SELECT RAISE(ABORT, 'drawer_closes is append-only'); END;
CREATE TRIGGER drawer_closes_no_delete BEFORE DELETE ON drawer_closes BEGIN SELECT RAISE(ABORT, 'drawer_closes is append-only'); END;
CREATE TRIGGER drawer_movements_no_update BEFORE UPDATE ON drawer_movements BEGIN SELECT RAISE(ABORT, 'drawer_movements is append-only'); END;
CREATE TRIGGER drawer_movements_no_delete BEFORE DELETE ON drawer_movements BEGIN SELECT RAISE(ABORT, 'drawer_movements is append-only'); END;
