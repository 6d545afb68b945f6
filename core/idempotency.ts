/**
 * Idempotency-Keys (the IETF httpapi idempotency-key draft): a command's key
 * is its operator action's, kept across its retries; what makes "the same
 * command" is its channel, its terminal, its operator and its input as
 * parsed, less its secrets: a PIN never shapes what a key is compared with,
 * so a kept key sent again with PIN after PIN answers the same to every one.
 */
/** 8 to 128 characters of letters, digits and - _ . : (a UUID, a ULID, a counter's own scheme). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
export function isIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

/**
 * JSON with every object's keys in order: the same input gives the same text whatever order it was written in.
 * Built in one pass with plain loops: it runs on every keyed command, before its transaction.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  // The default sort orders by UTF-16 code units, as JSON's own tools do.
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const v = record[key];
    if (v === undefined) continue;
    out += (out.length === 1 ? '' : ',') + JSON.stringify(key) + ':' + canonicalJson(v);
  }
  return out + '}';
}

/** The fields of a command's input that hold a secret (a PIN, a recovery code, the group's identity key): left out of what its key stands for. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['pin', 'recoveryCode', 'identityKey']);

/** The input with every secret field (at any depth) left out. */
export function withoutSecrets(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutSecrets);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (!SECRET_FIELDS.has(k)) out[k] = withoutSecrets(v);
  return out;
}
