import { describe, expect, it } from 'vitest';
import { monthPartition } from '../../db/group/schema.js';
import { unreachable } from './pool.js';

describe('the journal partitions', () => {
  it('names each month and bounds it in UTC, December running into January', () => {
    expect(monthPartition('2026-12')).toEqual({ name: 'journal_y2026m12', from: '2026-12-01T00:00:00Z', to: '2027-01-01T00:00:00Z' });
    expect(monthPartition('2027-02')).toEqual({ name: 'journal_y2027m02', from: '2027-02-01T00:00:00Z', to: '2027-03-01T00:00:00Z' });
  });
});

describe('PostgreSQL out of reach', () => {
  it('tells a lost or refused connection from any other failure', () => {
    expect(unreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(unreachable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe('57P01');
    expect(unreachable(new Error('Connection terminated unexpectedly'))).toBe('ECONNRESET');
    expect(unreachable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBeNull();
    expect(unreachable(new Error('audit_log: the chain breaks at entry 4'))).toBeNull();
  });

  it('takes a deadline passed (the query unanswered, the connection never started, the server cancelling) for out of reach', () => {
    expect(unreachable(new Error('Query read timeout'))).toBe('ETIMEDOUT');
    expect(unreachable(new Error('timeout exceeded when trying to connect'))).toBe('ETIMEDOUT');
    expect(unreachable(new Error('Connection terminated due to connection timeout'))).toBe('ETIMEDOUT');
    expect(unreachable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe('57014');
  });
});
