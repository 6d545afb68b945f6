-- Foundation: hall, operators, series, sessions, games, sales, ledger, audit.
-- Money is integer cents; times are ISO-8601 UTC strings.

CREATE TABLE hall (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 2 AND 80),
  licence TEXT,
  created_at TEXT NOT NULL
) STRICT;

-- One row per setting; value is JSON.
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value))
) STRICT;

CREATE TABLE operators (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  roles TEXT NOT NULL CHECK (json_valid(roles) AND json_array_length(roles) > 0),
  pin_hash TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until TEXT,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE series (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE CHECK (length(code) BETWEEN 1 AND 3 AND code NOT GLOB '*[^A-Z]*'),
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  size INTEGER NOT NULL CHECK (size > 0),
  colour TEXT,
  emission TEXT,
  -- Persisted so sales continue from it in the next game or day (art. 12.2).
  next_number INTEGER NOT NULL DEFAULT 1 CHECK (next_number BETWEEN 1 AND size + 1),
  registered_at TEXT NOT NULL,
  registered_by INTEGER REFERENCES operators(id)
) STRICT;

CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  opened_at TEXT NOT NULL,
  scheduled_close_at TEXT NOT NULL,
  closed_at TEXT,
  opened_by INTEGER NOT NULL REFERENCES operators(id)
) STRICT;
-- At most one open session in the hall.
CREATE UNIQUE INDEX sessions_one_open ON sessions ((closed_at IS NULL)) WHERE closed_at IS NULL;

CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions(id),
  number INTEGER NOT NULL CHECK (number > 0),
  state TEXT NOT NULL CHECK (state IN ('selling', 'sale_closed', 'drawing', 'finished', 'suspended', 'annulled')),
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  first_series_id INTEGER NOT NULL REFERENCES series(id),
  -- S: the first series' next number when the game opened (art. 12.2, 12.3 c).
  first_start INTEGER NOT NULL CHECK (first_start >= 1),
  second_series_id INTEGER REFERENCES series(id),
  second_named INTEGER NOT NULL DEFAULT 0 CHECK (second_named IN (0, 1)),
  opened_at TEXT NOT NULL,
  opened_by INTEGER NOT NULL REFERENCES operators(id),
  sale_closed_at TEXT,
  UNIQUE (session_id, number),
  CHECK (second_series_id IS NULL OR second_series_id <> first_series_id)
) STRICT;
-- One game sells at a time in a session.
CREATE UNIQUE INDEX games_one_selling ON games (session_id) WHERE state = 'selling';

CREATE TABLE sales (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  terminal_id TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents > 0),
  total_cents INTEGER NOT NULL CHECK (total_cents = quantity * unit_price_cents),
  payment_method TEXT NOT NULL CHECK (payment_method IN ('cash', 'chips')),
  tendered_cents INTEGER NOT NULL,
  change_cents INTEGER NOT NULL CHECK (change_cents >= 0 AND change_cents = tendered_cents - total_cents),
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX sales_by_game ON sales (game_id, id);

CREATE TABLE sale_ranges (
  sale_id INTEGER NOT NULL REFERENCES sales(id),
  position INTEGER NOT NULL CHECK (position IN (1, 2)),
  series_id INTEGER NOT NULL REFERENCES series(id),
  from_number INTEGER NOT NULL CHECK (from_number >= 1),
  to_number INTEGER NOT NULL CHECK (to_number >= from_number),
  PRIMARY KEY (sale_id, position)
) STRICT, WITHOUT ROWID;
CREATE INDEX sale_ranges_by_series ON sale_ranges (series_id, from_number);

CREATE TABLE sale_voids (
  sale_id INTEGER PRIMARY KEY REFERENCES sales(id),
  voided_at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  approved_by INTEGER NOT NULL REFERENCES operators(id)
) STRICT;

-- The close of sale of each game (art. 13): figures frozen at that moment.
CREATE TABLE game_closures (
  game_id INTEGER PRIMARY KEY REFERENCES games(id),
  closed_at TEXT NOT NULL,
  closed_by INTEGER NOT NULL REFERENCES operators(id),
  cards_sold INTEGER NOT NULL CHECK (cards_sold > 0),
  total_cents INTEGER NOT NULL CHECK (total_cents > 0),
  line_prize_cents INTEGER NOT NULL CHECK (line_prize_cents >= 0),
  bingo_prize_cents INTEGER NOT NULL CHECK (bingo_prize_cents >= 0),
  line_rounding_hundredths INTEGER NOT NULL,
  bingo_rounding_hundredths INTEGER NOT NULL,
  ranges TEXT NOT NULL CHECK (json_valid(ranges)),
  announcement TEXT NOT NULL
) STRICT;

-- The acta (DN art. 17), written as things happen.
CREATE TABLE acta_entries (
  id INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions(id),
  game_id INTEGER REFERENCES games(id),
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data))
) STRICT;
CREATE INDEX acta_by_session ON acta_entries (session_id, id);

-- Double-entry ledger: every transaction's entries sum to zero.
CREATE TABLE ledger_transactions (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  operator_id INTEGER REFERENCES operators(id),
  terminal_id TEXT,
  ref_type TEXT,
  ref_id INTEGER
) STRICT;
CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY,
  transaction_id INTEGER NOT NULL REFERENCES ledger_transactions(id),
  account TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0)
) STRICT;
CREATE INDEX ledger_entries_by_tx ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account);

-- Hash-chained audit log of every command.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  operator_id INTEGER,
  terminal_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'refused')),
  input TEXT NOT NULL,
  before TEXT,
  after TEXT,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL
) STRICT;

-- Append-only: these tables refuse UPDATE and DELETE.
CREATE TRIGGER sales_no_update BEFORE UPDATE ON sales BEGIN SELECT RAISE(ABORT, 'sales is append-only'); END;
CREATE TRIGGER sales_no_delete BEFORE DELETE ON sales BEGIN SELECT RAISE(ABORT, 'sales is append-only'); END;
CREATE TRIGGER sale_ranges_no_update BEFORE UPDATE ON sale_ranges BEGIN SELECT RAISE(ABORT, 'sale_ranges is append-only'); END;
CREATE TRIGGER sale_ranges_no_delete BEFORE DELETE ON sale_ranges BEGIN SELECT RAISE(ABORT, 'sale_ranges is append-only'); END;
CREATE TRIGGER sale_voids_no_update BEFORE UPDATE ON sale_voids BEGIN SELECT RAISE(ABORT, 'sale_voids is append-only'); END;
CREATE TRIGGER sale_voids_no_delete BEFORE DELETE ON sale_voids BEGIN SELECT RAISE(ABORT, 'sale_voids is append-only'); END;
CREATE TRIGGER game_closures_no_update BEFORE UPDATE ON game_closures BEGIN SELECT RAISE(ABORT, 'game_closures is append-only'); END;
CREATE TRIGGER game_closures_no_delete BEFORE DELETE ON game_closures BEGIN SELECT RAISE(ABORT, 'game_closures is append-only'); END;
CREATE TRIGGER acta_entries_no_update BEFORE UPDATE ON acta_entries BEGIN SELECT RAISE(ABORT, 'acta_entries is append-only'); END;
CREATE TRIGGER acta_entries_no_delete BEFORE DELETE ON acta_entries BEGIN SELECT RAISE(ABORT, 'acta_entries is append-only'); END;
CREATE TRIGGER ledger_transactions_no_update BEFORE UPDATE ON ledger_transactions BEGIN SELECT RAISE(ABORT, 'ledger_transactions is append-only'); END;
CREATE TRIGGER ledger_transactions_no_delete BEFORE DELETE ON ledger_transactions BEGIN SELECT RAISE(ABORT, 'ledger_transactions is append-only'); END;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries BEGIN SELECT RAISE(ABORT, 'ledger_entries is append-only'); END;
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries BEGIN SELECT RAISE(ABORT, 'ledger_entries is append-only'); END;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
