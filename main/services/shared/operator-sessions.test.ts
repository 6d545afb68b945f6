import { describe, it, expect } from 'vitest';
import { OperatorSessions, type Operator } from './operator-sessions.js';

const ana: Operator = { id: 3, username: 'caixa1', name: 'Ana', roles: ['cashier'] };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 20, 0, 0) + minutes * 60_000);

describe('OperatorSessions', () => {
  it('gives a random token per login that resolves to the operator', () => {
    const s = new OperatorSessions();
    const a = s.start(ana, at(0), 'T1');
    const b = s.start(ana, at(0), 'T1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.resolve(a, at(1), 'T1')).toEqual(ana);
    expect(s.resolve(undefined, at(1), 'T1')).toBeNull();
    expect(s.resolve('', at(1), 'T1')).toBeNull();
    expect(s.resolve('unknown', at(1), 'T1')).toBeNull();
  });

  it('locks a token idle for more than 15 minutes; each use resets the timer', () => {
    const s = new OperatorSessions();
    const token = s.start(ana, at(0), 'T1');
    expect(s.resolve(token, at(15), 'T1')).toEqual(ana);
    expect(s.resolve(token, at(30), 'T1')).toEqual(ana);
    expect(s.resolve(token, at(45.01), 'T1')).toBeNull();
    expect(s.resolve(token, at(45), 'T1')).toBeNull();
  });

  it('follows a custom idle time', () => {
    const s = new OperatorSessions(60_000);
    const token = s.start(ana, at(0), 'T1');
    expect(s.resolve(token, at(1), 'T1')).toEqual(ana);
    expect(s.resolve(token, at(2.5), 'T1')).toBeNull();
  });

  it('ends a session on logout, leaving the others', () => {
    const s = new OperatorSessions();
    const a = s.start(ana, at(0), 'T1');
    const b = s.start({ ...ana, id: 4, username: 'caixa2' }, at(0), 'T1');
    s.end(a, 'T1');
    s.end(undefined, 'T1');
    expect(s.resolve(a, at(1), 'T1')).toBeNull();
    expect(s.resolve(b, at(1), 'T1')?.username).toBe('caixa2');
  });

  it('binds a token to the terminal it was opened at: another terminal neither uses nor ends it', () => {
    const s = new OperatorSessions();
    const token = s.start(ana, at(0), 'T1');
    expect(s.resolve(token, at(1), 'T2')).toBeNull();
    s.end(token, 'T2');
    expect(s.resolve(token, at(2), 'T1')).toEqual(ana);
    const other = s.start(ana, at(0), 'T2');
    s.endAllAt('T2');
    expect(s.resolve(other, at(3), 'T2')).toBeNull();
    expect(s.resolve(token, at(3), 'T1')).toEqual(ana);
  });
});
