/** The users panel's checks before a PIN is sent (the kiosk checks its format: INVALID_PIN_FORMAT). */

/** What is wrong with a PIN typed twice: nothing typed, or two different PINs; null when it may be sent. */
export function pinPairProblem(pin: string, again: string): 'pinRequired' | 'pinMismatch' | null {
  if (pin === '') return 'pinRequired';
  if (pin !== again) return 'pinMismatch';
  return null;
}
