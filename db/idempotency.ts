/**
 * SQL of the commands' Idempotency-Keys (migrations 0020, 0030): the first
 * answer kept with its key, in the command's own transaction, under the
 * terminal that sent it; or the key given up, when a counter asked for it
 * after a lost answer and the hall had not run it.
 */
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

export type KeptAnswer =
  | {
      outcome: 'done';
      channel: string;
      fingerprint: string;
      /** The answer's value as JSON; null while a slow answer is not yet kept (or was lost with the process). */
      answer: string | null;
    }
  | { outcome: 'given_up'; channel: string; fingerprint: null; answer: null };

export function keptAnswer(db: ReadableDb, terminalId: string, key: string): KeptAnswer | undefined {
  return stmt<[string, string], KeptAnswer>(db, `SELECT outcome, channel, fingerprint, answer FROM idempotency_keys WHERE terminal_id = ? AND key = ?`).get(
    terminalId,
    key,
  );
}

export function keepAnswer(
  db: WritableDb,
  k: { key: string; channel: string; fingerprint: string; operatorId: number | null; terminalId: string; at: string; auditSeq: number; answer: string | null },
): void {
  stmt(
    db,
    `INSERT INTO idempotency_keys (terminal_id, key, outcome, channel, fingerprint, operator_id, at, audit_seq, answer) VALUES (?, ?, 'done', ?, ?, ?, ?, ?, ?)`,
  ).run(k.terminalId, k.key, k.channel, k.fingerprint, k.operatorId, k.at, k.auditSeq, k.answer);
}

/** A key closed for good: the command it was for, arriving later, is answered "not done" and never runs. */
export function giveUpKey(db: WritableDb, k: { terminalId: string; key: string; channel: string; operatorId: number | null; at: string; auditSeq: number }): void {
  stmt(
    db,
    `INSERT INTO idempotency_keys (terminal_id, key, outcome, channel, fingerprint, operator_id, at, audit_seq, answer) VALUES (?, ?, 'given_up', ?, NULL, ?, ?, ?, NULL)`,
  ).run(k.terminalId, k.key, k.channel, k.operatorId, k.at, k.auditSeq);
}

/** A slow answer, finished after its commit, kept once. */
export function keepFinishedAnswer(db: WritableDb, terminalId: string, key: string, answer: string): void {
  stmt(db, `UPDATE idempotency_keys SET answer = ? WHERE terminal_id = ? AND key = ? AND outcome = 'done' AND answer IS NULL`).run(answer, terminalId, key);
}
