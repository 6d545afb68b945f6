/**
 * Lists read a page at a time (issue 20: books an inspector can take away).
 * Keyset paging, never OFFSET: a page starts after the key of the last row of
 * the page before (`cursor`, the `nextCursor` it gave), so rows written
 * between two reads neither repeat a row nor push one out of sight. A page
 * holds at most PAGE_MAX rows; `nextCursor` is null at the end.
 */
import { z } from 'zod';
import { KioskError } from './refusal.js';

export const PAGE_MAX = 500;
const PAGE_DEFAULT = 50;

/** The paging fields of a list's input: `cursor` (the previous page's nextCursor; absent or null: the first page) and `limit`. */
export const pageFields = {
  cursor: z.number().int().positive().nullable().optional(),
  // Over PAGE_MAX is refused by the service with its own code (PAGE_LIMIT_TOO_LARGE), not as a validation failure.
  limit: z.number().int().positive().optional(),
};

/** A page of `item`s under `key`, the cursor of the next page (null at the end) and how many rows the whole list holds now. */
export function pageSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), nextCursor: z.number().int().positive().nullable(), total: z.number().int().nonnegative() } as {
    [P in K]: z.ZodArray<T>;
  } & { nextCursor: z.ZodNullable<z.ZodNumber>; total: z.ZodNumber });
}

/** The rows a page asks for: the default, or the limit given, refused over PAGE_MAX. */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined) return PAGE_DEFAULT;
  if (limit > PAGE_MAX) throw new KioskError('PAGE_LIMIT_TOO_LARGE', { limit, max: PAGE_MAX });
  return limit;
}

/**
 * A page from `limit + 1` rows read past the cursor: the first `limit`, and
 * the key of the last of them when there was one more (else null: the end).
 */
export function pageOf<T>(rows: readonly T[], limit: number, keyOf: (row: T) => number): { items: T[]; nextCursor: number | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last !== undefined ? keyOf(last) : null };
}

/**
 * A period [from, to) as stored (UTC ISO-8601, so that text order is time
 * order), refused unless from is before to; an open bound stays null.
 */
export function checkPeriod(from: string | undefined, to: string | undefined): { from: string | null; to: string | null } {
  const f = from === undefined ? null : new Date(from);
  const t = to === undefined ? null : new Date(to);
  if (f && t && !(f.getTime() < t.getTime())) throw new KioskError('REPORT_PERIOD_INVALID');
  return { from: f ? f.toISOString() : null, to: t ? t.toISOString() : null };
}
