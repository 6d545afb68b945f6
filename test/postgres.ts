/**
 * A PostgreSQL database of a test's own on the machine's server (ARCHITECTURE.md,
 * constraints: 127.0.0.1:5432, trust authentication), dropped after.
 * KIOSK_TEST_PG_URL names another server (its maintenance database).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL = process.env.KIOSK_TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  /** A query on the test's database (to count, or to tamper as an attacker would). */
  query<R = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `kiosk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    name,
    query: async <R,>(sql: string, values?: unknown[]) => (await pool.query(sql, values)).rows as R[],
    async drop() {
      await pool.end();
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
