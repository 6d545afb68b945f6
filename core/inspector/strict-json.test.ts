/**
 * The export's strict JSON (issue 37): what JSON.parse reads from valid JSON
 * it reads alike; what JSON.parse lets through or reads loosely (a duplicate
 * key, a BOM, 1e400, 2^53 + 1, "__proto__") it refuses or keeps as a field.
 */
import { describe, expect, it } from 'vitest';
import { JsonRefused, parseStrictJson, schemaFault } from './strict-json.js';

const refusal = (text: string) => {
  try {
    parseStrictJson(text);
  } catch (e) {
    if (e instanceof JsonRefused) return e.what;
    throw e;
  }
  return null;
};

describe('parseStrictJson', () => {
  it('reads valid JSON as JSON.parse does', () => {
    for (const text of [
      '{"a":1,"b":[true,false,null],"c":{"d":"e\\u00e7\\n\\"\\\\\\/"},"f":-0.5,"g":1e3,"h":""}',
      ' [ ] ',
      '"€ ç ã º"',
      '{"x":[[[[1]]]],"y":-12345678901234}',
      '9007199254740991',
    ]) {
      expect(parseStrictJson(text)).toEqual(JSON.parse(text));
    }
  });

  it('keeps "__proto__" as a field, never as the prototype', () => {
    const o = parseStrictJson('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(Object.keys(o)).toEqual(['__proto__', 'a']);
    expect((o as { polluted?: boolean }).polluted).toBeUndefined();
    expect(refusal('{"__proto__":1,"__proto__":2}')).toBe('o campo "__proto__" aparece duas vezes no mesmo objeto');
  });

  it('refuses what JSON.parse reads loosely or not at all, naming it', () => {
    expect(refusal('{"a":1,"b":{"c":2,"c":3}}')).toBe('o campo "c" aparece duas vezes no mesmo objeto');
    expect(refusal('\ufeff{}')).toBe('começa por uma marca BOM (não é JSON canónico)');
    expect(refusal('[1e400]')).toBe('o número 1e400 não é finito');
    expect(refusal('9007199254740993')).toBe('o número 9007199254740993 passa o maior inteiro exato');
    expect(refusal('{"a":NaN}')).toBe('não é JSON: valor inválido na posição 6');
    expect(refusal('[01]')).toBe('não é JSON: esperava "," ou "]" na posição 3');
    expect(refusal('[1,]')).toBe('não é JSON: valor inválido na posição 4');
    expect(refusal('{"a":1,}')).toBe('não é JSON: esperava o nome de um campo na posição 8');
    expect(refusal('"a\tb"')).toBe('não é JSON: carácter de controlo dentro de um texto na posição 3');
    expect(refusal('"\\x41"')).toBe('não é JSON: escape inválido na posição 2');
    expect(refusal('{"a":1} {}')).toBe('não é JSON: conteúdo depois do valor na posição 9');
    expect(refusal('"aberto')).toBe('não é JSON: texto por fechar na posição 8');
    expect(refusal(`${'['.repeat(64)}${']'.repeat(64)}`)).toBeNull();
    expect(refusal(`${'['.repeat(65)}${']'.repeat(65)}`)).toBe('aninhado em mais de 64 níveis');
    expect(refusal('')).toBe('não é JSON: valor inválido na posição 1');
  });
});

describe('schemaFault', () => {
  const schema = { object: { n: 'int', s: { nullable: 'string' }, l: { array: 'hex64' }, r: { record: 'int', keys: /^[1-9][0-9]*$/ } } } as const;
  it('names the first field unknown, missing or of another kind, with its path', () => {
    expect(schemaFault({ n: 1, s: null, l: ['ab'.repeat(32)], r: { 1: 2 } }, schema)).toBeNull();
    expect(schemaFault({ n: 1, s: null, l: [], r: {}, x: 1 }, schema)).toBe('campo desconhecido x');
    expect(schemaFault({ n: 1, s: null, l: [] }, schema)).toBe('falta o campo r');
    expect(schemaFault({ n: 1.5, s: null, l: [], r: {} }, schema)).toBe('o campo n não é um número inteiro');
    expect(schemaFault({ n: 1, s: 2, l: [], r: {} }, schema)).toBe('o campo s não é um texto');
    expect(schemaFault({ n: 1, s: null, l: ['AB'.repeat(32)], r: {} }, schema)).toBe('o campo l[0] não é um SHA-256 em hexadecimal');
    expect(schemaFault({ n: 1, s: null, l: [], r: { '01': 1 } }, schema)).toBe('o campo r tem a chave inesperada "01"');
    expect(schemaFault([], schema)).toBe('o conteúdo não é um objeto');
  });

  it('takes an optional field left out, and checks it when it is there', () => {
    const later = { object: { n: 'int', v: { optional: 'string' } } } as const;
    expect(schemaFault({ n: 1 }, later)).toBeNull();
    expect(schemaFault({ n: 1, v: 'x' }, later)).toBeNull();
    expect(schemaFault({ n: 1, v: 2 }, later)).toBe('o campo v não é um texto');
    expect(schemaFault({ n: 1, v: null }, later)).toBe('o campo v não é um texto');
    expect(schemaFault({ v: 'x' }, later)).toBe('falta o campo n');
  });
});
