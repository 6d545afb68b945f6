/** Hall settings with their defaults (SPEC 3: per-sale maximum 100; chips off). */
export interface HallSettings {
  maxCardsPerSale: number;
  chipsAllowed: boolean;
}

export const DEFAULT_SETTINGS: HallSettings = {
  maxCardsPerSale: 100,
  chipsAllowed: false,
};

/** Failed PINs before a lock-out, and how long it lasts (issue #2). */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 5;
/** An operator session left idle this long is locked. */
export const IDLE_LOCK_MINUTES = 15;

export function isValidPin(pin: string): boolean {
  return /^\d{4,8}$/.test(pin);
}
