/**
 * The raw statement helper: SQL text in, a prepared statement out. Only db/
 * imports this file (lint refuses it to every other zone of the shipped
 * code), so a service reaches the database through db/'s functions alone.
 */
import type Database from 'better-sqlite3';
import type { Db, ReadableDb } from './connection.js';

/** Prepared statements cached per connection: a sale runs the same dozen statements. */
const cache = new WeakMap<Db, Map<string, Database.Statement>>();
export function stmt<P extends unknown[] | object = unknown[], R = unknown>(db: ReadableDb | Db, sql: string): Database.Statement<P, R> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let s = perDb.get(sql);
  if (!s) {
    s = db.prepare(sql);
    perDb.set(sql, s);
  }
  return s as unknown as Database.Statement<P, R>;
}
