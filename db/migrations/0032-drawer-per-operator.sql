-- A drawer belongs to its terminal, its operator and a shift (issue 38): on a
-- terminal shared by a cashier and the caixa each opens and counts their own
-- drawer, and neither pays out of the other's. One open drawer per operator
-- on a terminal, where there was one per terminal.
DROP INDEX drawers_one_open;
CREATE UNIQUE INDEX drawers_one_open ON drawers (terminal_id, opened_by) WHERE closed = 0;
