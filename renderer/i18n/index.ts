/** i18next with pt-PT as the default language (DN art. 18) and English as the second. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../core/errors.js';
import pt from './pt-PT.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

const LANGS: readonly Lang[] = ['pt-PT', 'en'];
const DEFAULT_LANG: Lang = 'pt-PT';

export const resources = { 'pt-PT': { translation: pt }, en: { translation: en } } as const;

export const i18n = i18next.createInstance();

let started = false;

export function initI18n(lng: Lang = DEFAULT_LANG): typeof i18n {
  if (started) return i18n;
  started = true;
  void i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return i18n;
}

/** Locale for dates and times on screen. */
export function dateLocale(lang: Lang): string {
  return lang === 'en' ? 'en-GB' : 'pt-PT';
}
