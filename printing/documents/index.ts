/** The printed documents: pure functions from JSON data to a PrintDocument. */
export { saleReceipt, type SaleReceiptData } from './saleReceipt.js';
export { saleVoidSlip, type SaleVoidSlipData } from './saleVoidSlip.js';
export { prizePayout, PRIZE_KIND_LABELS, type PrizeKind, type PrizePayoutData } from './prizePayout.js';
export { refundReceipt, cardRefundReceipt, ANNUL_REASON_LABELS, type AnnulReason, type CardRefundReceiptData, type RefundReceiptData } from './refundReceipt.js';
export { sellerSettlementSlip, type SellerSettlementData } from './sellerSettlement.js';
export { guia, guiaCopies, GUIA_KIND_LABELS, type GuiaCheque, type GuiaCopy, type GuiaData, type GuiaKind } from './guia.js';
export {
  blindXReport,
  countedCents,
  isBlindXReport,
  xReport,
  zReport,
  type BlindXReportData,
  type DenominationCount,
  type XReportData,
  type ZReportData,
} from './drawerReports.js';
export { announcementSlip, type AnnouncementData } from './announcementSlip.js';
export { drawerKickSlip, type DrawerKickData } from './drawerKick.js';
export { columnRuler, SPECIAL_CHARACTERS, testPage, type TestPageData } from './testPage.js';
export { formatHallDate, formatHallDateTime, rangeText, type CardRange } from './format.js';
export { limitsSign, type LimitsSignData } from './limitsSign.js';
export { chipChequeSlip, type ChipChequeData } from './chipCheque.js';
