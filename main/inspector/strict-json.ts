/**
 * JSON read in one canonical way (issue 37), in Node and in the offline page:
 * RFC 8259's grammar and nothing more, with a duplicate key refused (JSON.parse
 * keeps the last, so a forged value put first would pass unseen), no byte
 * order mark, numbers only where they are exact (no 1e400 read as Infinity, no
 * integer past 2^53), nesting bounded. Hand-written because no package on npm
 * refuses duplicate keys in a browser bundle without a parser of its own.
 * Then a small schema per file, so an unknown or missing field is named.
 */

export class JsonRefused extends Error {
  constructor(readonly what: string) {
    super(what);
  }
}

const MAX_DEPTH = 64;

export function parseStrictJson(text: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) throw new JsonRefused('começa por uma marca BOM (não é JSON canónico)');
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const bad = (what: string): never => {
    throw new JsonRefused(`não é JSON: ${what} na posição ${i + 1}`);
  };
  const str = (): string => {
    // At the opening quote.
    i++;
    let out = '';
    let start = i;
    for (;;) {
      if (i >= n) return bad('texto por fechar');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c < 0x20) return bad('carácter de controlo dentro de um texto');
      if (c === 0x5c) {
        out += text.slice(start, i);
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else return bad('escape inválido');
        start = i;
        continue;
      }
      i++;
    }
  };
  const num = (): number => {
    const m = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
    m.lastIndex = i;
    const found = m.exec(text);
    if (!found || found[0] === '-' || found[0] === '') return bad('valor inválido');
    const value = Number(found[0]);
    if (!Number.isFinite(value)) throw new JsonRefused(`o número ${found[0].slice(0, 40)} não é finito`);
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) throw new JsonRefused(`o número ${found[0].slice(0, 40)} passa o maior inteiro exato`);
    i += found[0].length;
    return value;
  };
  const value = (depth: number): unknown => {
    if (depth > MAX_DEPTH) throw new JsonRefused(`aninhado em mais de ${MAX_DEPTH} níveis`);
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const o: Record<string, unknown> = {};
      const keys = new Set<string>();
      ws();
      if (text[i] === '}') {
        i++;
        return o;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') return bad('esperava o nome de um campo');
        const key = str();
        if (keys.has(key)) throw new JsonRefused(`o campo ${JSON.stringify(key)} aparece duas vezes no mesmo objeto`);
        keys.add(key);
        ws();
        if (text[i] !== ':') return bad('esperava ":"');
        i++;
        // defineProperty: a key "__proto__" is a field like any other, never the object's prototype.
        Object.defineProperty(o, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return o;
        }
        return bad('esperava "," ou "}"');
      }
    }
    if (c === '[') {
      i++;
      const a: unknown[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return a;
      }
      for (;;) {
        a.push(value(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return a;
        }
        return bad('esperava "," ou "]"');
      }
    }
    if (c === '"') return str();
    if (text.startsWith('true', i)) return (i += 4), true;
    if (text.startsWith('false', i)) return (i += 5), false;
    if (text.startsWith('null', i)) return (i += 4), null;
    return num();
  };
  const out = value(0);
  ws();
  if (i !== n) bad('conteúdo depois do valor');
  return out;
}

/** A value's expected shape: a field not named is unknown and refused. */
export type Schema =
  | 'string'
  | 'int'
  | 'bool'
  | 'hex64'
  | { nullable: Schema }
  | { object: Record<string, Schema> }
  | { array: Schema }
  | { record: Schema; keys: RegExp };

/** Why `value` is not of `schema` (naming the field's path), or null. */
export function schemaFault(value: unknown, schema: Schema, path = ''): string | null {
  const at = path === '' ? 'o conteúdo' : `o campo ${path}`;
  if (schema === 'string') return typeof value === 'string' ? null : `${at} não é um texto`;
  if (schema === 'int') return Number.isSafeInteger(value) ? null : `${at} não é um número inteiro`;
  if (schema === 'bool') return typeof value === 'boolean' ? null : `${at} não é verdadeiro nem falso`;
  if (schema === 'hex64') return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) ? null : `${at} não é um SHA-256 em hexadecimal`;
  if ('nullable' in schema) return value === null ? null : schemaFault(value, schema.nullable, path);
  if ('array' in schema) {
    if (!Array.isArray(value)) return `${at} não é uma lista`;
    for (const [k, v] of value.entries()) {
      const f = schemaFault(v, schema.array, `${path}[${k}]`);
      if (f) return f;
    }
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `${at} não é um objeto`;
  const o = value as Record<string, unknown>;
  if ('record' in schema) {
    for (const [k, v] of Object.entries(o)) {
      if (!schema.keys.test(k)) return `${at} tem a chave inesperada ${JSON.stringify(k)}`;
      const f = schemaFault(v, schema.record, path === '' ? k : `${path}.${k}`);
      if (f) return f;
    }
    return null;
  }
  for (const k of Object.keys(o)) if (!Object.prototype.hasOwnProperty.call(schema.object, k)) return `campo desconhecido ${path === '' ? k : `${path}.${k}`}`;
  for (const [k, s] of Object.entries(schema.object)) {
    const p = path === '' ? k : `${path}.${k}`;
    if (!Object.prototype.hasOwnProperty.call(o, k)) return `falta o campo ${p}`;
    const f = schemaFault(o[k], s, p);
    if (f) return f;
  }
  return null;
}
