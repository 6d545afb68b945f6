import { useTranslation } from 'react-i18next';
import type { ClientError } from '../../client.js';
import { useHallLinkDown } from '../../components/LinkBanner.js';

/** A list's load error to show: none while the link is down (the banner says it, once). */
export function useLoadError(error: ClientError | null): ClientError | null {
  return useHallLinkDown() ? null : error;
}

/**
 * Where a list the hall has not given would be: "loading" while it is asked
 * for; once refused, unknown, not empty: with the link down a short line
 * (the fault itself is said once, by the banner); a refusal is said by the
 * list's ErrorAlert (useLoadError).
 */
export function ListNotGiven({ error, testId }: { error: ClientError | null; testId: string }) {
  const { t } = useTranslation();
  const linkDown = useHallLinkDown();
  if (!error) return <p className="loading">{t('common.loading')}</p>;
  if (linkDown)
    return (
      <p className="empty" data-testid={`${testId}-unavailable`}>
        {t('caixa.listUnavailable')}
      </p>
    );
  return null;
}
