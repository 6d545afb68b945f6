-- Printers and the print queue. A job is stored with its exact document
-- (JSON layout) in the same transaction as the money it documents; printing
-- happens after the commit and never undoes it.

CREATE TABLE printers (
  id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 40),
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('receipts', 'guias', 'reports')),
  transport TEXT NOT NULL CHECK (transport IN ('tcp', 'device')),
  host TEXT,
  port INTEGER CHECK (port IS NULL OR port BETWEEN 1 AND 65535),
  path TEXT,
  codepage TEXT NOT NULL CHECK (codepage IN ('cp1252', 'cp858')),
  width_mm INTEGER NOT NULL CHECK (width_mm IN (58, 80)),
  drawer_pin INTEGER CHECK (drawer_pin IS NULL OR drawer_pin IN (2, 5)),
  drawer_on_ms INTEGER NOT NULL DEFAULT 100,
  drawer_off_ms INTEGER NOT NULL DEFAULT 500,
  updated_at TEXT NOT NULL,
  CHECK ((transport = 'tcp' AND host IS NOT NULL AND port IS NOT NULL) OR (transport = 'device' AND path IS NOT NULL))
) STRICT;
-- One printer per role at a terminal's disposal (the receipts printer, the guias printer...).
CREATE UNIQUE INDEX printers_one_per_role ON printers (role);

CREATE TABLE print_jobs (
  id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  printer_id TEXT NOT NULL REFERENCES printers(id),
  document TEXT NOT NULL CHECK (json_valid(document)),
  ref_type TEXT,
  ref_id INTEGER,
  reprint_of INTEGER REFERENCES print_jobs(id),
  operator_id INTEGER REFERENCES operators(id),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'printed', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_error TEXT,
  printed_at TEXT,
  -- The cash drawer is opened at most once per job, on its first attempt.
  drawer_pulse_sent INTEGER NOT NULL DEFAULT 0 CHECK (drawer_pulse_sent IN (0, 1))
) STRICT;
CREATE INDEX print_jobs_pending ON print_jobs (state, id);
CREATE INDEX print_jobs_by_ref ON print_jobs (ref_type, ref_id);
