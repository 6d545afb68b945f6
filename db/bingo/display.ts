/** SQL of the hall board's access: its display tokens, kept as their SHA-256. */
import { createHash } from 'node:crypto';
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function insertDisplayToken(db: WritableDb, t: { token: string; at: string; by: number }): void {
  stmt(db, `INSERT INTO display_tokens (token_sha256, created_at, created_by) VALUES (?, ?, ?)`).run(sha256(t.token), t.at, t.by);
}

/** A token some manager issued for a board (a lookup of its hash: the token itself is never stored). */
export function displayTokenKnown(db: ReadableDb, token: string): boolean {
  if (token.length < 16 || token.length > 200) return false;
  return stmt<[string], { one: number }>(db, `SELECT 1 AS one FROM display_tokens WHERE token_sha256 = ?`).get(sha256(token)) !== undefined;
}

/** Whether the game's draw goes on by hand after a failure of the mechanism (art. 16.2): its acta says so. */
export function manualDrawOf(db: ReadableDb, gameId: number): boolean {
  return stmt<[number], { one: number }>(db, `SELECT 1 AS one FROM acta_entries WHERE game_id = ? AND kind = 'manual_draw' LIMIT 1`).get(gameId) !== undefined;
}
