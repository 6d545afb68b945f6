/**
 * A key per face value: each shows its count on itself, with its "−" in a
 * slot of its own that is always there: adding or taking a chip never moves
 * a key.
 */
import { useTranslation } from 'react-i18next';
import { FACE_VALUES } from '../../../../core/chips.js';
import { useFormat } from '../../../format.js';

export function ChipKeys({ counts, add }: { counts: Record<number, number>; add: (value: number, n: number) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="chip-keys" role="group" aria-label={t('chips.keys')}>
      {FACE_VALUES.map((v) => (
        <div key={v} className="chip-key">
          <button type="button" className="btn chip-add" data-testid={`chip-${v}`} onClick={() => add(v, 1)}>
            <span className="chip-value">{f.money(v)}</span>
            <span className="chip-count" data-testid={`chip-count-${v}`} aria-live="polite">
              {counts[v] ? `× ${counts[v]}` : ''}
            </span>
          </button>
          {counts[v] ? (
            <button type="button" className="btn chip-remove" data-testid={`chip-remove-${v}`} aria-label={t('chips.removeOne', { value: f.money(v) })} onClick={() => add(v, -1)}>
              −
            </button>
          ) : (
            <span className="chip-remove" aria-hidden="true" />
          )}
        </div>
      ))}
    </div>
  );
}
