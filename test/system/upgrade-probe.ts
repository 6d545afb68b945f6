/**
 * A migration of the tests' own, after the program's last one (upgrade.test.ts):
 * what an upgrade's next migration does to a hall's file, in kind: a new table
 * filled with more pages than SQLite's cache holds (so that, killed before its
 * commit, the WAL holds frames of it that no commit frame closes), and a
 * column added to the sales. Numbered after whatever the program has, so a
 * migration added later changes nothing here.
 */
import { loadMigrations, type Migration } from '../../db/connection.js';

export const PROBE_ROWS = 20_000;

export function probeMigration(): Migration {
  const version = loadMigrations().length + 1;
  return {
    version,
    name: `${String(version).padStart(4, '0')}-upgrade-probe.sql`,
    sql: `
      -- A small cache, as a hall's large migration outgrows any: its pages spill into the WAL before the commit.
      PRAGMA cache_size = 64;
      CREATE TABLE upgrade_probe (n INTEGER PRIMARY KEY, pad TEXT NOT NULL) STRICT;
      WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < ${PROBE_ROWS})
      INSERT INTO upgrade_probe SELECT n, hex(randomblob(100)) FROM k;
      ALTER TABLE sales ADD COLUMN upgrade_probe INTEGER NOT NULL DEFAULT 0;
    `,
  };
}

/** The program's migrations and the probe after them. */
export function withProbe(): Migration[] {
  return [...loadMigrations(), probeMigration()];
}
