/** Card ranges as the counter reads them: `A 271–275`, `A 5`, joined with ` + `. */

export interface CardRange {
  seriesCode: string;
  from: number;
  to: number;
}

export function formatRange(range: CardRange): string {
  return range.from === range.to
    ? `${range.seriesCode} ${range.from}`
    : `${range.seriesCode} ${range.from}\u2013${range.to}`;
}

export function formatRanges(ranges: readonly CardRange[]): string {
  return ranges.map(formatRange).join(' + ');
}
