/**
 * Operator sessions: a random token per login, kept in the hall's file
 * (db/operator-sessions.ts) so that a restart of the hall server, even a
 * SIGKILL, leaves every cashier logged in; locked after idle time, ended at
 * the end of the shift it was opened for, and bound to the terminal it was
 * opened at: the same token presented by another terminal is unknown there
 * (a token read off one counter opens no other).
 *
 * Why keeping them is safe (issue 38): only the SHA-256 of each token is
 * written (192 random bits: no salt needed, nothing to guess from the hash),
 * so the file, a backup or a copy of it holds nothing a caller can present.
 * And a token alone opens nothing: a counter's calls name their terminal by
 * the certificate of the mutual TLS handshake (its private key lives on the
 * counter, never in the hall's file), and the hall's own screens are its
 * browser mode's port on 127.0.0.1 behind the access token. A copied
 * database revives no session on another machine: it has neither the tokens
 * nor the terminals' keys. A restore from a backup ends every session anyway
 * (db/backup.ts): the hall put back is logged into afresh.
 *
 * The last call is written at most every TOUCH_EVERY_MS, not at each call (a
 * sale's fsync is the cost that matters): this process keeps the exact time
 * in memory, so the idle lock is exact while it runs; after a restart it
 * reads the time written, and a session may lock up to 30 s sooner than the
 * 15 minutes (never later).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../../../core/roles.js';
import { IDLE_LOCK_MINUTES } from '../../../../core/people/rules.js';
import { writeTransaction, type WritableDb } from '../../../../db/connection.js';
import {
  deleteLapsedSessions,
  deleteSession,
  deleteSessionsAt,
  deleteSessionsOf,
  insertSession,
  sessionByHash,
  touchSession,
} from '../../../../db/operator-sessions.js';

export interface Operator {
  id: number;
  username: string;
  name: string;
  roles: Role[];
}

/** How often a session's last call is written at most (the idle lock is minutes). */
export const TOUCH_EVERY_MS = 30_000;

/** What is kept of a token: its SHA-256, hex. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export class OperatorSessions {
  /** The last call of each session this process has seen, and when it was last written. */
  private readonly seen = new Map<string, { lastSeenMs: number; writtenMs: number }>();

  constructor(
    private readonly db: WritableDb,
    private readonly idleMs = IDLE_LOCK_MINUTES * 60_000,
  ) {}

  /**
   * A new session, written in the login's transaction (refused, it leaves none); `shiftMs` (the hall's shift
   * length, read at the login) bounds it whatever the activity. Sessions long lapsed are cleared on the way.
   */
  start(operator: Operator, now: Date, terminalId: string, shiftMs = Number.POSITIVE_INFINITY): string {
    const token = randomBytes(24).toString('base64url');
    const at = now.toISOString();
    deleteLapsedSessions(this.db, at, new Date(now.getTime() - this.idleMs - TOUCH_EVERY_MS).toISOString());
    const endsAt = Number.isFinite(shiftMs) ? new Date(now.getTime() + shiftMs).toISOString() : null;
    insertSession(this.db, { tokenHash: tokenHash(token), operatorId: operator.id, terminalId, at, endsAt });
    return token;
  }

  /** The operator behind a token at this terminal, touching its idle timer; null if unknown here, idle too long, or past its shift. */
  resolve(token: string | undefined, now: Date, terminalId: string): Operator | null {
    if (!token) return null;
    const hash = tokenHash(token);
    const row = sessionByHash(this.db, hash);
    if (!row) {
      this.seen.delete(hash);
      return null;
    }
    // Another terminal's token is left as it is: its own counter goes on using it.
    if (row.terminalId !== terminalId) return null;
    const nowMs = now.getTime();
    const kept = this.seen.get(hash);
    const writtenMs = Date.parse(row.lastSeenAt);
    const lastSeenMs = Math.max(writtenMs, kept?.lastSeenMs ?? 0);
    if (nowMs - lastSeenMs > this.idleMs || (row.endsAt !== null && nowMs >= Date.parse(row.endsAt))) {
      this.seen.delete(hash);
      this.write(() => deleteSession(this.db, hash, terminalId));
      return null;
    }
    const since = Math.max(writtenMs, kept?.writtenMs ?? 0);
    const written = nowMs - since >= TOUCH_EVERY_MS && this.write(() => touchSession(this.db, hash, now.toISOString()));
    this.seen.set(hash, { lastSeenMs: Math.max(nowMs, lastSeenMs), writtenMs: written ? nowMs : since });
    return row.operator;
  }

  /** Logout: only the terminal the session was opened at ends it. */
  end(token: string | undefined, terminalId: string): void {
    if (token) deleteSession(this.db, tokenHash(token), terminalId);
  }

  /** Every session opened at a terminal ends (the terminal was revoked). */
  endAllAt(terminalId: string): void {
    deleteSessionsAt(this.db, terminalId);
  }

  /** End every session of an operator: their roles or PIN changed, or they were deactivated. */
  endAllOf(operatorId: number): void {
    deleteSessionsOf(this.db, operatorId);
  }

  /**
   * A write of the call's own, before its command's transaction: a failure (a full disk, a busy file) costs
   * the call nothing (the time is kept here and written at the next call).
   */
  private write(fn: () => unknown): boolean {
    // Inside a transaction (never so from the dispatcher): left for the next call rather than tied to another's commit.
    if (this.db.inTransaction) return false;
    try {
      writeTransaction(this.db, fn);
      return true;
    } catch {
      // Kept in memory: the next call writes it.
      return false;
    }
  }
}
