import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../core/money.js';

interface AmountKeypadProps {
  /** A digit, `00`, `backspace` or `clear`. */
  onKey: (key: string) => void;
  /** Quick amounts in cents (notes), plus the exact amount. */
  onSet: (cents: number) => void;
  exactCents: number | null;
  disabled?: boolean;
}

const keepFocus = (e: MouseEvent) => e.preventDefault();
const NOTES = [500, 1000, 2000, 5000];

/** The "valor entregue" keypad: digits shift in from the right (2,0,0,0 -> 20,00 €). */
export function AmountKeypad({ onKey, onSet, exactCents, disabled = false }: AmountKeypadProps) {
  const { t } = useTranslation();
  const digit = (d: string) => (
    <button key={d} type="button" className="key" data-testid={`tender-key-${d}`} tabIndex={-1} onMouseDown={keepFocus} onClick={() => onKey(d)} disabled={disabled}>
      {d}
    </button>
  );
  return (
    <div className="amount-pad">
      <div className="keypad" role="group" aria-label={t('sale.tenderedPad')}>
        {['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0'].map(digit)}
        <button
          type="button"
          className="key key-secondary"
          data-testid="tender-backspace"
          tabIndex={-1}
          onMouseDown={keepFocus}
          onClick={() => onKey('backspace')}
          disabled={disabled}
          aria-label={t('sale.tenderedBackspace')}
        >
          ⌫
        </button>
      </div>
      <div className="quick-amounts" role="group" aria-label={t('sale.quickAmounts')}>
        <button
          type="button"
          className="key key-exact"
          data-testid="tender-exact"
          onMouseDown={keepFocus}
          onClick={() => exactCents !== null && onSet(exactCents)}
          disabled={disabled || exactCents === null}
        >
          {t('sale.exact')}
        </button>
        <button
          type="button"
          className="key key-secondary"
          data-testid="tender-clear"
          onMouseDown={keepFocus}
          onClick={() => onKey('clear')}
          disabled={disabled}
          aria-label={t('sale.tenderedClearLabel')}
        >
          {t('sale.tenderedClear')}
        </button>
        {NOTES.map((c) => (
          <button
            key={c}
            type="button"
            className="key key-note"
            data-testid={`tender-${c / 100}`}
            onMouseDown={keepFocus}
            onClick={() => onSet(c)}
            disabled={disabled}
          >
            {formatCents(c).replace(',00', '')}
          </button>
        ))}
      </div>
    </div>
  );
}
