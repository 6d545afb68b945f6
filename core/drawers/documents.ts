/**
 * The drawers' documents and records, each declared once (core/documents.ts):
 * a drawer opened with its float, a movement of its cash (pay-in, pay-out,
 * drop) and its close (the Z).
 */
import type { DocumentDescriptor } from '../documents.js';

export const DRAWER_DOCUMENTS = [
  {
    type: 'drawer',
    table: 'drawers',
    key: 'id',
    at: 'opened_at',
    binding: 'record_audit',
    fixedColumns: ['id', 'terminal_id', 'opened_by', 'opened_at', 'float_counts', 'float_cents'],
    // Read by the inspector's check only (a record is not paired by books.verify).
    writers: { 'drawer.open': [1, 1] },
    terminal: 'terminal_id',
    prints: ['x_report', 'drawer_kick'],
    label: 'a abertura de uma gaveta',
    export: 'drawers.jsonl',
  },
  {
    type: 'drawer_movement',
    table: 'drawer_movements',
    key: 'id',
    at: 'at',
    binding: 'document_audit',
    writers: { 'drawer.move': [1, 1] },
    book: 'drawer_movement',
    label: 'um movimento de gaveta',
  },
  { type: 'drawer_close', table: 'drawer_closes', key: 'drawer_id', at: 'closed_at', binding: 'record_audit', prints: ['z_report'], label: 'o fecho de uma gaveta', publishes: 'z_report@1' },
] as const satisfies readonly DocumentDescriptor[];
