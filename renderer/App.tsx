import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../core/errors.js';
import { DEFAULT_HALL_TIME_ZONE } from '../core/time.js';
import { hasTransport, setClientLang } from './client.js';
import { PendingOutcomes } from './components/PendingOutcomes.js';
import { HallZoneContext } from './format.js';
import { screensForRoles, type ScreenId } from './lib/screens.js';
import { preloadCommon, preloadScreens, ScreenBoundary, whenIdle } from './screenChunks.js';
import { Banners } from './shell/Banners.js';
import { ScreenBody } from './shell/ScreenBody.js';
import { Topbar } from './shell/Topbar.js';
import { useHallStatus } from './shell/useHallStatus.js';
import { useOperatorSession } from './shell/useOperatorSession.js';
import { useKioskQuery } from './hooks.js';

export function App() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'pt-PT';
  const transport = hasTransport();
  const hall = useHallStatus(transport);
  const { status } = hall;
  const session = useOperatorSession();
  const { operator } = session;

  useEffect(() => {
    document.documentElement.lang = lang;
    setClientLang(lang);
  }, [lang]);

  useEffect(() => {
    document.title = status?.hallName ? `${status.hallName} — ${t('app.title')}` : t('app.title');
  }, [status?.hallName, t]);

  const switchLang = () => void i18n.changeLanguage(lang === 'en' ? 'pt-PT' : 'en');

  const manages = operator !== null && operator.roles.some((r) => r === 'manager' || r === 'admin');
  // Where the hall identifies its bingo players at the entrance (Lei n.º 83/2017, art. 76.º, n.º 5): its register.
  const settings = useKioskQuery('settings.get', operator ? {} : null);
  const entryDesk = settings.data?.identificationMoment === 'entry' && settings.data.entryRegister;
  const screens = operator ? screensForRoles(operator.roles, { entryDesk }) : [];
  const active = session.screen !== null && screens.includes(session.screen) ? session.screen : (screens[0] ?? null);
  const isAdmin = operator?.roles.includes('admin') ?? false;
  const screensKey = screens.join();
  // The operator's other screens, before any tab is touched (also one that comes later: the caixa's, once machines are known).
  useEffect(() => {
    if (screensKey !== '') preloadScreens(screensKey.split(',') as ScreenId[], isAdmin);
  }, [screensKey, isAdmin]);
  const onLoginPage = transport && status?.initialized === true && operator === null;
  // Once the login page is up and idle: it is never slowed down by it.
  useEffect(() => (onLoginPage ? whenIdle(preloadCommon, 2000) : undefined), [onLoginPage]);

  return (
    // Every screen's times on the hall's clock (setup.status, fetched again when the hall's settings change).
    <HallZoneContext.Provider value={status?.timeZone ?? DEFAULT_HALL_TIME_ZONE}>
      <div className="app">
        <Topbar
          status={status}
          operator={operator}
          screens={screens}
          active={active}
          onScreen={session.setScreen}
          jobsOpen={session.jobsOpen}
          onJobsOpen={session.setJobsOpen}
          lang={lang}
          onSwitchLang={switchLang}
          onLock={() => void session.lock(null)}
        />
        <Banners manages={manages} />
        {/* Laid over the page's corner (position: fixed): it never moves what is on the page. */}
        <PendingOutcomes />
        <ScreenBoundary resetKey={active ?? ''}>
          <Suspense
            fallback={
              <main className="screen screen-narrow">
                <p className="loading" data-testid="screen-loading">
                  {t('common.loading')}
                </p>
              </main>
            }
          >
            <ScreenBody transport={transport} hall={hall} session={session} screens={screens} active={active} />
          </Suspense>
        </ScreenBoundary>
      </div>
    </HallZoneContext.Provider>
  );
}
