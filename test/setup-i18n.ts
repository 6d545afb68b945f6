/**
 * Each unit file starts in the hall's language (pt-PT). The unit project shares one module registry per worker
 * (vitest.config.ts, `isolate: false`), so a file that switched the screens' i18n to English would otherwise leave
 * the next file of its worker speaking English (ActaPrizes.test.tsx failed so on a busy machine).
 */
import { i18n } from '../renderer/i18n/index.js';

if (i18n.isInitialized && i18n.language !== 'pt-PT') await i18n.changeLanguage('pt-PT');
