/**
 * What a print job says of itself without words: the kind of its document and
 * the parameters of its title (numbers, codes, enums), and the code and
 * parameters of its last failure. Each language words them (the screens with
 * their own keys), so a job reads in the operator's language; the Portuguese
 * title and message stored with the job stay what the kiosk printed and logged.
 * A failure's words in a language: printJobErrorMessage in core/errors.ts.
 */

export const DOCUMENT_KINDS = [
  'sale_receipt',
  'prize_payout',
  'refund',
  'guia',
  'x_report',
  'z_report',
  'announcement',
  'test_page',
  'drawer_kick',
  'limits_sign',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A guia's copies, and the moments an announcement slip is printed (art. 11.º, n.º 2 before the sale; art. 13.º at its close; art. 14.º, n.º 5 when a game becomes the last at its draw). */
export const GUIA_COPIES = ['caixa', 'jogador'] as const;
export const ANNOUNCEMENT_MOMENTS = ['before_sale', 'close_of_sale', 'last_game'] as const;

/** The parameters of each kind's title (printing/documents/*.ts builds the pt-PT title from the same values). */
export interface TitleParamsByKind {
  sale_receipt: { saleId: number };
  prize_payout: { payoutId: number };
  refund: { saleId: number };
  guia: { guiaNumber: number; copy: (typeof GUIA_COPIES)[number] };
  x_report: { drawerId: number };
  z_report: { zNumber: number };
  announcement: { gameNumber: number; moment: (typeof ANNOUNCEMENT_MOMENTS)[number] };
  test_page: { printerName: string };
  drawer_kick: { terminalId: string };
  limits_sign: { tableCode: string };
}

/** Each kind's parameter names at run time (the screens take only these from a stored job); the type holds them to the interface above. */
export const TITLE_PARAM_NAMES = {
  sale_receipt: ['saleId'],
  prize_payout: ['payoutId'],
  refund: ['saleId'],
  guia: ['guiaNumber', 'copy'],
  x_report: ['drawerId'],
  z_report: ['zNumber'],
  announcement: ['gameNumber', 'moment'],
  test_page: ['printerName'],
  drawer_kick: ['terminalId'],
  limits_sign: ['tableCode'],
} as const satisfies { readonly [K in DocumentKind]: readonly (keyof TitleParamsByKind[K])[] };

export type TitleParams<K extends DocumentKind = DocumentKind> = TitleParamsByKind[K];

export function isDocumentKind(kind: string): kind is DocumentKind {
  return (DOCUMENT_KINDS as readonly string[]).includes(kind);
}
