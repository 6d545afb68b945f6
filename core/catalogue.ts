/**
 * How a domain words its refusals: a stable code, and a message per language
 * built from data parameters (numbers, codes), never from Portuguese text, so
 * that each language words its own. Each core/<domain>/errors.ts defines its
 * codes with `errors({...})`; core/errors.ts merges them into one catalogue.
 */
export type Lang = 'pt-PT' | 'en';
export type Params = Record<string, string | number>;
export type Message = (p: Params) => string;
export type Catalogue = Record<string, { pt: Message; en: Message }>;

export function errors<const T extends Catalogue>(catalogue: T): T {
  return catalogue;
}
