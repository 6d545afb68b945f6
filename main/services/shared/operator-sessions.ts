/**
 * Operator sessions: a random token per login, kept in memory (a restart
 * asks every operator for the PIN again), locked after idle time.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../../core/roles.js';
import { IDLE_LOCK_MINUTES } from '../../../core/people/rules.js';

export interface Operator {
  id: number;
  username: string;
  name: string;
  roles: Role[];
}

interface Entry {
  operator: Operator;
  /** The end of the shift it was opened for: it ends then, however busy. */
  endsMs: number;
  lastSeenMs: number;
}

export class OperatorSessions {
  private readonly byToken = new Map<string, Entry>();
  constructor(private readonly idleMs = IDLE_LOCK_MINUTES * 60_000) {}

  /** A new session; `shiftMs` (the hall's shift length, read at the login) bounds it whatever the activity. */
  start(operator: Operator, now: Date, shiftMs = Number.POSITIVE_INFINITY): string {
    const token = randomBytes(24).toString('base64url');
    this.byToken.set(token, { operator, endsMs: now.getTime() + shiftMs, lastSeenMs: now.getTime() });
    return token;
  }

  /** The operator behind a token, touching its idle timer; null if unknown, idle too long, or past its shift. */
  resolve(token: string | undefined, now: Date): Operator | null {
    if (!token) return null;
    const entry = this.byToken.get(token);
    if (!entry) return null;
    if (now.getTime() - entry.lastSeenMs > this.idleMs || now.getTime() >= entry.endsMs) {
      this.byToken.delete(token);
      return null;
    }
    entry.lastSeenMs = now.getTime();
    return entry.operator;
  }

  end(token: string | undefined): void {
    if (token) this.byToken.delete(token);
  }

  /** End every session of an operator: their roles or PIN changed, or they were deactivated. */
  endAllOf(operatorId: number): void {
    for (const [token, entry] of this.byToken) if (entry.operator.id === operatorId) this.byToken.delete(token);
  }
}
