-- A void reads the postings of the sale it reverses (db/ledger.ts postingsOf:
-- WHERE ref_type = ? AND ref_id = ? AND kind = ?). Without an index on the
-- reference that query scanned every ledger entry: about 0.25-0.5 s inside the
-- void's write transaction with a million earlier sales (bench/README.md).
CREATE INDEX ledger_transactions_by_ref ON ledger_transactions (ref_type, ref_id, kind);
