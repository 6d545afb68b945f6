/**
 * Idempotency-Keys (the IETF httpapi idempotency-key draft): a command's key
 * is its operator action's, kept across its retries; what makes "the same
 * command" is its channel, its operator and its input as parsed.
 */
/** 8 to 128 characters of letters, digits and - _ . : (a UUID, a ULID, a counter's own scheme). */
export function isIdempotencyKey(key: string): boolean {
  return /^[A-Za-z0-9_.:-]{8,128}$/.test(key);
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
