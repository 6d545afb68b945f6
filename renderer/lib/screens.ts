import type { Role } from '../../core/roles.js';

export type ScreenId = 'sale' | 'prizes' | 'game' | 'acta' | 'settings';

/**
 * The screens an operator gets, in tab order: cashier -> sale, prizes and
 * refunds; manager/admin -> game, acta, settings.
 */
export function screensForRoles(roles: readonly Role[]): ScreenId[] {
  const screens: ScreenId[] = [];
  if (roles.includes('cashier')) screens.push('sale', 'prizes');
  if (roles.includes('manager') || roles.includes('admin')) screens.push('game', 'acta', 'settings');
  return screens;
}

/** The tab's test id: the first screens kept `tab-<id>`, the later ones `<id>-tab`. */
export function tabTestId(screen: ScreenId): string {
  return screen === 'sale' || screen === 'game' ? `tab-${screen}` : `${screen}-tab`;
}
