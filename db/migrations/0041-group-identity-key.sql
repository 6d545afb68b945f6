-- Whose key digests the documents (issue 41; Lei n.º 83/2017, art. 76.º; SPEC
-- 11): the hall's own, drawn at its first identification, or the group's,
-- installed by an admin from the file the group gives every hall so that one
-- person adds up across its halls. A key is the group's only when installed
-- before the hall keyed anyone (a person or a barred list): a digest never
-- changes once written.
ALTER TABLE identity_key ADD COLUMN source TEXT NOT NULL DEFAULT 'hall' CHECK (source IN ('hall', 'group'));
