import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from './contract.js';
import { canonicalJson, isIdempotencyKey, SECRET_FIELDS, withoutSecrets } from './idempotency.js';

describe('canonicalJson', () => {
  it('orders every object key, at every depth, and leaves arrays in their order', () => {
    expect(canonicalJson({ quantity: 1, gameId: 7, payment: { tenderedCents: 100, method: 'cash' } })).toBe(
      '{"gameId":7,"payment":{"method":"cash","tenderedCents":100},"quantity":1}',
    );
    expect(canonicalJson([{ b: 2, a: 1 }, 3, 'x'])).toBe('[{"a":1,"b":2},3,"x"]');
  });

  it('gives the same text whatever order the input was written in', () => {
    expect(canonicalJson({ a: 1, b: { d: [1, 2], c: null } })).toBe(canonicalJson({ b: { c: null, d: [1, 2] }, a: 1 }));
  });

  it('drops undefined members as JSON does, and writes an undefined array item or value as null', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson({ a: undefined })).toBe('{}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('escapes keys and strings as JSON, and orders keys by code unit', () => {
    expect(canonicalJson({ 'é': 1, z: 2, Z: 3, 'a"b': 'ç\n' })).toBe('{"Z":3,"a\\"b":"ç\\n","z":2,"é":1}');
    expect(JSON.parse(canonicalJson({ 'a"b': 'ç\n' }))).toEqual({ 'a"b': 'ç\n' });
  });

  it('matches the sorted JSON of a reference implementation on many shapes', () => {
    const reference = (v: unknown): string => {
      if (Array.isArray(v)) return `[${v.map(reference).join(',')}]`;
      if (v !== null && typeof v === 'object') {
        const entries = Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${reference(x)}`).join(',')}}`;
      }
      return JSON.stringify(v) ?? 'null';
    };
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const make = (depth: number): unknown => {
      const pick = next() % 6;
      if (depth > 3 || pick === 0) return next() % 1000;
      if (pick === 1) return `s${next() % 50}`;
      if (pick === 2) return null;
      if (pick === 3) return Array.from({ length: next() % 4 }, () => make(depth + 1));
      const o: Record<string, unknown> = {};
      for (let i = next() % 5; i > 0; i--) o[`k${next() % 9}`] = next() % 7 === 0 ? undefined : make(depth + 1);
      return o;
    };
    for (let i = 0; i < 500; i++) {
      const v = make(0);
      expect(canonicalJson(v)).toBe(reference(v));
    }
  });
});

describe('isIdempotencyKey', () => {
  it('takes 8 to 128 letters, digits and - _ . : only', () => {
    expect(isIdempotencyKey('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe(true);
    expect(isIdempotencyKey('a'.repeat(8))).toBe(true);
    expect(isIdempotencyKey('a'.repeat(7))).toBe(false);
    expect(isIdempotencyKey('a'.repeat(129))).toBe(false);
    expect(isIdempotencyKey('abcdefgh ij')).toBe(false);
  });
});

describe('withoutSecrets', () => {
  it('leaves out every PIN and recovery code, at any depth, and nothing else', () => {
    expect(withoutSecrets({ gameId: 7, approval: { username: 'gerente', pin: '2222' }, list: [{ pin: '1', n: 1 }] })).toEqual({
      gameId: 7,
      approval: { username: 'gerente' },
      list: [{ n: 1 }],
    });
    expect(withoutSecrets({ username: 'admin', recoveryCode: 'ABCDE-FGHJK', pin: '123456' })).toEqual({ username: 'admin' });
    expect(withoutSecrets('x')).toBe('x');
  });

  it('knows every field of every command input that may hold a secret', () => {
    // Names that smell of a secret: each must be a known secret, or a known harmless code (`key`: an Idempotency-Key asked about).
    const harmless = new Set(['seriesCode', 'secondSeriesCode', 'tableCode', 'code', 'errorCode', 'drawerPin', 'currencyCode', 'longManagerPins', 'codepage', 'key']);
    const found = new Set<string>();
    const walk = (schema: unknown): void => {
      if (!schema || typeof schema !== 'object') return;
      const props = (schema as { properties?: Record<string, unknown> }).properties;
      if (props) for (const name of Object.keys(props)) found.add(name);
      for (const v of Object.values(schema)) walk(v);
    };
    for (const def of Object.values(contract)) if (def.kind === 'command') walk(z.toJSONSchema(def.input, { io: 'input', unrepresentable: 'any' }));
    const suspicious = [...found].filter((n) => /pin|code|secret|password|token|key/i.test(n) && !harmless.has(n));
    expect(suspicious.filter((n) => !SECRET_FIELDS.has(n))).toEqual([]);
  });
});
