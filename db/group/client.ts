/**
 * What the group's SQL needs of a PostgreSQL connection: the driver itself
 * stays in main/journal/ and main/group/ (lint: Packages by zone); db/group/ holds the SQL
 * text, as db/ does for the hall's SQLite.
 */
interface GroupResult<R> {
  rows: R[];
  rowCount: number | null;
}

export interface GroupClient {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<GroupResult<R>>;
}

/** A pool: a client of its own for a transaction, released after (`destroy`: closed, not reused: its state is unknown). */
export interface GroupPool extends GroupClient {
  connect(): Promise<GroupClient & { release(destroy?: boolean): void }>;
}
