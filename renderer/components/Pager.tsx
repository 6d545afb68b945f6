import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The pages read so far of a keyset-paged list (sale.page, guia.list,
 * audit.list): a stack of cursors, the current one on top; a new filter
 * (`key`) starts again at the first page.
 */
export function usePages(key: string): { cursor: number | null; page: number; next: (cursor: number) => void; previous: () => void } {
  const [state, setState] = useState<{ key: string; stack: (number | null)[] }>({ key, stack: [null] });
  const stack = state.key === key ? state.stack : [null];
  if (state.key !== key) setState({ key, stack });
  return {
    cursor: stack[stack.length - 1] ?? null,
    page: stack.length,
    next: (cursor) => setState({ key, stack: [...stack, cursor] }),
    previous: () => setState({ key, stack: stack.length > 1 ? stack.slice(0, -1) : stack }),
  };
}

/** "Página 2 · 51-100 de 1 234" with "Anteriores" and "Seguintes". */
export function Pager({
  page,
  limit,
  shown,
  total,
  nextCursor,
  onNext,
  onPrevious,
  testId,
}: {
  page: number;
  limit: number;
  shown: number;
  total: number;
  nextCursor: number | null;
  onNext: (cursor: number) => void;
  onPrevious: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const first = shown === 0 ? 0 : (page - 1) * limit + 1;
  return (
    <nav className="pager" aria-label={t('pager.label')} data-testid={testId}>
      <button type="button" className="btn" data-testid={`${testId}-previous`} disabled={page <= 1} onClick={onPrevious}>
        {t('pager.previous')}
      </button>
      <span className="meta" role="status" data-testid={`${testId}-status`}>
        {t('pager.status', { page, first, last: first === 0 ? 0 : first + shown - 1, total })}
      </span>
      <button type="button" className="btn" data-testid={`${testId}-next`} disabled={nextCursor === null} onClick={() => nextCursor !== null && onNext(nextCursor)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
