/**
 * What every call carries from this window: the operator's token (once logged
 * in) and the language the kiosk answers in.
 */
import type { Lang } from '../../core/errors.js';

let operatorToken: string | undefined;
let lang: Lang = 'pt-PT';

export function setOperatorToken(token: string | undefined): void {
  operatorToken = token;
}

export function setClientLang(next: Lang): void {
  lang = next;
}

export function currentOperatorToken(): string | undefined {
  return operatorToken;
}

export function clientLang(): Lang {
  return lang;
}
