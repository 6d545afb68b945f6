import { useTranslation } from 'react-i18next';
import type { ChannelOutput, OperatorView } from '../../core/contract.js';
import type { ClientError } from '../client.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { screensForRoles, type ScreenId } from '../lib/screens.js';
import { LoginScreen } from '../screens/Login/LoginScreen.js';
import { PostScreen } from '../screens/Setup/PostScreen.js';
import { SetupScreen } from '../screens/Setup/SetupScreen.js';
import {
  ActaScreen,
  CaixaScreen,
  ChecksScreen,
  DayCloseScreen,
  DrawerScreen,
  EntryScreen,
  GameScreen,
  preloadScreens,
  PrizesScreen,
  SaleScreen,
  SettingsScreen,
  UsersPanel,
} from '../screenChunks.js';
import type { useHallStatus } from './useHallStatus.js';
import type { useOperatorSession } from './useOperatorSession.js';

/**
 * The page under the header: no way to the kiosk, the post's role to choose, the hall's status (loading, or why
 * not, with a retry), its set-up, the login, or the operator's screen.
 */
export function ScreenBody({
  transport,
  hall,
  session,
  screens,
  active,
}: {
  transport: boolean;
  hall: ReturnType<typeof useHallStatus>;
  session: ReturnType<typeof useOperatorSession>;
  screens: readonly ScreenId[];
  active: ScreenId | null;
}) {
  const { t } = useTranslation();
  const { status, statusError, loadStatus } = hall;
  const { operator } = session;
  if (!transport) {
    return (
      <main className="screen screen-narrow">
        <section className="panel">
          <h1>{t('app.noTokenTitle')}</h1>
          <p role="alert" className="alert" data-testid="error">
            {t('app.noToken')}
          </p>
        </section>
      </main>
    );
  }
  if (hall.choosingPost) {
    return (
      <PostScreen
        onDone={() => {
          hall.postChosen();
          void loadStatus();
        }}
      />
    );
  }
  if (status === null) return <StatusNotRead error={statusError} onRetry={() => void loadStatus()} />;
  if (!status.initialized || hall.inSetup) {
    return (
      <SetupScreen
        onDone={(username) => {
          hall.setupDone();
          session.setLastUser(username);
          void loadStatus();
        }}
      />
    );
  }
  if (!operator) {
    return (
      <LoginScreen
        key={session.lastUser}
        initialUsername={session.lastUser}
        notice={session.notice}
        pinKey={status.pinKey}
        onLogin={(op) => {
          // The first screen's chunk is asked for now, not after a render.
          preloadScreens(screensForRoles(op.roles), op.roles.includes('admin'));
          // A transition: the login stays up until the first screen's chunk is in, rather than a fallback that
          // React would keep for at least 300 ms once shown.
          session.signIn(op);
        }}
      />
    );
  }
  return <OperatorScreen operator={operator} status={status} screens={screens} active={active} jobsOpen={session.jobsOpen} onScreen={session.setScreen} />;
}

/** The hall's status not read yet: loading, or why not with a retry. */
function StatusNotRead({ error, onRetry }: { error: ClientError | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="screen screen-narrow">
      {error ? (
        <section className="panel">
          <ErrorAlert error={error} />
          <button type="button" className="btn btn-primary btn-large" onClick={onRetry} data-testid="retry">
            {t('common.retry')}
          </button>
        </section>
      ) : (
        <p className="loading">{t('common.loading')}</p>
      )}
    </main>
  );
}

/** The operator's screen of the tab chosen (or the first of their roles'), or that their roles open none. */
function OperatorScreen({
  operator,
  status,
  screens,
  active,
  jobsOpen,
  onScreen,
}: {
  operator: OperatorView;
  status: ChannelOutput<'setup.status'>;
  screens: readonly ScreenId[];
  active: ScreenId | null;
  jobsOpen: boolean;
  onScreen: (s: ScreenId) => void;
}) {
  const { t } = useTranslation();
  const isAdmin = operator.roles.includes('admin');
  const openDrawer = screens.includes('drawer') ? () => onScreen('drawer') : undefined;
  switch (active) {
    case 'sale':
      return <SaleScreen cashier={operator.username} terminalId={status.terminalId} onOpenDrawer={openDrawer} />;
    case 'prizes':
      return <PrizesScreen canPay={operator.roles.includes('cashier')} />;
    case 'game':
      return <GameScreen />;
    case 'acta':
      return <ActaScreen />;
    case 'close':
      return <DayCloseScreen />;
    case 'checks':
      return <ChecksScreen />;
    case 'caixa':
      return <CaixaScreen roles={operator.roles} onOpenDrawer={openDrawer} />;
    case 'drawer':
      return <DrawerScreen />;
    case 'entry':
      return <EntryScreen />;
    case 'settings':
      return <SettingsScreen jobsPanelOpen={jobsOpen} isAdmin={isAdmin} before={isAdmin ? <UsersPanel self={operator.username} /> : null} />;
    default:
      return (
        <main className="screen screen-narrow">
          <p className="panel big-message" data-testid="no-screens">
            {t('app.noScreens')}
          </p>
        </main>
      );
  }
}
