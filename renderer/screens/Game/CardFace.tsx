import { useTranslation } from 'react-i18next';
import { COLUMNS, columnOf } from '../../../core/bingo/faces.js';

interface Props {
  /** The card as printed: 3 rows of 5 numbers. */
  face: readonly (readonly number[])[];
  /** The balls drawn when the claim was checked. */
  drawn: readonly number[];
  /** The numbers the claim lacks (marked apart from those simply not drawn). */
  missing?: readonly number[];
  /** The card's name, e.g. "A 7". */
  card: string;
}

/**
 * A card's face laid out as the player holds it (3 rows, 9 columns: 1-9,
 * 10-19, ..., 80-90), the numbers drawn marked, those a claim lacks marked
 * apart: the manager reads it against the card in the player's hand.
 */
export function CardFace({ face, drawn, missing = [], card }: Props) {
  const { t } = useTranslation();
  const out = new Set(drawn);
  const lacking = new Set(missing);
  const title = t(lacking.size > 0 ? 'claims.faceTitleMissing' : 'claims.faceTitle', { card });
  return (
    <figure className="card-face-box" data-testid="claim-face">
      <figcaption className="card-face-title">{title}</figcaption>
      <table className="card-face">
        <caption className="visually-hidden">{title}</caption>
        <tbody>
          {face.map((row, r) => {
            const cells: (number | null)[] = Array.from({ length: COLUMNS }, () => null);
            for (const n of row) cells[columnOf(n)] = n;
            return (
              <tr key={r}>
                {cells.map((n, c) =>
                  n === null ? (
                    <td key={c} className="blank" />
                  ) : (
                    <td
                      key={c}
                      className={out.has(n) ? 'drawn' : lacking.has(n) ? 'missing' : undefined}
                      data-testid={`face-number-${n}`}
                    >
                      {n}
                      {out.has(n) ? <span className="visually-hidden"> ({t('claims.faceDrawn')})</span> : null}
                      {lacking.has(n) ? <span className="visually-hidden"> ({t('claims.faceMissing')})</span> : null}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </figure>
  );
}
