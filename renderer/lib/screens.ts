import type { Role } from '../../core/roles.js';

export type ScreenId = 'sale' | 'game';

/** The screens an operator gets, in tab order: cashier -> sale, manager/admin -> game. */
export function screensForRoles(roles: readonly Role[]): ScreenId[] {
  const screens: ScreenId[] = [];
  if (roles.includes('cashier')) screens.push('sale');
  if (roles.includes('manager') || roles.includes('admin')) screens.push('game');
  return screens;
}
