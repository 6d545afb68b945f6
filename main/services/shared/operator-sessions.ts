/**
 * Operator sessions: a random token per login, kept in memory (a restart
 * asks every operator for the PIN again), locked after idle time, and bound
 * to the terminal it was opened at: the same token presented by another
 * terminal is unknown there (a token read off one counter opens no other).
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
  terminalId: string;
}

export class OperatorSessions {
  private readonly byToken = new Map<string, Entry>();
  constructor(private readonly idleMs = IDLE_LOCK_MINUTES * 60_000) {}

  /** A new session; `shiftMs` (the hall's shift length, read at the login) bounds it whatever the activity. */
  start(operator: Operator, now: Date, terminalId: string, shiftMs = Number.POSITIVE_INFINITY): string {
    const token = randomBytes(24).toString('base64url');
    this.byToken.set(token, { operator, endsMs: now.getTime() + shiftMs, lastSeenMs: now.getTime(), terminalId });
    return token;
  }

  /** The operator behind a token at this terminal, touching its idle timer; null if unknown here, idle too long, or past its shift. */
  resolve(token: string | undefined, now: Date, terminalId: string): Operator | null {
    if (!token) return null;
    const entry = this.byToken.get(token);
    // Another terminal's token is left as it is: its own counter goes on using it.
    if (!entry || entry.terminalId !== terminalId) return null;
    if (now.getTime() - entry.lastSeenMs > this.idleMs || now.getTime() >= entry.endsMs) {
      this.byToken.delete(token);
      return null;
    }
    entry.lastSeenMs = now.getTime();
    return entry.operator;
  }

  /** Logout: only the terminal the session was opened at ends it. */
  end(token: string | undefined, terminalId: string): void {
    if (token && this.byToken.get(token)?.terminalId === terminalId) this.byToken.delete(token);
  }

  /** Every session opened at a terminal ends (the terminal was revoked). */
  endAllAt(terminalId: string): void {
    for (const [token, entry] of this.byToken) if (entry.terminalId === terminalId) this.byToken.delete(token);
  }

  /** End every session of an operator: their roles or PIN changed, or they were deactivated. */
  endAllOf(operatorId: number): void {
    for (const [token, entry] of this.byToken) if (entry.operator.id === operatorId) this.byToken.delete(token);
  }
}
