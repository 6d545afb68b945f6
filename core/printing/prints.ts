/** What printing prints of its own: a printer's test page. */
import type { PrintKind } from '../money-kinds.js';

export interface PrintingTitleParams {
  test_page: { printerName: string };
}

export const PRINTING_PRINTS = {
  test_page: { ref: 'printer', params: ['printerName'] },
} as const satisfies { readonly [K in keyof PrintingTitleParams]: PrintKind & { params: readonly (keyof PrintingTitleParams[K])[] } };
