/**
 * The books check's rules for the binding of documents to their commands
 * (issue 21, part 4): which commands write which documents, both ways, and
 * the findings of one command against the documents bound to it.
 */
import { describe, expect, it } from 'vitest';
import { isChannel } from '../contract.js';
import { AUDITED_DOCUMENTS, COMMAND_DOCUMENTS, commandDocumentsFindings, type AuditedDocument } from './books.js';

describe('the commands that write each document', () => {
  it('are channels of the contract, and the same both ways', () => {
    const writes = Object.entries(AUDITED_DOCUMENTS).flatMap(([document, channels]) => (channels ?? []).map((c) => `${c} ${document}`));
    expect(COMMAND_DOCUMENTS.map((c) => `${c.channel} ${c.document}`).sort()).toEqual(writes.sort());
    for (const c of COMMAND_DOCUMENTS) {
      expect(isChannel(c.channel), c.channel).toBe(true);
      expect(0 <= c.min && c.min <= c.max, c.channel).toBe(true);
    }
  });
});

describe('commandDocumentsFindings', () => {
  const sale = { channel: 'sale.create', document: 'sale' as AuditedDocument, min: 1, max: 1 };
  const meters = { channel: 'meters.record', document: 'fund_contribution' as AuditedDocument, min: 0, max: 2 };
  const none = { transactionId: null, expected: null, actual: null };

  it('names a command without its document, by its audit row', () => {
    expect(commandDocumentsFindings(sale, 41, [])).toEqual([{ problem: 'document_missing', document: { type: 'audit', id: 41 }, kind: 'sale.create', ...none }]);
    expect(commandDocumentsFindings(meters, 41, [])).toEqual([]);
  });

  it('names every document of a command that has more than it writes', () => {
    expect(commandDocumentsFindings(sale, 41, [7])).toEqual([]);
    expect(commandDocumentsFindings(sale, 41, [7, 9])).toEqual([
      { problem: 'audit_shared', document: { type: 'sale', id: 7 }, kind: 'sale.create', ...none },
      { problem: 'audit_shared', document: { type: 'sale', id: 9 }, kind: 'sale.create', ...none },
    ]);
    expect(commandDocumentsFindings(meters, 41, [3, 4])).toEqual([]);
    expect(commandDocumentsFindings(meters, 41, [3, 4, 5]).map((f) => f.document)).toEqual([
      { type: 'fund_contribution', id: 3 },
      { type: 'fund_contribution', id: 4 },
      { type: 'fund_contribution', id: 5 },
    ]);
  });
});
