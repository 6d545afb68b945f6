import type Database from 'better-sqlite3';

/**
 * The connection as each caller may use it (Signal's ReadableDB/WritableDB
 * idea): queries take a ReadableDb, commands a WritableDb, so a read path
 * cannot call a write. At run time the kiosk's ReadableDb is a second
 * connection opened read-only, so not even raw SQL could write through it.
 */
declare const readable: unique symbol;
declare const writable: unique symbol;
export type ReadableDb = Database.Database & { readonly [readable]: true };
export type WritableDb = ReadableDb & { readonly [writable]: true };
/** Either handle (the connection itself: migrations, checkpoints, tests). */
export type Db = Database.Database;
