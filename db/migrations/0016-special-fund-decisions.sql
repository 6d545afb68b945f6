-- The accumulated special prize's fund is the players' money (DN art. 10):
-- switched off, it is frozen; it is played again only when a manager's
-- decision, recorded here, carries it to a new prize (its share, its base N,
-- its starting amount). The money never moves: the same ledger account
-- (liability:special_fund) holds it before and after.
CREATE TABLE special_fund_decisions (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  -- What the fund held when the decision was taken.
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  -- The decision as the manager recorded it (e.g. the inspectorate's authorisation of the new prize).
  decision TEXT NOT NULL CHECK (length(decision) BETWEEN 3 AND 200),
  -- The new prize's settings (JSON: shareBasisPoints, baseBalls, startingCents).
  prize TEXT NOT NULL CHECK (json_valid(prize))
) STRICT;
CREATE TRIGGER special_fund_decisions_no_update BEFORE UPDATE ON special_fund_decisions BEGIN SELECT RAISE(ABORT, 'special_fund_decisions is append-only'); END;
CREATE TRIGGER special_fund_decisions_no_delete BEFORE DELETE ON special_fund_decisions BEGIN SELECT RAISE(ABORT, 'special_fund_decisions is append-only'); END;
