import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format.js';
import type { checkSale } from '../../lib/sale.js';

interface Props {
  check: ReturnType<typeof checkSale>;
  tendered: number;
  /** The last sale's change, while the form is untouched since it (null otherwise). */
  lastChangeCents: number | null;
}

/** The change to hand back (or the last sale's), and how much is missing when the amount tendered is short. */
export function ChangeBox({ check, tendered, lastChangeCents }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const showLastChange = lastChangeCents !== null;
  const changeText = showLastChange ? f.money(lastChangeCents) : check.ok && tendered > 0 ? f.money(check.changeCents) : '—';
  const short = !showLastChange && !check.ok && check.reason === 'tendered' && tendered > 0;
  return (
    <div className={`change-box${short ? ' short' : ''}`}>
      <span className="field-label">{showLastChange ? t('sale.changeLast') : t('sale.change')}</span>
      <output className="change" data-testid="sale-change" aria-live="polite">
        {changeText}
      </output>
      {short ? (
        <span className="short-by" data-testid="sale-missing">{t('sale.missing', { amount: f.money(check.missingCents) })}</span>
      ) : null}
    </div>
  );
}
