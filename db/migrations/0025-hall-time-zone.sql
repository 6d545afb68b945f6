-- The hall's time zone, a setting beside its licence: days of operation
-- (art. 10.º, n.º 2) are counted in it and every time is printed in it.
-- A Portuguese hall is on the mainland, in the Azores or in Madeira; a file
-- made before the setting existed is on the mainland's clock, as it always was.
ALTER TABLE hall ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Europe/Lisbon'
  CHECK (time_zone IN ('Europe/Lisbon', 'Atlantic/Azores', 'Atlantic/Madeira'));
