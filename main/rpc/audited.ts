/**
 * The dispatcher's audited path for what is no caller's command: the start's
 * own acts (the credentials' baseline, PIN hashes sealed under the key, the
 * hall's key recorded), each in one transaction with its audit rows. With the
 * dispatcher (dispatcher.ts), the only code that appends audit rows (lint:
 * boundaries/audit).
 */
import { appendAudit } from '../../db/audit.js';
import { writeTransaction, type WritableDb } from '../../db/connection.js';
import type { AuditedWrite } from '../services/shared/context.js';

export function auditedWrite(db: WritableDb): AuditedWrite {
  return (write) => writeTransaction(db, () => write((rec) => appendAudit(db, rec)));
}
