import { useTranslation } from 'react-i18next';
import { useHallZone } from '../format.js';
import { useKioskQuery } from '../hooks.js';
import { linkBanners, type LinkBanner } from '../lib/link.js';

/** The link-down banner's id: an act that needs the hall is off meanwhile and points here for why (the fault said once). */
const LINK_DOWN_ID = 'hall-link-down';

/** Whether this counter's link to the hall is down now (never on the hall itself). */
export function useHallLinkDown(): boolean {
  const link = useKioskQuery('link.status', {});
  return link.data?.mode === 'counter' && link.data.link === 'down';
}

/** An act that needs the hall, while the counter's link is down: the props that turn it off, pointing to the banner for why. */
export function useOffline(): { disabled?: true; 'aria-describedby'?: string } {
  return useHallLinkDown() ? { disabled: true, 'aria-describedby': LINK_DOWN_ID } : {};
}

/** The banners themselves, from the state (no fetch): for the shell and the tests. */
export function LinkBanners({ banners }: { banners: readonly LinkBanner[] }) {
  const { t } = useTranslation();
  return (
    <>
      {banners.map((b) =>
        b.kind === 'down' ? (
          <p key="down" id={LINK_DOWN_ID} className="banner banner-offline" role="alert" data-testid="hall-link-down">
            {t('app.hallLinkDown', { time: b.time })}
          </p>
        ) : (
          <p key="clock" className="banner banner-warn" role="alert" data-testid="clock-off">
            {t(b.ahead ? 'app.clockAhead' : 'app.clockBehind', { amount: b.amount })}
          </p>
        ),
      )}
    </>
  );
}

/**
 * A counter whose link to the hall server is down sells nothing (every call
 * is refused): every screen says so, from when, and the banner goes when the
 * link is back (the `link` event fetches link.status again, no reload).
 */
export function LinkBanner() {
  const link = useKioskQuery('link.status', {});
  const zone = useHallZone();
  return <LinkBanners banners={linkBanners(link.data, zone)} />;
}
