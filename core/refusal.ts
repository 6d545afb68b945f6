/**
 * A refusal by a rule (KioskError): a stable code and its data parameters.
 * This is the leaf every rule imports, and it knows no catalogue, so a
 * domain's rules import no other domain. core/errors.ts merges the domains'
 * catalogues, fills in the codes' type (ErrorCodes, below) and registers the
 * wording of the codes when it loads; the message of a refusal is worded when
 * it is read, so an error built before that still reads in pt-PT.
 */
import type { Lang, Params } from './catalogue.js';

/**
 * Every code of the merged catalogue, as keys: core/errors.ts fills it by
 * declaration merging (the leaf cannot import the catalogue, which imports
 * every domain). Without core/errors.ts in a program no code type-checks.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in core/errors.ts
export interface ErrorCodes {}
export type ErrorCode = keyof ErrorCodes & string;

type Wording = (code: ErrorCode, params: Params, lang: Lang) => string;

let wording: Wording | null = null;

/** How codes are worded: core/errors.ts registers its catalogue's once, as it loads. */
export function registerWording(w: Wording): void {
  wording = w;
}

/** A refusal by a rule: thrown inside a service, it rolls back the transaction and changes nothing. */
export class KioskError extends Error {
  readonly code: ErrorCode;
  readonly params: Params;
  readonly details?: unknown;
  constructor(code: ErrorCode, params: Params = {}, details?: unknown) {
    super();
    this.name = 'KioskError';
    this.code = code;
    this.params = params;
    this.details = details;
    // The pt-PT words, from the catalogue registered by core/errors.ts; as the code alone if none was.
    Object.defineProperty(this, 'message', {
      get: () => (wording ? wording(this.code, this.params, 'pt-PT') : this.code),
      enumerable: false,
      configurable: true,
    });
  }
}
