import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The hall's name keeps at least this much of the header's row (or all of it when shorter). */
const BRAND_MIN_PX = 200;

/**
 * The header on one row when the tabs fit beside the hall's name and the
 * operator's buttons; else the tabs take a row of their own (and wrap), so
 * nothing is cut or overlaps, whatever the number of tabs (up to 9 at 1024
 * px). Its height is published as --topbar-h for screens that fit the
 * window (the draw board).
 */
export function useTopbarLayout(key: string): [RefObject<HTMLElement | null>, boolean] {
  const ref = useRef<HTMLElement>(null);
  const [stacked, setStacked] = useState(false);
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const px = (v: string) => parseFloat(v) || 0;
    const measure = () => {
      document.documentElement.style.setProperty('--topbar-h', `${bar.offsetHeight}px`);
      const nav = bar.querySelector<HTMLElement>('.tabs');
      const right = bar.querySelector<HTMLElement>('.topbar-right');
      const name = bar.querySelector<HTMLElement>('.brand-name');
      const line = bar.querySelector<HTMLElement>('.terminal');
      if (!nav || !right || !name) {
        setStacked(false);
        return;
      }
      const barStyle = getComputedStyle(bar);
      const navStyle = getComputedStyle(nav);
      const tabs = [...nav.children].map((el) => (el as HTMLElement).offsetWidth);
      // Each part's own width, the same on one row or two (styles.css keeps them so, or this would flip back and
      // forth): the tabs and the buttons never shrink, the name does down to BRAND_MIN_PX.
      const need =
        px(barStyle.paddingLeft) +
        px(barStyle.paddingRight) +
        Math.min(Math.max(name.scrollWidth, line?.scrollWidth ?? 0), BRAND_MIN_PX) +
        px(navStyle.marginLeft) +
        tabs.reduce((a, b) => a + b, 0) +
        px(navStyle.columnGap) * Math.max(0, tabs.length - 1) +
        right.offsetWidth +
        px(barStyle.columnGap) * 2;
      setStacked(need > bar.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    for (const el of bar.querySelectorAll('.tabs, .topbar-right, .tab')) observer.observe(el);
    return () => observer.disconnect();
  }, [key]);
  return [ref, stacked];
}
