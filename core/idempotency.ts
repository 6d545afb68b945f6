/**
 * Idempotency-Keys (the IETF httpapi idempotency-key draft): a command's key
 * is its operator action's, kept across its retries; what makes "the same
 * command" is its channel, its operator and its input as parsed.
 */
/** 8 to 128 characters of letters, digits and - _ . : (a UUID, a ULID, a counter's own scheme). */
export function isIdempotencyKey(key: string): boolean {
  return /^[A-Za-z0-9_.:-]{8,128}$/.test(key);
}

/** JSON with every object's keys in order: the same input gives the same text whatever order it was written in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
