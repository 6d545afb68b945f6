import { useEffect, useRef, type KeyboardEvent } from 'react';

/**
 * A screen's sub-screens bar: one tab each, big enough for a finger; arrows,
 * Home and End move along it from the keyboard (the chosen tab is the one Tab
 * stops on). `prefix` names the tabs (`<prefix>-<sub>`, their test ids too)
 * and the panel they control (`<prefix>-panel`).
 */
export function SubTabs<Sub extends string>({
  prefix,
  label,
  subs,
  current,
  nameOf,
  onChoose,
}: {
  prefix: string;
  label: string;
  subs: readonly Sub[];
  current: Sub;
  nameOf: (sub: Sub) => string;
  onChoose: (sub: Sub) => void;
}) {
  const refs = useRef<Partial<Record<Sub, HTMLButtonElement | null>>>({});
  // An arrow key moves the focus with the choice, once the chosen sub-screen is drawn.
  const follow = useRef(false);
  useEffect(() => {
    if (!follow.current) return;
    follow.current = false;
    refs.current[current]?.focus();
  }, [current]);
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = subs.indexOf(current);
    const next =
      e.key === 'ArrowRight'
        ? subs[(at + 1) % subs.length]
        : e.key === 'ArrowLeft'
          ? subs[(at - 1 + subs.length) % subs.length]
          : e.key === 'Home'
            ? subs[0]
            : e.key === 'End'
              ? subs.at(-1)
              : undefined;
    if (!next) return;
    e.preventDefault();
    follow.current = true;
    onChoose(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="subtabs" role="tablist" aria-label={label} onKeyDown={move}>
      {subs.map((sub) => (
        <button
          key={sub}
          ref={(el) => {
            refs.current[sub] = el;
          }}
          type="button"
          role="tab"
          id={`${prefix}-${sub}-tab`}
          className={`subtab${sub === current ? ' active' : ''}`}
          aria-selected={sub === current}
          aria-controls={`${prefix}-panel`}
          tabIndex={sub === current ? 0 : -1}
          data-testid={`${prefix}-${sub}`}
          onClick={() => onChoose(sub)}
        >
          {nameOf(sub)}
        </button>
      ))}
    </div>
  );
}
