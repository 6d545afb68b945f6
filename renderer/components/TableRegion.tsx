import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** What the table lists ("Gavetas da sessão"): the region is named "Tabela: …". */
  name: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * The box of a table that may be wider or taller than its place: while it
 * scrolls, a named region reachable with Tab (so the keyboard can scroll it);
 * a table that fits adds no landmark and no stop to the Tab order.
 */
export function TableRegion({ name, className, testId, children }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1);
    const resized = new ResizeObserver(measure);
    // Its content may be replaced (an empty note by a table): watch whatever is inside now.
    const watch = () => {
      resized.disconnect();
      resized.observe(box);
      for (const child of box.children) resized.observe(child);
      measure();
    };
    watch();
    const replaced = new MutationObserver(watch);
    replaced.observe(box, { childList: true });
    return () => {
      resized.disconnect();
      replaced.disconnect();
    };
  }, []);
  return (
    <div
      ref={ref}
      className={className ? `table-wrap ${className}` : 'table-wrap'}
      {...(scrolls ? { role: 'region', 'aria-label': t('common.tableOf', { name }), tabIndex: 0 } : {})}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
