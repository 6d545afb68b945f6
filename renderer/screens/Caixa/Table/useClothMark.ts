import { useState } from 'react';
import { betOfNumbers, type Chance, type SimpleChance } from '../../../../core/roulette/rules.js';
import { numbersText } from './parse.js';

/** The bet being marked on the cloth: numbers (a number, or a dozen's or column's twelve, toggled), or one simple chance. */
export function useClothMark(onTouch: () => void) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [simple, setSimple] = useState<SimpleChance | null>(null);
  return {
    picked,
    simple,
    /** The bet the marks make, or null when the numbers make none. */
    marked: simple ? { chance: simple as Chance, numbers: undefined } : betOfNumbers([...picked]),
    pickedText: numbersText([...picked].sort((a, b) => a - b)),
    toggleNumbers: (ns: readonly number[]) => {
      setSimple(null);
      onTouch();
      setPicked((p) => {
        const next = new Set(p);
        if (ns.every((n) => p.has(n))) ns.forEach((n) => next.delete(n));
        else ns.forEach((n) => next.add(n));
        return next;
      });
    },
    toggleSimple: (c: SimpleChance) => {
      setPicked(new Set());
      onTouch();
      setSimple((x) => (x === c ? null : c));
    },
    clear: () => {
      setPicked(new Set());
      setSimple(null);
    },
  };
}
