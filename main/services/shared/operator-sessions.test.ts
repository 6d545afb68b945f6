import { describe, it, expect } from 'vitest';
import { OperatorSessions, type Operator } from './operator-sessions.js';

const ana: Operator = { id: 3, username: 'caixa1', name: 'Ana', roles: ['cashier'] };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 20, 0, 0) + minutes * 60_000);

describe('OperatorSessions', () => {
  it('gives a random token per login that resolves to the operator', () => {
    const s = new OperatorSessions();
    const a = s.start(ana, at(0));
    const b = s.start(ana, at(0));
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.resolve(a, at(1))).toEqual(ana);
    expect(s.resolve(undefined, at(1))).toBeNull();
    expect(s.resolve('', at(1))).toBeNull();
    expect(s.resolve('unknown', at(1))).toBeNull();
  });

  it('locks a token idle for more than 15 minutes; each use resets the timer', () => {
    const s = new OperatorSessions();
    const token = s.start(ana, at(0));
    expect(s.resolve(token, at(15))).toEqual(ana);
    expect(s.resolve(token, at(30))).toEqual(ana);
    expect(s.resolve(token, at(45.01))).toBeNull();
    expect(s.resolve(token, at(45))).toBeNull();
  });

  it('follows a custom idle time', () => {
    const s = new OperatorSessions(60_000);
    const token = s.start(ana, at(0));
    expect(s.resolve(token, at(1))).toEqual(ana);
    expect(s.resolve(token, at(2.5))).toBeNull();
  });

  it('ends a session on logout, leaving the others', () => {
    const s = new OperatorSessions();
    const a = s.start(ana, at(0));
    const b = s.start({ ...ana, id: 4, username: 'caixa2' }, at(0));
    s.end(a);
    s.end(undefined);
    expect(s.resolve(a, at(1))).toBeNull();
    expect(s.resolve(b, at(1))?.username).toBe('caixa2');
  });
});
