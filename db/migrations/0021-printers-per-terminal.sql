-- Printers belong to a terminal (issue 24): each counter of the hall has its
-- own receipts printer and cash drawer, so a role is unique per terminal, not
-- per file. A printer configured before this belongs to the terminal that
-- configured it last (its audit row says which); with no such row, to the
-- standalone kiosk's terminal.
ALTER TABLE printers ADD COLUMN terminal_id TEXT NOT NULL DEFAULT 'T1'
  CHECK (length(terminal_id) BETWEEN 1 AND 32 AND terminal_id NOT GLOB '*[^A-Za-z0-9._-]*');

UPDATE printers SET terminal_id = COALESCE((
  SELECT a.terminal_id FROM audit_log a
  WHERE a.channel = 'printer.configure' AND a.outcome = 'ok' AND json_valid(a.input) AND json_extract(a.input, '$.id') = printers.id
    AND length(a.terminal_id) BETWEEN 1 AND 32 AND a.terminal_id NOT GLOB '*[^A-Za-z0-9._-]*'
  ORDER BY a.id DESC LIMIT 1
), 'T1');

DROP INDEX printers_one_per_role;
-- One printer per role at each terminal (its receipts printer, its guias printer...).
CREATE UNIQUE INDEX printers_one_per_terminal_role ON printers (terminal_id, role);
