import { useTranslation } from 'react-i18next';
import { formatCents } from '../core/money.js';
import { dateLocale } from './i18n/index.js';

/** Money always through core's formatCents (pt-PT: `12,50 €`); dates in the UI language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = dateLocale(i18n.language === 'en' ? 'en' : 'pt-PT');
  return {
    money: (cents: number) => formatCents(cents),
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso)),
    date: (iso: string) => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso)),
    shortTime: (iso: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso)),
    time: (iso: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso)),
  };
}
