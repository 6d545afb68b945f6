import { useEffect, useRef, type RefObject } from 'react';

interface Keys {
  /** The sale's form: Escape in it clears it, a digit on one of its keys goes to the amount. */
  formRef: RefObject<HTMLFormElement | null>;
  /** A dialog is open: its keys are its own. */
  paused: boolean;
  sell: () => Promise<void>;
  clear: () => void;
  /** A digit typed, to the amount tendered, or ('auto') to the field the sale is at. */
  typeDigit: (d: string, where: 'tendered' | 'auto') => void;
}

/** Enter sells and Escape clears even when nothing has the focus; a digit typed on nothing goes to the field the sale is at. */
export function useSaleKeys({ formRef, paused, sell, clear, typeDigit }: Keys) {
  const sellRef = useRef(sell);
  const clearRef = useRef(clear);
  const digitRef = useRef(typeDigit);
  useEffect(() => {
    sellRef.current = sell;
    clearRef.current = clear;
    digitRef.current = typeDigit;
  });
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (paused || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      const free = !target || target === document.body || target === document.documentElement;
      if (e.key === 'Escape' && (free || formRef.current?.contains(target))) {
        clearRef.current();
      } else if (e.key === 'Enter' && free) {
        e.preventDefault();
        void sellRef.current();
      } else if (/^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey && (free || (target instanceof HTMLButtonElement && formRef.current?.contains(target)))) {
        // A digit on a key (a quick amount, "Vender") goes to the amount; on nothing, to the field the sale is at.
        e.preventDefault();
        digitRef.current(e.key, free ? 'auto' : 'tendered');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [paused, formRef]);
}
