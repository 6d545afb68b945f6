import { startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, OperatorView } from '../core/contract.js';
import type { Lang } from '../core/errors.js';
import { DEFAULT_HALL_TIME_ZONE } from '../core/time.js';
import { hasTransport, invoke, onUnauthenticated, setClientLang, setOperatorToken, type ClientError } from './client.js';
import { ApprovalsAlert } from './components/ApprovalsAlert.js';
import { ErrorAlert } from './components/ErrorAlert.js';
import { HallZoneContext } from './format.js';
import { LinkBanner } from './components/LinkBanner.js';
import { PendingOutcomes } from './components/PendingOutcomes.js';
import { idleLockMs, useConnection, useIdleLock, useKioskEvents, useKioskQuery } from './hooks.js';
import { screensForRoles, tabTestId, type ScreenId } from './lib/screens.js';
import { touches } from './lib/topics.js';
import { LoginScreen } from './screens/Login/LoginScreen.js';
import { PostScreen } from './screens/Setup/PostScreen.js';
import { SetupScreen } from './screens/Setup/SetupScreen.js';
import {
  ActaScreen,
  CaixaScreen,
  ChecksScreen,
  DayCloseScreen,
  DrawerScreen,
  GameScreen,
  preloadCommon,
  preloadScreens,
  PrintBadge,
  PrizesScreen,
  SaleScreen,
  ScreenBoundary,
  SettingsScreen,
  UsersPanel,
  whenIdle,
} from './screenChunks.js';

type SetupStatus = ChannelOutput<'setup.status'>;

/** The disk is full or failing: every write is refused until it is not; every screen says so (issue 12). */
function StorageBanner() {
  const { t } = useTranslation();
  const health = useKioskQuery('system.health', {});
  const storage = health.data?.storage ?? 'ok';
  if (storage === 'ok') return null;
  return (
    <p className="banner banner-offline" role="alert" data-testid="storage-alert">
      {t(storage === 'full' ? 'app.diskFull' : 'app.diskError')}
    </p>
  );
}

/** The group holds another history of this hall: shipping stopped (sales go on); every screen says so until a person settles it. */
function JournalBanner() {
  const { t } = useTranslation();
  const health = useKioskQuery('system.health', {});
  const journal = health.data?.journal ?? null;
  if (journal?.state !== 'diverged') return null;
  return (
    <p className="banner banner-offline" role="alert" data-testid="journal-diverged">
      {t('app.journalDiverged', { seq: journal.divergedSeq })}
    </p>
  );
}

function ConnectionBanner() {
  const { t } = useTranslation();
  const state = useConnection();
  if (state !== 'lost') return null;
  return (
    <p className="banner banner-offline" role="alert" data-testid="connection-lost">
      {t('app.connectionLost')}
    </p>
  );
}

/** The hall's name keeps at least this much of the header's row (or all of it when shorter). */
const BRAND_MIN_PX = 200;

/**
 * The header on one row when the tabs fit beside the hall's name and the
 * operator's buttons; else the tabs take a row of their own (and wrap), so
 * nothing is cut or overlaps, whatever the number of tabs (up to 9 at 1024
 * px). Its height is published as --topbar-h for screens that fit the
 * window (the draw board).
 */
function useTopbarLayout(key: string): [RefObject<HTMLElement | null>, boolean] {
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

/** The banners' height as --banners-h, for screens that fit the window (the draw): an alert never pushes their acts out of sight. */
function useBannersHeight(): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const publish = () => document.documentElement.style.setProperty('--banners-h', `${box.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return ref;
}

export function App() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'pt-PT';
  const [status, setStatus] = useState<SetupStatus | null>(null);
  // Once the setup screen is up it stays until its admin has written the recovery code down, though the hall now exists.
  const [inSetup, setInSetup] = useState(false);
  const [statusError, setStatusError] = useState<ClientError | null>(null);
  const [operator, setOperator] = useState<OperatorView | null>(null);
  const [screen, setScreen] = useState<ScreenId | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [lastUser, setLastUser] = useState('');
  const [jobsOpen, setJobsOpen] = useState(false);
  const transport = hasTransport();

  // The installed program's first run: the post's role is chosen before anything else (its screen stays until its result is read).
  const [choosingPost, setChoosingPost] = useState(false);

  const loadStatus = useCallback(async () => {
    const post = await invoke('post.status', {});
    if (post.ok && post.value.needsChoice) {
      setChoosingPost(true);
      setStatusError(null);
      return;
    }
    const r = await invoke('setup.status', {});
    if (r.ok) {
      setStatus(r.value);
      if (!r.value.initialized) setInSetup(true);
      setStatusError(null);
    } else {
      setStatusError(r.error);
    }
  }, []);

  useEffect(() => {
    if (transport) void loadStatus();
  }, [transport, loadStatus]);

  // The hall's name and set-up state (topic 'hall'); after a failure, any sign of life retries.
  useKioskEvents((events) => {
    if (statusError || events.some((e) => touches('setup.status', e))) void loadStatus();
  });

  useEffect(() => {
    document.documentElement.lang = lang;
    setClientLang(lang);
  }, [lang]);

  useEffect(() => {
    document.title = status?.hallName ? `${status.hallName} — ${t('app.title')}` : t('app.title');
  }, [status?.hallName, t]);

  const operatorRef = useRef<OperatorView | null>(null);
  useEffect(() => {
    operatorRef.current = operator;
  }, [operator]);

  const signOut = useCallback((message: string | null) => {
    setOperatorToken(undefined);
    if (operatorRef.current) setLastUser(operatorRef.current.username);
    setOperator(null);
    setScreen(null);
    setJobsOpen(false);
    setNotice(message);
  }, []);

  useEffect(() => onUnauthenticated((error) => signOut(error.message)), [signOut]);

  const lock = useCallback(
    async (message: string | null) => {
      // Lock locally whatever the kiosk answers: the screen must not stay open.
      await invoke('auth.logout', {});
      signOut(message);
    },
    [signOut],
  );

  useIdleLock(operator !== null, () => void lock(t('app.idleLocked')), idleLockMs());

  const switchLang = () => void i18n.changeLanguage(lang === 'en' ? 'pt-PT' : 'en');

  // Whether the hall has slot machines: a manager then gets the caixa's screen too.
  const canSeeMachines = operator !== null && operator.roles.some((r) => r === 'caixa' || r === 'manager' || r === 'admin');
  const machines = useKioskQuery('machine.list', canSeeMachines ? {} : null);
  // Or roulette tables (the fiscal's table sheet is on the caixa's screen).
  const manages = operator !== null && operator.roles.some((r) => r === 'manager' || r === 'admin');
  const tables = useKioskQuery('table.list', manages ? {} : null);
  const casino = (machines.data?.length ?? 0) > 0 || (tables.data?.length ?? 0) > 0;
  const screens = operator ? screensForRoles(operator.roles, { hasMachines: casino }) : [];
  // Everyone who prints (the counter, the caixa, managers) sees the print queue from every screen.
  const seesPrinting = operator !== null;
  const active = screen !== null && screens.includes(screen) ? screen : (screens[0] ?? null);
  const isAdmin = operator?.roles.includes('admin') ?? false;
  const screensKey = screens.join();
  // The operator's other screens, before any tab is touched (also one that comes later: the caixa's, once machines are known).
  useEffect(() => {
    if (screensKey !== '') preloadScreens(screensKey.split(',') as ScreenId[], isAdmin);
  }, [screensKey, isAdmin]);
  const onLoginPage = transport && status?.initialized === true && operator === null;
  // Once the login page is up and idle: it is never slowed down by it.
  useEffect(() => (onLoginPage ? whenIdle(preloadCommon, 2000) : undefined), [onLoginPage]);
  const bannersRef = useBannersHeight();
  const [topbarRef, topbarStacked] = useTopbarLayout(`${lang}|${screens.join()}|${operator?.username ?? ''}|${status?.hallName ?? ''}`);

  let body;
  if (!transport) {
    body = (
      <main className="screen screen-narrow">
        <section className="panel">
          <h1>{t('app.noTokenTitle')}</h1>
          <p role="alert" className="alert" data-testid="error">
            {t('app.noToken')}
          </p>
        </section>
      </main>
    );
  } else if (choosingPost) {
    body = (
      <PostScreen
        onDone={() => {
          setChoosingPost(false);
          void loadStatus();
        }}
      />
    );
  } else if (status === null) {
    body = (
      <main className="screen screen-narrow">
        {statusError ? (
          <section className="panel">
            <ErrorAlert error={statusError} />
            <button type="button" className="btn btn-primary btn-large" onClick={() => void loadStatus()} data-testid="retry">
              {t('common.retry')}
            </button>
          </section>
        ) : (
          <p className="loading">{t('common.loading')}</p>
        )}
      </main>
    );
  } else if (!status.initialized || inSetup) {
    body = (
      <SetupScreen
        onDone={(username) => {
          setInSetup(false);
          setLastUser(username);
          void loadStatus();
        }}
      />
    );
  } else if (!operator) {
    body = (
      <LoginScreen
        key={lastUser}
        initialUsername={lastUser}
        notice={notice}
        pinKey={status.pinKey}
        onLogin={(op) => {
          // The first screen's chunk is asked for now, not after a render.
          preloadScreens(screensForRoles(op.roles), op.roles.includes('admin'));
          // A transition: the login stays up until the first screen's chunk is in, rather than a fallback that
          // React would keep for at least 300 ms once shown.
          startTransition(() => {
            setNotice(null);
            setOperator(op);
            setScreen(null);
          });
        }}
      />
    );
  } else if (active === 'sale') {
    body = <SaleScreen cashier={operator.username} terminalId={status.terminalId} onOpenDrawer={screens.includes('drawer') ? () => setScreen('drawer') : undefined} />;
  } else if (active === 'prizes') {
    body = <PrizesScreen canPay={operator.roles.includes('cashier')} />;
  } else if (active === 'game') {
    body = <GameScreen />;
  } else if (active === 'acta') {
    body = <ActaScreen />;
  } else if (active === 'close') {
    body = <DayCloseScreen />;
  } else if (active === 'checks') {
    body = <ChecksScreen />;
  } else if (active === 'caixa') {
    body = <CaixaScreen roles={operator.roles} onOpenDrawer={screens.includes('drawer') ? () => setScreen('drawer') : undefined} />;
  } else if (active === 'drawer') {
    body = <DrawerScreen />;
  } else if (active === 'settings') {
    body = <SettingsScreen jobsPanelOpen={jobsOpen} isAdmin={isAdmin} before={isAdmin ? <UsersPanel self={operator.username} /> : null} />;
  } else {
    body = (
      <main className="screen screen-narrow">
        <p className="panel big-message" data-testid="no-screens">
          {t('app.noScreens')}
        </p>
      </main>
    );
  }

  return (
    // Every screen's times on the hall's clock (setup.status, fetched again when the hall's settings change).
    <HallZoneContext.Provider value={status?.timeZone ?? DEFAULT_HALL_TIME_ZONE}>
      <div className="app">
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
                  onClick={() => startTransition(() => setScreen(s))}
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
                  <PrintBadge open={jobsOpen} onOpen={() => setJobsOpen(true)} onClose={() => setJobsOpen(false)} />
                </Suspense>
              </ScreenBoundary>
            ) : null}
            <button
              type="button"
              className="btn btn-ghost"
              data-testid="lang-switch"
              onClick={switchLang}
              lang={lang === 'en' ? 'pt-PT' : 'en'}
              title={t('app.langSwitchLabel')}
            >
              {t('app.langSwitch')}
            </button>
            {operator ? (
              <button type="button" className="btn btn-lock" data-testid="logout" onClick={() => void lock(null)}>
                {t('app.lock')}
              </button>
            ) : null}
          </div>
        </header>
        <div ref={bannersRef} className="banners">
          <ConnectionBanner />
          <LinkBanner />
          <StorageBanner />
          <JournalBanner />
          {manages ? <ApprovalsAlert /> : null}
        </div>
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
            {body}
          </Suspense>
        </ScreenBoundary>
      </div>
    </HallZoneContext.Provider>
  );
}
