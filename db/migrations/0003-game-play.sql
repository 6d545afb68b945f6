-- The game to its end: card faces, ball sets, the draw, claims, winners,
-- payouts, suspensions and annulments, refunds, the incident book.

-- Card faces of a series (DN art. 3.4): 15 numbers, row by row.
CREATE TABLE card_faces (
  series_id INTEGER NOT NULL REFERENCES series(id),
  card INTEGER NOT NULL CHECK (card >= 1),
  numbers TEXT NOT NULL,
  PRIMARY KEY (series_id, card)
) STRICT, WITHOUT ROWID;
ALTER TABLE series ADD COLUMN faces_imported_at TEXT;

-- Sets of 90 balls, each good for at most 2000 games (art. 5.3).
CREATE TABLE ball_sets (
  id INTEGER PRIMARY KEY,
  serial TEXT NOT NULL UNIQUE CHECK (length(serial) BETWEEN 1 AND 40),
  registered_at TEXT NOT NULL,
  registered_by INTEGER NOT NULL REFERENCES operators(id)
) STRICT;

ALTER TABLE games ADD COLUMN ball_set_id INTEGER REFERENCES ball_sets(id);
ALTER TABLE games ADD COLUMN is_last INTEGER NOT NULL DEFAULT 0 CHECK (is_last IN (0, 1));
ALTER TABLE games ADD COLUMN suspended_at TEXT;
ALTER TABLE games ADD COLUMN suspended_from TEXT CHECK (suspended_from IN ('selling', 'sale_closed', 'drawing'));
ALTER TABLE games ADD COLUMN annulled_at TEXT;
ALTER TABLE games ADD COLUMN annul_reason TEXT CHECK (annul_reason IN ('failure_before_draw', 'failure_during_draw', 'announcement_error'));
ALTER TABLE games ADD COLUMN finished_at TEXT;

-- Figures fixed at the close of sale beside the prizes.
ALTER TABLE game_closures ADD COLUMN stamp_duty_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_closures ADD COLUMN stamp_duty_basis_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_closures ADD COLUMN special_share_cents INTEGER NOT NULL DEFAULT 0;

-- N of the accumulated special prize announced for the session (art. 10).
ALTER TABLE sessions ADD COLUMN special_balls INTEGER;

-- The draw: balls in order. A recall is a new row, the ball stays on record.
CREATE TABLE balls (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 90),
  drawn_at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id)
) STRICT;
CREATE INDEX balls_by_game ON balls (game_id, id);
CREATE TABLE ball_recalls (
  ball_id INTEGER PRIMARY KEY REFERENCES balls(id),
  recalled_at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  approved_by INTEGER NOT NULL REFERENCES operators(id)
) STRICT;

-- Claims as they are checked (valid or not), in the order verified.
CREATE TABLE claims (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  kind TEXT NOT NULL CHECK (kind IN ('line', 'bingo')),
  series_id INTEGER NOT NULL REFERENCES series(id),
  card INTEGER NOT NULL,
  -- Balls out (not recalled) when the claim was made: its claims window.
  ball_count INTEGER NOT NULL CHECK (ball_count >= 1),
  valid INTEGER NOT NULL CHECK (valid IN (0, 1)),
  reason TEXT,
  manual INTEGER NOT NULL CHECK (manual IN (0, 1)),
  claimed_at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id)
) STRICT;
CREATE INDEX claims_by_game ON claims (game_id, kind, ball_count);

-- Awarded prizes, one row per winning card and prize kind.
CREATE TABLE winners (
  id INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id),
  claim_id INTEGER NOT NULL REFERENCES claims(id),
  kind TEXT NOT NULL CHECK (kind IN ('line', 'bingo', 'special')),
  prize_cents INTEGER NOT NULL CHECK (prize_cents >= 0),
  ball_count INTEGER NOT NULL,
  awarded_at TEXT NOT NULL,
  UNIQUE (claim_id, kind)
) STRICT;
CREATE INDEX winners_by_game ON winners (game_id);

CREATE TABLE prize_payments (
  winner_id INTEGER PRIMARY KEY REFERENCES winners(id),
  paid_at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  -- Winning cards are kept 8 days (art. 15.5).
  retain_until TEXT NOT NULL
) STRICT;

-- Unpaid prizes of an annulled game are void (SPEC 6 decision).
CREATE TABLE prize_voids (
  winner_id INTEGER PRIMARY KEY REFERENCES winners(id),
  voided_at TEXT NOT NULL,
  reason TEXT NOT NULL
) STRICT;

-- Refunds of the sales of an annulled game, in full (art. 16.3).
CREATE TABLE refunds (
  sale_id INTEGER PRIMARY KEY REFERENCES sales(id),
  paid_at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0)
) STRICT;

-- The incident book (art. 17.4).
CREATE TABLE incidents (
  id INTEGER PRIMARY KEY,
  session_id INTEGER REFERENCES sessions(id),
  game_id INTEGER REFERENCES games(id),
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  kind TEXT NOT NULL CHECK (kind IN ('manual', 'suspension', 'annulment', 'ball_set', 'ball_recall', 'check')),
  text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000)
) STRICT;
CREATE INDEX incidents_by_session ON incidents (session_id, id);

CREATE TRIGGER card_faces_no_update BEFORE UPDATE ON card_faces BEGIN SELECT RAISE(ABORT, 'card_faces is append-only'); END;
CREATE TRIGGER card_faces_no_delete BEFORE DELETE ON card_faces BEGIN SELECT RAISE(ABORT, 'card_faces is append-only'); END;
CREATE TRIGGER balls_no_update BEFORE UPDATE ON balls BEGIN SELECT RAISE(ABORT, 'balls is append-only'); END;
CREATE TRIGGER balls_no_delete BEFORE DELETE ON balls BEGIN SELECT RAISE(ABORT, 'balls is append-only'); END;
CREATE TRIGGER ball_recalls_no_update BEFORE UPDATE ON ball_recalls BEGIN SELECT RAISE(ABORT, 'ball_recalls is append-only'); END;
CREATE TRIGGER ball_recalls_no_delete BEFORE DELETE ON ball_recalls BEGIN SELECT RAISE(ABORT, 'ball_recalls is append-only'); END;
CREATE TRIGGER claims_no_update BEFORE UPDATE ON claims BEGIN SELECT RAISE(ABORT, 'claims is append-only'); END;
CREATE TRIGGER claims_no_delete BEFORE DELETE ON claims BEGIN SELECT RAISE(ABORT, 'claims is append-only'); END;
CREATE TRIGGER winners_no_update BEFORE UPDATE ON winners BEGIN SELECT RAISE(ABORT, 'winners is append-only'); END;
CREATE TRIGGER winners_no_delete BEFORE DELETE ON winners BEGIN SELECT RAISE(ABORT, 'winners is append-only'); END;
CREATE TRIGGER prize_payments_no_update BEFORE UPDATE ON prize_payments BEGIN SELECT RAISE(ABORT, 'prize_payments is append-only'); END;
CREATE TRIGGER prize_payments_no_delete BEFORE DELETE ON prize_payments BEGIN SELECT RAISE(ABORT, 'prize_payments is append-only'); END;
CREATE TRIGGER prize_voids_no_update BEFORE UPDATE ON prize_voids BEGIN SELECT RAISE(ABORT, 'prize_voids is append-only'); END;
CREATE TRIGGER prize_voids_no_delete BEFORE DELETE ON prize_voids BEGIN SELECT RAISE(ABORT, 'prize_voids is append-only'); END;
CREATE TRIGGER refunds_no_update BEFORE UPDATE ON refunds BEGIN SELECT RAISE(ABORT, 'refunds is append-only'); END;
CREATE TRIGGER refunds_no_delete BEFORE DELETE ON refunds BEGIN SELECT RAISE(ABORT, 'refunds is append-only'); END;
CREATE TRIGGER incidents_no_update BEFORE UPDATE ON incidents BEGIN SELECT RAISE(ABORT, 'incidents is append-only'); END;
CREATE TRIGGER incidents_no_delete BEFORE DELETE ON incidents BEGIN SELECT RAISE(ABORT, 'incidents is append-only'); END;
