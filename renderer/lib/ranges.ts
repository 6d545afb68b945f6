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

interface GameSeriesLike {
  firstSeries: { code: string; start: number; nextNumber: number };
  secondSeries: { code: string; nextNumber: number } | null;
}

/** What a game has sold so far, from its series' start and next numbers. */
export function soldRanges(game: GameSeriesLike): CardRange[] {
  const out: CardRange[] = [];
  const first = game.firstSeries;
  if (first.nextNumber > first.start) out.push({ seriesCode: first.code, from: first.start, to: first.nextNumber - 1 });
  const second = game.secondSeries;
  if (second && second.nextNumber > 1) out.push({ seriesCode: second.code, from: 1, to: second.nextNumber - 1 });
  return out;
}
