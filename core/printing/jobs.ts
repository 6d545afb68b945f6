/**
 * What a print job says of itself without words: the kind of its document and
 * the parameters of its title (numbers, codes, enums), and the code and
 * parameters of its last failure. Each language words them (the screens with
 * their own keys), so a job reads in the operator's language; the Portuguese
 * title and message stored with the job stay what the kiosk printed and logged.
 * A failure's words in a language: printJobErrorMessage in core/errors.ts.
 */

// Each kind is declared by the domain that prints it (core/<domain>/money.ts), merged in core/print-kinds.ts.
export { DOCUMENT_KINDS, isDocumentKind, printVariant, TITLE_PARAM_NAMES, type DocumentKind, type TitleParams, type TitleParamsByKind } from '../print-kinds.js';
