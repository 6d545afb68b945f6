import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleView } from '../../../core/contract.js';
import { usePrintState } from '../../components/PrintJobs.js';
import { receiptJobOf } from './Receipt.js';

/** The receipt's "2.ª via": of this terminal's latest sale that stands, asked first, and what it did said under the list. */
export function useReprint(sales: readonly SaleView[] | undefined, terminalId: string) {
  const { t } = useTranslation();
  // The header's badge fetches the print jobs and printers; the reprint reads them from it.
  const printing = usePrintState();
  const [reprinting, setReprinting] = useState(false);
  const [reprintNote, setReprintNote] = useState<{ text: string; ok: boolean } | null>(null);
  const mySale = sales?.find((s) => s.terminalId === terminalId && !s.voided) ?? null;
  const mySaleJob = mySale ? receiptJobOf(printing.jobs, mySale.saleId) : undefined;
  const open = () => {
    if (!mySale) setReprintNote({ text: t('sale.reprintNoSale'), ok: false });
    else if (!mySaleJob) setReprintNote({ text: t('sale.reprintNoReceipt', { id: mySale.saleId }), ok: false });
    else {
      setReprintNote(null);
      setReprinting(true);
    }
  };
  const done = (saleId: number) => {
    setReprinting(false);
    setReprintNote({ text: t('sale.reprintDone', { id: saleId }), ok: true });
  };
  return { reprinting, setReprinting, reprintNote, setReprintNote, mySale, mySaleJob, open, done };
}
