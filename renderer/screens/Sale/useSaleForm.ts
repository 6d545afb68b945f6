import { useEffect, useRef, useState } from 'react';
import { applyKey } from '../../lib/money.js';
import { QUANTITY_DIGITS } from './QuantityField.js';

/**
 * The sale's form: the quantity as typed, the amount tendered, and whether it is untouched since the last sale
 * (pristine: the change shown is then the last sale's, and a digit typed on nothing starts the next quantity).
 * `onEdit` hears every edit (what the screen said of the sale before is then stale).
 */
export function useSaleForm(onEdit: () => void) {
  const [quantityText, setQuantityText] = useState('1');
  const [tendered, setTendered] = useState(0);
  const [pristine, setPristine] = useState(true);
  // Bumped after each sale: the quantity field is focused with its "1" selected once the form shows it.
  const [readyTick, setReadyTick] = useState(0);
  const quantityRef = useRef<HTMLInputElement>(null);
  const tenderedRef = useRef<HTMLInputElement>(null);

  const touch = () => {
    setPristine(false);
    onEdit();
  };
  const typeQuantity = (text: string) => {
    touch();
    setQuantityText(text);
  };
  const setQty = (n: number) => {
    touch();
    setQuantityText(String(Math.max(1, n)).slice(0, QUANTITY_DIGITS));
  };
  const setAmount = (cents: number) => {
    touch();
    setTendered(cents);
  };
  /** Back to one card and nothing tendered, untouched. */
  const reset = () => {
    setQuantityText('1');
    setTendered(0);
    setPristine(true);
  };
  /** After a sale: reset, and the next quantity is typed over the "1". */
  const ready = () => {
    reset();
    setReadyTick((n) => n + 1);
  };

  // After a sale: the next quantity is typed over the "1" (selected once React has put it in the field).
  useEffect(() => {
    if (readyTick === 0) return;
    quantityRef.current?.focus();
    quantityRef.current?.select();
  }, [readyTick]);

  /** A digit typed on a key or on nothing: to the amount tendered, or ('auto') to the field the sale is at. */
  const typeDigit = (d: string, where: 'tendered' | 'auto') => {
    const field = where === 'auto' && pristine ? 'quantity' : 'tendered';
    if (field === 'quantity') {
      // As typed into the field with its "1" selected: the digit replaces it, the next ones follow.
      touch();
      setQuantityText(d === '0' ? '' : d);
      quantityRef.current?.focus();
      requestAnimationFrame(() => {
        const el = quantityRef.current;
        if (el) el.setSelectionRange(el.value.length, el.value.length);
      });
    } else {
      setAmount(applyKey(tendered, d));
      tenderedRef.current?.focus();
    }
  };

  return { quantityText, tendered, setTendered, pristine, quantityRef, tenderedRef, typeQuantity, setQty, setAmount, reset, ready, typeDigit };
}
