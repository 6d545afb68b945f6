/** SQL of the commands' Idempotency-Keys (migration 0020): the first answer kept with its key, in the command's own transaction. */
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

export interface KeptAnswer {
  channel: string;
  fingerprint: string;
  /** The answer's value as JSON; null while a slow answer is not yet kept (or was lost with the process). */
  answer: string | null;
}

export function keptAnswer(db: ReadableDb, key: string): KeptAnswer | undefined {
  return stmt<[string], KeptAnswer>(db, `SELECT channel, fingerprint, answer FROM idempotency_keys WHERE key = ?`).get(key);
}

export function keepAnswer(
  db: WritableDb,
  k: { key: string; channel: string; fingerprint: string; operatorId: number | null; terminalId: string; at: string; auditSeq: number; answer: string | null },
): void {
  stmt(
    db,
    `INSERT INTO idempotency_keys (key, channel, fingerprint, operator_id, terminal_id, at, audit_seq, answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(k.key, k.channel, k.fingerprint, k.operatorId, k.terminalId, k.at, k.auditSeq, k.answer);
}

/** A slow answer, finished after its commit, kept once. */
export function keepFinishedAnswer(db: WritableDb, key: string, answer: string): void {
  stmt(db, `UPDATE idempotency_keys SET answer = ? WHERE key = ? AND answer IS NULL`).run(answer, key);
}
