/** Hall settings typed on screen: percentages as pt-PT text <-> basis points (1 % = 100). */

/**
 * `25` -> 2500, `25,5` -> 2550, `2,75` -> 275, `0` -> 0, `25.5` -> 2550,
 * `25 %` -> 2500. At most two decimals and at most 100 %; anything else is null.
 */
export function parsePercent(text: string): number | null {
  const s = text.replace(/%/g, '').replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** 2550 -> `25,5`, 2500 -> `25`, 275 -> `2,75`. */
export function formatPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const frac = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole},${frac}` : String(whole);
}

/** A whole number typed in a field, within [min, max], else null. */
export function parseWhole(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/** The face file's format from its name: `.json` or `.csv` (any case), else null. */
export function facesFormat(fileName: string): 'json' | 'csv' | null {
  const m = /\.(json|csv)$/i.exec(fileName.trim());
  return m ? (m[1]!.toLowerCase() as 'json' | 'csv') : null;
}
