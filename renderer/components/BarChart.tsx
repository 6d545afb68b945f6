/**
 * A bar chart of a few dozen figures people compare (sales per game, cash per
 * drawer), drawn as SVG: it scales with its box, prints, and needs no chart
 * library (the figures are few; the bundle stays small). The same figures are
 * in a table for screen readers.
 */
interface Bar {
  key: string;
  /** Under the bar (a game's number, a terminal). */
  label: string;
  value: number;
  /** A muted bar: an annulled game, a closed drawer. */
  muted?: boolean;
  /** Shown on the bar, e.g. the amount formatted. */
  valueText: string;
}

interface Props {
  bars: readonly Bar[];
  /** What the chart shows, for its accessible name and the table's caption. */
  title: string;
  labelHeading: string;
  valueHeading: string;
  testId?: string;
  /** A line across the bars at a value that matters (the legal minimum), with its words. */
  reference?: { value: number; label: string };
}

const HEIGHT = 180;
const TOP = 22;
const BOTTOM = 26;
const SLOT = 56;

export function BarChart({ bars, title, labelHeading, valueHeading, testId, reference }: Props) {
  const max = Math.max(1, reference?.value ?? 0, ...bars.map((b) => b.value));
  const width = Math.max(bars.length * SLOT, 280);
  const plot = HEIGHT - TOP - BOTTOM;
  const barWidth = Math.min(40, SLOT - 12);
  return (
    <figure className="bar-chart" data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={title} preserveAspectRatio="xMinYMid meet">
        <line x1={0} x2={width} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="bar-axis" />
        {bars.map((b, i) => {
          const h = b.value <= 0 ? 0 : Math.max(2, (b.value / max) * plot);
          const x = i * SLOT + (SLOT - barWidth) / 2;
          const y = HEIGHT - BOTTOM - h;
          return (
            <g key={b.key} className={b.muted ? 'bar muted' : 'bar'}>
              <rect x={x} y={y} width={barWidth} height={h} rx={3} />
              <text x={x + barWidth / 2} y={y - 5} textAnchor="middle" className="bar-value">
                {b.valueText}
              </text>
              <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="bar-label">
                {b.label}
              </text>
            </g>
          );
        })}
        {reference ? (
          // Drawn over the bars: which ones fall short is read at a glance.
          <g className="bar-reference" data-testid={testId ? `${testId}-reference` : undefined}>
            <line x1={0} x2={width} y1={HEIGHT - BOTTOM - (reference.value / max) * plot} y2={HEIGHT - BOTTOM - (reference.value / max) * plot} />
            <text x={width - 4} y={HEIGHT - BOTTOM - (reference.value / max) * plot - 4} textAnchor="end">
              {reference.label}
            </text>
          </g>
        ) : null}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeading}</th>
            <th scope="col">{valueHeading}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.key}>
              <th scope="row">{b.label}</th>
              <td>{b.valueText}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
