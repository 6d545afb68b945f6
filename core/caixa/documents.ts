/**
 * The casino caixa's documents and records (Portaria 1441/95), each declared
 * once (core/documents.ts): the machines, their meter readings, a guia issued,
 * paid or voided, and the jackpot funds' contributions and transfers.
 */
import type { DocumentDescriptor } from '../documents.js';

export const CAIXA_DOCUMENTS = [
  { type: 'machine', table: 'machines', key: 'id', at: 'registered_at', binding: 'record_audit', fixedColumns: ['id', 'number', 'registered_at'], label: 'o registo de uma máquina', publishes: 'machine@1' },
  {
    type: 'guia',
    table: 'guias',
    key: 'id',
    at: 'issued_at',
    binding: 'document_audit',
    writers: { 'guia.issue': [1, 1] },
    book: 'guia',
    prints: ['guia'],
    label: 'uma guia',
    publishes: 'guia@1',
    export: 'guias.jsonl',
  },
  {
    type: 'guia_payment',
    table: 'guia_payments',
    key: 'guia_id',
    at: 'paid_at',
    binding: 'document_audit',
    writers: { 'guia.pay': [1, 1] },
    book: 'guia',
    terminal: 'terminal_id',
    label: 'o pagamento de uma guia',
    publishes: 'guia_payment@1',
    export: 'guias.jsonl',
  },
  {
    type: 'guia_void',
    table: 'guia_voids',
    key: 'guia_id',
    at: 'voided_at',
    binding: 'document_audit',
    writers: { 'guia.void': [1, 1] },
    book: 'guia',
    label: 'a anulação de uma guia',
    publishes: 'guia_void@1',
    export: 'guias.jsonl',
  },
  { type: 'meter_reading', table: 'meter_readings', key: 'id', at: 'at', binding: 'record_audit', label: 'uma leitura de contadores', publishes: 'meter_reading@1' },
  {
    type: 'fund_contribution',
    table: 'fund_contributions',
    key: 'id',
    at: 'at',
    binding: 'document_audit',
    // A meter reading contributes to none, one or both of its funds.
    writers: { 'meters.record': [0, 2], 'jackpot.contribute': [1, 1] },
    book: 'fund_contribution',
    label: 'uma contribuição para um fundo',
    publishes: 'fund_contribution@1',
  },
  {
    type: 'fund_transfer',
    table: 'fund_transfers',
    key: 'id',
    at: 'at',
    binding: 'document_audit',
    writers: { 'jackpot.transfer': [1, 1] },
    book: 'fund_transfer',
    label: 'uma transferência de fundo',
    publishes: 'fund_transfer@1',
  },
] as const satisfies readonly DocumentDescriptor[];
