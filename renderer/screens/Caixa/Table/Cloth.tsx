import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOTH_COLUMNS, CLOTH_DOZENS, CLOTH_ROWS, colourOf, type SimpleChance } from '../../../../core/roulette/rules.js';

interface Props {
  /** The numbers marked for the bet being entered. */
  picked: ReadonlySet<number>;
  /** A simple chance marked instead of numbers. */
  simple: SimpleChance | null;
  /** How many of the bets entered cover each number (a dot on the cloth). */
  covered: ReadonlyMap<number, number>;
  /** The number drawn, ringed once settled. */
  drawn: number | null;
  /** A number, or a dozen's or column's twelve, toggled. */
  onNumbers: (numbers: readonly number[]) => void;
  onSimple: (chance: SimpleChance) => void;
  chanceLabel: (chance: string) => string;
}

/** The simple chances as the cloth lays them out under the dozens, left to right. */
const SIMPLE_ORDER: readonly SimpleChance[] = ['menor', 'par', 'encarnado', 'preto', 'impar', 'maior'];

/** "red (encarnado)": the Portuguese word in brackets on a line of its own, in smaller type, to fit the cloth's box. */
function simpleWords(label: string): ReactNode {
  const m = /^(.+) (\(.+\))$/.exec(label);
  if (!m) return label;
  return (
    <>
      {m[1]} <span className="cloth-aside">{m[2]}</span>
    </>
  );
}

/**
 * The single-zero cloth drawn for the fiscal (X.18, X.19): the 0, the 36
 * numbers in three rows, the columns ("2 para 1"), the dozens and the simple
 * chances. Tapping marks numbers (a dozen or a column marks its twelve); the
 * marked set is read as its bet by core (betOfNumbers). Every box is a
 * button, reachable with Tab, its state in aria-pressed.
 */
export function Cloth({ picked, simple, covered, drawn, onNumbers, onSimple, chanceLabel }: Props) {
  const { t } = useTranslation();
  const all = (ns: readonly number[]) => ns.every((n) => picked.has(n));
  const numberBox = (n: number, style: CSSProperties) => {
    const colour = colourOf(n);
    const count = covered.get(n) ?? 0;
    return (
      <button
        key={n}
        type="button"
        style={style}
        className={`cloth-box cloth-number cloth-${colour}${picked.has(n) ? ' picked' : ''}${drawn === n ? ' drawn' : ''}`}
        data-testid={`cloth-n-${n}`}
        aria-pressed={picked.has(n)}
        aria-label={t('tableSheet.cloth.number', { number: n, colour: t(`tableSheet.colourName.${colour}`, { defaultValue: colour }) })}
        onClick={() => onNumbers([n])}
      >
        {n}
        {/* The count drawn by CSS (::after): as text it would join the number's visible name ("172" for 17 under two bets). */}
        {count > 0 ? <span className="cloth-dot" aria-hidden="true" data-count={count > 1 ? count : ''} /> : null}
      </button>
    );
  };
  return (
    <div className="cloth" role="group" aria-label={t('tableSheet.cloth.title')} data-testid="cloth">
      {numberBox(0, { gridColumn: 1, gridRow: '1 / span 3' })}
      {CLOTH_ROWS.map((row, r) => row.map((n, c) => numberBox(n, { gridColumn: c + 2, gridRow: r + 1 })))}
      {/* Top row ends with the third column (3 … 36), the bottom row with the first (1 … 34). */}
      {[2, 1, 0].map((col, r) => (
        <button
          key={`col-${col}`}
          type="button"
          style={{ gridColumn: 14, gridRow: r + 1 }}
          className={`cloth-box cloth-outside${all(CLOTH_COLUMNS[col]!) ? ' picked' : ''}`}
          data-testid={`cloth-coluna-${col + 1}`}
          aria-pressed={all(CLOTH_COLUMNS[col]!)}
          aria-label={t('tableSheet.cloth.columnLabel', { n: col + 1 })}
          onClick={() => onNumbers(CLOTH_COLUMNS[col]!)}
        >
          {t('tableSheet.cloth.column')}
        </button>
      ))}
      {CLOTH_DOZENS.map((dozen, d) => (
        <button
          key={`dozen-${d}`}
          type="button"
          style={{ gridColumn: `${2 + 4 * d} / span 4`, gridRow: 4 }}
          className={`cloth-box cloth-outside${all(dozen) ? ' picked' : ''}`}
          data-testid={`cloth-duzia-${d + 1}`}
          aria-pressed={all(dozen)}
          onClick={() => onNumbers(dozen)}
        >
          {t('tableSheet.cloth.dozen', { n: d + 1 })}
        </button>
      ))}
      {SIMPLE_ORDER.map((chance, i) => (
        <button
          key={chance}
          type="button"
          style={{ gridColumn: `${2 + 2 * i} / span 2`, gridRow: 5 }}
          className={`cloth-box cloth-outside cloth-simple-${chance}${simple === chance ? ' picked' : ''}`}
          data-testid={`cloth-simple-${chance}`}
          aria-pressed={simple === chance}
          onClick={() => onSimple(chance)}
        >
          {simpleWords(chanceLabel(chance))}
        </button>
      ))}
    </div>
  );
}

