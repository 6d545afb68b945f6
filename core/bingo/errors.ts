/** Refusals of the bingo domain (Despacho Normativo 80/85): series and faces, sessions, games, sales, the draw and claims, prizes, annulments and refunds. */
import { clock, errors, eurEn, eurPt, type Lang, type Params } from '../catalogue.js';
import type { FaceRule } from './face-rules.js';

/** A claim's kind (`kind`: 'line' or 'bingo'), as pt-PT names it. */
const KIND_PT: Record<string, string> = { line: 'linha', bingo: 'bingo' };
const kindPt = (p: Params) => KIND_PT[String(p.kind)] ?? String(p.kind);
/** The question the manager asks aloud in the hall before closing a kind's claims (art. 14.4): pt-PT in both languages, as it is said. */
const QUESTION: Record<string, string> = { line: 'Mais alguma linha?', bingo: 'Mais algum bingo?' };

/** A game's state (`state`), as each language says a game "is". */
const STATE_WORDS: Record<string, { pt: string; en: string }> = {
  selling: { pt: 'em venda', en: 'selling' },
  sale_closed: { pt: 'venda fechada', en: 'closed for sale' },
  drawing: { pt: 'em extração', en: 'being drawn' },
  finished: { pt: 'terminada', en: 'finished' },
  suspended: { pt: 'suspensa', en: 'suspended' },
  annulled: { pt: 'anulada', en: 'annulled' },
};

/** The rules of card faces (FACES_INVALID `rule`), in words with their article, per language. */
export const FACE_RULE_WORDS: Readonly<Record<FaceRule, { pt: string; en: string }>> = {
  format: {
    pt: 'o ficheiro segue o formato CSV (card,row,n1,...,n5) ou JSON ({"series", "cards"}) documentado',
    en: 'the file follows the documented CSV (card,row,n1,...,n5) or JSON ({"series", "cards"}) format',
  },
  row_count: { pt: 'cada cartão tem 3 filas, art. 3.º, n.º 4', en: 'each card has 3 rows, art. 3(4)' },
  row_size: {
    pt: 'cada fila tem exatamente 5 números, art. 3.º, n.º 4',
    en: 'each row holds exactly 5 numbers, art. 3(4)',
  },
  number_range: { pt: 'os números vão de 1 a 90, art. 3.º, n.º 4', en: 'the numbers run from 1 to 90, art. 3(4)' },
  row_order: {
    pt: 'os números de cada fila vêm por ordem crescente, da 1.ª à 9.ª coluna, art. 3.º, n.º 4',
    en: 'the numbers of each row come in ascending order, column 1 to 9, art. 3(4)',
  },
  row_column_clash: {
    pt: 'cada fila tem no máximo um número por coluna, art. 3.º, n.º 4',
    en: 'each row holds at most one number per column, art. 3(4)',
  },
  duplicate_number: {
    pt: 'os números de um cartão são todos diferentes, art. 3.º, n.º 4',
    en: 'the numbers of a card are all different, art. 3(4)',
  },
  column_full: {
    pt: 'cada coluna tem 1 ou 2 números, nunca 3, art. 3.º, n.º 4',
    en: 'each column holds 1 or 2 numbers, never 3, art. 3(4)',
  },
  column_empty: {
    pt: 'cada coluna tem 1 ou 2 números, nunca 0, art. 3.º, n.º 4',
    en: 'each column holds 1 or 2 numbers, never 0, art. 3(4)',
  },
  card_out_of_range: {
    pt: 'os cartões são numerados de 1 ao número de cartões da série, art. 3.º, n.º 2',
    en: "cards are numbered from 1 to the series' number of cards, art. 3(2)",
  },
  card_duplicate: {
    pt: 'cada cartão da série consta do ficheiro uma só vez, art. 3.º, n.º 2',
    en: 'each card of the series appears in the file once only, art. 3(2)',
  },
  card_missing: {
    pt: 'todos os cartões da série constam do ficheiro, art. 3.º, n.º 2',
    en: 'every card of the series appears in the file, art. 3(2)',
  },
  line_repeated: {
    pt: 'nenhuma combinação de linha se repete na mesma série, art. 3.º, n.º 4',
    en: 'no line combination repeats within a series, art. 3(4)',
  },
  card_repeated: {
    pt: 'nenhuma combinação de bingo (cartão completo) se repete na mesma série, art. 3.º, n.º 4',
    en: 'no bingo (full card) combination repeats within a series, art. 3(4)',
  },
  strip_incomplete: {
    pt: 'cada grupo de 6 cartões (1-6, 7-12, ...) contém todos os números de 1 a 90, uma só vez, art. 4.º, n.º 5',
    en: 'each group of 6 cards (1-6, 7-12, ...) holds every number 1 to 90 exactly once, art. 4(5)',
  },
};

const ordinal = (k: unknown) => `${k}.ª`;
const ordinalEn = (k: unknown) => (Number(k) === 1 ? '1st' : Number(k) === 2 ? '2nd' : Number(k) === 3 ? '3rd' : `${k}th`);
/** A card's column k (1-9) and its numbers: 1-9, 10-19, ..., 80-90. */
const columnRange = (k: unknown) => {
  const c = Number(k);
  return `${c === 1 ? 1 : (c - 1) * 10}-${c === 9 ? 90 : c * 10 - 1}`;
};
const columnPt = (k: unknown) => `a ${ordinal(k)} coluna (${columnRange(k)})`;
const columnEn = (k: unknown) => `the ${ordinalEn(k)} column (${columnRange(k)})`;

/**
 * What a face file was found to hold (the `problem` of FACES_INVALID and
 * FACES_FILE_MALFORMED, core/bingo/faces.ts), per language, from its data:
 * rows and columns counted from 1, `otherCard` the card it clashes with.
 */
const FACE_PROBLEMS: Record<string, { pt: (p: Params) => string; en: (p: Params) => string }> = {
  row_count: { pt: (p) => `tem ${p.rows} filas em vez de 3`, en: (p) => `has ${p.rows} rows instead of 3` },
  row_size: { pt: (p) => `a ${ordinal(p.row)} fila tem ${p.count} números em vez de 5`, en: (p) => `row ${p.row} has ${p.count} numbers instead of 5` },
  number_range: { pt: (p) => `a ${ordinal(p.row)} fila tem o número ${p.found}, fora de 1 a 90`, en: (p) => `row ${p.row} holds ${p.found}, outside 1 to 90` },
  number_twice_in_row: { pt: (p) => `o número ${p.number} aparece duas vezes na ${ordinal(p.row)} fila`, en: (p) => `number ${p.number} appears twice in row ${p.row}` },
  row_order: {
    pt: (p) => `a ${ordinal(p.row)} fila não está por ordem crescente (${p.a} antes de ${p.b})`,
    en: (p) => `row ${p.row} is not in ascending order (${p.a} before ${p.b})`,
  },
  row_column_clash: {
    pt: (p) => `a ${ordinal(p.row)} fila tem ${p.a} e ${p.b} na mesma coluna, ${columnPt(p.column)}`,
    en: (p) => `row ${p.row} has ${p.a} and ${p.b} in the same column, ${columnEn(p.column)}`,
  },
  number_in_two_rows: {
    pt: (p) => `o número ${p.number} aparece na ${ordinal(p.row)} e na ${ordinal(p.otherRow)} fila`,
    en: (p) => `number ${p.number} appears in rows ${p.row} and ${p.otherRow}`,
  },
  column_full: { pt: (p) => `${columnPt(p.column)} tem 3 números`, en: (p) => `${columnEn(p.column)} holds 3 numbers` },
  column_empty: { pt: (p) => `${columnPt(p.column)} não tem nenhum número`, en: (p) => `${columnEn(p.column)} holds no number` },
  card_out_of_range: { pt: (p) => `está fora da série, numerada de 1 a ${p.size}`, en: (p) => `is outside the series, numbered 1 to ${p.size}` },
  card_duplicate: { pt: () => 'aparece mais de uma vez no ficheiro', en: () => 'appears more than once in the file' },
  card_missing: { pt: (p) => `falta no ficheiro (a série tem ${p.size} cartões)`, en: (p) => `is missing from the file (the series has ${p.size} cards)` },
  strip_short: {
    pt: (p) => `a última tira (cartões ${p.first} a ${p.last}) tem só ${p.cards} cartões; uma série em tiras tem um múltiplo de 6 cartões`,
    en: (p) => `the last strip (cards ${p.first} to ${p.last}) has only ${p.cards} cards; a series of strips has a multiple of 6 cards`,
  },
  line_repeated: {
    pt: (p) => `a ${ordinal(p.row)} fila (${p.numbers}) repete a ${ordinal(p.otherRow)} fila do cartão n.º ${p.otherCard}`,
    en: (p) => `row ${p.row} (${p.numbers}) repeats row ${p.otherRow} of card no. ${p.otherCard}`,
  },
  card_repeated: { pt: (p) => `tem os mesmos 15 números que o cartão n.º ${p.otherCard}`, en: (p) => `holds the same 15 numbers as card no. ${p.otherCard}` },
  number_twice_in_strip: {
    pt: (p) => `o número ${p.number} já está no cartão n.º ${p.otherCard} da mesma tira (cartões ${p.first} a ${p.last})`,
    en: (p) => `number ${p.number} is already on card no. ${p.otherCard} of the same strip (cards ${p.first} to ${p.last})`,
  },
  strip_lacks_number: {
    pt: (p) => `a tira dos cartões ${p.first} a ${p.last} não tem o número ${p.number}`,
    en: (p) => `the strip of cards ${p.first} to ${p.last} lacks number ${p.number}`,
  },
  // The file's format; p.message: the JSON parser's own words.
  json_invalid: { pt: (p) => `JSON inválido (${p.message})`, en: (p) => `invalid JSON (${p.message})` },
  json_not_object: {
    pt: () => 'o JSON deve ser um objeto {"series": ..., "cards": [...]}',
    en: () => 'the JSON must be an object {"series": ..., "cards": [...]}',
  },
  series_not_text: { pt: () => '"series" deve ser o código da série (texto)', en: () => '"series" must be the series code (text)' },
  cards_missing: { pt: () => 'falta a lista "cards"', en: () => 'the "cards" list is missing' },
  item_not_object: { pt: (p) => `o ${p.item}.º elemento de "cards" não é um objeto`, en: (p) => `item ${p.item} of "cards" is not an object` },
  item_card_not_whole: {
    pt: (p) => `o ${p.item}.º elemento de "cards" não tem um número de cartão inteiro em "card"`,
    en: (p) => `item ${p.item} of "cards" has no whole card number in "card"`,
  },
  rows_not_numbers: {
    pt: () => '"rows" deve ser uma lista de filas, cada uma uma lista de números inteiros',
    en: () => '"rows" must be a list of rows, each a list of whole numbers',
  },
  file_empty: { pt: () => 'o ficheiro está vazio', en: () => 'the file is empty' },
  header_invalid: { pt: (p) => `o cabeçalho deve ser "${p.header}"`, en: (p) => `the header must be "${p.header}"` },
  field_count: { pt: (p) => `tem ${p.count} campos em vez de 7 (card,row,n1,...,n5)`, en: (p) => `has ${p.count} fields instead of 7 (card,row,n1,...,n5)` },
  field_not_whole: { pt: (p) => `o campo "${p.field}" não é um número inteiro ("${p.value}")`, en: (p) => `field "${p.field}" is not a whole number ("${p.value}")` },
  row_invalid: { pt: (p) => `a fila deve ser 1, 2 ou 3 (encontrado ${p.row})`, en: (p) => `the row must be 1, 2 or 3 (found ${p.row})` },
  row_repeated: { pt: (p) => `o cartão n.º ${p.card} já tem a ${ordinal(p.row)} fila`, en: (p) => `card no. ${p.card} already has row ${p.row}` },
  row_missing: { pt: (p) => `o cartão n.º ${p.card} não tem a ${ordinal(p.row)} fila`, en: (p) => `card no. ${p.card} lacks row ${p.row}` },
};

/** What a face file was found to hold, in words (`problem` and its data). */
export function faceProblemText(p: Params, lang: Lang): string {
  const words = FACE_PROBLEMS[String(p.problem)];
  if (!words) return String(p.problem);
  return lang === 'en' ? words.en(p) : words.pt(p);
}

const faceRule = (p: Params, lang: 'pt' | 'en') => FACE_RULE_WORDS[p.rule as FaceRule]?.[lang] ?? String(p.rule);
/** Where a malformed face file fails: its line, else the card, else its content. */
const facesWherePt = (p: Params) => (p.line !== undefined ? `linha ${p.line}` : Number(p.card) > 0 ? `cartão n.º ${p.card}` : 'conteúdo');
const facesWhereEn = (p: Params) => (p.line !== undefined ? `line ${p.line}` : Number(p.card) > 0 ? `card no. ${p.card}` : 'content');

/** Why an annulment's reason does not fit the game (ANNUL_REASON_MISMATCH `problem`), per language. */
const ANNUL_PROBLEMS: Record<string, { pt: string; en: string }> = {
  balls_drawn: {
    pt: 'já saíram bolas: a extração continua à mão ou anula-se pelo art. 16.º, n.º 2',
    en: 'balls were already drawn: the draw goes on by hand or is annulled under art. 16(2)',
  },
  not_suspended: {
    pt: 'suspenda primeiro a jogada; só se anula se a avaria não se resolver em 15 minutos (art. 16.º, n.º 1)',
    en: 'suspend the game first; it is annulled only if the failure is not solved within 15 minutes (art. 16(1))',
  },
  no_ball_drawn: {
    pt: 'ainda não saiu nenhuma bola: suspenda a jogada e, passados 15 minutos, anule-a pelo art. 16.º, n.º 1',
    en: 'no ball was drawn yet: suspend the game and after 15 minutes annul it under art. 16(1)',
  },
  draw_goes_on_by_hand: {
    pt: 'já saíram bolas: continue a extração à mão (art. 16.º, n.º 2); se não for possível, suspenda a jogada e só passados 15 minutos a anule',
    en: 'balls were drawn: go on drawing by hand (art. 16(2)); if that is not possible, suspend the game and annul it only after 15 minutes',
  },
};

export const bingoErrors = errors({
  SERIES_CODE_TAKEN: {
    pt: (p) => `A série ${p.code} já está registada.`,
    en: (p) => `Series ${p.code} is already registered.`,
  },
  SERIES_NOT_FOUND: {
    pt: (p) => `A série ${p.code} não está registada.`,
    en: (p) => `Series ${p.code} is not registered.`,
  },
  SERIES_EXHAUSTED: {
    pt: (p) => `A série ${p.code} está esgotada (vendida até ao n.º ${p.size}).`,
    en: (p) => `Series ${p.code} is sold out (sold up to no. ${p.size}).`,
  },
  SESSION_ALREADY_OPEN: {
    pt: (p) => `Já existe uma sessão aberta (n.º ${p.sessionId}); feche-a antes de abrir outra.`,
    en: (p) => `A session is already open (no. ${p.sessionId}); close it before opening another.`,
  },
  NO_OPEN_SESSION: {
    pt: () => 'Não há sessão aberta: o gerente deve abrir a sessão.',
    en: () => 'No session is open: a manager must open the session.',
  },
  CLOSE_TIME_INVALID: {
    pt: () => 'A hora de encerramento da sessão deve ser posterior à hora atual e nas próximas 24 horas.',
    en: () => 'The session closing time must be after now and within the next 24 hours.',
  },
  GAME_ALREADY_SELLING: {
    pt: (p) => `A jogada n.º ${p.number} ainda está em venda: feche a venda antes de abrir a seguinte.`,
    en: (p) => `Game no. ${p.number} is still selling: close its sale before opening the next.`,
  },
  GAME_NOT_FOUND: {
    pt: (p) => `A jogada ${p.gameId} não existe.`,
    en: (p) => `Game ${p.gameId} does not exist.`,
  },
  GAME_NOT_SELLING: {
    pt: (p) => `A jogada n.º ${p.number} não está em venda (estado: ${p.state}).`,
    en: (p) => `Game no. ${p.number} is not selling (state: ${p.state}).`,
  },
  SECOND_SERIES_SAME_AS_FIRST: {
    pt: () => 'A segunda série tem de ser diferente da primeira (art. 12.º, n.º 3).',
    en: () => 'The second series must differ from the first (art. 12(3)).',
  },
  SECOND_SERIES_PRICE_MISMATCH: {
    pt: (p) => `A série ${p.code} não pode ser a segunda série: o preço tem de ser igual ao da primeira (${p.expected}), art. 12.º, n.º 3.`,
    en: (p) => `Series ${p.code} cannot be the second series: its price must equal the first's (${p.expected}), art. 12(3).`,
  },
  SECOND_SERIES_NOT_FRESH: {
    pt: (p) => `A série ${p.code} não pode ser a segunda série: tem de começar no n.º 1 e já foi vendida até ao n.º ${p.soldTo} (art. 12.º, n.º 3).`,
    en: (p) => `Series ${p.code} cannot be the second series: it must start at no. 1 and was already sold up to no. ${p.soldTo} (art. 12(3)).`,
  },
  SECOND_SERIES_NOT_ALLOWED: {
    pt: (p) => `Não pode haver segunda série: a série ${p.code} começa no n.º 1 nesta jogada (art. 12.º, n.º 3).`,
    en: (p) => `No second series is possible: series ${p.code} starts at no. 1 in this game (art. 12(3)).`,
  },
  // Sold out says just that; fewer cards than asked say how many are left and why the second series stops (art. 12.3).
  NOT_ENOUGH_CARDS: {
    pt: (p) =>
      Number(p.available) === 0
        ? 'Esgotado: já não há cartões para vender nesta jogada.'
        : `${Number(p.available) === 1 ? 'Só resta 1 cartão' : `Só restam ${p.available} cartões`} nesta jogada e foram pedidos ${p.requested}.` +
          (Number(p.cap) > 0 ? ` A segunda série só pode ser vendida até ao n.º ${p.cap} (art. 12.º, n.º 3).` : ' Não há segunda série que possa ser vendida (art. 12.º, n.º 3).'),
    en: (p) =>
      Number(p.available) === 0
        ? 'Sold out: there are no cards left to sell in this game.'
        : `Only ${p.available} ${Number(p.available) === 1 ? 'card is' : 'cards are'} left in this game and ${p.requested} were asked for.` +
          (Number(p.cap) > 0 ? ` The second series may only be sold up to no. ${p.cap} (art. 12(3)).` : ' No second series can be sold (art. 12(3)).'),
  },
  QUANTITY_OUT_OF_RANGE: {
    pt: (p) => `A quantidade tem de ser um número inteiro de 1 a ${p.max} cartões por venda.`,
    en: (p) => `The quantity must be a whole number from 1 to ${p.max} cards per sale.`,
  },
  PAYMENT_METHOD_NOT_ALLOWED: {
    pt: (p) => `Pagamento recusado (${p.method}): os cartões de bingo só podem ser pagos em numerário; cheques, cartões e crédito não são aceites (art. 12.º, n.º 4, do Despacho Normativo 80/85).`,
    en: (p) => `Payment refused (${p.method}): bingo cards may only be paid in cash; cheques, cards and credit are not accepted (art. 12(4), Despacho Normativo 80/85).`,
  },
  CHIPS_NOT_ALLOWED: {
    pt: () => 'Pagamento em fichas recusado: esta sala não está autorizada a aceitar fichas de jogo (art. 19.º); pague em numerário (art. 12.º, n.º 4).',
    en: () => 'Payment in chips refused: this hall is not authorised to take gaming chips (art. 19); pay in cash (art. 12(4)).',
  },
  TENDERED_INSUFFICIENT: {
    pt: (p) => `Valor entregue insuficiente: ${eurPt(p.tenderedCents)} para um total de ${eurPt(p.totalCents)}.`,
    en: (p) => `Amount tendered is not enough: ${eurEn(p.tenderedCents)} for a total of ${eurEn(p.totalCents)}.`,
  },
  NOTHING_TO_VOID: {
    pt: (p) => `Não há venda a anular na jogada n.º ${p.number}.`,
    en: (p) => `There is no sale to void in game no. ${p.number}.`,
  },
  VOID_NOT_LAST_SALE: {
    pt: (p) => `A venda n.º ${p.saleId} já não é a última da jogada: entretanto foi feita a venda n.º ${p.lastSaleId}. Nada foi anulado; só se pode anular a venda mais recente.`,
    en: (p) => `Sale no. ${p.saleId} is no longer the game's last: sale no. ${p.lastSaleId} has been made since. Nothing was voided; only the most recent sale can be voided.`,
  },
  // Decision (issue 24): the cards and the cash are at the counter that sold them; the money comes back out of that drawer.
  VOID_AT_SALE_TERMINAL: {
    pt: (p) => `A venda n.º ${p.saleId} foi feita no terminal ${p.terminal}: anule-a nesse terminal, onde estão os cartões e o dinheiro da venda. Nada foi anulado.`,
    en: (p) => `Sale no. ${p.saleId} was made at terminal ${p.terminal}: void it at that terminal, where the sale's cards and cash are. Nothing was voided.`,
  },
  SALE_ALREADY_VOIDED: {
    pt: (p) => `A última venda da jogada (n.º ${p.saleId}) já foi anulada; só a venda mais recente pode ser anulada.`,
    en: (p) => `The game's last sale (no. ${p.saleId}) was already voided; only the most recent sale can be voided.`,
  },
  NO_CARDS_SOLD: {
    pt: (p) => `Não é possível fechar a venda da jogada n.º ${p.number}: nenhum cartão foi vendido.`,
    en: (p) => `Cannot close the sale of game no. ${p.number}: no card was sold.`,
  },
  FACES_INVALID: {
    pt: (p) => `Ficheiro de faces recusado: cartão n.º ${p.card}: ${faceProblemText(p, 'pt-PT')} (regra: ${faceRule(p, 'pt')}). Nada foi importado.`,
    en: (p) => `Face file refused: card no. ${p.card}: ${faceProblemText(p, 'en')} (rule: ${faceRule(p, 'en')}). Nothing was imported.`,
  },
  FACES_FILE_MALFORMED: {
    pt: (p) => `Ficheiro de faces recusado: ${facesWherePt(p)}: ${faceProblemText(p, 'pt-PT')}. Nada foi importado.`,
    en: (p) => `Face file refused: ${facesWhereEn(p)}: ${faceProblemText(p, 'en')}. Nothing was imported.`,
  },
  STAMP_DUTY_NOT_SET: {
    pt: () => 'Defina a taxa do imposto do selo nas configurações da sala antes da primeira jogada (art. 17.º, n.º 3).',
    en: () => 'Set the stamp duty rate in the hall settings before the first game (art. 17(3)).',
  },
  NO_BALL_SET: {
    pt: () => 'Registe o jogo de bolas em uso antes de abrir a jogada (art. 5.º, n.º 3).',
    en: () => 'Register the ball set in use before opening the game (art. 5(3)).',
  },
  BALL_SET_WORN_OUT: {
    pt: (p) => `O jogo de bolas ${p.serial} já serviu ${p.games} jogadas, o máximo permitido: registe um jogo novo (art. 5.º, n.º 3).`,
    en: (p) => `Ball set ${p.serial} has served ${p.games} games, the maximum allowed: register a new set (art. 5(3)).`,
  },
  BALL_SET_SERIAL_TAKEN: {
    pt: (p) => `O jogo de bolas ${p.serial} já foi registado.`,
    en: (p) => `Ball set ${p.serial} is already registered.`,
  },
  GAME_AFTER_CLOSING_TIME: {
    pt: (p, zone) => `Já passou a hora de encerramento da sessão (${clock(p.closeAt, zone)}): não se abrem mais jogadas; encerre a sessão.`,
    en: (p, zone) => `The session's closing time (${clock(p.closeAt, zone)}) has passed: no more games open; close the session.`,
  },
  // p.missing: the kinds not recorded, comma-separated ('balls', 'material'), worded by each language.
  SESSION_START_CHECK_MISSING: {
    pt: (p) =>
      `Antes da primeira jogada registe as verificações do início da sessão em falta (${words(p.missing, { balls: 'bolas', material: 'material' }, ' e ')}): todas as bolas passadas pelo mecanismo de extração (art. 5.º, n.º 2) e o material verificado (art. 11.º, n.º 1). Acta → Verificações → Início.`,
    en: (p) =>
      `Before the first game record the missing start-of-session checks (${words(p.missing, { balls: 'balls', material: 'material' }, ' and ')}): every ball passed through the extraction mechanism (art. 5(2)) and the material checked (art. 11(1)). Acta → Checks → Start.`,
  },
  // p.becameLast: 'opened' (opened within the last 10 minutes) or 'draw' (opened earlier, its draw began within them); p.at: that moment.
  LAST_GAME_PLAYED: {
    pt: (p, zone) =>
      `A jogada n.º ${p.number} é a última desta sessão: nos 10 minutos antes do encerramento (${clock(p.closeAt, zone)}) só se realiza mais uma jogada, e ${
        p.becameLast === 'draw'
          ? `esta, aberta antes, passou a ser a última ao começar a extração às ${clock(p.at, zone)}`
          : `esta foi aberta às ${clock(p.at, zone)}`
      }; não se pode abrir outra (DN 80/85, art. 14.º, n.º 5).`,
    en: (p, zone) =>
      `Game no. ${p.number} is this session's last: within the 10 minutes before closing (${clock(p.closeAt, zone)}) only one more game may be held, and ${
        p.becameLast === 'draw' ? `this one, opened earlier, became the last when its draw began at ${clock(p.at, zone)}` : `this one was opened at ${clock(p.at, zone)}`
      }; no further game can be opened (DN 80/85, art. 14(5)).`,
  },
  LAST_GAME_WAITING: {
    pt: (p) => `Faltam menos de 10 minutos para o encerramento e a jogada n.º ${p.number} ainda não começou a extração: será ela a última da sessão quando a extração começar; não se abre outra (art. 14.º, n.º 5).`,
    en: (p) => `Less than 10 minutes to closing and game no. ${p.number} has not begun its draw: it will be the session's last when its draw begins; no other game opens (art. 14(5)).`,
  },
  DRAW_IN_PROGRESS: {
    pt: (p) => `A jogada n.º ${p.drawing} está em extração: a sala tem um só mecanismo de extração e um só painel (art. 6.º, n.º 2, 7.º, n.º 1, e 14.º, n.º 1). A extração da jogada n.º ${p.number} começa quando a da n.º ${p.drawing} terminar.`,
    en: (p) => `Game no. ${p.drawing} is being drawn: the hall has one extraction mechanism and one board (art. 6(2), 7(1), 14(1)). The draw of game no. ${p.number} begins once no. ${p.drawing}'s has ended.`,
  },
  LAST_GAME_HELD: {
    pt: (p) => `A jogada n.º ${p.last} é a última da sessão (art. 14.º, n.º 5): a jogada n.º ${p.number} já não se pode realizar; anule-a com o motivo «hora de encerramento», que devolve todas as vendas por inteiro (art. 16.º, n.º 3).`,
    en: (p) => `Game no. ${p.last} is the session's last (art. 14(5)): game no. ${p.number} can no longer be played; annul it with the reason "closing time", which refunds every sale in full (art. 16(3)).`,
  },
  DRAW_AFTER_CLOSING_TIME: {
    pt: (p, zone) => `Já passou a hora de encerramento da sessão (${clock(p.closeAt, zone)}): a extração da jogada n.º ${p.number} não pode começar; anule-a com o motivo «hora de encerramento», que devolve todas as vendas por inteiro (art. 14.º, n.º 5, e 16.º, n.º 3).`,
    en: (p, zone) => `The session's closing time (${clock(p.closeAt, zone)}) has passed: the draw of game no. ${p.number} cannot begin; annul it with the reason "closing time", which refunds every sale in full (art. 14(5), 16(3)).`,
  },
  DOUBLE_LAST_AT_DRAW: {
    pt: (p, zone) => `Desde as ${clock(p.from, zone)} só se pode realizar mais uma jogada (art. 14.º, n.º 5): a jogada n.º ${p.number} é a primeira de uma jogada de cartões duplos e a segunda já não se jogaria (art. 3.º, n.º 5). Anule-a com o motivo «hora de encerramento».`,
    en: (p, zone) => `Since ${clock(p.from, zone)} only one more game may be held (art. 14(5)): game no. ${p.number} is the first of a double-card pair and its second could not be played (art. 3(5)). Annul it with the reason "closing time".`,
  },
  LAST_GAME_ANNOUNCE_FIRST: {
    pt: (p) => `Faltam menos de 10 minutos para o encerramento: a jogada n.º ${p.number} passa a ser a última da sessão. Anuncie em voz alta «Última jogada da sessão.» antes da primeira bola e confirme (art. 14.º, n.º 5).`,
    en: (p) => `Less than 10 minutes to closing: game no. ${p.number} becomes the session's last. Announce aloud «Última jogada da sessão.» ("Last game of the session.") before the first ball, then confirm (art. 14(5)).`,
  },
  SALE_AFTER_CLOSING_TIME: {
    pt: (p, zone) => `Já passou a hora de encerramento da sessão (${clock(p.closeAt, zone)}): não se vendem mais cartões (art. 14.º, n.º 5).`,
    en: (p, zone) => `The session's closing time (${clock(p.closeAt, zone)}) has passed: no more cards are sold (art. 14(5)).`,
  },
  SALE_GAME_NOT_PLAYABLE: {
    pt: (p) => `A jogada n.º ${p.number} já não se pode realizar antes do encerramento (art. 14.º, n.º 5): não vende mais cartões; o gerente anula-a e as vendas feitas são devolvidas por inteiro.`,
    en: (p) => `Game no. ${p.number} can no longer be played before closing (art. 14(5)): it sells no more cards; the manager annuls it and the sales made are refunded in full.`,
  },
  RESUME_TOO_LATE: {
    pt: (p, zone) => `A jogada n.º ${p.number} está suspensa desde as ${clock(p.since, zone)}: a avaria não se resolveu em ${p.minutes} minutos, a jogada já não se retoma; anule-a e o preço dos cartões é devolvido (art. 16.º, n.º 1).`,
    en: (p, zone) => `Game no. ${p.number} has been suspended since ${clock(p.since, zone)}: the failure was not solved within ${p.minutes} minutes, so the game cannot resume; annul it and the cards' price is refunded (art. 16(1)).`,
  },
  ANNUL_CLOSING_TIME_DRAW_BEGUN: {
    pt: (p) => `A extração da jogada n.º ${p.number} já começou (${p.balls} ${Number(p.balls) === 1 ? 'bola' : 'bolas'}): uma extração começada antes da hora de encerramento termina; a hora de encerramento não a anula (art. 14.º, n.º 5).`,
    en: (p) => `The draw of game no. ${p.number} has begun (${p.balls} ${Number(p.balls) === 1 ? 'ball' : 'balls'}): a draw begun before the closing time is finished; the closing time does not annul it (art. 14(5)).`,
  },
  ANNUL_NOT_CLOSING_TIME: {
    pt: (p, zone) => `A jogada n.º ${p.number} ainda se pode realizar antes do encerramento (${clock(p.closeAt, zone)}): o motivo «hora de encerramento» é só para uma jogada que já não se pode jogar (art. 14.º, n.º 5).`,
    en: (p, zone) => `Game no. ${p.number} can still be played before closing (${clock(p.closeAt, zone)}): the reason "closing time" is only for a game that can no longer be played (art. 14(5)).`,
  },
  GAME_SUSPENDED_PENDING: {
    pt: (p) => `A jogada n.º ${p.number} está suspensa: retome-a ou anule-a antes de abrir outra.`,
    en: (p) => `Game no. ${p.number} is suspended: resume or annul it before opening another.`,
  },
  DRAW_NOT_ALLOWED: {
    pt: (p) => `Não se podem extrair bolas na jogada n.º ${p.number} (estado: ${p.state}): a extração começa depois do fecho da venda e do seu registo na acta (art. 13.º e 17.º, n.º 1).`,
    en: (p) => `No ball can be drawn in game no. ${p.number} (state: ${p.state}): the draw starts after the close of sale is written in the acta (art. 13, 17(1)).`,
  },
  BALL_ALREADY_DRAWN: {
    pt: (p) => `A bola ${p.ball} já saiu nesta jogada.`,
    en: (p) => `Ball ${p.ball} was already drawn in this game.`,
  },
  CLAIMS_PENDING: {
    pt: (p) => `Há reclamações de ${kindPt(p)} válidas por fechar: pergunte «${QUESTION[String(p.kind)] ?? ''}» e feche-as antes de continuar (art. 14.º, n.º 4).`,
    en: (p) => `Valid ${p.kind} claims are still open: ask "${QUESTION[String(p.kind)] ?? ''}" and close them before going on (art. 14(4)).`,
  },
  NO_BALL_TO_RECALL: {
    pt: () => 'Não há bola a anular nesta jogada.',
    en: () => 'There is no ball to recall in this game.',
  },
  RECALL_AFTER_AWARD: {
    pt: (p) => `A bola ${p.ball} não pode ser anulada: já há reclamações verificadas com ela; se o erro afeta o jogo, anule a jogada (art. 16.º, n.º 5).`,
    en: (p) => `Ball ${p.ball} cannot be recalled: claims were already verified with it; if the error affects the game, annul it (art. 16(5)).`,
  },
  CLAIM_NOT_ALLOWED: {
    pt: (p) => `Não se aceitam reclamações na jogada n.º ${p.number} (estado: ${p.state}): só durante a extração, depois de sair pelo menos uma bola.`,
    en: (p) => `No claims in game no. ${p.number} (state: ${p.state}): only during the draw, after at least one ball.`,
  },
  LINE_ALREADY_AWARDED: {
    pt: () => 'A linha já foi atribuída nesta jogada e a reclamação foi fechada: só se aceita bingo (art. 9.º, n.º 1, al. a), e 14.º, n.º 4).',
    en: () => 'The line was already awarded in this game and its claims closed: only bingo is accepted (art. 9(1)(a), 14(4)).',
  },
  CARD_NOT_SOLD: {
    pt: (p) => `O cartão ${p.seriesCode} ${p.card} não foi vendido na jogada n.º ${p.number}.`,
    en: (p) => `Card ${p.seriesCode} ${p.card} was not sold in game no. ${p.number}.`,
  },
  CLAIM_DUPLICATE: {
    pt: (p) => `O cartão ${p.seriesCode} ${p.card} já reclamou ${kindPt(p)} nesta bola.`,
    en: (p) => `Card ${p.seriesCode} ${p.card} already claimed ${p.kind} at this ball.`,
  },
  MANUAL_CONFIRMATION_REQUIRED: {
    pt: (p) => `A série ${p.seriesCode} não tem as faces dos cartões registadas: confira o cartão à mão e confirme se a reclamação é válida (indicando os números do cartão) ou não.`,
    en: (p) => `Series ${p.seriesCode} has no card faces on record: check the card by hand and confirm whether the claim is valid (giving the card's numbers) or not.`,
  },
  MANUAL_CLAIM_NUMBERS_REQUIRED: {
    pt: (p) => `Para confirmar à mão uma reclamação de ${kindPt(p)}, indique os ${p.expected} números do cartão: são conferidos com as bolas extraídas (art. 9.º, n.º 1).`,
    en: (p) => `To confirm a ${p.kind} claim by hand, give the card's ${p.expected} numbers: they are checked against the balls drawn (art. 9(1)).`,
  },
  MANUAL_CLAIM_NUMBERS_COUNT: {
    pt: (p) => `Uma reclamação de ${kindPt(p)} indica ${p.expected} números do cartão; foram indicados ${p.given} (art. 9.º, n.º 1).`,
    en: (p) => `A ${p.kind} claim gives ${p.expected} of the card's numbers; ${p.given} were given (art. 9(1)).`,
  },
  MANUAL_CLAIM_NUMBER_INVALID: {
    pt: (p) => `Número do cartão inválido ou repetido: ${p.number}. Os números do bingo vão de 1 a 90.`,
    en: (p) => `Invalid or repeated card number: ${p.number}. Bingo numbers run from 1 to 90.`,
  },
  MANUAL_CLAIM_NOT_DRAWN: {
    pt: (p) => `Reclamação de ${kindPt(p)} recusada: ${Number(p.count) === 1 ? 'o número' : 'os números'} ${p.missing} do cartão ainda não ${Number(p.count) === 1 ? 'saiu' : 'saíram'} (art. 9.º, n.º 1).`,
    en: (p) => `${p.kind === 'line' ? 'Line' : 'Bingo'} claim refused: the card's number${Number(p.count) === 1 ? '' : 's'} ${p.missing} ${Number(p.count) === 1 ? 'has' : 'have'} not been drawn (art. 9(1)).`,
  },
  // p.columns: "1-9:1 2 3;80-90:", each column broken with the numbers given in it.
  MANUAL_LINE_NOT_A_ROW: {
    pt: (p) => `Essa linha não pode ser de um cartão: ${columnsPt(p.columns, 'line')}; uma linha tem 5 números de 5 colunas diferentes (art. 3.º, n.º 4). Confira os números lidos.`,
    en: (p) => `That line cannot be on a card: ${columnsEn(p.columns, 'line')}; a line holds 5 numbers of 5 different columns (art. 3(4)). Check the numbers read.`,
  },
  MANUAL_BINGO_NOT_A_CARD: {
    pt: (p) => `Esses 15 números não podem ser de um cartão: ${columnsPt(p.columns, 'bingo')}; cada coluna de um cartão tem 1 ou 2 números (art. 3.º, n.º 4). Confira os números lidos.`,
    en: (p) => `Those 15 numbers cannot be a card: ${columnsEn(p.columns, 'bingo')}; each column of a card holds 1 or 2 numbers (art. 3(4)). Check the numbers read.`,
  },
  MANUAL_CLAIM_OTHER_CARD: {
    pt: (p) => `${p.kind === 'line' ? 'Essa linha' : 'Esses números'} já ${p.kind === 'line' ? 'foi lida' : 'foram lidos'} como ${kindPt(p)} do cartão n.º ${p.card} desta série (jogada n.º ${p.game}): dois cartões da mesma série nunca repetem uma linha nem um cartão completo (art. 3.º, n.º 4).`,
    en: (p) => `Those numbers were already read as the ${p.kind} of card no. ${p.card} of this series (game no. ${p.game}): two cards of one series never share a line or a full card (art. 3(4)).`,
  },
  MANUAL_BINGO_DIFFERS: {
    pt: (p) => `O cartão n.º ${p.card} foi lido na jogada n.º ${p.game} com outros números (${p.numbers}): um cartão tem sempre os mesmos 15 números (art. 3.º, n.º 4). Confira os números lidos.`,
    en: (p) => `Card no. ${p.card} was read in game no. ${p.game} with other numbers (${p.numbers}): a card always holds the same 15 numbers (art. 3(4)). Check the numbers read.`,
  },
  MANUAL_BINGO_WITHOUT_LINE: {
    pt: (p) => `O bingo do cartão n.º ${p.card} tem de conter a sua linha aceite na jogada n.º ${p.game} (${p.line}): ${Number(String(p.missing).split(', ').length) === 1 ? 'falta o' : 'faltam os números'} ${p.missing} (art. 3.º, n.º 4).`,
    en: (p) => `The bingo of card no. ${p.card} must hold its line accepted in game no. ${p.game} (${p.line}): ${p.missing} ${String(p.missing).includes(',') ? 'are' : 'is'} missing (art. 3(4)).`,
  },
  MANUAL_LINE_OFF_CARD: {
    pt: (p) => `O cartão n.º ${p.card} foi lido na jogada n.º ${p.game} e não tem ${String(p.off).includes(',') ? 'os números' : 'o número'} ${p.off}: a linha tem de ser do cartão (art. 3.º, n.º 4).`,
    en: (p) => `Card no. ${p.card} was read in game no. ${p.game} and does not hold ${p.off}: the line must be on the card (art. 3(4)).`,
  },
  MANUAL_LINES_OVERLAP: {
    pt: (p) => `O cartão n.º ${p.card} tem a linha ${p.line} (lida na jogada n.º ${p.game}): as linhas de um cartão não partilham números (art. 3.º, n.º 4). Confira os números lidos.`,
    en: (p) => `Card no. ${p.card} has the line ${p.line} (read in game no. ${p.game}): a card's lines share no number (art. 3(4)). Check the numbers read.`,
  },
  SPECIAL_FUND_FROZEN: {
    pt: (p) => `O fundo do prémio especial acumulado tem ${eurPt(p.amountCents)} dos jogadores, congelado desde que o prémio foi desligado: só volta a jogar-se num novo prémio, por decisão registada de um gerente («Levar o fundo a um novo prémio»), nunca por uma configuração (art. 10.º).`,
    en: (p) => `The accumulated special prize's fund holds ${eurEn(p.amountCents)} of the players' money, frozen since the prize was switched off: it is played again only in a new prize, by a manager's recorded decision ("Carry the fund to a new prize"), never by a setting (art. 10).`,
  },
  SPECIAL_FUND_CHANGED: {
    pt: (p) => `O fundo do prémio especial acumulado tem agora ${eurPt(p.heldCents)}, não ${eurPt(p.shownCents)}: nada foi levado. Confira o valor e decida de novo (art. 10.º).`,
    en: (p) => `The accumulated special prize's fund now holds ${eurEn(p.heldCents)}, not ${eurEn(p.shownCents)}: nothing was carried. Check the amount and decide again (art. 10).`,
  },
  SPECIAL_FUND_NOT_FROZEN: {
    pt: () => 'O fundo do prémio especial acumulado não está congelado: só se leva a um novo prémio um fundo com dinheiro dos jogadores e o prémio desligado (art. 10.º).',
    en: () => "The accumulated special prize's fund is not frozen: only a fund holding the players' money, with the prize switched off, is carried to a new prize (art. 10).",
  },
  CLAIMS_CHANGED: {
    pt: (p) => `As reclamações válidas desta bola mudaram entretanto (${p.shown} mostradas, ${p.pending} agora): nada foi fechado nem premiado. Confira a lista e feche de novo (art. 14.º, n.º 4).`,
    en: (p) => `The valid ${p.kind} claims at this ball changed meanwhile (${p.shown} shown, ${p.pending} now): nothing was closed or awarded. Check the list and close again (art. 14(4)).`,
  },
  NO_VALID_CLAIMS: {
    pt: (p) => `Não há reclamações de ${kindPt(p)} válidas nesta bola para fechar.`,
    en: (p) => `There are no valid ${p.kind} claims at this ball to close.`,
  },
  NOT_SUSPENDABLE: {
    pt: (p) => `A jogada n.º ${p.number} não pode ser suspensa (estado: ${p.state}).`,
    en: (p) => `Game no. ${p.number} cannot be suspended (state: ${p.state}).`,
  },
  DOUBLE_FIRST_NOT_FINISHED: {
    pt: (p) => `A jogada n.º ${p.number} é a primeira de uma jogada dupla (série ${p.code}): a jogada seguinte é a segunda, com os mesmos cartões, e abre-se quando aquela terminar (art. 3.º, n.º 5).`,
    en: (p) => `Game no. ${p.number} is the first of a double game (series ${p.code}): the next game is its second, with the same cards, opened once it has finished (art. 3(5)).`,
  },
  DOUBLE_SECOND_PENDING: {
    pt: (p) => `A jogada seguinte é a segunda da jogada dupla n.º ${p.number}: abra-a na série ${p.code}, com os cartões já vendidos (art. 3.º, n.º 5).`,
    en: (p) => `The next game is the second of double game no. ${p.number}: open it on series ${p.code}, with the cards already sold (art. 3(5)).`,
  },
  DOUBLE_AS_LAST_GAME: {
    pt: (p) => `A série ${p.code} é de cartões duplos: a última jogada da sessão não pode ser a primeira de uma jogada dupla, porque a segunda não se jogaria (art. 3.º, n.º 5, e 14.º, n.º 5).`,
    en: (p) => `Series ${p.code} has double cards: the session's last game cannot be the first of a double game, as its second would not be played (art. 3(5), 14(5)).`,
  },
  PRIZE_DOUBLE_PENDING: {
    pt: (p) => `O prémio do cartão ${p.seriesCode} ${p.card} é de uma jogada dupla: os prémios das duas jogadas pagam-se depois da segunda (art. 14.º, n.º 3).`,
    en: (p) => `The prize of card ${p.seriesCode} ${p.card} belongs to a double game: the prizes of both games are paid after the second (art. 14(3)).`,
  },
  VOID_SELF_APPROVAL: {
    pt: (p) => `A anulação da venda n.º ${p.saleId} tem de ser autorizada por outro gerente: ${p.approver} vendeu ou está a anular esta venda e não a pode autorizar.`,
    en: (p) => `Voiding sale no. ${p.saleId} must be approved by another manager: ${p.approver} sold or is voiding this sale and cannot approve it.`,
  },
  MANUAL_DRAW_NOT_ALLOWED: {
    pt: (p) => `A extração manual (art. 16.º, n.º 2) é para uma falha depois de saírem bolas: a jogada n.º ${p.number} está ${STATE_WORDS[String(p.state)]?.pt ?? p.state}.`,
    en: (p) => `A manual draw (art. 16(2)) is for a failure after balls were drawn: game no. ${p.number} is ${STATE_WORDS[String(p.state)]?.en ?? p.state}.`,
  },
  MANUAL_DRAW_ALREADY: {
    pt: (p) => `A extração da jogada n.º ${p.number} já continua à mão (art. 16.º, n.º 2).`,
    en: (p) => `The draw of game no. ${p.number} already goes on by hand (art. 16(2)).`,
  },
  NOT_SUSPENDED: {
    pt: (p) => `A jogada n.º ${p.number} não está suspensa.`,
    en: (p) => `Game no. ${p.number} is not suspended.`,
  },
  // p.article: the paragraph applied, '16.1' or '16.2'.
  ANNUL_TOO_EARLY: {
    pt: (p) =>
      p.article === '16.2'
        ? `Sem poder continuar a extração à mão, só se anula depois de 15 minutos de suspensão; faltam ${p.minutes} min (art. 16.º, n.º 2 e n.º 1).`
        : `Só se pode anular por avaria antes da primeira bola depois de 15 minutos de suspensão; faltam ${p.minutes} min (art. 16.º, n.º 1).`,
    en: (p) =>
      p.article === '16.2'
        ? `When the draw cannot go on by hand, the game is annulled only after 15 minutes of suspension; ${p.minutes} min to go (art. 16(2) and (1)).`
        : `A failure before the first ball may annul the game only after 15 minutes of suspension; ${p.minutes} min to go (art. 16(1)).`,
  },
  ANNUL_REASON_MISMATCH: {
    pt: (p) => `Motivo de anulação inadequado: ${ANNUL_PROBLEMS[String(p.problem)]?.pt ?? p.problem}.`,
    en: (p) => `Annulment reason does not fit: ${ANNUL_PROBLEMS[String(p.problem)]?.en ?? p.problem}.`,
  },
  ANNUL_NOT_ALLOWED: {
    pt: (p) => `A jogada n.º ${p.number} não pode ser anulada (estado: ${p.state}).`,
    en: (p) => `Game no. ${p.number} cannot be annulled (state: ${p.state}).`,
  },
  WINNER_NOT_FOUND: {
    pt: (p) => `O prémio ${p.winnerId} não existe.`,
    en: (p) => `Prize ${p.winnerId} does not exist.`,
  },
  PRIZE_ALREADY_PAID: {
    pt: (p, zone) => `O prémio do cartão ${p.seriesCode} ${p.card} já foi pago às ${clock(p.paidAt, zone)}.`,
    en: (p, zone) => `The prize of card ${p.seriesCode} ${p.card} was already paid at ${clock(p.paidAt, zone)}.`,
  },
  PRIZE_VOID: {
    pt: (p) => `O prémio do cartão ${p.seriesCode} ${p.card} não é pagável: a jogada n.º ${p.number} foi anulada (art. 16.º).`,
    en: (p) => `The prize of card ${p.seriesCode} ${p.card} cannot be paid: game no. ${p.number} was annulled (art. 16).`,
  },
  PRIZE_CARD_MISMATCH: {
    pt: (p) =>
      `O cartão ${p.givenSeries} ${p.givenCard} não é o cartão premiado (${p.seriesCode} ${p.card}): o prémio só é pago contra a entrega do cartão premiado (art. 15.º, n.º 5). Nada foi pago.`,
    en: (p) =>
      `Card ${p.givenSeries} ${p.givenCard} is not the winning card (${p.seriesCode} ${p.card}): a prize is only paid against the winning card (art. 15(5)). Nothing was paid.`,
  },
  PRIZE_RECEIPT_MISMATCH: {
    pt: (p) =>
      `O talão da venda n.º ${p.saleId} não é do cartão premiado (${p.seriesCode} ${p.card}, jogada n.º ${p.number}): o prémio só é pago contra a entrega do cartão premiado (art. 15.º, n.º 5). Nada foi pago.`,
    en: (p) =>
      `The receipt of sale no. ${p.saleId} is not the winning card's (${p.seriesCode} ${p.card}, game no. ${p.number}): a prize is only paid against the winning card (art. 15(5)). Nothing was paid.`,
  },
  RECEIPT_CHECK_MISMATCH: {
    pt: (p) => `O código de controlo lido (${p.check}) não é o do talão da venda n.º ${p.saleId}: o talão não é desta venda ou foi mal lido. Nada foi pago.`,
    en: (p) => `The check value read (${p.check}) is not that of sale no. ${p.saleId}'s receipt: the receipt is not this sale's or was misread. Nothing was paid.`,
  },
  SALE_NOT_FOUND: {
    pt: (p) => `A venda n.º ${p.saleId} não existe.`,
    en: (p) => `Sale no. ${p.saleId} does not exist.`,
  },
  REFUND_NOT_ALLOWED: {
    pt: (p) => `Devolução recusada: a jogada n.º ${p.number} não foi anulada; a saída de um jogador não dá direito a devolução (art. 16.º, n.º 4).`,
    en: (p) => `Refund refused: game no. ${p.number} was not annulled; a player leaving gets no refund (art. 16(4)).`,
  },
  REFUND_ALREADY_PAID: {
    pt: (p, zone) => `A venda n.º ${p.saleId} já foi devolvida às ${clock(p.paidAt, zone)}.`,
    en: (p, zone) => `Sale no. ${p.saleId} was already refunded at ${clock(p.paidAt, zone)}.`,
  },
  SALE_VOIDED: {
    pt: (p) => `A venda n.º ${p.saleId} foi anulada no balcão: o dinheiro já foi devolvido.`,
    en: (p) => `Sale no. ${p.saleId} was voided at the counter: its money was already returned.`,
  },
  FACES_ALREADY_IMPORTED: {
    pt: (p) => `As faces da série ${p.code} já foram importadas e não podem ser substituídas.`,
    en: (p) => `The faces of series ${p.code} were already imported and cannot be replaced.`,
  },
  FACES_SERIES_MISMATCH: {
    pt: (p) => `O ficheiro é da série ${p.fileCode}, não da série ${p.code}. Nada foi importado.`,
    en: (p) => `The file is for series ${p.fileCode}, not series ${p.code}. Nothing was imported.`,
  },
  GAME_NOT_IN_SESSION: {
    pt: (p) => `A jogada ${p.gameId} (n.º ${p.number}) é da sessão n.º ${p.gameSessionId}, não da sessão n.º ${p.sessionId}.`,
    en: (p) => `Game ${p.gameId} (no. ${p.number}) belongs to session no. ${p.gameSessionId}, not to session no. ${p.sessionId}.`,
  },
  SESSION_NOT_FOUND: {
    pt: (p) => `A sessão n.º ${p.sessionId} não existe.`,
    en: (p) => `Session no. ${p.sessionId} does not exist.`,
  },
});

/** A comma-separated list of codes, each worded in the message's language. */
function words(codes: string | number | undefined, names: Record<string, string>, and: string): string {
  return String(codes ?? '')
    .split(',')
    .map((c) => names[c] ?? c)
    .join(and);
}

/** The columns a set of numbers read by hand breaks, in words: "1-9:1 2 3;80-90:" as "a coluna 1-9 tem 3 números (1, 2, 3) e a coluna 80-90 não tem nenhum". */
function columnsPt(columns: string | number | undefined, kind: 'line' | 'bingo'): string {
  const parts = String(columns ?? '')
    .split(';')
    .map((c) => {
      const [name, list = ''] = c.split(':');
      const numbers = list.split(' ').filter(Boolean);
      if (numbers.length === 0) return `a coluna ${name} não tem nenhum`;
      return `a coluna ${name} tem ${numbers.length} ${kind === 'line' || numbers.length > 1 ? 'números' : 'número'} (${numbers.join(', ')})`;
    });
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

function columnsEn(columns: string | number | undefined, kind: 'line' | 'bingo'): string {
  const parts = String(columns ?? '')
    .split(';')
    .map((c) => {
      const [name, list = ''] = c.split(':');
      const numbers = list.split(' ').filter(Boolean);
      if (numbers.length === 0) return `column ${name} has none`;
      return `column ${name} has ${numbers.length} ${kind === 'line' || numbers.length > 1 ? 'numbers' : 'number'} (${numbers.join(', ')})`;
    });
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
