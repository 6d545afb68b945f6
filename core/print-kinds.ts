/**
 * Every document the kiosk prints (print_jobs.kind): each kind declared by the
 * domain that prints it (core/<domain>/money.ts), and the print queue's own
 * test page, merged once: a kind declared twice is refused at start. What a
 * job says of itself without words is read from here (core/printing/jobs.ts).
 */
import { BINGO_PRINTS, type BingoTitleParams } from './bingo/money.js';
import { CAIXA_PRINTS, type CaixaTitleParams } from './caixa/money.js';
import { DRAWER_PRINTS, type DrawerTitleParams } from './drawers/money.js';
import { mergeUnique } from './merge.js';
import type { PrintKind } from './money-kinds.js';
import { CHIP_PRINTS, type ChipTitleParams } from './roulette/money.js';

/** What the print queue prints of its own: a printer's test page. */
interface PrintingTitleParams {
  test_page: { printerName: string };
}

const PRINTING_PRINTS = {
  test_page: { ref: 'printer', params: ['printerName'] },
} as const satisfies { readonly [K in keyof PrintingTitleParams]: PrintKind & { params: readonly (keyof PrintingTitleParams[K])[] } };

/** Every document the kiosk prints, by kind (print_jobs.kind), in the order of the bar's words. */
export const PRINT_KINDS = mergeUnique('print kind', { BINGO_PRINTS, CAIXA_PRINTS, DRAWER_PRINTS, PRINTING_PRINTS, CHIP_PRINTS });

export type DocumentKind = keyof typeof PRINT_KINDS;
export const DOCUMENT_KINDS = Object.keys(PRINT_KINDS) as DocumentKind[];

/** The parameters of each kind's title, as its domain declares them. */
export interface TitleParamsByKind extends BingoTitleParams, CaixaTitleParams, DrawerTitleParams, PrintingTitleParams, ChipTitleParams {}
export type TitleParams<K extends DocumentKind = DocumentKind> = TitleParamsByKind[K];

/** Each kind's parameter names at run time (the screens take only these from a stored job). */
export const TITLE_PARAM_NAMES = Object.fromEntries(Object.entries(PRINT_KINDS).map(([kind, p]) => [kind, p.params])) as {
  readonly [K in DocumentKind]: (typeof PRINT_KINDS)[K]['params'];
};

/** What a print job is linked to (print_jobs.ref_type): the domains' documents. */
export type PrintRef = (typeof PRINT_KINDS)[DocumentKind]['ref'];

export function isDocumentKind(kind: string): kind is DocumentKind {
  return Object.hasOwn(PRINT_KINDS, kind);
}

/** The kind's wording variant (a guia's copy, an announcement's moment), if it has one. */
export function printVariant(kind: DocumentKind): PrintKind['variant'] {
  return (PRINT_KINDS[kind] as PrintKind).variant;
}
