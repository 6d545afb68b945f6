/** Refusals of the one order of a game's cards shared by the counters and the roving sellers (DN 80/85, art. 12.º, n.º 2, and 13.º). */
import { errors, eurEn, eurPt } from '../catalogue.js';

export const sellerErrors = errors({
  CARDS_OUTSIDE_ORDER: {
    pt: (p) => `Os cartões ${p.cards} não pertencem à ordem desta jogada (DN 80/85, art. 12.º, n.os 2 e 3). Nada foi registado.`,
    en: (p) => `Cards ${p.cards} are not in this game's order (DN 80/85, art. 12(2) and (3)). Nothing was recorded.`,
  },
  CARDS_GIVEN_TWICE: {
    pt: (p) => `Os livros desta jogada dão cartões como vendidos ou entregues duas vezes (${p.cards}); chame o gerente (DN 80/85, art. 12.º, n.º 2). Nada foi registado.`,
    en: (p) => `This game's books give cards as sold or handed out twice (${p.cards}); call the manager (DN 80/85, art. 12(2)). Nothing was recorded.`,
  },
  SELLER_RETURN_NOT_IN_BLOCK: {
    pt: (p) =>
      `O cartão ${p.code} ${p.card} não é do bloco entregue${p.seller ? ` a ${p.seller}` : ''} (${p.cards}): leia o primeiro cartão por vender do bloco (DN 80/85, art. 13.º). Nada foi registado.`,
    en: (p) => `Card ${p.code} ${p.card} is not in the block handed${p.seller ? ` to ${p.seller}` : ''} (${p.cards}): read the block's first unsold card (DN 80/85, art. 13). Nothing was recorded.`,
  },
  SALE_CLOSE_BLOCKS_OUT: {
    pt: (p) => `A venda não pode fechar: ${p.sellers} ainda não entregou os cartões excedentes; terminada a venda, o caixa recolhe os cartões excedentes (DN 80/85, art. 13.º).`,
    en: (p) => `The sale cannot close: ${p.sellers} has not handed back the surplus cards; at the end of the sale the caixa collects the surplus cards (DN 80/85, art. 13).`,
  },
  GAME_OPEN_BLOCKS_OUT: {
    pt: (p) =>
      `Não pode abrir outra jogada: ${p.sellers} ainda tem cartões de uma jogada anterior; recolha-os primeiro, para que os que ficaram por vender voltem à ordem da série (DN 80/85, art. 12.º, n.º 2: os cartões vendem-se pelo número de ordem).`,
    en: (p) =>
      `Another game cannot open: ${p.sellers} still holds cards of an earlier game; collect them first, so that those left unsold go back into the series' order (DN 80/85, art. 12(2): cards are sold in their order).`,
  },
  SALE_CLOSE_CARDS_TO_RESELL: {
    pt: (p) =>
      `A venda não pode fechar: os cartões ${p.cards} ficaram por vender no meio da ordem; venda-os ou entregue-os a um vendedor (DN 80/85, art. 12.º, n.º 2: os cartões vendem-se pelo número de ordem; art. 13.º: anuncia-se do n.º ... ao n.º ...).`,
    en: (p) =>
      `The sale cannot close: cards ${p.cards} are unsold in the middle of the order; sell them or hand them to a seller (DN 80/85, art. 12(2): cards are sold in their order; art. 13: the announcement gives from no. ... to no. ...).`,
  },
  SELLER_BLOCK_NOT_FOUND: {
    pt: (p) => `O bloco n.º ${p.blockId} não existe. Nada foi registado.`,
    en: (p) => `Block no. ${p.blockId} does not exist. Nothing was recorded.`,
  },
  SELLER_BLOCK_RETURNED: {
    pt: (p) => `O bloco n.º ${p.blockId} de ${p.seller} já foi recolhido: cada bloco é recolhido uma só vez (DN 80/85, art. 13.º). Nada foi registado.`,
    en: (p) => `Block no. ${p.blockId} of ${p.seller} was already collected: each block is collected once only (DN 80/85, art. 13). Nothing was recorded.`,
  },
  SELLER_DIFFERENCE_NEEDS_MANAGER: {
    pt: (p) =>
      `O dinheiro de ${p.seller} (${eurPt(p.countedCents)}) difere do que os cartões vendidos devem (${eurPt(p.owedCents)}) em ${eurPt(p.differenceCents)}, acima do limite da sala: um gerente aceita a diferença com um motivo. Nada foi registado.`,
    en: (p) =>
      `${p.seller}'s cash (${eurEn(p.countedCents)}) differs from what the cards sold owe (${eurEn(p.owedCents)}) by ${eurEn(p.differenceCents)}, over the hall's threshold: a manager accepts the difference with a reason. Nothing was recorded.`,
  },
  CARD_ALREADY_REFUNDED: {
    pt: (p) =>
      `O cartão ${p.code} ${p.card} da jogada n.º ${p.number} já foi reembolsado: cada cartão é reembolsado uma só vez (DN 80/85, art. 16.º, n.º 3: a devolução integral do preço do cartão). Nada foi pago.`,
    en: (p) => `Card ${p.code} ${p.card} of game no. ${p.number} was already refunded: each card is refunded once only (DN 80/85, art. 16(3): its price refunded in full). Nothing was paid.`,
  },
  CARD_REFUND_NOT_SOLD: {
    pt: (p) =>
      `O cartão ${p.code} ${p.card} não foi vendido na jogada n.º ${p.number}: só se reembolsa um cartão vendido na jogada anulada (DN 80/85, art. 16.º, n.º 3). Nada foi pago.`,
    en: (p) => `Card ${p.code} ${p.card} was not sold in game no. ${p.number}: only a card sold in the annulled game is refunded (DN 80/85, art. 16(3)). Nothing was paid.`,
  },
  REFUND_SALE_CARDS_REFUNDED: {
    pt: (p) =>
      `A venda n.º ${p.saleId} não se devolve por inteiro: ${p.cards} ${p.cards === 1 ? 'cartão dela já foi reembolsado' : 'cartões dela já foram reembolsados'} um a um; reembolse os outros pelo número de cada cartão (DN 80/85, art. 16.º, n.º 3). Nada foi pago.`,
    en: (p) =>
      `Sale no. ${p.saleId} cannot be refunded whole: ${p.cards} of its cards ${p.cards === 1 ? 'was' : 'were'} already refunded one by one; refund the others by each card's number (DN 80/85, art. 16(3)). Nothing was paid.`,
  },
});
