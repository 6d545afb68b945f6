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
const FIELDS: Record<string, { pt: string; en: string }> = {
  columns: { pt: 'não tem as 7 colunas (nome; tipo de documento; n.º do documento; país emissor; data de nascimento; válido de; válido até)', en: 'does not have the 7 columns (name; document type; document no.; issuing country; date of birth; valid from; valid until)' },
  name: { pt: 'o nome (2 a 120 caracteres)', en: 'the name (2 to 120 characters)' },
  documentType: { pt: 'o tipo de documento (cc, passport, residence, id_card, driving ou o seu nome)', en: 'the document type (cc, passport, residence, id_card, driving or its name)' },
  documentNumber: { pt: 'o n.º do documento (3 a 30 letras e algarismos)', en: 'the document number (3 to 30 letters and digits)' },
  country: { pt: 'o país emissor (código de 2 letras)', en: 'the issuing country (2-letter code)' },
  birthDate: { pt: 'a data de nascimento (AAAA-MM-DD ou DD/MM/AAAA)', en: 'the date of birth (YYYY-MM-DD or DD/MM/YYYY)' },
  validFrom: { pt: 'o início da interdição (AAAA-MM-DD ou DD/MM/AAAA)', en: 'the start of the ban (YYYY-MM-DD or DD/MM/YYYY)' },
  validUntil: { pt: 'o fim da interdição (vazio, ou uma data não anterior ao início)', en: 'the end of the ban (empty, or a date not before its start)' },
};
const fieldPt = (p: Params) => FIELDS[String(p.field)]?.pt ?? String(p.field);
const fieldEn = (p: Params) => FIELDS[String(p.field)]?.en ?? String(p.field);
/** The law a barred person is refused under: the identification's and the gaming law's ban from the rooms. */
/** A day AAAA-MM-DD as the hall writes it, DD/MM/AAAA. */
const dayPt = (v: unknown) => String(v).split('-').reverse().join('/');
/** An instant as its UTC day, DD/MM/AAAA: the cut of an erasure is a day seven years back, to the second. */
const timePt = (v: unknown) => dayPt(String(v).slice(0, 10));
const BARRED_LAW_PT = 'Lei n.º 83/2017, art. 76.º; Decreto-Lei n.º 422/89 (Lei do Jogo), art. 38.º';
const BARRED_LAW_EN = 'Law 83/2017, art. 76; Decree-Law 422/89 (Gaming Law), art. 38';

const actPt = (p: Params) => ACTS[String(p.act)]?.pt ?? String(p.act);
const actEn = (p: Params) => ACTS[String(p.act)]?.en ?? String(p.act);

export const complianceErrors = errors({
  IDENTIFICATION_REQUIRED: {
    pt: (p) =>
      `Identificação obrigatória: com ${actPt(p)} (${eurPt(p.cents)}) o jogador chega a ${eurPt(Number(p.priorCents) + Number(p.cents))} no dia de jogo, o limiar é ${eurPt(p.thresholdCents)} (${p.article}). Registe a identificação (nome, documento verificado) e repita; nada foi feito.`,
    en: (p) =>
      `Identification required: with ${actEn(p)} (${eurEn(p.cents)}) the player reaches ${eurEn(Number(p.priorCents) + Number(p.cents))} in the gaming day, the threshold is ${eurEn(p.thresholdCents)} (${p.article}). Record the identification (name, verified document) and try again; nothing was done.`,
  },
  PRIZE_IDENTIFICATION_REQUIRED: {
    pt: (p) =>
      `Identificação obrigatória: a sala identifica os jogadores na entrega de cada prémio (Lei n.º 83/2017, art. 76.º, n.º 5). Registe a identificação do premiado (nome, documento verificado) e repita; o prémio de ${eurPt(p.cents)} não foi pago.`,
    en: (p) =>
      `Identification required: the hall identifies its players at the delivery of every prize (Law 83/2017, art. 76, no. 5). Record the winner's identification (name, verified document) and try again; the prize of ${eurEn(p.cents)} was not paid.`,
  },
  PURCHASE_IDENTIFICATION_REQUIRED: {
    pt: (p) =>
      `Identificação obrigatória: a sala identifica os jogadores na compra dos cartões (Lei n.º 83/2017, art. 76.º, n.º 5). Identifique o jogador (nome, documento verificado) e repita; os cartões (${eurPt(p.cents)}) não foram vendidos.`,
    en: (p) =>
      `Identification required: the hall identifies its players when they buy cards (Law 83/2017, art. 76, no. 5). Identify the player (name, verified document) and try again; the cards (${eurEn(p.cents)}) were not sold.`,
  },
  BLOCKS_NEED_COUNTER_PURCHASE: {
    pt: () =>
      'A sala identifica os jogadores na compra dos cartões (Lei n.º 83/2017, art. 76.º, n.º 5): os cartões vendem-se ao balcão, ao jogador identificado, e não por blocos entregues a vendedores. Nenhum bloco foi entregue.',
    en: () =>
      'The hall identifies its players when they buy cards (Law 83/2017, art. 76, no. 5): cards are sold at the counter to the identified player, not in blocks handed to roving sellers. No block was handed out.',
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
  PERSON_BARRED: {
    pt: (p) =>
      `Identificação recusada: este documento consta da lista de pessoas proibidas de jogar (interdição desde ${dayPt(p.validFrom)}${p.validUntil ? ` até ${dayPt(p.validUntil)}` : ', sem termo'}; ${BARRED_LAW_PT}). Não pague nem troque fichas a esta pessoa${p.recorded ? '; a recusa ficou registada para o gerente' : ''}.`,
    en: (p) =>
      `Identification refused: this document is on the list of persons barred from play (banned from ${p.validFrom}${p.validUntil ? ` until ${p.validUntil}` : ', until further notice'}; ${BARRED_LAW_EN}). Pay nothing and exchange no chips for this person${p.recorded ? '; the refusal was recorded for the manager' : ''}.`,
  },
  BARRED_FILE_INVALID: {
    pt: (p) => `Lista de pessoas proibidas de jogar: a linha ${p.line} ${p.field === 'columns' ? fieldPt(p) : `tem um valor inválido: ${fieldPt(p)}`}; corrija o ficheiro, nada foi importado (Lei n.º 83/2017, art. 76.º).`,
    en: (p) => `List of persons barred from play: line ${p.line} ${p.field === 'columns' ? fieldEn(p) : `has an invalid value: ${fieldEn(p)}`}; correct the file, nothing was imported (Law 83/2017, art. 76).`,
  },
  BARRED_FILE_EMPTY: {
    pt: () => 'Lista de pessoas proibidas de jogar sem nenhuma pessoa (só o cabeçalho, ou vazia): nada foi importado (Lei n.º 83/2017, art. 76.º).',
    en: () => 'List of persons barred from play with no one on it (a header only, or empty): nothing was imported (Law 83/2017, art. 76).',
  },
  BARRED_FILE_TOO_LONG: {
    pt: (p) => `Lista de pessoas proibidas de jogar com mais de ${String(p.max).replace(/\B(?=(\d{3})+$)/g, ' ')} pessoas: divida o ficheiro; nada foi importado.`,
    en: (p) => `List of persons barred from play with more than ${String(p.max).replace(/\B(?=(\d{3})+$)/g, ',')} persons: split the file; nothing was imported.`,
  },
  IDENTITY_KEY_IN_USE: {
    pt: (p) =>
      `A chave do grupo não pode ser instalada: a sala já registou ${p.keyed} identificações ou entradas da lista de pessoas proibidas com a ${p.source === 'group' ? 'chave do grupo instalada antes' : 'sua própria chave'}, e um registo nunca muda (Lei n.º 83/2017, art. 76.º). Instale a chave do grupo antes da primeira identificação; nada foi alterado.`,
    en: (p) =>
      `The group's key cannot be installed: the hall has already recorded ${p.keyed} identifications or barred-list entries under ${p.source === 'group' ? 'the group key installed before' : 'its own key'}, and a record never changes (Law 83/2017, art. 76). Install the group's key before the first identification; nothing was changed.`,
  },
  IDENTITY_KEY_FILE_INVALID: {
    pt: () => 'Ficheiro da chave do grupo inválido: deve conter só a chave, 32 bytes em base64 (44 caracteres, por exemplo feita com «openssl rand -base64 32»); nada foi alterado.',
    en: () => "Invalid group key file: it must hold the key alone, 32 bytes in base64 (44 characters, e.g. made with 'openssl rand -base64 32'); nothing was changed.",
  },
  ERASURE_TOO_EARLY: {
    pt: (p) =>
      `Apagamento recusado: as identificações e os atos feitos até ${timePt(p.before)} ainda estão dentro do prazo de conservação de ${p.years} anos (Lei n.º 83/2017, art. 51.º); hoje só se apagam as anteriores a ${timePt(p.cut)}. Nada foi apagado.`,
    en: (p) =>
      `Erasure refused: identifications and acts up to ${String(p.before).slice(0, 10)} are still within the ${p.years}-year retention period (Law 83/2017, art. 51); today only those before ${String(p.cut).slice(0, 10)} may be erased. Nothing was erased.`,
  },
  ERASURE_NOTHING: {
    pt: (p) => `Nenhuma identificação anterior a ${timePt(p.before)} ficou por apagar (Lei n.º 83/2017, art. 51.º): nada foi apagado nem registado.`,
    en: (p) => `No identification before ${String(p.before).slice(0, 10)} is left to erase (Law 83/2017, art. 51): nothing was erased nor recorded.`,
  },
  CHIP_CHEQUE_OVER_PURCHASES: {
    pt: (p) =>
      `Cheque de ${eurPt(p.chequeCents)} por fichas acima do que o jogador comprou hoje com cartão ou cheque (${eurPt(p.boughtCents)}, já pagos em cheque ${eurPt(p.chequedCents)}): no máximo ${eurPt(p.leftCents)} (Lei n.º 83/2017, art. 76.º, n.º 4).`,
    en: (p) =>
      `Chip cheque of ${eurEn(p.chequeCents)} above what the player bought today by card or cheque (${eurEn(p.boughtCents)}, already paid by cheque ${eurEn(p.chequedCents)}): at most ${eurEn(p.leftCents)} (Law 83/2017, art. 76, no. 4).`,
  },
});
