import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalsAlert } from '../components/ApprovalsAlert.js';
import { LinkBanner } from '../components/LinkBanner.js';
import { useConnection, useKioskQuery } from '../hooks.js';

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

/** The hall server's clock not kept synchronised (its system says so): the managers' screens say so, the times in the books may be wrong. */
function ClockBanner() {
  const { t } = useTranslation();
  const clock = useKioskQuery('system.clock', {});
  if (clock.data?.sync !== 'unsynchronised') return null;
  return (
    <p className="banner banner-warn" role="alert" data-testid="clock-unsynchronised">
      {t('app.clockUnsynchronised')}
    </p>
  );
}

/** The connection to the kiosk lost: every screen says so. */
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

/** What every screen must say, under the header: the connection, the hall's link, the disk, the group's journal; a manager's also approvals waiting and the server's clock. */
export function Banners({ manages }: { manages: boolean }) {
  const bannersRef = useBannersHeight();
  return (
    <div ref={bannersRef} className="banners">
      <ConnectionBanner />
      <LinkBanner />
      <StorageBanner />
      <JournalBanner />
      {manages ? <ApprovalsAlert /> : null}
      {manages ? <ClockBanner /> : null}
    </div>
  );
}
