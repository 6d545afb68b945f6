import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface PinPadProps {
  value: string;
  onChange: (value: string) => void;
  /** Without it, the enter key is the form's submit button. */
  onEnter?: () => void;
  disabled?: boolean;
  maxLength?: number;
  /** Show the enter key (off when the form has its own submit button). */
  showEnter?: boolean;
}

/** Keeps the focus where it is (the PIN field) when a key is clicked or touched. */
const keepFocus = (e: MouseEvent) => e.preventDefault();

/** A large on-screen PIN pad: 1-9, clear, 0, backspace, enter. */
export function PinPad({ value, onChange, onEnter, disabled = false, maxLength = 8, showEnter = true }: PinPadProps) {
  const { t } = useTranslation();
  const digit = (d: string) => {
    if (value.length < maxLength) onChange(value + d);
  };
  const key = (d: string) => (
    <button
      key={d}
      type="button"
      className="key"
      data-testid={`pin-key-${d}`}
      tabIndex={-1}
      onMouseDown={keepFocus}
      onClick={() => digit(d)}
      disabled={disabled}
    >
      {d}
    </button>
  );
  return (
    <div className={showEnter ? 'pinpad' : 'pinpad pinpad-compact'} data-testid="pin-pad" role="group" aria-label={t('pin.pad')}>
      {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(key)}
      <button
        type="button"
        className="key key-secondary"
        data-testid="pin-clear"
        tabIndex={-1}
        onMouseDown={keepFocus}
        onClick={() => onChange('')}
        disabled={disabled}
        aria-label={t('pin.clearLabel')}
      >
        {t('pin.clear')}
      </button>
      {key('0')}
      <button
        type="button"
        className="key key-secondary"
        data-testid="pin-backspace"
        tabIndex={-1}
        onMouseDown={keepFocus}
        onClick={() => onChange(value.slice(0, -1))}
        disabled={disabled}
        aria-label={t('pin.backspaceLabel')}
      >
        ⌫
      </button>
      {showEnter ? (
        <button
          type={onEnter ? 'button' : 'submit'}
          className="key key-enter"
          data-testid="pin-enter"
          onMouseDown={keepFocus}
          onClick={onEnter}
          disabled={disabled}
        >
          {t('pin.enter')}
        </button>
      ) : null}
    </div>
  );
}
