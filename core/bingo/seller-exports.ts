/**
 * The roving sellers' settlements as CSV (issue 42; DN 80/85, art. 13.º): one line per block collected, with
 * the seller, the cards handed out and sold, what they owed, what was counted and the difference, in the form
 * of the other books' files (core/csv.ts: pt-PT cells; each person by name and by username).
 */
import { csvCents, csvText, csvTime, type CsvColumn } from '../csv.js';
import { cardsLabel } from './sellers.js';
import type { CardRange } from './allocation.js';

export interface SettlementCsvRow {
  blockId: number;
  gameNumber: number;
  seller: string;
  sellerUsername: string;
  handedAt: string;
  ranges: CardRange[];
  returnedAt: string;
  firstUnsold: string | null;
  cards: number;
  soldCards: number;
  returnedCards: number;
  priceCents: number;
  owedCents: number;
  countedCents: number;
  differenceCents: number;
  acceptedBy: string | null;
  acceptedByUsername: string | null;
  acceptanceReason: string | null;
  receivedBy: string;
  receivedByUsername: string;
  terminalId: string;
}

export const SELLER_SETTLEMENTS_CSV: readonly CsvColumn<SettlementCsvRow>[] = [
  { header: 'Bloco n.º', cell: (r) => r.blockId },
  { header: 'Jogada', cell: (r) => r.gameNumber },
  { header: 'Vendedor', cell: (r) => csvText(r.seller) },
  { header: 'Vendedor (utilizador)', cell: (r) => csvText(r.sellerUsername) },
  { header: 'Entregue em', cell: (r, zone) => csvTime(r.handedAt, zone) },
  { header: 'Cartões entregues', cell: (r) => cardsLabel(r.ranges) },
  { header: 'Quantidade entregue', cell: (r) => r.cards },
  { header: 'Recolhido em', cell: (r, zone) => csvTime(r.returnedAt, zone) },
  { header: 'Primeiro por vender', cell: (r) => r.firstUnsold ?? '' },
  { header: 'Vendidos', cell: (r) => r.soldCards },
  { header: 'Devolvidos', cell: (r) => r.returnedCards },
  { header: 'Preço unitário (€)', cell: (r) => csvCents(r.priceCents) },
  { header: 'Devido (€)', cell: (r) => csvCents(r.owedCents) },
  { header: 'Contado (€)', cell: (r) => csvCents(r.countedCents) },
  { header: 'Diferença (€)', cell: (r) => csvCents(r.differenceCents) },
  { header: 'Diferença aceite por', cell: (r) => csvText(r.acceptedBy) },
  { header: 'Diferença aceite por (utilizador)', cell: (r) => csvText(r.acceptedByUsername) },
  { header: 'Motivo', cell: (r) => csvText(r.acceptanceReason) },
  { header: 'Recebido por', cell: (r) => csvText(r.receivedBy) },
  { header: 'Recebido por (utilizador)', cell: (r) => csvText(r.receivedByUsername) },
  { header: 'Terminal', cell: (r) => csvText(r.terminalId) },
];
