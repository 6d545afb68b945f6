import { useTranslation } from 'react-i18next';

/** No game selling: none in the session, or no session open. */
export function NoGame({ noSession }: { noSession: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="panel no-game" data-testid="no-game">
      <p className="big-message">{t('sale.noGame')}</p>
      <p className="hint">{noSession ? t('sale.noSession') : t('sale.noGameHint')}</p>
    </section>
  );
}
