-- The caixa's chip float (SPEC 8, IX.7; SPEC 9): the face-value chips a
-- drawer holds, counted by value at its opening and at its close, and the
-- chips brought from the vault (fill) or sent back to it (credit) between.

-- A drawer's chips counted by value: at its opening (stage 'open') and at its close (stage 'close').
CREATE TABLE drawer_chip_counts (
  drawer_id INTEGER NOT NULL REFERENCES drawers(id),
  stage TEXT NOT NULL CHECK (stage IN ('open', 'close')),
  -- {"<face value in cents>": count, ...}
  counts TEXT NOT NULL CHECK (json_valid(counts) AND json_type(counts) = 'object'),
  cents INTEGER NOT NULL CHECK (cents >= 0),
  -- At the close only: the chips the drawer should hold, and counted minus expected.
  expected_cents INTEGER,
  variance_cents INTEGER,
  PRIMARY KEY (drawer_id, stage),
  CHECK ((stage = 'open') = (expected_cents IS NULL)),
  CHECK ((stage = 'open') = (variance_cents IS NULL)),
  CHECK (variance_cents IS NULL OR variance_cents = cents - expected_cents)
) STRICT;

-- The opening count goes with an open drawer; the closing count with its close,
-- and a variance over the hall's threshold only with the manager's acceptance recorded there.
CREATE TRIGGER drawer_chip_counts_open BEFORE INSERT ON drawer_chip_counts
  WHEN NEW.stage = 'open' AND NOT EXISTS (SELECT 1 FROM drawers d WHERE d.id = NEW.drawer_id AND d.closed = 0)
BEGIN SELECT RAISE(ABORT, 'drawer_chip_counts: the chip float is counted while the drawer is open'); END;
CREATE TRIGGER drawer_chip_counts_close BEFORE INSERT ON drawer_chip_counts
  WHEN NEW.stage = 'close' AND NOT EXISTS (
    SELECT 1 FROM drawer_closes c WHERE c.drawer_id = NEW.drawer_id
       AND (c.accepted_by IS NOT NULL OR abs(NEW.variance_cents) <= c.threshold_cents))
BEGIN SELECT RAISE(ABORT, 'drawer_chip_counts: the chips are counted at the close, a variance over the threshold only when accepted'); END;
CREATE TRIGGER drawer_chip_counts_no_update BEFORE UPDATE ON drawer_chip_counts BEGIN SELECT RAISE(ABORT, 'drawer_chip_counts is append-only'); END;
CREATE TRIGGER drawer_chip_counts_no_delete BEFORE DELETE ON drawer_chip_counts BEGIN SELECT RAISE(ABORT, 'drawer_chip_counts is append-only'); END;

-- Chips brought to the caixa from the vault (fill) or sent back to it (credit), with a reason.
CREATE TABLE chip_movements (
  id INTEGER PRIMARY KEY,
  drawer_id INTEGER NOT NULL REFERENCES drawers(id),
  kind TEXT NOT NULL CHECK (kind IN ('fill', 'credit')),
  -- [{"valueCents": n, "count": n}, ...]
  chips TEXT NOT NULL CHECK (json_valid(chips) AND json_type(chips) = 'array'),
  total_cents INTEGER NOT NULL CHECK (total_cents > 0),
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 3 AND 200),
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id)
) STRICT;
CREATE INDEX chip_movements_by_drawer ON chip_movements (drawer_id, id);
CREATE INDEX chip_exchanges_by_drawer ON chip_exchanges (drawer_id, id);
CREATE TRIGGER chip_movements_no_update BEFORE UPDATE ON chip_movements BEGIN SELECT RAISE(ABORT, 'chip_movements is append-only'); END;
CREATE TRIGGER chip_movements_no_delete BEFORE DELETE ON chip_movements BEGIN SELECT RAISE(ABORT, 'chip_movements is append-only'); END;
