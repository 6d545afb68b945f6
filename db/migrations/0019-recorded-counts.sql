-- The blind close's count, recorded as final when its variance needs a
-- manager's acceptance: once recorded, the figures may be shown (the approver
-- sees what he approves) and the close takes this count; another count only
-- with a manager's approval. Without this, a refused close changed nothing
-- and a cashier could count again until the drawer closed. One per drawer.
CREATE TABLE drawer_recorded_counts (
  drawer_id INTEGER PRIMARY KEY REFERENCES drawers(id),
  recorded_at TEXT NOT NULL,
  counted_by INTEGER NOT NULL REFERENCES operators(id),
  -- {"<denomination in cents>": count, ...}
  counts TEXT NOT NULL CHECK (json_valid(counts) AND json_type(counts) = 'object'),
  cents INTEGER NOT NULL CHECK (cents >= 0),
  expected_cents INTEGER NOT NULL,
  -- The chips counted by face value, when the drawer held chips.
  chip_counts TEXT CHECK (chip_counts IS NULL OR (json_valid(chip_counts) AND json_type(chip_counts) = 'object')),
  chip_cents INTEGER CHECK (chip_cents IS NULL OR chip_cents >= 0),
  chips_expected_cents INTEGER,
  threshold_cents INTEGER NOT NULL CHECK (threshold_cents >= 0),
  CHECK ((chip_counts IS NULL) = (chip_cents IS NULL)),
  CHECK ((chip_cents IS NULL) = (chips_expected_cents IS NULL))
) STRICT;

CREATE TRIGGER drawer_recorded_counts_open BEFORE INSERT ON drawer_recorded_counts
  WHEN NOT EXISTS (SELECT 1 FROM drawers d WHERE d.id = NEW.drawer_id AND d.closed = 0)
BEGIN SELECT RAISE(ABORT, 'drawer_recorded_counts: a count is recorded while its drawer is open'); END;
CREATE TRIGGER drawer_recorded_counts_no_update BEFORE UPDATE ON drawer_recorded_counts BEGIN SELECT RAISE(ABORT, 'drawer_recorded_counts is append-only'); END;
CREATE TRIGGER drawer_recorded_counts_no_delete BEFORE DELETE ON drawer_recorded_counts BEGIN SELECT RAISE(ABORT, 'drawer_recorded_counts is append-only'); END;
