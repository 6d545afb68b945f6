-- The casino caixa (SPEC 7; Portaria 1441/95, slot-machine rules n.º 2-14):
-- machines, guias numbered without gaps and paid once, jackpot and
-- superjackpot funds (ledger accounts liability:jackpot:<fund>), meters.

CREATE TABLE machines (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE CHECK (length(number) BETWEEN 1 AND 20),
  model TEXT NOT NULL CHECK (length(model) BETWEEN 1 AND 60),
  bet_cents INTEGER NOT NULL CHECK (bet_cents > 0),
  location TEXT CHECK (location IS NULL OR length(location) BETWEEN 1 AND 60),
  group_code TEXT CHECK (group_code IS NULL OR length(group_code) BETWEEN 1 AND 20),
  -- Shares of the amounts played that feed the machine's jackpot and its group's superjackpot (n.º 3, 4).
  jackpot_share_bp INTEGER NOT NULL DEFAULT 0 CHECK (jackpot_share_bp BETWEEN 0 AND 10000),
  superjackpot_share_bp INTEGER NOT NULL DEFAULT 0 CHECK (superjackpot_share_bp BETWEEN 0 AND 10000),
  registered_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE TRIGGER machines_no_delete BEFORE DELETE ON machines BEGIN SELECT RAISE(ABORT, 'machines are never deleted'); END;

CREATE TABLE guias (
  id INTEGER PRIMARY KEY,
  -- Guia numbers run 1, 2, 3, ... with no gap and are never reused (trigger below).
  number INTEGER NOT NULL UNIQUE CHECK (number >= 1),
  machine_id INTEGER NOT NULL REFERENCES machines(id),
  kind TEXT NOT NULL CHECK (kind IN ('jackpot', 'superjackpot', 'hand_pay', 'credits_claim')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  -- The fund it draws on: jackpot and superjackpot guias only (n.º 5: paid out only through guias).
  fund TEXT CHECK ((kind IN ('jackpot', 'superjackpot')) = (fund IS NOT NULL)),
  meters TEXT CHECK (meters IS NULL OR json_valid(meters)),
  notes TEXT CHECK (notes IS NULL OR length(notes) BETWEEN 1 AND 200),
  issued_at TEXT NOT NULL,
  issued_by INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL
) STRICT;
CREATE INDEX guias_by_machine ON guias (machine_id, issued_at);
CREATE TRIGGER guias_number_sequence BEFORE INSERT ON guias
  WHEN NEW.number <> (SELECT COALESCE(MAX(number), 0) + 1 FROM guias)
BEGIN SELECT RAISE(ABORT, 'guias: numbers are sequential without gaps'); END;
CREATE TRIGGER guias_no_update BEFORE UPDATE ON guias BEGIN SELECT RAISE(ABORT, 'guias is append-only'); END;
CREATE TRIGGER guias_no_delete BEFORE DELETE ON guias BEGIN SELECT RAISE(ABORT, 'guias is append-only'); END;

-- Paid once: the guia is the primary key.
CREATE TABLE guia_payments (
  guia_id INTEGER PRIMARY KEY REFERENCES guias(id),
  paid_at TEXT NOT NULL,
  paid_by INTEGER NOT NULL REFERENCES operators(id),
  terminal_id TEXT NOT NULL,
  -- The cash part leaves this drawer; a cheque-only payment touches none.
  drawer_id INTEGER REFERENCES drawers(id),
  cash_cents INTEGER NOT NULL CHECK (cash_cents >= 0),
  -- [{"number": "...", "bank": "...", "amountCents": n}, ...]
  cheques TEXT NOT NULL CHECK (json_valid(cheques) AND json_type(cheques) = 'array'),
  approved_by INTEGER REFERENCES operators(id),
  CHECK (approved_by IS NULL OR approved_by <> paid_by),
  CHECK ((cash_cents > 0) = (drawer_id IS NOT NULL))
) STRICT;

CREATE TABLE guia_voids (
  guia_id INTEGER PRIMARY KEY REFERENCES guias(id),
  voided_at TEXT NOT NULL,
  voided_by INTEGER NOT NULL REFERENCES operators(id),
  approved_by INTEGER NOT NULL REFERENCES operators(id),
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 3 AND 200),
  CHECK (approved_by <> voided_by)
) STRICT;

-- A guia is paid or voided, never both.
CREATE TRIGGER guia_payments_not_void BEFORE INSERT ON guia_payments
  WHEN EXISTS (SELECT 1 FROM guia_voids v WHERE v.guia_id = NEW.guia_id)
BEGIN SELECT RAISE(ABORT, 'guia_payments: the guia is void'); END;
CREATE TRIGGER guia_voids_not_paid BEFORE INSERT ON guia_voids
  WHEN EXISTS (SELECT 1 FROM guia_payments p WHERE p.guia_id = NEW.guia_id)
BEGIN SELECT RAISE(ABORT, 'guia_voids: the guia is paid'); END;
CREATE TRIGGER guia_payments_no_update BEFORE UPDATE ON guia_payments BEGIN SELECT RAISE(ABORT, 'guia_payments is append-only'); END;
CREATE TRIGGER guia_payments_no_delete BEFORE DELETE ON guia_payments BEGIN SELECT RAISE(ABORT, 'guia_payments is append-only'); END;
CREATE TRIGGER guia_voids_no_update BEFORE UPDATE ON guia_voids BEGIN SELECT RAISE(ABORT, 'guia_voids is append-only'); END;
CREATE TRIGGER guia_voids_no_delete BEFORE DELETE ON guia_voids BEGIN SELECT RAISE(ABORT, 'guia_voids is append-only'); END;

-- Meter readings (n.º 9): whole numbers; the deltas as computed at the reading, so reports sum them.
CREATE TABLE meter_readings (
  id INTEGER PRIMARY KEY,
  machine_id INTEGER NOT NULL REFERENCES machines(id),
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  kind TEXT NOT NULL CHECK (kind IN ('reading', 'rollover', 'reset')),
  modulus INTEGER CHECK (modulus IS NULL OR modulus > 0),
  coins_in INTEGER NOT NULL CHECK (coins_in >= 0),
  prizes_paid INTEGER NOT NULL CHECK (prizes_paid >= 0),
  coins_collected INTEGER NOT NULL CHECK (coins_collected >= 0),
  delta_coins_in INTEGER NOT NULL CHECK (delta_coins_in >= 0),
  delta_prizes_paid INTEGER NOT NULL CHECK (delta_prizes_paid >= 0),
  delta_coins_collected INTEGER NOT NULL CHECK (delta_coins_collected >= 0)
) STRICT;
CREATE INDEX meter_readings_by_machine ON meter_readings (machine_id, id);
CREATE TRIGGER meter_readings_no_update BEFORE UPDATE ON meter_readings BEGIN SELECT RAISE(ABORT, 'meter_readings is append-only'); END;
CREATE TRIGGER meter_readings_no_delete BEFORE DELETE ON meter_readings BEGIN SELECT RAISE(ABORT, 'meter_readings is append-only'); END;

-- What went into a fund (from meter readings or entered by a manager) and moved between funds (n.º 6).
CREATE TABLE fund_contributions (
  id INTEGER PRIMARY KEY,
  fund TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  source TEXT NOT NULL CHECK (source IN ('meters', 'manual')),
  reading_id INTEGER REFERENCES meter_readings(id),
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  CHECK ((source = 'meters') = (reading_id IS NOT NULL))
) STRICT;
CREATE TABLE fund_transfers (
  id INTEGER PRIMARY KEY,
  from_fund TEXT NOT NULL,
  to_fund TEXT NOT NULL CHECK (to_fund <> from_fund),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  authorisation_ref TEXT NOT NULL CHECK (length(authorisation_ref) BETWEEN 1 AND 60),
  at TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES operators(id),
  approved_by INTEGER NOT NULL REFERENCES operators(id),
  CHECK (approved_by <> operator_id)
) STRICT;
CREATE TRIGGER fund_contributions_no_update BEFORE UPDATE ON fund_contributions BEGIN SELECT RAISE(ABORT, 'fund_contributions is append-only'); END;
CREATE TRIGGER fund_contributions_no_delete BEFORE DELETE ON fund_contributions BEGIN SELECT RAISE(ABORT, 'fund_contributions is append-only'); END;
CREATE TRIGGER fund_transfers_no_update BEFORE UPDATE ON fund_transfers BEGIN SELECT RAISE(ABORT, 'fund_transfers is append-only'); END;
CREATE TRIGGER fund_transfers_no_delete BEFORE DELETE ON fund_transfers BEGIN SELECT RAISE(ABORT, 'fund_transfers is append-only'); END;
