import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../core/money.js';
import { DEFAULT_HALL_TIME_ZONE, type HallTimeZone } from '../core/time.js';
import { dateLocale } from './i18n/index.js';

/**
 * The hall's time zone (setup.status, read by App at start and again when the
 * hall changes): every screen shows times on the hall's clock, not the
 * terminal's. The mainland's until the kiosk has answered.
 */
export const HallZoneContext = createContext<HallTimeZone>(DEFAULT_HALL_TIME_ZONE);

export function useHallZone(): HallTimeZone {
  return useContext(HallZoneContext);
}

type Kind = 'dateTime' | 'date' | 'shortTime' | 'time';
const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  dateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  date: { day: '2-digit', month: '2-digit', year: 'numeric' },
  shortTime: { hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

// Formatters are costly to build and lists format hundreds of times: one per language, zone and kind.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, zone: HallTimeZone, kind: Kind): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...OPTIONS[kind], timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

/** Money always through core's formatCents (pt-PT: `12,50 €`); dates in the UI language, on the hall's clock. */
export function useFormat() {
  const { i18n } = useTranslation();
  const zone = useHallZone();
  const locale = dateLocale(i18n.language === 'en' ? 'en' : 'pt-PT');
  return {
    money: (cents: number) => formatCents(cents),
    dateTime: (iso: string) => formatter(locale, zone, 'dateTime').format(new Date(iso)),
    date: (iso: string) => formatter(locale, zone, 'date').format(new Date(iso)),
    shortTime: (iso: string) => formatter(locale, zone, 'shortTime').format(new Date(iso)),
    time: (iso: string) => formatter(locale, zone, 'time').format(new Date(iso)),
  };
}
