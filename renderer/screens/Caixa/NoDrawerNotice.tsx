import { useTranslation } from 'react-i18next';

/**
 * No drawer of one's own on this terminal: said once, before the first key,
 * with the way to open one; the cash fields it disables point here.
 */
export function NoDrawerNotice({ onOpenDrawer }: { onOpenDrawer: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <div id="caixa-no-drawer" className="alert no-drawer-notice" role="status" data-testid="caixa-no-drawer">
      <span>{t('caixa.noDrawerNotice')}</span>
      {onOpenDrawer ? (
        <button type="button" className="btn btn-small" data-testid="caixa-open-drawer" onClick={onOpenDrawer}>
          {t('caixa.openDrawer')}
        </button>
      ) : null}
    </div>
  );
}
