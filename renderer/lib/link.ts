/**
 * A counter's link to the hall server as the screens show it (issue 24,
 * point 6): down, since when (the hall's clock), nothing is sold until it is
 * back; the post's clock more than 30 s off the hall's. A standalone kiosk
 * (or the hall server) has no link: nothing to show.
 */
import type { ChannelOutput } from '../../core/contract.js';
import { hallClock, type HallTimeZone } from '../../core/time.js';

export type LinkBanner = { kind: 'down'; time: string } | { kind: 'clock'; amount: string; ahead: boolean };

/** A clock's difference as a person reads it: `45 s`, `12 min`, `3 h 05 min`. */
export function skewAmount(ms: number): string {
  const s = Math.round(Math.abs(ms) / 1000);
  if (s < 120) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 120) return `${min} min`;
  return `${Math.floor(min / 60)} h ${String(min % 60).padStart(2, '0')} min`;
}

/** The banners for a link's state (link.status), in the order shown; none while it is well or there is no link. */
export function linkBanners(state: ChannelOutput<'link.status'> | undefined, zone: HallTimeZone): LinkBanner[] {
  if (state === undefined || state.mode !== 'counter') return [];
  const banners: LinkBanner[] = [];
  if (state.link === 'down' && state.since !== null) banners.push({ kind: 'down', time: hallClock(state.since, zone) });
  if (state.clockOff && state.skewMs !== null) banners.push({ kind: 'clock', amount: skewAmount(state.skewMs), ahead: state.skewMs > 0 });
  return banners;
}
