/**
 * The face-value chips' documents (IX.7-8), each declared once
 * (core/documents.ts): chips sold or redeemed at a caixa, and a fill or
 * credit between a caixa and the vault, chips taken for cards handed to the
 * caixa (DN 80/85, art. 19.º).
 */
import type { DocumentDescriptor } from '../documents.js';

export const CHIP_DOCUMENTS = [
  {
    type: 'chip_exchange',
    table: 'chip_exchanges',
    key: 'id',
    at: 'at',
    binding: 'document_audit',
    writers: { 'chips.sell': [1, 1], 'chips.redeem': [1, 1] },
    book: 'chip_exchange',
    terminal: 'terminal_id',
    prints: ['chip_cheque'],
    label: 'uma troca de fichas',
  },
  {
    type: 'chip_movement',
    table: 'chip_movements',
    key: 'id',
    at: 'at',
    binding: 'document_audit',
    writers: { 'chips.move': [1, 1] },
    book: 'chip_movement',
    label: 'um movimento de fichas',
  },
  {
    type: 'chip_handover',
    table: 'chip_handovers',
    key: 'id',
    at: 'at',
    binding: 'document_audit',
    writers: { 'chips.handover': [1, 1] },
    book: 'chip_handover',
    terminal: 'from_terminal_id',
    label: 'uma entrega de fichas à caixa',
  },
] as const satisfies readonly DocumentDescriptor[];
