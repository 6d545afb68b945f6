-- migration: rebuilds tables (games: a new annulment reason in its CHECK)
-- Issue 20, the rules as an inspector tests them (DN art. 6.2, 7.1, 14.1,
-- 14.5, 16.1):
-- * a game that can no longer be played before the closing time (another is
--   the last, or the time has passed) is annulled for 'closing_time';
-- * became_last_at: when a game opened earlier became the session's last by
--   beginning its draw within the last 10 minutes (announced then);
-- * one draw at a time: a game's first ball is refused by the database too
--   while another game of the session is being drawn (drawing, or suspended
--   with balls out). A trigger, not a unique index, so that a file written
--   before this rule still opens.
CREATE TABLE games_new (
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
  ball_set_id INTEGER REFERENCES ball_sets(id),
  is_last INTEGER NOT NULL DEFAULT 0 CHECK (is_last IN (0, 1)),
  suspended_at TEXT,
  suspended_from TEXT CHECK (suspended_from IN ('selling', 'sale_closed', 'drawing')),
  annulled_at TEXT,
  annul_reason TEXT CHECK (annul_reason IN ('failure_before_draw', 'failure_during_draw', 'announcement_error', 'closing_time')),
  finished_at TEXT,
  double_of INTEGER REFERENCES games(id),
  became_last_at TEXT CHECK (became_last_at IS NULL OR is_last = 1),
  UNIQUE (session_id, number),
  CHECK (second_series_id IS NULL OR second_series_id <> first_series_id)
) STRICT;
INSERT INTO games_new (id, session_id, number, state, price_cents, first_series_id, first_start, second_series_id, second_named,
  opened_at, opened_by, sale_closed_at, ball_set_id, is_last, suspended_at, suspended_from, annulled_at, annul_reason, finished_at, double_of)
SELECT id, session_id, number, state, price_cents, first_series_id, first_start, second_series_id, second_named,
  opened_at, opened_by, sale_closed_at, ball_set_id, is_last, suspended_at, suspended_from, annulled_at, annul_reason, finished_at, double_of
FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
-- One game sells at a time in a session.
CREATE UNIQUE INDEX games_one_selling ON games (session_id) WHERE state = 'selling';
CREATE UNIQUE INDEX games_one_second_per_double ON games (double_of) WHERE double_of IS NOT NULL;

CREATE TRIGGER games_one_draw BEFORE UPDATE OF state ON games
WHEN NEW.state = 'drawing' AND OLD.state = 'sale_closed'
  AND EXISTS (SELECT 1 FROM games g WHERE g.session_id = NEW.session_id AND g.id <> NEW.id
              AND (g.state = 'drawing' OR (g.state = 'suspended' AND g.suspended_from = 'drawing')))
BEGIN
  SELECT RAISE(ABORT, 'one draw at a time: another game of the session is being drawn');
END;

-- Claims confirmed by hand are checked against the same card's and the
-- series' other cards' numbers recorded before (art. 3.4): found by series.
CREATE INDEX claims_manual_by_series ON claims (series_id, card) WHERE manual = 1 AND valid = 1;

-- The session's last game, looked up at every sale (art. 14.5): one row at most per session.
CREATE INDEX games_last_of_session ON games (session_id) WHERE is_last = 1;
