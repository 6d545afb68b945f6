/**
 * Refusals of the roulette domain (Portaria 1441/95, sections IX and X;
 * SPEC 8): illegal bets, stakes outside a table's limits, wheel sequences,
 * colour chips. Parameters are codes and numbers (chance codes such as
 * 'cavaloDuzia', reason codes such as 'not-adjacent'), worded here per
 * language; amounts are integer cents (`…Cents`), formatted here per language.
 */
import { errors, eurEn, eurPt, type Params } from '../catalogue.js';

/**
 * How each chance is called: pt as the Portaria writes it (X.18), en with the
 * usual English name. Shared with the X.25 announcement (rules.ts).
 */
export const CHANCE_WORDS: Readonly<Record<string, { pt: string; en: string }>> = {
  pleno: { pt: 'pleno', en: 'straight up (pleno)' },
  cavalo: { pt: 'cavalo', en: 'split (cavalo)' },
  rua: { pt: 'rua', en: 'street (rua)' },
  quadro: { pt: 'quadro', en: 'corner (quadro)' },
  linha: { pt: 'linha', en: 'six line (linha)' },
  duzia: { pt: 'dúzia', en: 'dozen (dúzia)' },
  coluna: { pt: 'coluna', en: 'column (coluna)' },
  cavaloDuzia: { pt: 'cavalo de dúzia', en: 'two dozens (cavalo de dúzia)' },
  cavaloColuna: { pt: 'cavalo de coluna', en: 'two columns (cavalo de coluna)' },
  par: { pt: 'par', en: 'even (par)' },
  impar: { pt: 'ímpar', en: 'odd (ímpar)' },
  menor: { pt: 'menor', en: 'low 1-18 (menor)' },
  maior: { pt: 'maior', en: 'high 19-36 (maior)' },
  encarnado: { pt: 'encarnado', en: 'red (encarnado)' },
  preto: { pt: 'preto', en: 'black (preto)' },
  simples: { pt: 'chance simples', en: 'even-money chance (chance simples)' },
};

const chancePt = (p: Params) => CHANCE_WORDS[String(p.chance)]?.pt ?? String(p.chance);
const chanceEn = (p: Params) => CHANCE_WORDS[String(p.chance)]?.en ?? String(p.chance);
/** The bet as placed: its chance and, when any, its numbers ('cavalo 17-20'). */
const betPt = (p: Params) => (p.numbers === '' || p.numbers === undefined ? chancePt(p) : `${chancePt(p)} ${p.numbers}`);
const betEn = (p: Params) => (p.numbers === '' || p.numbers === undefined ? chanceEn(p) : `${chanceEn(p)} ${p.numbers}`);

/** Why a bet is illegal (reason codes of ROULETTE_BET_ILLEGAL), per language. */
const BET_REASONS: Record<string, { pt: (p: Params) => string; en: (p: Params) => string }> = {
  'unknown-chance': { pt: () => 'não é uma das apostas permitidas', en: () => 'it is not one of the permitted bets' },
  'numbers-missing': { pt: () => 'faltam os números cobertos pela aposta', en: () => 'the numbers the bet covers are missing' },
  'numbers-on-simple': {
    pt: () => 'uma chance simples não se marca com números',
    en: () => 'an even-money chance is not placed on numbers',
  },
  'out-of-range': { pt: () => 'só há os números 0 a 36', en: () => 'there are only the numbers 0 to 36' },
  repeated: { pt: () => 'há números repetidos', en: () => 'numbers are repeated' },
  count: { pt: (p) => `cobre ${p.expected} números`, en: (p) => `it covers ${p.expected} numbers` },
  'not-adjacent': { pt: () => 'os dois números não são vizinhos no pano', en: () => 'the two numbers are not next to each other on the layout' },
  'not-a-row': { pt: () => 'os três números não formam uma rua do pano', en: () => 'the three numbers are not a street of the layout' },
  'not-a-square': { pt: () => 'os quatro números não formam um quadrado no pano', en: () => 'the four numbers are not a square on the layout' },
  'not-two-rows': { pt: () => 'os seis números não são duas ruas seguidas', en: () => 'the six numbers are not two adjacent streets' },
  'not-a-dozen': { pt: () => 'não é 1-12, 13-24 nem 25-36', en: () => 'it is not 1-12, 13-24 or 25-36' },
  'not-a-column': { pt: () => 'não é uma das três colunas', en: () => 'it is not one of the three columns' },
  'not-two-dozens': { pt: () => 'não são duas dúzias seguidas (1-24 ou 13-36)', en: () => 'they are not two adjacent dozens (1-24 or 13-36)' },
  'not-two-columns': { pt: () => 'não são duas colunas seguidas', en: () => 'they are not two adjacent columns' },
};

const betReasonPt = (p: Params) => BET_REASONS[String(p.reason)]?.pt(p) ?? String(p.reason);
const betReasonEn = (p: Params) => BET_REASONS[String(p.reason)]?.en(p) ?? String(p.reason);

/** Why a wheel sequence is refused (reason codes of ROULETTE_WHEEL_INVALID). */
const WHEEL_REASONS: Record<string, { pt: (p: Params) => string; en: (p: Params) => string }> = {
  length: { pt: (p) => `tem ${p.count} números em vez de 37`, en: (p) => `it has ${p.count} numbers instead of 37` },
  'out-of-range': { pt: (p) => `«${p.value}» não é um número de 0 a 36`, en: (p) => `"${p.value}" is not a number from 0 to 36` },
  repeated: { pt: (p) => `o ${p.number} aparece duas vezes e falta o ${p.missing}`, en: (p) => `${p.number} appears twice and ${p.missing} is missing` },
};

const wheelReasonPt = (p: Params) => WHEEL_REASONS[String(p.reason)]?.pt(p) ?? String(p.reason);
const wheelReasonEn = (p: Params) => WHEEL_REASONS[String(p.reason)]?.en(p) ?? String(p.reason);

/** The directions of a launch (X.15), as the Portaria words them, per language. */
const DIRECTION_WORDS: Readonly<Record<string, { pt: string; en: string }>> = {
  left_to_right: { pt: 'da esquerda para a direita', en: 'from left to right' },
  right_to_left: { pt: 'da direita para a esquerda', en: 'from right to left' },
};
const directionPt = (d: unknown) => DIRECTION_WORDS[String(d)]?.pt ?? String(d);
const directionEn = (d: unknown) => DIRECTION_WORDS[String(d)]?.en ?? String(d);
const otherWay = (d: unknown) => (d === 'left_to_right' ? 'right_to_left' : 'left_to_right');

/** "1 ficha é 5,00 €", "2 fichas são 10,00 €": n chips of a value in cents. */
const chipsPt = (n: unknown, valueCents: unknown) => (Number(n) === 1 ? `1 ficha é ${eurPt(valueCents)}` : `${n} fichas são ${eurPt(Number(n) * Number(valueCents))}`);
const chipsEn = (n: unknown, valueCents: unknown) => (Number(n) === 1 ? `1 chip is ${eurEn(valueCents)}` : `${n} chips are ${eurEn(Number(n) * Number(valueCents))}`);
/** The whole numbers of chips either side of a stake (none below the first chip). */
const wholePt = (p: Params) => [...(Number(p.fewer) > 0 ? [chipsPt(p.fewer, p.valueCents)] : []), chipsPt(p.more, p.valueCents)].join(', ');
const wholeEn = (p: Params) => [...(Number(p.fewer) > 0 ? [chipsEn(p.fewer, p.valueCents)] : []), chipsEn(p.more, p.valueCents)].join(', ');

/** The colours marked at a table (`marked`: colour and value in cents, tab-separated, one a line) as "azul 5,00 €, verde 10,00 €". */
const markedIn = (marked: unknown, eur: (v: unknown) => string) =>
  String(marked ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [colour = '', value = ''] = line.split('\t');
      return `${colour} ${eur(value)}`;
    })
    .join(', ');

/** A ','-joined list of amounts in cents, each formatted: "100,500" as "1,00 €, 5,00 €". */
const amounts = (list: unknown, eur: (v: unknown) => string) =>
  String(list ?? '')
    .split(',')
    .filter(Boolean)
    .map(eur)
    .join(', ');

export const rouletteErrors = errors({
  ROULETTE_BET_ILLEGAL: {
    pt: (p) => `Aposta recusada: ${betPt(p)}: ${betReasonPt(p)} (${p.article}).`,
    en: (p) => `Bet refused: ${betEn(p)}: ${betReasonEn(p)} (${p.article}).`,
  },
  ROULETTE_NUMBER_INVALID: {
    pt: (p) => `Número «${p.number}» inválido: a roleta tem os números 0 a 36 (${p.article}).`,
    en: (p) => `Invalid number "${p.number}": the wheel holds the numbers 0 to 36 (${p.article}).`,
  },
  ROULETTE_STAKE_OUT_OF_LIMITS: {
    pt: (p) => `Aposta de ${eurPt(p.amountCents)} em ${chancePt(p)} fora dos limites da banca: mínimo ${eurPt(p.minimumCents)}, máximo ${eurPt(p.maximumCents)} (${p.article}).`,
    en: (p) => `A ${eurEn(p.amountCents)} bet on ${chanceEn(p)} is outside the table's limits: minimum ${eurEn(p.minimumCents)}, maximum ${eurEn(p.maximumCents)} (${p.article}).`,
  },
  ROULETTE_STAKE_ODD: {
    pt: (p) => `Um ${chancePt(p)} de ${eurPt(p.amountCents)} pagaria meio cêntimo: o prémio é 1/2 do valor, que tem de ser um número par de cêntimos (${p.article}).`,
    en: (p) => `A ${eurEn(p.amountCents)} ${chanceEn(p)} would pay half a cent: the prize is 1/2 of the stake, which must be an even number of cents (${p.article}).`,
  },
  ROULETTE_WHEEL_INVALID: {
    pt: (p) => `Sequência da roleta recusada: ${wheelReasonPt(p)}; uma roleta tem os 37 números de 0 a 36, cada um uma vez (X.2, X.6).`,
    en: (p) => `Wheel sequence refused: ${wheelReasonEn(p)}; a wheel holds the 37 numbers 0 to 36, each once (X.2, X.6).`,
  },
  ROULETTE_CHIP_VALUE_INVALID: {
    pt: (p) => `Valor de ${eurPt(p.valueCents)} recusado para as fichas sem valor facial: tem de estar entre o mínimo ${eurPt(p.minimumCents)} e o máximo ${eurPt(p.maximumCents)} de um pleno nesta banca (${p.article}).`,
    en: (p) => `A value of ${eurEn(p.valueCents)} is refused for chips without face value: it must lie between this table's pleno minimum ${eurEn(p.minimumCents)} and maximum ${eurEn(p.maximumCents)} (${p.article}).`,
  },
  ROULETTE_COLOUR_NOT_MARKED: {
    pt: (p) =>
      p.marked === ''
        ? `As fichas «${p.colour}» não estão marcadas na mesa ${p.table}, que não tem nenhuma cor marcada: o fiscal marca primeiro o valor das fichas sem valor facial (${p.article}).`
        : `As fichas «${p.colour}» não estão marcadas na mesa ${p.table}: só se jogam nela as cores que o fiscal lá marcou (${markedIn(p.marked, eurPt)}) (${p.article}).`,
    en: (p) =>
      p.marked === ''
        ? `"${p.colour}" chips are not marked at table ${p.table}, which has no colour marked: the fiscal first marks the value of the chips without face value (${p.article}).`
        : `"${p.colour}" chips are not marked at table ${p.table}: only the colours the fiscal marked there are played at it (${markedIn(p.marked, eurEn)}) (${p.article}).`,
  },
  ROULETTE_COLOUR_STAKE_NOT_WHOLE: {
    pt: (p) =>
      `Aposta de ${eurPt(p.amountCents)} em fichas «${p.colour}» recusada: cada ficha «${p.colour}» vale ${eurPt(p.valueCents)} nesta mesa e ${eurPt(p.amountCents)} não é um número inteiro de fichas (${wholePt(p)}) (${p.article}).`,
    en: (p) =>
      `A ${eurEn(p.amountCents)} bet in "${p.colour}" chips is refused: each "${p.colour}" chip is worth ${eurEn(p.valueCents)} at this table and ${eurEn(p.amountCents)} is not a whole number of chips (${wholeEn(p)}) (${p.article}).`,
  },
  ROULETTE_LAUNCH_DIRECTION: {
    pt: (p) =>
      p.after === 'null_spin'
        ? `Lançamento ${directionPt(p.given)} recusado: depois de um golpe nulo a bola volta ao número do golpe anterior e lança-se de novo no mesmo sentido, ${directionPt(p.expected)} (${p.article}).`
        : `Lançamento ${directionPt(p.given)} recusado: o lançamento anterior foi ${directionPt(otherWay(p.expected))}, por isso este é ${directionPt(p.expected)}: a bola lança-se alternadamente num sentido e no outro (${p.article}).`,
    en: (p) =>
      p.after === 'null_spin'
        ? `A launch ${directionEn(p.given)} is refused: after a null spin (golpe nulo) the ball goes back to the previous number and is launched again the same way, ${directionEn(p.expected)} (${p.article}).`
        : `A launch ${directionEn(p.given)} is refused: the previous launch was ${directionEn(otherWay(p.expected))}, so this one is ${directionEn(p.expected)}: the ball is launched alternately one way and the other (${p.article}).`,
  },
  ROULETTE_LAUNCH_DIRECTION_REQUIRED: {
    pt: (p) =>
      `Indique o sentido do lançamento (da esquerda para a direita ou da direita para a esquerda): é o primeiro registado nesta mesa, e os seguintes alternam a partir dele (${p.article}).`,
    en: (p) => `Give the launch's direction (from left to right or from right to left): it is the first logged at this table, and the next ones alternate from it (${p.article}).`,
  },
});

/** The tables themselves (registration and lookup): no article, they are the hall's own. */
export const rouletteTableErrors = errors({
  ROULETTE_TABLE_TAKEN: {
    pt: (p) => `A mesa ${p.code} já está registada.`,
    en: (p) => `Table ${p.code} is already registered.`,
  },
  LIMITS_NO_PRINTER: {
    pt: () => 'Não há impressora de recibos configurada: a tabela de limites não pode ser impressa (Configuração → Impressoras).',
    en: () => 'No receipts printer is configured: the limits sign cannot be printed (Settings → Printers).',
  },
  ROULETTE_TABLE_NOT_FOUND: {
    pt: (p) => `A mesa ${p.code} não está registada.`,
    en: (p) => `Table ${p.code} is not registered.`,
  },
});

/** The caixa's chip exchange (IX.6-9). */
export const chipErrors = errors({
  CHIPS_NO_FACE_VALUE: {
    pt: (p) => `Fichas sem valor facial (${eurPt(p.valueCents)}) não são pagas na caixa: troque-as na sua banca (IX.7).`,
    en: (p) => `Chips without face value (${eurEn(p.valueCents)}) are not paid at the caixa: exchange them at their table (IX.7).`,
  },
  // p.valueCents (a value in cents), or p.value (the key as typed); p.values: the face values held, in cents, ','-joined.
  CHIP_VALUE_UNKNOWN: {
    pt: (p) => `A caixa não tem fichas de ${p.valueCents === undefined ? p.value : eurPt(p.valueCents)}: valores faciais aceites: ${amounts(p.values, eurPt)} (IX.8).`,
    en: (p) => `The caixa has no ${p.valueCents === undefined ? p.value : eurEn(p.valueCents)} chips: face values accepted: ${amounts(p.values, eurEn)} (IX.8).`,
  },
  CHIP_COUNT_INVALID: {
    pt: (p) => `Quantidade de fichas de ${eurPt(p.valueCents)} inválida (${p.count}): um número inteiro de ${p.min} a 10 000.`,
    en: (p) => `Invalid count of ${eurEn(p.valueCents)} chips (${p.count}): a whole number from ${p.min} to 10,000.`,
  },
  CHIPS_NOT_IN_FLOAT: {
    pt: (p) => `A caixa não tem fichas de ${eurPt(p.valueCents)} suficientes: tem ${p.have}, pedidas ${p.wanted}. Registe um reforço de fichas vindo do cofre antes de as entregar.`,
    en: (p) => `The caixa does not hold enough ${eurEn(p.valueCents)} chips: it has ${p.have}, ${p.wanted} asked. Record a fill of chips from the vault before handing them over.`,
  },
  CHIPS_COUNT_REQUIRED: {
    pt: () => 'Esta gaveta teve fichas (fundo de fichas, trocas ou cartões pagos em fichas): conte também as fichas por valor para a fechar (Portaria n.º 1441/95, IX.7; DN 80/85, art. 19.º).',
    en: () => 'This drawer held chips (a chip float, exchanges or cards paid in chips): count the chips by value too to close it (Portaria n.º 1441/95, IX.7; DN 80/85, art. 19).',
  },
  // The handover of chips taken for cards to the caixa (DN 80/85, art. 19.º; issue 41).
  CHIPS_HANDOVER_NONE_HELD: {
    pt: () => 'Esta gaveta não recebeu fichas em pagamento de cartões (DN 80/85, art. 19.º): não há fichas a entregar à caixa. Nada foi registado.',
    en: () => 'This drawer took no chips in payment of cards (DN 80/85, art. 19): there are no chips to hand to the caixa. Nothing was recorded.',
  },
  // Blind: never what the drawer holds, only what was asked.
  CHIPS_HANDOVER_EXCEEDS_DRAWER: {
    pt: (p) => `As fichas a entregar (${eurPt(p.totalCents)}) são mais do que as recebidas por esta gaveta em pagamento de cartões (DN 80/85, art. 19.º): conte-as de novo. Nada foi registado.`,
    en: (p) => `The chips to hand over (${eurEn(p.totalCents)}) are more than this drawer took in payment of cards (DN 80/85, art. 19): count them again. Nothing was recorded.`,
  },
  CHIPS_HANDOVER_NOT_CAIXA: {
    pt: (p) => `${p.name} não está na caixa: as fichas entregam-se a um operador da caixa ou a um gerente, que confirma com o seu PIN, nunca ao próprio. Nada foi registado.`,
    en: (p) => `${p.name} is not at the caixa: chips are handed to a caixa operator or a manager, who confirms with their PIN, never to oneself. Nothing was recorded.`,
  },
  CHIPS_HANDOVER_NO_DRAWER: {
    pt: (p) => `${p.name} não tem gaveta aberta: a caixa abre a sua gaveta antes de receber as fichas (DN 80/85, art. 19.º). Nada foi registado.`,
    en: (p) => `${p.name} has no open drawer: the caixa opens their drawer before taking the chips (DN 80/85, art. 19). Nothing was recorded.`,
  },
  CHIPS_HANDOVER_DRAWERS: {
    pt: (p) => `${p.name} tem gavetas abertas em mais de um terminal (${p.terminals}): feche as que não usa antes de receber as fichas. Nada foi registado.`,
    en: (p) => `${p.name} has drawers open at more than one terminal (${p.terminals}): close those not in use before taking the chips. Nothing was recorded.`,
  },
  CHIPS_TENDERED_SHORT: {
    pt: (p) => `Entregue ${eurPt(p.tenderedCents)} para fichas de ${eurPt(p.totalCents)}: falta dinheiro.`,
    en: (p) => `${eurEn(p.tenderedCents)} tendered for ${eurEn(p.totalCents)} of chips: not enough.`,
  },
  CHIP_CHEQUES_OVER_TOTAL: {
    pt: (p) => `Os cheques (${eurPt(p.chequeCents)}) passam o valor das fichas trocadas (${eurPt(p.totalCents)}): corrija os montantes. Nada foi pago.`,
    en: (p) => `The cheques (${eurEn(p.chequeCents)}) exceed the chips redeemed (${eurEn(p.totalCents)}): correct the amounts. Nothing was paid.`,
  },
});
