import type { KeyboardEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

// 6: a strip of six cards, sold together (Despacho Normativo 80/85, art. 4.º, n.º 5).
const QUICK_QUANTITIES = [1, 2, 3, 5, 6, 10];
/** A touch key keeps the focus where it was (the field being typed into). */
const keepFocus = (e: { preventDefault: () => void }) => e.preventDefault();
/** The most cards a hall may allow per sale (settings), hence the digits the quantity field takes. */
export const QUANTITY_DIGITS = 5;

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  /** The field as typed. */
  text: string;
  /** The field read as a quantity, null when it is none. */
  quantity: number | null;
  onText: (text: string) => void;
  /** A quantity set by a key (−, +, a quick one, the arrows). */
  onQuantity: (n: number) => void;
  /** The most "+" goes to: the hall's most per sale and the cards left. */
  upper: number;
  disabled: boolean;
  soldOut: boolean;
  /** More than the cards left, or than the hall allows per sale. */
  warn: boolean;
  /** More than the cards left, said as such (the hall's most per sale said otherwise). */
  onlyLeft: number | null;
  maxPerSale: number | null;
}

/** How many cards: the field between − and +, the quick quantities, and under them what limits it. */
export function QuantityField({ inputRef, text, quantity, onText, onQuantity, upper, disabled, soldOut, warn, onlyLeft, maxPerSale }: Props) {
  const { t } = useTranslation();
  const onQuantityKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowUp' || e.key === '+') {
      e.preventDefault();
      onQuantity(Math.min(upper, (quantity ?? 0) + 1));
    } else if (e.key === 'ArrowDown' || e.key === '-') {
      e.preventDefault();
      onQuantity((quantity ?? 2) - 1);
    }
  };
  return (
    <div className="field-block">
      <label htmlFor="sale-quantity" className="field-label">{t('sale.quantity')}</label>
      <div className="stepper">
        <button
          type="button"
          className="key key-step"
          data-testid="qty-minus"
          tabIndex={-1}
          onMouseDown={keepFocus}
          onClick={() => onQuantity((quantity ?? 2) - 1)}
          aria-label={t('sale.less')}
          disabled={disabled}
        >
          −
        </button>
        <input
          ref={inputRef}
          id="sale-quantity"
          data-testid="sale-quantity"
          className="qty-input"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          maxLength={QUANTITY_DIGITS}
          onChange={(e) => onText(e.target.value.replace(/\D/g, '').slice(0, QUANTITY_DIGITS))}
          onKeyDown={onQuantityKey}
          onFocus={(e) => e.target.select()}
          aria-describedby="sale-quantity-hint"
          autoFocus
        />
        <button
          type="button"
          className="key key-step"
          data-testid="qty-plus"
          tabIndex={-1}
          onMouseDown={keepFocus}
          onClick={() => onQuantity(Math.min(upper, (quantity ?? 0) + 1))}
          aria-label={t('sale.more')}
          disabled={disabled}
        >
          +
        </button>
        {/* Touch keys, out of the Tab order (as the keypad's digits): Tab goes from the quantity to the amount tendered, and a digit typed is never lost on a key. */}
        <div className="quick-qty" role="group" aria-label={t('sale.quickQuantities')}>
          {QUICK_QUANTITIES.map((n) => (
            <button
              key={n}
              type="button"
              className={`key key-quick${quantity === n ? ' active' : ''}`}
              data-testid={`qty-${n}`}
              tabIndex={-1}
              onMouseDown={keepFocus}
              onClick={() => onQuantity(n)}
              aria-pressed={quantity === n}
              disabled={disabled}
            >
              {n}
            </button>
          ))}
        </div>
      </div>
      <p id="sale-quantity-hint" className={warn ? 'hint hint-warn' : 'hint'} data-testid="sale-quantity-hint">
        {/* Sold out: said here, once, under the quantity ("Vender" points to it). */}
        {soldOut ? (
          <span id="sale-sold-out" data-testid="sale-sold-out">
            {t('sale.soldOutReason')}
          </span>
        ) : onlyLeft !== null ? (
          t('sale.onlyLeft', { count: onlyLeft })
        ) : maxPerSale !== null ? (
          t('sale.maxHint', { count: maxPerSale })
        ) : (
          ''
        )}
      </p>
    </div>
  );
}
