/**
 * One map from the domains' slices (the contract's channels, the error codes,
 * the handlers), refusing a key that two slices define: an object spread
 * would silently keep the last, and a channel would answer with another
 * domain's handler or a code with another domain's words. The merges run as
 * their modules load, so a duplicate stops the kiosk at start-up.
 */

/** The intersection of a union of slices: every slice's keys, each with its own type. */
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Merged<S extends Record<string, object>> = { [K in keyof Intersection<S[keyof S]>]: Intersection<S[keyof S]>[K] };

/**
 * Merge named slices into one object. `what` names a key in the refusal
 * ("channel", "error code", "handler"); the slices are named by their keys,
 * so a duplicate names both slices that define it.
 */
export function mergeUnique<S extends Record<string, object>>(what: string, slices: S): Merged<S> {
  const merged: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const [slice, entries] of Object.entries(slices)) {
    for (const [key, value] of Object.entries(entries)) {
      const first = owner.get(key);
      if (first !== undefined) throw new Error(`Duplicate ${what} '${key}': defined by ${first} and by ${slice}; each ${what} is defined once.`);
      owner.set(key, slice);
      // defineProperty: a key such as __proto__ stays a key, never the prototype.
      Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return merged as Merged<S>;
}
