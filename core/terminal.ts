/**
 * A terminal: one selling point of the hall (a counter, a caixa window, the
 * hall server's own screens). Its id comes with each call from the transport
 * that carries it (Electron's configuration, browser mode's `--terminal`, an
 * enrolled counter's TLS certificate), never from what the caller writes.
 */

/** What a terminal's id may hold: it names a drawer, a ledger account and a certificate. */
export const TERMINAL_ID_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;

export function isTerminalId(value: unknown): value is string {
  return typeof value === 'string' && TERMINAL_ID_PATTERN.test(value);
}

/** The terminal of a post that was given none (a standalone kiosk). */
export const DEFAULT_TERMINAL = 'T1';

/** Who a call comes from, as its transport says. */
export interface CallOrigin {
  terminalId: string;
}
