import { startTransition, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, OperatorView } from '../../core/contract.js';
import type { Lang } from '../../core/errors.js';
import { tabTestId, type ScreenId } from '../lib/screens.js';
import { PrintBadge, ScreenBoundary } from '../screenChunks.js';
import { useTopbarLayout } from './useTopbarLayout.js';

/**
 * The header: the hall's name with who works at which terminal, the operator's screens as tabs, the print state,
 * the language and the lock.
 */
export function Topbar({
  status,
  operator,
  screens,
  active,
  onScreen,
  jobsOpen,
  onJobsOpen,
  lang,
  onSwitchLang,
  onLock,
}: {
  status: ChannelOutput<'setup.status'> | null;
  operator: OperatorView | null;
  screens: readonly ScreenId[];
  active: ScreenId | null;
  onScreen: (s: ScreenId) => void;
  jobsOpen: boolean;
  onJobsOpen: (open: boolean) => void;
  lang: Lang;
  onSwitchLang: () => void;
  onLock: () => void;
}) {
  const { t } = useTranslation();
  const [topbarRef, topbarStacked] = useTopbarLayout(`${lang}|${screens.join()}|${operator?.username ?? ''}|${status?.hallName ?? ''}`);
  // Everyone who prints (the counter, the caixa, managers) sees the print queue from every screen.
  const seesPrinting = operator !== null;
  return (
    <header ref={topbarRef} className={`topbar${topbarStacked ? ' stacked' : ''}`} data-testid="topbar">
      {/* Who works at which terminal, under the hall's name: the buttons' row keeps its room for the print state. */}
      <div className="brand">
        <span className="brand-name" data-testid="hall-name">{status?.hallName ?? t('app.title')}</span>
        {status ? (
          <span className="terminal">
            {t('app.terminal', { id: status.terminalId })}
            {operator ? (
              <>
                {' · '}
                <span className="operator" data-testid="operator-name">
                  {operator.name}
                </span>
                <span className="roles"> ({operator.roles.map((r) => t(`roles.${r}`)).join(', ')})</span>
              </>
            ) : null}
          </span>
        ) : null}
      </div>
      {operator && screens.length > 1 ? (
        <nav className="tabs" aria-label={t('app.screens')}>
          {screens.map((s) => (
            <button
              key={s}
              type="button"
              className={`tab${s === active ? ' active' : ''}`}
              aria-current={s === active ? 'page' : undefined}
              data-testid={tabTestId(s)}
              // A transition: the current screen stays until the next one's chunk is there (no flash of "A carregar…").
              onClick={() => startTransition(() => onScreen(s))}
            >
              {t(`tabs.${s}`)}
            </button>
          ))}
        </nav>
      ) : null}
      <div className="topbar-right">
        {seesPrinting ? (
          // The screen below says it when chunks do not load; the badge then just stays away.
          <ScreenBoundary resetKey={operator?.username ?? ''} failed={null}>
            <Suspense fallback={null}>
              <PrintBadge open={jobsOpen} onOpen={() => onJobsOpen(true)} onClose={() => onJobsOpen(false)} />
            </Suspense>
          </ScreenBoundary>
        ) : null}
        <button type="button" className="btn btn-ghost" data-testid="lang-switch" onClick={onSwitchLang} lang={lang === 'en' ? 'pt-PT' : 'en'} title={t('app.langSwitchLabel')}>
          {t('app.langSwitch')}
        </button>
        {operator ? (
          <button type="button" className="btn btn-lock" data-testid="logout" onClick={onLock}>
            {t('app.lock')}
          </button>
        ) : null}
      </div>
    </header>
  );
}
