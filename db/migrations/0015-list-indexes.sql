-- Lists read a page at a time (issue 20: books an inspector can take away).
-- Keyset paging needs an index in the order each list is read, so that a
-- page is a range of an index, never a scan of the table and a sort.

-- audit.list: newest first in time, by seq within an instant ((at, id) keys),
-- over a period; and the same for one channel.
CREATE INDEX audit_log_by_time ON audit_log (at);
CREATE INDEX audit_log_by_channel ON audit_log (channel, at);

-- The Z reports of a period (export.zReports), in the order they were closed.
CREATE INDEX drawer_closes_by_time ON drawer_closes (closed_at);
