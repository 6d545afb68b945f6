import type { KeyboardEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountKeypad } from '../../components/AmountKeypad.js';
import { useFormat } from '../../format.js';
import { applyKey, digitsToCents, tenderedText } from '../../lib/money.js';

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  /** The amount the customer hands over, in cents. */
  tendered: number;
  onAmount: (cents: number) => void;
  /** The sale's total, the keypad's "Exato" (null when the quantity is none). */
  totalCents: number | null;
  disabled: boolean;
}

/** The amount tendered: typed in cents from the right (20 is 0,20 €), or on the keypad with its quick amounts. */
export function TenderedField({ inputRef, tendered, onAmount, totalCents, disabled }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const onTenderedKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (/^\d$/.test(e.key)) {
      e.preventDefault();
      onAmount(applyKey(tendered, e.key));
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      onAmount(applyKey(tendered, 'backspace'));
    } else if (e.key === 'Delete') {
      e.preventDefault();
      onAmount(0);
    }
  };
  return (
    <div className="field-block">
      <div className="label-row">
        <label htmlFor="sale-tendered" className="field-label">{t('sale.tendered')}</label>
        {/* The rule of the field, on screen: typing 20 means 0,20 €. */}
        <span id="sale-tendered-hint" className="hint label-hint" data-testid="sale-tendered-hint">
          {t('sale.tenderedHint')}
        </span>
      </div>
      <input
        ref={inputRef}
        id="sale-tendered"
        data-testid="sale-tendered"
        className="amount-input"
        inputMode="numeric"
        autoComplete="off"
        placeholder={f.money(0)}
        value={tenderedText(tendered)}
        onKeyDown={onTenderedKey}
        onChange={(e) => onAmount(digitsToCents(e.target.value))}
        aria-describedby="sale-tendered-hint"
      />
      <AmountKeypad onKey={(k) => onAmount(applyKey(tendered, k))} onSet={onAmount} exactCents={totalCents} disabled={disabled} />
    </div>
  );
}
