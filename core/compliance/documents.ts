/**
 * The compliance domain's records (Lei n.º 83/2017, art. 76.º; SPEC 11), each
 * declared once (core/documents.ts): none moves money. A person's record
 * reaches the group only by its unchanging, impersonal columns: the group's
 * keyed digest of the document, which adds one person up across halls, never
 * the name nor the document in clear (and its erasure changes neither).
 */
import type { DocumentDescriptor } from '../documents.js';

export const COMPLIANCE_DOCUMENTS = [
  {
    type: 'person',
    table: 'persons',
    key: 'id',
    at: 'recorded_at',
    binding: 'record_audit',
    fixedColumns: ['id', 'person_key', 'recorded_at', 'recorded_by', 'terminal_id'],
    label: 'uma identificação',
  },
  { type: 'identified_act', table: 'identified_acts', key: 'id', at: 'at', binding: 'record_audit', label: 'um pagamento ou troca de um jogador identificado' },
  { type: 'identified_presence', table: 'identified_presences', key: 'id', at: 'at', binding: 'record_audit', label: 'uma entrada ou compra de cartões de um jogador identificado' },
  { type: 'barred_list', table: 'barred_lists', key: 'id', at: 'imported_at', binding: 'record_audit', label: 'uma lista de pessoas proibidas de jogar' },
  { type: 'barred_refusal', table: 'barred_refusals', key: 'id', at: 'at', binding: 'record_audit', label: 'uma identificação recusada (pessoa proibida de jogar)' },
  { type: 'person_erasure', table: 'person_erasures', key: 'id', at: 'at', binding: 'record_audit', label: 'o apagamento de identificações no fim do prazo legal' },
] as const satisfies readonly DocumentDescriptor[];
