/** The terminals domain's rules, alone: who may be enrolled or revoked, a code's form and life, the last-seen pace. */
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../errors.js';
import { KioskError } from '../refusal.js';
import {
  assertCodeRedeemable,
  assertEnrollable,
  assertRevocable,
  ENROLMENT_CODE_ALPHABET,
  enrolmentCodeOf,
  enrolmentExpiry,
  formatEnrolmentCode,
  lastSeenDue,
  normaliseEnrolmentCode,
} from './rules.js';

function refusal(fn: () => void): { code: string; params: unknown } {
  try {
    fn();
  } catch (e) {
    if (e instanceof KioskError) return { code: e.code, params: e.params };
    throw e;
  }
  throw new Error('not refused');
}

describe('assertEnrollable', () => {
  it('takes a valid name that is not live, a revoked one included', () => {
    expect(() => assertEnrollable('BALCAO2', 'T1', undefined)).not.toThrow();
    expect(() => assertEnrollable('BALCAO2', 'T1', { name: 'BALCAO2', revokedAt: '2026-11-30T20:00:00.000Z' })).not.toThrow();
  });

  it('refuses an invalid name, the hall server\'s own terminal, and a live one', () => {
    expect(refusal(() => assertEnrollable('caixa 1', 'T1', undefined))).toEqual({ code: 'TERMINAL_NAME_INVALID', params: { name: 'caixa 1' } });
    expect(refusal(() => assertEnrollable('x'.repeat(33), 'T1', undefined)).code).toBe('TERMINAL_NAME_INVALID');
    expect(refusal(() => assertEnrollable('T1', 'T1', undefined))).toEqual({ code: 'TERMINAL_IS_HALL', params: { name: 'T1' } });
    expect(refusal(() => assertEnrollable('T2', 'T1', { name: 'T2', revokedAt: null }))).toEqual({ code: 'TERMINAL_ALREADY_ENROLLED', params: { name: 'T2' } });
    expect(errorMessage('TERMINAL_ALREADY_ENROLLED', { name: 'T2' })).toBe(
      'O terminal T2 já está inscrito e ativo: revogue-o primeiro para o inscrever de novo, ou escolha outro nome.',
    );
  });
});

describe('assertRevocable', () => {
  it('refuses an unknown terminal and one revoked already', () => {
    expect(() => assertRevocable('T2', { name: 'T2', revokedAt: null })).not.toThrow();
    expect(refusal(() => assertRevocable('T9', undefined))).toEqual({ code: 'TERMINAL_NOT_FOUND', params: { name: 'T9' } });
    expect(refusal(() => assertRevocable('T2', { name: 'T2', revokedAt: '2026-11-30T20:05:00.000Z' }))).toEqual({
      code: 'TERMINAL_ALREADY_REVOKED',
      params: { name: 'T2', revokedAt: '2026-11-30T20:05:00.000Z' },
    });
  });
});

describe('enrolment codes', () => {
  const at = new Date('2026-11-30T20:00:00.000Z');

  it('expire 10 minutes after they are made, to the millisecond', () => {
    const expiresAt = enrolmentExpiry(at);
    expect(expiresAt).toBe('2026-11-30T20:10:00.000Z');
    expect(() => assertCodeRedeemable({ expiresAt, usedAt: null }, new Date('2026-11-30T20:09:59.999Z'))).not.toThrow();
    expect(refusal(() => assertCodeRedeemable({ expiresAt, usedAt: null }, new Date(expiresAt)))).toEqual({ code: 'ENROLMENT_CODE_EXPIRED', params: { expiresAt } });
  });

  it('refuse an unknown code and a used one (used before expired: the first reason)', () => {
    expect(refusal(() => assertCodeRedeemable(undefined, at)).code).toBe('ENROLMENT_CODE_UNKNOWN');
    expect(refusal(() => assertCodeRedeemable({ expiresAt: '2026-11-30T19:00:00.000Z', usedAt: '2026-11-30T18:55:00.000Z' }, at)).code).toBe('ENROLMENT_CODE_USED');
  });

  it('are 12 symbols of Crockford base 32, shown in groups of 4, read back however typed', () => {
    const code = enrolmentCodeOf(Uint8Array.from({ length: 16 }, (_, i) => i * 7));
    expect(code).toBe('07ENW3AHRZ6D');
    expect([...code].every((c) => ENROLMENT_CODE_ALPHABET.includes(c))).toBe(true);
    expect(formatEnrolmentCode(code)).toBe('07EN-W3AH-RZ6D');
    expect(normaliseEnrolmentCode(' o7en-w3ah rz6d ')).toBe('07ENW3AHRZ6D');
    expect(normaliseEnrolmentCode('IL11')).toBe('1111');
    expect(() => enrolmentCodeOf(new Uint8Array(11))).toThrow();
  });
});

describe('last seen', () => {
  it('is written at most once a minute per terminal', () => {
    expect(lastSeenDue(undefined, 1_000)).toBe(true);
    expect(lastSeenDue(1_000, 60_999)).toBe(false);
    expect(lastSeenDue(1_000, 61_000)).toBe(true);
  });
});
