-- Roulette tables (SPEC 8; Portaria 1441/95, sections IX and X): a table's
-- wheel and minimum stake per chance (the maxima follow X.27), and its log of
-- spins, null spins (X.16), ball changes (X.12) and dealer changes (X.28).

CREATE TABLE roulette_tables (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE CHECK (length(code) BETWEEN 1 AND 12),
  wheel TEXT NOT NULL CHECK (wheel IN ('french', 'american')),
  -- {"pleno": cents, "cavalo": cents, ...}: the minimum stake of each chance.
  minimums TEXT NOT NULL CHECK (json_valid(minimums) AND json_type(minimums) = 'object'),
  registered_at TEXT NOT NULL,
  registered_by INTEGER NOT NULL REFERENCES operators(id)
) STRICT;
CREATE TRIGGER roulette_tables_no_update BEFORE UPDATE ON roulette_tables BEGIN SELECT RAISE(ABORT, 'roulette_tables is append-only'); END;
CREATE TRIGGER roulette_tables_no_delete BEFORE DELETE ON roulette_tables BEGIN SELECT RAISE(ABORT, 'roulette_tables is append-only'); END;

CREATE TABLE roulette_log (
  id INTEGER PRIMARY KEY,
  table_id INTEGER NOT NULL REFERENCES roulette_tables(id),
  at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('spin', 'null_spin', 'ball_change', 'dealer_change')),
  number INTEGER CHECK (number IS NULL OR number BETWEEN 0 AND 36),
  note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 200),
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  CHECK ((kind = 'spin') = (number IS NOT NULL)),
  CHECK (kind <> 'null_spin' OR note IS NOT NULL)
) STRICT;
CREATE INDEX roulette_log_by_table ON roulette_log (table_id, id);
CREATE TRIGGER roulette_log_no_update BEFORE UPDATE ON roulette_log BEGIN SELECT RAISE(ABORT, 'roulette_log is append-only'); END;
CREATE TRIGGER roulette_log_no_delete BEFORE DELETE ON roulette_log BEGIN SELECT RAISE(ABORT, 'roulette_log is append-only'); END;

-- The caixa's chip exchange (IX.7): face-value chips sold or redeemed for cash through the terminal's drawer.
CREATE TABLE chip_exchanges (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('sell', 'redeem')),
  -- [{"valueCents": n, "count": n}, ...]
  chips TEXT NOT NULL CHECK (json_valid(chips) AND json_type(chips) = 'array'),
  total_cents INTEGER NOT NULL CHECK (total_cents > 0),
  tendered_cents INTEGER CHECK (tendered_cents IS NULL OR tendered_cents >= total_cents),
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  drawer_id INTEGER NOT NULL REFERENCES drawers(id),
  CHECK ((kind = 'sell') = (tendered_cents IS NOT NULL))
) STRICT;
CREATE TRIGGER chip_exchanges_no_update BEFORE UPDATE ON chip_exchanges BEGIN SELECT RAISE(ABORT, 'chip_exchanges is append-only'); END;
CREATE TRIGGER chip_exchanges_no_delete BEFORE DELETE ON chip_exchanges BEGIN SELECT RAISE(ABORT, 'chip_exchanges is append-only'); END;

-- Chips without face value (IX.6-9): the value each colour of a table was given, newest last.
CREATE TABLE colour_chips (
  id INTEGER PRIMARY KEY,
  table_id INTEGER NOT NULL REFERENCES roulette_tables(id),
  colour TEXT NOT NULL CHECK (length(colour) BETWEEN 1 AND 20),
  value_cents INTEGER NOT NULL CHECK (value_cents > 0),
  late INTEGER NOT NULL CHECK (late IN (0, 1)),
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id)
) STRICT;
CREATE TRIGGER colour_chips_no_update BEFORE UPDATE ON colour_chips BEGIN SELECT RAISE(ABORT, 'colour_chips is append-only'); END;
CREATE TRIGGER colour_chips_no_delete BEFORE DELETE ON colour_chips BEGIN SELECT RAISE(ABORT, 'colour_chips is append-only'); END;
