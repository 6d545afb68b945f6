/**
 * The role screens, each its own chunk: the login page loads none of them,
 * and an operator loads only the screens of their roles (prefetched at login
 * by preloadScreens, so a tab switch does not wait for the network; what
 * every role shares, by preloadCommon while the login page waits).
 */
import { Component, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES } from '../core/roles.js';
import { ErrorAlert } from './components/ErrorAlert.js';
import { screensForRoles, type ScreenId } from './lib/screens.js';

/** A chunk that did not arrive (the network, or a kiosk restarted with another build), told from a screen's own bug. */
class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`screen chunk not loaded: ${String(cause)}`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** One import per chunk, shared by the prefetch and the first render; a failed one may be tried again. */
function once<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | undefined;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw new ChunkLoadError(e);
    }));
}

const load = {
  sale: once(() => import('./screens/Sale/SaleScreen.js')),
  prizes: once(() => import('./screens/Prizes/PrizesScreen.js')),
  game: once(() => import('./screens/Game/GameScreen.js')),
  acta: once(() => import('./screens/Acta/ActaScreen.js')),
  close: once(() => import('./screens/Acta/DayCloseScreen.js')),
  checks: once(() => import('./screens/Checks/ChecksScreen.js')),
  caixa: once(() => import('./screens/Caixa/CaixaScreen.js')),
  drawer: once(() => import('./screens/Drawers/DrawerScreen.js')),
  entry: once(() => import('./screens/Entry/EntryScreen.js')),
  settings: once(() => import('./screens/Settings/SettingsScreen.js')),
  users: once(() => import('./screens/Users/UsersPanel.js')),
  printJobs: once(() => import('./components/PrintJobs.js')),
} satisfies Record<ScreenId | 'users' | 'printJobs', () => Promise<unknown>>;

export const SaleScreen = lazy(() => load.sale().then((m) => ({ default: m.SaleScreen })));
export const PrizesScreen = lazy(() => load.prizes().then((m) => ({ default: m.PrizesScreen })));
export const GameScreen = lazy(() => load.game().then((m) => ({ default: m.GameScreen })));
export const ActaScreen = lazy(() => load.acta().then((m) => ({ default: m.ActaScreen })));
export const DayCloseScreen = lazy(() => load.close().then((m) => ({ default: m.DayCloseScreen })));
export const ChecksScreen = lazy(() => load.checks().then((m) => ({ default: m.ChecksScreen })));
export const CaixaScreen = lazy(() => load.caixa().then((m) => ({ default: m.CaixaScreen })));
export const DrawerScreen = lazy(() => load.drawer().then((m) => ({ default: m.DrawerScreen })));
export const EntryScreen = lazy(() => load.entry().then((m) => ({ default: m.EntryScreen })));
export const SettingsScreen = lazy(() => load.settings().then((m) => ({ default: m.SettingsScreen })));
export const UsersPanel = lazy(() => load.users().then((m) => ({ default: m.UsersPanel })));
/** Shown once an operator is in; its print-error texts bring the whole error catalogue along. */
export const PrintBadge = lazy(() => load.printJobs().then((m) => ({ default: m.PrintBadge })));

/** Once the page has nothing else to do (at most `timeoutMs` later). */
export function whenIdle(work: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(work, Math.min(timeoutMs, 200));
  return () => clearTimeout(timer);
}

/**
 * Start loading an operator's screens: the first (the one shown) at once,
 * the others, in tab order, once the page is idle, so that they slow down
 * neither it nor its first queries. A failure here is left to the render,
 * which shows it.
 */
export function preloadScreens(screens: readonly ScreenId[], admin: boolean): void {
  const [first, ...rest] = screens;
  if (first === undefined) return;
  const others: (keyof typeof load)[] = [...rest];
  if (admin && screens.includes('settings')) others.push('users');
  load[first]()
    .catch(() => undefined)
    .then(() =>
      whenIdle(() => {
        for (const c of others) load[c]().catch(() => undefined);
      }),
    );
}

/** The screens that every staff role has (the drawer): no operator's login then brings anything of another role's. */
const COMMON: readonly ScreenId[] = STAFF_ROLES.map((r) => screensForRoles([r])).reduce((a, b) => a.filter((s) => b.includes(s)));

/**
 * While the login page waits for a PIN: what any operator's first screen
 * needs (the print badge, the common screens and what they import, the
 * error catalogue among it), so that after the login only the role's own
 * screen is left.
 */
export function preloadCommon(): void {
  for (const c of [...COMMON, 'printJobs'] as const) load[c]().catch(() => undefined);
}

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <main className="screen screen-narrow">
      <section className="panel">
        <ErrorAlert error={t('app.screenLoadFailed')} testId="screen-load-failed" />
        {/* The page again: in browser mode the kiosk may have restarted with another build (other chunk names). */}
        <button type="button" className="btn btn-primary btn-large" onClick={() => window.location.reload()} data-testid="retry">
          {t('common.retry')}
        </button>
      </section>
    </main>
  );
}

interface BoundaryProps {
  resetKey: string;
  /** What stands in for a chunk that did not arrive (default: the message and a reload button). */
  failed?: ReactNode;
  children: ReactNode;
}

/**
 * A screen whose chunk could not be loaded says so in place, instead of
 * emptying the page; other errors go on up. Another screen (resetKey) tries again.
 */
export class ScreenBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state: { error: unknown; key: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }): { error: null; key: string } | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ChunkLoadError) return this.props.failed === undefined ? <LoadFailed /> : this.props.failed;
    throw error;
  }
}
