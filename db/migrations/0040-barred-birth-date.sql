-- The date of birth of each person on the list of persons barred from play
-- (issue 41; Lei n.º 83/2017, art. 76.º): the file gives it beside the
-- document, and the manager reading a refused identification compares it
-- with the person at the counter. The list matches by the document (its
-- keyed digest); an entry imported before this migration has none.
ALTER TABLE barred_entries ADD COLUMN birth_date TEXT CHECK (birth_date IS NULL OR birth_date GLOB '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]');
