-- A job's last failure as data besides its pt-PT text (issue 13): the code
-- (a printer's, e.g. CONNECT_REFUSED, or the kiosk's own, e.g.
-- PRINT_UNPRINTABLE_CHARACTER) and its parameters (numbers, codes, never
-- Portuguese words), so that each screen words it in its operator's language.
-- NULL for failures recorded before, or not raised by our code: the text is shown.
ALTER TABLE print_jobs ADD COLUMN last_error_code TEXT CHECK (last_error_code IS NULL OR length(last_error_code) BETWEEN 1 AND 64);
ALTER TABLE print_jobs ADD COLUMN last_error_params TEXT CHECK (last_error_params IS NULL OR json_valid(last_error_params));
