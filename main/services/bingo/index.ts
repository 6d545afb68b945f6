/** The bingo domain's handlers (Despacho Normativo 80/85), merged from its rooms. */
import { mergeUnique } from '../../../core/merge.js';
import type { HandlerSlice } from '../shared/context.js';
import { cardRefundHandlers } from './card-refunds.js';
import { displayHandlers } from './display.js';
import { drawHandlers } from './draw.js';
import { bingoExportHandlers } from './exports.js';
import { gameHandlers } from './games.js';
import { prizeHandlers } from './prizes.js';
import { saleHandlers } from './sales.js';
import { sellerHandlers } from './sellers.js';
import { seriesHandlers } from './series.js';
import { sessionHandlers } from './sessions.js';
import { specialHandlers } from './special.js';
import { stockHandlers } from './stock.js';

type BingoChannel =
  | keyof typeof seriesHandlers
  | keyof typeof sessionHandlers
  | keyof typeof gameHandlers
  | keyof typeof saleHandlers
  | keyof typeof drawHandlers
  | keyof typeof prizeHandlers
  | keyof typeof displayHandlers
  | keyof typeof bingoExportHandlers
  | keyof typeof specialHandlers
  | keyof typeof stockHandlers
  | keyof typeof sellerHandlers
  | keyof typeof cardRefundHandlers;

// A channel two rooms handle is refused as this module loads.
export const bingoHandlers: HandlerSlice<BingoChannel> = mergeUnique('handler', {
  seriesHandlers,
  sessionHandlers,
  gameHandlers,
  saleHandlers,
  drawHandlers,
  prizeHandlers,
  displayHandlers,
  bingoExportHandlers,
  specialHandlers,
  stockHandlers,
  cardRefundHandlers,
  sellerHandlers,
});
