/**
 * Stable error codes and their messages. Codes never change once released:
 * scripts, tests and other terminals match on them. Messages are pt-PT by
 * default (DN art. 18) with an English rendering, and name the rule broken.
 */

export type Lang = 'pt-PT' | 'en';

type Params = Record<string, string | number>;
type Message = (p: Params) => string;

const catalogue = {
  VALIDATION_FAILED: {
    pt: (p) => `Dados inválidos: ${p.issues}.`,
    en: (p) => `Invalid input: ${p.issues}.`,
  },
  UNKNOWN_CHANNEL: {
    pt: (p) => `Operação desconhecida: ${p.channel}.`,
    en: (p) => `Unknown operation: ${p.channel}.`,
  },
  NOT_AUTHENTICATED: {
    pt: () => 'Sessão de operador inexistente ou expirada: introduza o PIN.',
    en: () => 'No operator session or it has expired: enter your PIN.',
  },
  FORBIDDEN: {
    pt: (p) => `O seu perfil não permite esta operação (${p.channel}); perfis autorizados: ${p.roles}.`,
    en: (p) => `Your role does not allow this operation (${p.channel}); allowed roles: ${p.roles}.`,
  },
  ACCESS_REFUSED: {
    pt: () => 'Pedido recusado: token de acesso, anfitrião ou origem inválidos.',
    en: () => 'Request refused: invalid access token, host or origin.',
  },
  INTERNAL: {
    pt: () => 'Erro interno: a operação não foi efetuada. Avise o responsável técnico.',
    en: () => 'Internal error: nothing was done. Tell the technician.',
  },
  ALREADY_INITIALIZED: {
    pt: () => 'A sala já está configurada: a configuração inicial só se faz com a base de dados vazia.',
    en: () => 'The hall is already set up: initial setup only runs on an empty database.',
  },
  NOT_INITIALIZED: {
    pt: () => 'A sala ainda não está configurada: faça a configuração inicial.',
    en: () => 'The hall is not set up yet: run the initial setup.',
  },
  INVALID_CREDENTIALS: {
    pt: (p) => `Utilizador ou PIN incorretos. Tentativas restantes antes do bloqueio: ${p.remaining}.`,
    en: (p) => `Wrong user or PIN. Attempts left before lock-out: ${p.remaining}.`,
  },
  USER_LOCKED: {
    pt: (p) => `Utilizador bloqueado após ${p.attempts} PIN errados, até às ${p.until}.`,
    en: (p) => `User locked after ${p.attempts} wrong PINs, until ${p.until}.`,
  },
  INVALID_PIN_FORMAT: {
    pt: () => 'O PIN deve ter entre 4 e 8 algarismos.',
    en: () => 'The PIN must have 4 to 8 digits.',
  },
  USERNAME_TAKEN: {
    pt: (p) => `Já existe um utilizador "${p.username}".`,
    en: (p) => `A user "${p.username}" already exists.`,
  },
  APPROVAL_INVALID: {
    pt: () => 'Autorização do gerente recusada: utilizador ou PIN incorretos.',
    en: () => 'Manager approval refused: wrong user or PIN.',
  },
  APPROVER_NOT_MANAGER: {
    pt: (p) => `Autorização do gerente recusada: "${p.username}" não é gerente.`,
    en: (p) => `Manager approval refused: "${p.username}" is not a manager.`,
  },
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
  NOT_ENOUGH_CARDS: {
    pt: (p) =>
      `Só restam ${p.available} cartões disponíveis nesta jogada (pedidos: ${p.requested}).` +
      (Number(p.cap) > 0
        ? ` A segunda série só pode ser vendida até ao n.º ${p.cap} (art. 12.º, n.º 3).`
        : ' Não há segunda série que possa ser vendida nesta jogada (art. 12.º, n.º 3).'),
    en: (p) =>
      `Only ${p.available} cards are left in this game (requested: ${p.requested}).` +
      (Number(p.cap) > 0
        ? ` The second series may only be sold up to no. ${p.cap} (art. 12(3)).`
        : ' No second series can be sold in this game (art. 12(3)).'),
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
    pt: (p) => `Valor entregue insuficiente: ${p.tendered} para um total de ${p.total}.`,
    en: (p) => `Amount tendered is not enough: ${p.tendered} for a total of ${p.total}.`,
  },
  NOTHING_TO_VOID: {
    pt: (p) => `Não há venda a anular na jogada n.º ${p.number}.`,
    en: (p) => `There is no sale to void in game no. ${p.number}.`,
  },
  SALE_ALREADY_VOIDED: {
    pt: (p) => `A última venda da jogada (n.º ${p.saleId}) já foi anulada; só a venda mais recente pode ser anulada.`,
    en: (p) => `The game's last sale (no. ${p.saleId}) was already voided; only the most recent sale can be voided.`,
  },
  NO_CARDS_SOLD: {
    pt: (p) => `Não é possível fechar a venda da jogada n.º ${p.number}: nenhum cartão foi vendido.`,
    en: (p) => `Cannot close the sale of game no. ${p.number}: no card was sold.`,
  },
  SETTING_INVALID: {
    pt: (p) => `Configuração inválida: ${p.detail}.`,
    en: (p) => `Invalid setting: ${p.detail}.`,
  },
  FACES_INVALID: {
    pt: (p) => `Ficheiro de faces recusado: cartão n.º ${p.card}: ${p.detail} (regra: ${p.ruleText}). Nada foi importado.`,
    en: (p) => `Face file refused: card no. ${p.card}: ${p.detailEn} (rule: ${p.ruleTextEn}). Nothing was imported.`,
  },
  FACES_FILE_MALFORMED: {
    pt: (p) => `Ficheiro de faces recusado: ${p.where}: ${p.detail}. Nada foi importado.`,
    en: (p) => `Face file refused: ${p.whereEn}: ${p.detailEn}. Nothing was imported.`,
  },
} satisfies Record<string, { pt: Message; en: Message }>;

export type ErrorCode = keyof typeof catalogue;
export const ERROR_CODES = Object.keys(catalogue) as ErrorCode[];

export function errorMessage(code: ErrorCode, params: Params = {}, lang: Lang = 'pt-PT'): string {
  const entry = catalogue[code];
  return lang === 'en' ? entry.en(params) : entry.pt(params);
}

/** A refusal by a rule: thrown inside a service, it rolls back the transaction. */
export class KioskError extends Error {
  readonly code: ErrorCode;
  readonly params: Params;
  readonly details?: unknown;
  constructor(code: ErrorCode, params: Params = {}, details?: unknown) {
    super(errorMessage(code, params));
    this.name = 'KioskError';
    this.code = code;
    this.params = params;
    this.details = details;
  }
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorBody };
