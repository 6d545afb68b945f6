/**
 * Refusals of the compliance domain (Lei n.º 83/2017, art. 4.º and 76.º;
 * SPEC 11): identification before a payment or an exchange that reaches the
 * threshold, cheques only to an identified person and, for chips, only up to
 * the chips bought by card or cheque. No message names a person: a refusal's
 * words may reach a log.
 */
import { errors, eurEn, eurPt, type Params } from '../catalogue.js';

const ACTS: Record<string, { pt: string; en: string }> = {
  guia_payment: { pt: 'o pagamento desta guia', en: 'paying this guia' },
  prize_payment: { pt: 'o pagamento deste prémio', en: 'paying this prize' },
  chip_sale: { pt: 'esta venda de fichas', en: 'this chip sale' },
  chip_redemption: { pt: 'este pagamento de fichas', en: 'this chip redemption' },
};
const actPt = (p: Params) => ACTS[String(p.act)]?.pt ?? String(p.act);
const actEn = (p: Params) => ACTS[String(p.act)]?.en ?? String(p.act);

export const complianceErrors = errors({
  IDENTIFICATION_REQUIRED: {
    pt: (p) =>
      `Identificação obrigatória: com ${actPt(p)} (${eurPt(p.cents)}) o jogador chega a ${eurPt(Number(p.priorCents) + Number(p.cents))} no dia de jogo, o limiar é ${eurPt(p.thresholdCents)} (${p.article}). Registe a identificação (nome, documento verificado) e repita; nada foi feito.`,
    en: (p) =>
      `Identification required: with ${actEn(p)} (${eurEn(p.cents)}) the player reaches ${eurEn(Number(p.priorCents) + Number(p.cents))} in the gaming day, the threshold is ${eurEn(p.thresholdCents)} (${p.article}). Record the identification (name, verified document) and try again; nothing was done.`,
  },
  IDENTIFICATION_NOT_VERIFIED: {
    pt: (p) => `A identificação n.º ${p.personId} não tem o documento verificado: confira o documento e registe-o de novo (${p.article}).`,
    en: (p) => `Identification no. ${p.personId} has no verified document: check the document and record it again (${p.article}).`,
  },
  IDENTIFICATION_UNVERIFIED_RECORD: {
    pt: () => 'Confirme que viu e conferiu o documento de identificação («documento verificado») antes de registar (Lei n.º 83/2017, art. 76.º).',
    en: () => 'Confirm you saw and checked the identity document ("document verified") before recording (Law 83/2017, art. 76).',
  },
  PERSON_NOT_FOUND: {
    pt: (p) => `Identificação n.º ${p.personId} inexistente.`,
    en: (p) => `No identification no. ${p.personId}.`,
  },
  PERSON_NOT_IDENTIFIED: {
    pt: () => 'Este documento não tem identificação registada (ou foi apagada no fim do prazo legal): registe a identificação.',
    en: () => 'This document has no identification recorded (or it was erased at the end of the legal period): record the identification.',
  },
  PERSON_ERASED: {
    pt: (p) => `A identificação n.º ${p.personId} foi apagada no fim do prazo legal: registe de novo a identificação do jogador.`,
    en: (p) => `Identification no. ${p.personId} was erased at the end of the legal period: record the player's identification again.`,
  },
  PERSON_UNDER_AGE: {
    pt: () => 'A data de nascimento indica um menor de 18 anos: a entrada e o jogo são vedados a menores (Lei n.º 83/2017, art. 76.º; DN 80/85).',
    en: () => 'The date of birth shows someone under 18: minors may not enter nor play (Law 83/2017, art. 76; DN 80/85).',
  },
  CHEQUE_NEEDS_PAYEE: {
    pt: () => `Um cheque só é emitido a favor de uma pessoa identificada, nominativo, cruzado e «não à ordem» (Lei n.º 83/2017, art. 76.º, n.º 3 e 4): escolha ou registe a identificação do beneficiário; nada foi pago.`,
    en: () => `A cheque is issued only to an identified person, nominative, crossed and not endorsable (Law 83/2017, art. 76(3) and (4)): choose or record the payee's identification; nothing was paid.`,
  },
  CHIP_CHEQUE_OVER_PURCHASES: {
    pt: (p) =>
      `Cheque de ${eurPt(p.chequeCents)} por fichas acima do que o jogador comprou hoje com cartão ou cheque (${eurPt(p.boughtCents)}, já pagos em cheque ${eurPt(p.chequedCents)}): no máximo ${eurPt(p.leftCents)} (Lei n.º 83/2017, art. 76.º, n.º 4).`,
    en: (p) =>
      `Chip cheque of ${eurEn(p.chequeCents)} above what the player bought today by card or cheque (${eurEn(p.boughtCents)}, already paid by cheque ${eurEn(p.chequedCents)}): at most ${eurEn(p.leftCents)} (Law 83/2017, art. 76, no. 4).`,
  },
});
