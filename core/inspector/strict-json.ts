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
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

export function parseStrictJson(text: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) throw new JsonRefused('começa por uma marca BOM (não é JSON canónico)');
  return new Parser(text).document();
}

/** One parse: a cursor over the text (one object per parse, no closures made per call: audit.jsonl is parsed line by line). */
class Parser {
  private i = 0;
  constructor(private readonly text: string) {}

  document(): unknown {
    const out = this.value(0);
    this.ws();
    if (this.i !== this.text.length) this.bad('conteúdo depois do valor');
    return out;
  }

  private ws(): void {
    const t = this.text;
    let i = this.i;
    while (i < t.length) {
      const c = t.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
    this.i = i;
  }

  private bad(what: string): never {
    throw new JsonRefused(`não é JSON: ${what} na posição ${this.i + 1}`);
  }

  private str(): string {
    const t = this.text;
    // At the opening quote.
    let i = this.i + 1;
    let out = '';
    let start = i;
    for (;;) {
      if (i >= t.length) {
        this.i = i;
        return this.bad('texto por fechar');
      }
      const c = t.charCodeAt(i);
      if (c === 0x22) {
        this.i = i + 1;
        return out + t.slice(start, i);
      }
      if (c < 0x20) {
        this.i = i;
        return this.bad('carácter de controlo dentro de um texto');
      }
      if (c === 0x5c) {
        out += t.slice(start, i);
        const e = t[i + 1];
        if (e !== undefined && Object.prototype.hasOwnProperty.call(ESCAPES, e)) {
          out += ESCAPES[e];
          i += 2;
        } else if (e === 'u' && HEX4.test(t.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(t.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          this.i = i;
          return this.bad('escape inválido');
        }
        start = i;
        continue;
      }
      i++;
    }
  }

  private num(): number {
    NUMBER.lastIndex = this.i;
    const found = NUMBER.exec(this.text);
    if (!found || found[0] === '-' || found[0] === '') return this.bad('valor inválido');
    const value = Number(found[0]);
    if (!Number.isFinite(value)) throw new JsonRefused(`o número ${found[0].slice(0, 40)} não é finito`);
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) throw new JsonRefused(`o número ${found[0].slice(0, 40)} passa o maior inteiro exato`);
    this.i += found[0].length;
    return value;
  }

  private value(depth: number): unknown {
    if (depth >= MAX_DEPTH) throw new JsonRefused(`aninhado em mais de ${MAX_DEPTH} níveis`);
    this.ws();
    const t = this.text;
    const c = t.charCodeAt(this.i);
    if (c === 0x7b) return this.object(depth);
    if (c === 0x5b) return this.array(depth);
    if (c === 0x22) return this.str();
    if (t.startsWith('true', this.i)) return (this.i += 4), true;
    if (t.startsWith('false', this.i)) return (this.i += 5), false;
    if (t.startsWith('null', this.i)) return (this.i += 4), null;
    return this.num();
  }

  private object(depth: number): Record<string, unknown> {
    const t = this.text;
    this.i++;
    const o: Record<string, unknown> = {};
    this.ws();
    if (t.charCodeAt(this.i) === 0x7d) {
      this.i++;
      return o;
    }
    for (;;) {
      this.ws();
      if (t.charCodeAt(this.i) !== 0x22) this.bad('esperava o nome de um campo');
      const key = this.str();
      if (Object.prototype.hasOwnProperty.call(o, key)) throw new JsonRefused(`o campo ${JSON.stringify(key)} aparece duas vezes no mesmo objeto`);
      this.ws();
      if (t.charCodeAt(this.i) !== 0x3a) this.bad('esperava ":"');
      this.i++;
      const v = this.value(depth + 1);
      // defineProperty only for "__proto__": a field like any other, never the object's prototype.
      if (key === '__proto__') Object.defineProperty(o, key, { value: v, enumerable: true, writable: true, configurable: true });
      else o[key] = v;
      this.ws();
      const next = t.charCodeAt(this.i);
      this.i++;
      if (next === 0x2c) continue;
      if (next === 0x7d) return o;
      this.i--;
      return this.bad('esperava "," ou "}"');
    }
  }

  private array(depth: number): unknown[] {
    const t = this.text;
    this.i++;
    const a: unknown[] = [];
    this.ws();
    if (t.charCodeAt(this.i) === 0x5d) {
      this.i++;
      return a;
    }
    for (;;) {
      a.push(this.value(depth + 1));
      this.ws();
      const next = t.charCodeAt(this.i);
      this.i++;
      if (next === 0x2c) continue;
      if (next === 0x5d) return a;
      this.i--;
      return this.bad('esperava "," ou "]"');
    }
  }
}

/** A value's expected shape: a field not named is unknown and refused. */
export type Schema =
  | 'string'
  | 'int'
  | 'bool'
  | 'hex64'
  | { nullable: Schema }
  /** A field that may be left out (one added to a format later: files written before it lack it). */
  | { optional: Schema }
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
  if ('optional' in schema) return schemaFault(value, schema.optional, path);
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
    if (!Object.prototype.hasOwnProperty.call(o, k)) {
      if (typeof s === 'object' && 'optional' in s) continue;
      return `falta o campo ${p}`;
    }
    const f = schemaFault(o[k], s, p);
    if (f) return f;
  }
  return null;
}
