/** Refusals of the card stock (DN 80/85, art. 3.º, n.os 1 and 2): editions, boxes, counters, destruction, and a sale of cards not in stock. */
import { errors } from '../catalogue.js';

export const stockErrors = errors({
  STOCK_RANGE_INVALID: {
    pt: (p) => `Cartões ${p.from} a ${p.to} da série ${p.code}: os cartões da série vão do n.º 1 ao n.º ${p.size} (DN 80/85, art. 3.º, n.º 2). Nada foi registado.`,
    en: (p) => `Cards ${p.from} to ${p.to} of series ${p.code}: the series' cards run from no. 1 to no. ${p.size} (DN 80/85, art. 3(2)). Nothing was recorded.`,
  },
  STOCK_ALREADY_RECEIVED: {
    pt: (p) => `Os cartões ${p.cards} da série ${p.code} já foram recebidos noutra caixa: cada cartão da série entra uma só vez (DN 80/85, art. 3.º, n.º 2). Nada foi registado.`,
    en: (p) => `Cards ${p.cards} of series ${p.code} were already received in another box: each card of the series comes in once only (DN 80/85, art. 3(2)). Nothing was recorded.`,
  },
  STOCK_NOT_RECEIVED: {
    pt: (p) => `Os cartões ${p.cards} da série ${p.code} não foram recebidos: registe primeiro a caixa que os trouxe (DN 80/85, art. 3.º, n.º 1). Nada foi registado.`,
    en: (p) => `Cards ${p.cards} of series ${p.code} were never received: record the box that brought them first (DN 80/85, art. 3(1)). Nothing was recorded.`,
  },
  STOCK_CARDS_DESTROYED: {
    pt: (p) => `Os cartões ${p.cards} da série ${p.code} foram destruídos (DN 80/85, art. 3.º, n.º 1). Nada foi registado.`,
    en: (p) => `Cards ${p.cards} of series ${p.code} were destroyed (DN 80/85, art. 3(1)). Nothing was recorded.`,
  },
  STOCK_CARDS_SOLD: {
    pt: (p) => `Os cartões ${p.cards} da série ${p.code} já foram vendidos (DN 80/85, art. 12.º, n.º 2): um cartão vendido não volta ao stock nem se destrói aqui. Nada foi registado.`,
    en: (p) => `Cards ${p.cards} of series ${p.code} were already sold (DN 80/85, art. 12(2)): a sold card neither comes back to stock nor is destroyed here. Nothing was recorded.`,
  },
  STOCK_AT_COUNTERS: {
    pt: (p) => `Os cartões ${p.cards} da série ${p.code} estão nos balcões: registe primeiro a sua devolução ao stock (DN 80/85, art. 3.º, n.º 1). Nada foi registado.`,
    en: (p) => `Cards ${p.cards} of series ${p.code} are at the counters: record their return to stock first (DN 80/85, art. 3(1)). Nothing was recorded.`,
  },
  STOCK_NOT_AT_COUNTERS: {
    pt: (p) => `Os cartões ${p.cards} da série ${p.code} não saíram para os balcões: não podem ser devolvidos (DN 80/85, art. 3.º, n.º 1). Nada foi registado.`,
    en: (p) => `Cards ${p.cards} of series ${p.code} never went to the counters: they cannot be returned (DN 80/85, art. 3(1)). Nothing was recorded.`,
  },
  SALE_CARDS_NOT_RECEIVED: {
    pt: (p) => `Venda recusada: os cartões ${p.cards} da série ${p.code} não foram recebidos na sala; só se usam cartões da edição autorizada (DN 80/85, art. 3.º, n.º 1). Registe a caixa que os trouxe.`,
    en: (p) => `Sale refused: cards ${p.cards} of series ${p.code} were never received in the hall; only cards of the authorised edition are used (DN 80/85, art. 3(1)). Record the box that brought them.`,
  },
  SALE_CARDS_DESTROYED: {
    pt: (p) => `Venda recusada: os cartões ${p.cards} da série ${p.code} foram destruídos (DN 80/85, art. 3.º, n.º 1); a venda segue a ordem dos números (art. 12.º, n.º 2) e não os pode saltar: abra a jogada com outra série.`,
    en: (p) => `Sale refused: cards ${p.cards} of series ${p.code} were destroyed (DN 80/85, art. 3(1)); sales follow the numbers' order (art. 12(2)) and cannot skip them: open the game with another series.`,
  },
  EDITION_DATE_INVALID: {
    pt: (p) => `Data da autorização da edição inválida: ${p.date} (uma data do calendário, não posterior a hoje; DN 80/85, art. 3.º, n.º 1). Nada foi registado.`,
    en: (p) => `Invalid date of the edition's authorisation: ${p.date} (a calendar date, not after today; DN 80/85, art. 3(1)). Nothing was recorded.`,
  },
  EDITION_REF_MISSING: {
    pt: () => 'Falta a referência da autorização da edição dos cartões (DN 80/85, art. 3.º, n.º 1). Nada foi registado.',
    en: () => "The reference of the cards' edition authorisation is missing (DN 80/85, art. 3(1)). Nothing was recorded.",
  },
  EDITION_EMISSION_MISSING: {
    pt: () => 'Falta a numeração de emissão da série (DN 80/85, art. 3.º, n.º 2). Nada foi registado.',
    en: () => "The series' emission number is missing (DN 80/85, art. 3(2)). Nothing was recorded.",
  },
  EDITION_ALREADY_RECORDED: {
    pt: (p) => `A edição da série ${p.code} já está registada (autorização ${p.reference}): não se altera (DN 80/85, art. 3.º, n.º 1).`,
    en: (p) => `The edition of series ${p.code} is already recorded (authorisation ${p.reference}): it does not change (DN 80/85, art. 3(1)).`,
  },
  EDITION_EMISSION_MISMATCH: {
    pt: (p) => `A série ${p.code} foi registada com a emissão ${p.registered}, não ${p.emission} (DN 80/85, art. 3.º, n.º 2). Nada foi registado.`,
    en: (p) => `Series ${p.code} was registered with emission ${p.registered}, not ${p.emission} (DN 80/85, art. 3(2)). Nothing was recorded.`,
  },
  STOCK_DESTROY_UNCONFIRMED: {
    pt: (p) => `A destruição dos cartões ${p.from} a ${p.to} da série ${p.code} não foi confirmada: confirme com o número de cartões (${p.cards}). Nada foi registado.`,
    en: (p) => `Destroying cards ${p.from} to ${p.to} of series ${p.code} was not confirmed: confirm with the number of cards (${p.cards}). Nothing was recorded.`,
  },
});
