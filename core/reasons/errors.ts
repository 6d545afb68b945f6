/** Refusals of the hall's reason lists (issue 38): each names the act, the entry and the rule it breaks. */
import { errors, type Params } from '../catalogue.js';

const ACT_PT: Record<string, string> = {
  'drawer.kick': 'abrir a gaveta sem venda',
  'drawer.pay_in': 'entrada de dinheiro',
  'drawer.pay_out': 'saída de dinheiro',
  'drawer.drop': 'recolha para o cofre',
  'drawer.variance': 'diferença no fecho da gaveta',
  'guia.void': 'anular uma guia',
  'chips.fill': 'fichas do cofre para a caixa',
  'chips.credit': 'fichas da caixa para o cofre',
  'roulette.nullSpin': 'golpe nulo',
};
const ACT_EN: Record<string, string> = {
  'drawer.kick': 'opening the drawer without a sale',
  'drawer.pay_in': 'pay-in',
  'drawer.pay_out': 'pay-out',
  'drawer.drop': 'drop to the safe',
  'drawer.variance': "a drawer's variance at close",
  'guia.void': 'voiding a guia',
  'chips.fill': 'chips from the vault',
  'chips.credit': 'chips back to the vault',
  'roulette.nullSpin': 'null spin',
};
const actPt = (p: Params) => ACT_PT[String(p.act)] ?? String(p.act);
const actEn = (p: Params) => ACT_EN[String(p.act)] ?? String(p.act);

export const reasonsErrors = errors({
  REASON_EMPTY: {
    pt: (p) => `O motivo n.º ${p.position} da lista "${actPt(p)}" está vazio: escreva-o ou retire-o. Nada foi alterado.`,
    en: (p) => `Reason no. ${p.position} of the "${actEn(p)}" list is empty: write it or remove it. Nothing was changed.`,
  },
  REASON_TOO_SHORT: {
    pt: (p) => `O motivo "${p.text}" (n.º ${p.position}, lista "${actPt(p)}") tem menos de ${p.min} caracteres: quem o lê depois tem de perceber o que aconteceu. Nada foi alterado.`,
    en: (p) => `Reason "${p.text}" (no. ${p.position}, "${actEn(p)}" list) has fewer than ${p.min} characters: whoever reads it later must understand what happened. Nothing was changed.`,
  },
  REASON_TOO_LONG: {
    pt: (p) => `O motivo n.º ${p.position} da lista "${actPt(p)}" tem mais de ${p.max} caracteres, o que cabe num botão: encurte-o (palavras mais longas escrevem-se em "Outro…"). Nada foi alterado.`,
    en: (p) => `Reason no. ${p.position} of the "${actEn(p)}" list has more than ${p.max} characters, what fits on a button: shorten it (longer words are typed under "Other…"). Nothing was changed.`,
  },
  REASON_NOT_PRINTABLE: {
    pt: (p) => `O motivo "${p.text}" (n.º ${p.position}, lista "${actPt(p)}") tem caracteres que o talão não imprime: use letras, algarismos e pontuação. Nada foi alterado.`,
    en: (p) => `Reason "${p.text}" (no. ${p.position}, "${actEn(p)}" list) has characters the slip cannot print: use letters, digits and punctuation. Nothing was changed.`,
  },
  REASON_DUPLICATE: {
    pt: (p) => `O motivo "${p.text}" aparece duas vezes na lista "${actPt(p)}" (a segunda é a n.º ${p.position}): cada botão diz uma coisa. Nada foi alterado.`,
    en: (p) => `Reason "${p.text}" appears twice in the "${actEn(p)}" list (the second is no. ${p.position}): each button says one thing. Nothing was changed.`,
  },
  REASON_LIST_TOO_LONG: {
    pt: (p) => `A lista "${actPt(p)}" teria ${p.count} motivos: no máximo ${p.max}, o que cabe no ecrã do balcão. Nada foi alterado.`,
    en: (p) => `The "${actEn(p)}" list would have ${p.count} reasons: at most ${p.max}, what fits on the counter's screen. Nothing was changed.`,
  },
});
