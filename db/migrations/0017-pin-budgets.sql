-- Wrong-PIN budgets by scope (core/people/throttle.ts): an account at a
-- terminal ('account:<operator id>@<terminal>'), a terminal's approvals
-- ('approvals@<terminal>'). They replace the operator's own lock-out columns
-- (failed_attempts, locked_until, lock_count), left unused: a lock-out in
-- force at the upgrade ends with it. Counters, not authority: not audited
-- row by row (each wrong PIN has its refused audit row).
CREATE TABLE pin_budgets (
  scope TEXT PRIMARY KEY,
  failures INTEGER NOT NULL CHECK (failures >= 0),
  blocks INTEGER NOT NULL CHECK (blocks >= 0),
  blocked_until TEXT
) STRICT;

-- Whether the operator's PIN has fewer than 6 digits (the hall may require 6
-- for managers and admins). Unknown for PINs set before: taken as short
-- until the operator's next right PIN tells.
ALTER TABLE operators ADD COLUMN short_pin INTEGER NOT NULL DEFAULT 1 CHECK (short_pin IN (0, 1));

-- An admin's recovery code (a salted SHA-256 of a 100-bit random code, shown
-- once): it sets a new PIN when every admin is blocked or the PIN key is lost.
ALTER TABLE operators ADD COLUMN recovery_hash TEXT;

-- The kiosk's own facts about its files: the PIN key's check value (an HMAC
-- of a fixed text under the key in pin.key), so a missing or foreign key
-- file is told apart from a wrong PIN.
CREATE TABLE kiosk_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
