-- The hall board (DN art. 7.1, 10.3, 11.2) and the floor's open rules.

-- Tokens of the hall board's displays (browser mode): each reads the board and
-- nothing else. Kept as their SHA-256, so the file never holds a usable token;
-- a board keeps working across restarts of the kiosk.
CREATE TABLE display_tokens (
  id INTEGER PRIMARY KEY,
  token_sha256 TEXT NOT NULL UNIQUE CHECK (length(token_sha256) = 64),
  created_at TEXT NOT NULL,
  created_by INTEGER NOT NULL REFERENCES operators(id)
) STRICT;
CREATE TRIGGER display_tokens_no_update BEFORE UPDATE ON display_tokens BEGIN SELECT RAISE(ABORT, 'display_tokens is append-only'); END;
CREATE TRIGGER display_tokens_no_delete BEFORE DELETE ON display_tokens BEGIN SELECT RAISE(ABORT, 'display_tokens is append-only'); END;

-- A claim checked by hand (a series without faces) carries the card's numbers
-- the manager typed (5 for a line, 15 for a bingo), checked against the balls
-- drawn (art. 9.1): [n, ...].
ALTER TABLE claims ADD COLUMN numbers TEXT CHECK (numbers IS NULL OR (json_valid(numbers) AND json_type(numbers) = 'array'));

-- Double cards (art. 3.5, 14.3): a series authorised as double plays two
-- consecutive games of a session with the cards sold once; the second game
-- names the first (its cards are the first's sales). One second per first.
ALTER TABLE series ADD COLUMN double INTEGER NOT NULL DEFAULT 0 CHECK (double IN (0, 1));
ALTER TABLE games ADD COLUMN double_of INTEGER REFERENCES games(id);
CREATE UNIQUE INDEX games_one_second_per_double ON games (double_of) WHERE double_of IS NOT NULL;

-- Login lock-outs back off (issue 12): how many times in a row an operator
-- was locked since their last good PIN; each lock lasts twice the last.
ALTER TABLE operators ADD COLUMN lock_count INTEGER NOT NULL DEFAULT 0 CHECK (lock_count >= 0);
