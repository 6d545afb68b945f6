import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { FACE_VALUES } from '../../core/chips.js';
import { useFormat } from '../format.js';
import { COINS, NOTES, cleanCount, countOf, countTotal, stepCount, type CountTexts } from '../lib/drawer.js';

interface Props {
  /** Test ids: `<prefix>-count-<cents>`, `<prefix>-subtotal-<cents>`, `<prefix>-total`, `<prefix>-submit`. */
  prefix: string;
  title: string;
  hint: string;
  submitLabel: string;
  busy?: boolean;
  /**
   * A casino caixa's face-value chips, counted beside the cash: 'off' (a bingo
   * counter), 'optional' (a button adds them: the opening's chip float) or
   * 'required' (the close of a drawer that held chips). Test ids `<prefix>-chip-<cents>`, `<prefix>-chips-total`.
   */
  chips?: 'off' | 'optional' | 'required';
  /** With chips 'optional': start with the chips shown (a caixa user). */
  chipsShown?: boolean;
  /** Shown under the total (a refusal, in place). */
  children?: ReactNode;
  onSubmit: (map: Record<string, number>, cents: number, chips: { map: Record<string, number>; cents: number } | null) => void;
  onCancel?: () => void;
}

/**
 * Count the cash by denomination: one row per note and coin with its count
 * and subtotal, the total live. Typed from the keyboard (Tab moves on,
 * Enter submits) or with the − / + keys on a touch screen.
 */
export function CountForm({ prefix, title, hint, submitLabel, busy = false, chips = 'off', chipsShown = false, children, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [cashTexts, setCashTexts] = useState<CountTexts>({});
  const [chipTexts, setChipTexts] = useState<CountTexts>({});
  const [showChips, setShowChips] = useState(chipsShown);
  const withChips = chips === 'required' || (chips === 'optional' && showChips);
  const total = countTotal(cashTexts);
  const chipTotal = countTotal(chipTexts, FACE_VALUES);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    onSubmit(total.map, total.cents, withChips ? chipTotal : null);
  };
  const cash = { texts: cashTexts, setTexts: setCashTexts, prefix, busy };

  return (
    <form className="form count-form" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <p className="hint">{hint}</p>
      <div className={`count-columns${withChips ? ' with-chips' : ''}`}>
        <CountTable denominations={NOTES} kind="notes" {...cash} />
        <CountTable denominations={COINS} kind="coins" {...cash} />
        {withChips ? <CountTable denominations={[...FACE_VALUES].reverse()} kind="chips" texts={chipTexts} setTexts={setChipTexts} prefix={prefix} busy={busy} /> : null}
      </div>
      {chips === 'optional' && !showChips ? (
        <button type="button" className="btn" data-testid={`${prefix}-chips-add`} onClick={() => setShowChips(true)}>
          {t('drawer.chipsAdd')}
        </button>
      ) : null}
      <div className="count-footer">
        <p className="count-total" aria-live="polite">
          {t('drawer.total')} <strong data-testid={`${prefix}-total`}>{f.money(total.cents)}</strong>
          {withChips ? (
            <>
              {' · '}
              {t('drawer.chipsTotal')} <strong data-testid={`${prefix}-chips-total`}>{f.money(chipTotal.cents)}</strong>
            </>
          ) : null}
        </p>
        <CountActions prefix={prefix} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
      </div>
      {children}
    </form>
  );
}

function CountActions({ prefix, busy, submitLabel, onCancel }: { prefix: string; busy: boolean; submitLabel: string; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="count-actions">
      {onCancel ? (
        <button type="button" className="btn btn-large" onClick={onCancel} data-testid={`${prefix}-cancel`}>
          {t('common.cancel')}
        </button>
      ) : null}
      <button type="submit" className="btn btn-primary btn-large" data-testid={`${prefix}-submit`} disabled={busy}>
        {busy ? t('common.working') : submitLabel}
      </button>
    </div>
  );
}

type SetTexts = Dispatch<SetStateAction<CountTexts>>;

/** One kind's table (notes, coins or chips): a row per denomination with its count and subtotal. */
function CountTable({ denominations, kind, texts, setTexts, prefix, busy }: { denominations: readonly number[]; kind: 'notes' | 'coins' | 'chips'; texts: CountTexts; setTexts: SetTexts; prefix: string; busy: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const idPrefix = kind === 'chips' ? `${prefix}-chip` : `${prefix}-count`;
  return (
    <table className={`table count-table${kind === 'chips' ? ' chip-count-table' : ''}`}>
      <caption className="count-caption">{t(`drawer.${kind}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('drawer.denomination')}</th>
          <th scope="col">{t('drawer.count')}</th>
          <th scope="col" className="num">
            {t('drawer.subtotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {denominations.map((d) => {
          const id = `${idPrefix}-${d}`;
          const n = countOf(texts, d);
          return (
            <tr key={d}>
              <th scope="row">
                <label htmlFor={id}>{f.money(d)}</label>
              </th>
              <td>
                <CountCell id={id} d={d} n={n} texts={texts} setTexts={setTexts} busy={busy} />
              </td>
              <td className="num" data-testid={kind === 'chips' ? `${prefix}-chip-subtotal-${d}` : `${prefix}-subtotal-${d}`}>
                {n > 0 ? f.money(n * d) : '—'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A denomination's count: typed, or stepped with − and + on a touch screen (off the Tab order). */
function CountCell({ id, d, n, texts, setTexts, busy }: { id: string; d: number; n: number; texts: CountTexts; setTexts: SetTexts; busy: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="count-cell">
      <button
        type="button"
        className="key key-secondary count-step"
        tabIndex={-1}
        aria-label={t('drawer.less', { denomination: f.money(d) })}
        disabled={busy || n === 0}
        onClick={() => setTexts((x) => stepCount(x, d, -1))}
      >
        −
      </button>
      <input
        id={id}
        className="count-input"
        data-testid={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder="0"
        value={texts[String(d)] ?? ''}
        disabled={busy}
        onChange={(e) => setTexts((x) => ({ ...x, [String(d)]: cleanCount(e.target.value) }))}
      />
      <button
        type="button"
        className="key key-secondary count-step"
        tabIndex={-1}
        aria-label={t('drawer.more', { denomination: f.money(d) })}
        disabled={busy}
        onClick={() => setTexts((x) => stepCount(x, d, 1))}
      >
        +
      </button>
    </div>
  );
}
