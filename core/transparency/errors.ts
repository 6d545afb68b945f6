/** Refusals of the hall's signed books: its checkpoints of the audit log and its signing key. */
import { errors } from '../catalogue.js';

export const transparencyErrors = errors({
  // Nothing is signed over a log that no longer continues the history an earlier checkpoint signed.
  CHECKPOINT_INCONSISTENT: {
    pt: (p) =>
      `O registo de auditoria já não continua a história assinada no último ponto de verificação: a entrada n.º ${p.seq} não se liga à anterior. Nada foi assinado nem fechado. As actas e os seus dados guardam-se tal como foram registados (Despacho Normativo n.º 80/85, art. 17.º): chame o responsável técnico.`,
    en: (p) =>
      `The audit log no longer continues the history signed at the last checkpoint: entry no. ${p.seq} does not link to the one before. Nothing was signed or closed. Session records are kept as they were written (Despacho Normativo 80/85, art. 17): call the technician.`,
  },
  // Two rotations at once: the second finds the key it would retire already retired.
  HALL_KEY_CHANGED: {
    pt: () => 'A chave de assinatura da sala acabou de ser substituída por outra operação: nada foi feito. Veja a chave em uso e, se ainda for preciso, substitua-a de novo.',
    en: () => "The hall's signing key was just replaced by another operation: nothing was done. Check the key in use and, if still needed, replace it again.",
  },
  EXPORT_SESSION_NOT_CLOSED: {
    pt: (p) => `A sessão n.º ${p.sessionId} ainda não foi encerrada (ou foi encerrada antes de a sala assinar os seus livros): só se exporta para o inspetor uma sessão encerrada, com o ponto de verificação assinado no seu encerramento.`,
    en: (p) => `Session no. ${p.sessionId} is not closed yet (or was closed before the hall signed its books): only a closed session, with the checkpoint signed at its close, is exported for the inspector.`,
  },
  // The export's manifest is signed by the key at hand: the one that signed the session's close or one it rotated into; neither is in the data folder (a copy without the key, a key made anew without a rotation).
  EXPORT_KEY_NOT_AT_HAND: {
    pt: (p) =>
      `A sessão n.º ${p.sessionId} foi assinada pela chave ${p.keyId} da sala, e a pasta de dados não guarda essa chave nem uma chave em que ela tenha passado por rotação (uma cópia sem a chave, ou uma chave feita de novo sem rotação): a exportação tem de ser assinada por uma delas. Exporte a partir da pasta de dados que a guarda.`,
    en: (p) =>
      `Session no. ${p.sessionId} was signed by the hall's key ${p.keyId}, and the data folder holds neither that key nor a key it was rotated into (a copy without the key, or a key made anew without a rotation): the export must be signed by one of them. Export from the data folder that holds it.`,
  },
  // The ZIP could not be written to the data folder (a full disk, a folder not writable): nothing half-written is left.
  EXPORT_NOT_WRITTEN: {
    pt: (p) =>
      `A exportação da sessão n.º ${p.sessionId} não pôde ser gravada em ${p.folder} (${p.reason}). Nada ficou gravado pela metade e nada mudou nos livros da sala: liberte espaço ou corrija a pasta e tente de novo.`,
    en: (p) =>
      `Session no. ${p.sessionId}'s export could not be written to ${p.folder} (${p.reason}). Nothing was left half-written and the hall's books did not change: free some space or fix the folder, then try again.`,
  },
});
