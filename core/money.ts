/** Money is integer euro cents everywhere; these are the only conversions. */

export type Cents = number;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** `1250` -> `12,50 €`, `800000` -> `8 000,00 €` (pt-PT). The one place where cents become text. */
export function formatCents(cents: Cents, locale = 'pt-PT'): string {
  let f = formatters.get(locale);
  if (!f) {
    // Grouped from a thousand: pt-PT's CLDR groups only from 10 000, so a page showed "8000,00 €" beside "10 000,00 €".
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', useGrouping: 'always' });
    formatters.set(locale, f);
  }
  // Intl uses a no-break space before €; plain spaces print on every code page.
  return f.format(cents / 100).replace(/\u00a0|\u202f/g, ' ');
}

/** `5000` -> `€50.00`: cents the English way (the English messages; pt-PT is formatCents). */
export function formatCentsEn(cents: Cents): string {
  return formatCents(cents, 'en');
}

/** Multiply then floor by a percentage without floats: floor(v * pct / 100). */
export function percentFloor(valueCents: Cents, percent: number): { cents: Cents; remainderHundredths: number } {
  const product = valueCents * percent;
  return { cents: Math.floor(product / 100), remainderHundredths: product % 100 };
}
