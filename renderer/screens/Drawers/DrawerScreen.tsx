import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useHallLinkDown } from '../../components/LinkBanner.js';
import { useKioskQuery } from '../../hooks.js';
import type { Closed } from './drawer.js';
import { ClosedDrawer } from './ClosedDrawer.js';
import { OpenedDrawer } from './OpenedDrawer.js';
import { OpenDrawer } from './OpenDrawer.js';

/**
 * The terminal's cash drawer (SPEC 9): open it with the float counted by
 * denomination, record pay-ins, pay-outs and drops, print the X report, and
 * close it blind: the expected cash appears only after the close.
 */
export function DrawerScreen() {
  const { t } = useTranslation();
  const current = useKioskQuery('drawer.current', {});
  const [closed, setClosed] = useState<Closed | null>(null);
  const drawer = current.data;
  // The link to the hall down: the banner says it, once (not again as the drawer's load error).
  const linkDown = useHallLinkDown();

  return (
    <main className="screen drawer-screen" aria-labelledby="drawer-title">
      <h1 id="drawer-title" className="visually-hidden">
        {t('drawer.screenTitle')}
      </h1>
      <ErrorAlert error={linkDown ? null : current.error} testId="drawer-load-error" />
      {closed ? <ClosedDrawer closed={closed} /> : null}
      {drawer === undefined ? (
        <p className="loading">{t('common.loading')}</p>
      ) : drawer === null ? (
        <OpenDrawer onOpened={() => setClosed(null)} />
      ) : (
        <OpenedDrawer key={drawer.drawerId} drawer={drawer} onClosed={setClosed} />
      )}
    </main>
  );
}
