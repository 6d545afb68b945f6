import { useState, type KeyboardEvent, type MouseEvent } from 'react';
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
/** The euro notes a customer hands over (the 500 € note is no longer issued). */
export const NOTES = [500, 1000, 2000, 5000, 10000, 20000];

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * A group of quick keys is one Tab stop (a toolbar): the arrows, Home and End
 * move among its enabled buttons, Enter or Space presses one.
 */
function moveFocusInGroup(e: KeyboardEvent<HTMLElement>): void {
  if (!NEXT.has(e.key) && !PREVIOUS.has(e.key) && e.key !== 'Home' && e.key !== 'End') return;
  const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'));
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || buttons.length === 0) return;
  e.preventDefault();
  const n = buttons.length;
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : (at + (NEXT.has(e.key) ? 1 : n - 1)) % n;
  buttons[next]!.focus();
}

/** The index of the group's button that holds the focus (the group's Tab stop from then on). */
function focusedIndex(group: HTMLElement): number {
  return Array.from(group.querySelectorAll('button')).indexOf(document.activeElement as HTMLButtonElement);
}

/** The "valor entregue" keypad: digits shift in from the right (2,0,0,0 -> 20,00 €). */
export function AmountKeypad({ onKey, onSet, exactCents, disabled = false }: AmountKeypadProps) {
  const { t } = useTranslation();
  // The quick amounts are one Tab stop: the one last focused (the exact amount at first).
  const [stop, setStop] = useState(0);
  const digit = (d: string) => (
    <button key={d} type="button" className="key" data-testid={`tender-key-${d}`} tabIndex={-1} onMouseDown={keepFocus} onClick={() => onKey(d)} disabled={disabled}>
      {d}
    </button>
  );
  const exactOff = disabled || exactCents === null;
  // A disabled key cannot hold the Tab stop: the next one does.
  const tab = (i: number) => (i === (stop === 0 && exactOff ? 1 : stop) ? 0 : -1);
  return (
    <div className="amount-pad">
      {/* The keyboard has its own digits: these keys are for touch and stay out of the Tab order. */}
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
      <div
        className="quick-amounts"
        role="toolbar"
        aria-label={t('sale.quickAmounts')}
        onKeyDown={moveFocusInGroup}
        onFocus={(e) => {
          const i = focusedIndex(e.currentTarget);
          if (i >= 0) setStop(i);
        }}
      >
        <button
          type="button"
          className="key key-exact"
          data-testid="tender-exact"
          tabIndex={tab(0)}
          onMouseDown={keepFocus}
          onClick={() => exactCents !== null && onSet(exactCents)}
          disabled={exactOff}
        >
          {t('sale.exact')}
        </button>
        <button
          type="button"
          className="key key-secondary"
          data-testid="tender-clear"
          tabIndex={tab(1)}
          onMouseDown={keepFocus}
          onClick={() => onKey('clear')}
          disabled={disabled}
          aria-label={t('sale.tenderedClearLabel')}
        >
          {t('sale.tenderedClear')}
        </button>
        {NOTES.map((c, i) => (
          <button
            key={c}
            type="button"
            className="key key-note"
            data-testid={`tender-${c / 100}`}
            tabIndex={tab(i + 2)}
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
