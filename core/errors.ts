/**
 * Stable error codes and their messages, one catalogue merged from the
 * domains' own (core/<domain>/errors.ts) and the kernel's below. Codes never
 * change once released: scripts, tests and other terminals match on them.
 * Messages are pt-PT by default (DN art. 18) with an English rendering, and
 * name the rule broken. KioskError itself lives in the leaf core/refusal.ts,
 * which the rules import; this file gives it the codes and their words.
 */
import { clock, errors, eurEn, eurPt, type Lang, type Params } from './catalogue.js';
import { mergeUnique } from './merge.js';
import { isPrinterErrorCode, printerErrorMessage } from './printing/printerErrors.js';
import { KioskError, registerWording, type ErrorCode } from './refusal.js';
import { bingoErrors } from './bingo/errors.js';
import { sellerErrors } from './bingo/seller-errors.js';
import { stockErrors } from './bingo/stock-errors.js';
import { caixaErrors } from './caixa/errors.js';
import { complianceErrors } from './compliance/errors.js';
import { backupsErrors, dayCloseErrors, drawersErrors } from './drawers/errors.js';
import { peopleErrors } from './people/errors.js';
import { printingErrors } from './printing/errors.js';
import { reasonsErrors } from './reasons/errors.js';
import { chipErrors, rouletteErrors, rouletteTableErrors } from './roulette/errors.js';
import { storageErrors } from './storage/errors.js';
import { terminalsErrors } from './terminals/errors.js';
import { postErrors } from './terminals/post-errors.js';
import { journalErrors } from './journal/errors.js';
import { transparencyErrors } from './transparency/errors.js';
import { DEFAULT_HALL_TIME_ZONE, type HallTimeZone } from './time.js';

export type { Lang } from './catalogue.js';
export { KioskError, type ErrorCode } from './refusal.js';

/** Refusals of the dispatcher itself, before any domain runs. */
const kernelErrors = errors({
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
  STORAGE_FULL: {
    pt: () => 'Disco cheio: a operação foi recusada e nada foi gravado. Liberte espaço no disco do quiosque (chame o técnico); as operações voltam a ser aceites por si logo que haja espaço.',
    en: () => 'Disk full: the operation was refused and nothing was written. Free space on the kiosk\'s disk (call the technician); operations are accepted again by themselves as soon as there is space.',
  },
  STORAGE_IO_ERROR: {
    pt: () => 'Erro de leitura ou escrita no disco: a operação foi recusada e nada foi gravado. Chame o técnico; as operações voltam a ser aceites logo que o disco responda.',
    en: () => 'Disk read or write error: the operation was refused and nothing was written. Call the technician; operations are accepted again as soon as the disk answers.',
  },
  TENDERED_TOO_LARGE: {
    pt: (p) => `Valor entregue improvável: ${eurPt(p.tenderedCents)} para pagar ${eurPt(p.totalCents)}. Entregue no máximo o total mais uma nota de 500 € (${eurPt(p.maxCents)}); corrija o valor.`,
    en: (p) => `Unlikely amount tendered: ${eurEn(p.tenderedCents)} to pay ${eurEn(p.totalCents)}. At most the total plus one €500 note (${eurEn(p.maxCents)}); correct the amount.`,
  },
  ACCESS_REFUSED: {
    pt: () => 'Pedido recusado: token de acesso, anfitrião ou origem inválidos.',
    en: () => 'Request refused: invalid access token, host or origin.',
  },
  PAGE_LIMIT_TOO_LARGE: {
    pt: (p) => `Uma página tem no máximo ${p.max} linhas (pedidas: ${p.limit}): peça as seguintes com o cursor da página (nextCursor).`,
    en: (p) => `A page holds at most ${p.max} rows (asked for: ${p.limit}): ask for the next ones with the page's cursor (nextCursor).`,
  },
  PAGE_CURSOR_INVALID: {
    pt: (p) => `Cursor de página inválido (${p.cursor}): não é uma linha desta lista; recomece da primeira página.`,
    en: (p) => `Invalid page cursor (${p.cursor}): it is not a row of this list; start again from the first page.`,
  },
  // A request body that does not arrive whole in time (browser mode): the connection is closed.
  REQUEST_TIMEOUT: {
    pt: (p) => `O pedido não chegou inteiro em ${p.seconds} s: a ligação foi fechada e nada foi feito.`,
    en: (p) => `The request did not arrive whole within ${p.seconds} s: the connection was closed and nothing was done.`,
  },
  // The same Idempotency-Key for another command or another input: never answered with the first one's result, never run.
  IDEMPOTENCY_KEY_REUSED: {
    pt: (p) => `Chave de idempotência já usada noutra operação (${p.channel}): nada foi feito. Cada operação do operador leva a sua chave; repita-a só para a mesma operação com os mesmos dados.`,
    en: (p) => `Idempotency key already used for another operation (${p.channel}): nothing was done. Each operator action carries its own key; repeat it only for the same operation with the same data.`,
  },
  IDEMPOTENCY_KEY_INVALID: {
    pt: () => 'Chave de idempotência inválida: de 8 a 128 caracteres, letras, algarismos e - _ . : apenas. Nada foi feito.',
    en: () => 'Invalid idempotency key: 8 to 128 characters, letters, digits and - _ . : only. Nothing was done.',
  },
  // The act is done (its key is on record) but its slow answer was not kept: it is never done again.
  IDEMPOTENCY_ANSWER_LOST: {
    pt: (p) => `A operação ${p.channel} já foi feita (a chave está registada), mas a sua resposta perdeu-se: não se repete. Atualize o ecrã para ver o resultado.`,
    en: (p) => `Operation ${p.channel} was already done (its key is on record) but its answer was lost: it is not done again. Refresh the screen to see the result.`,
  },
  // A counter lost a command's answer and asked the hall for its key before the command had run: the key is closed for good.
  COMMAND_GIVEN_UP: {
    pt: (p) => `A operação ${p.channel} não foi feita: o balcão perdeu a resposta e perguntou por ela antes de o servidor da sala a receber, por isso ficou anulada e nunca será feita. Pode fazê-la de novo.`,
    en: (p) => `Operation ${p.channel} was not done: the counter lost its answer and asked for it before the hall server had received it, so it was given up and will never be done. You may do it again.`,
  },
  // A counter that cannot reach the hall server sells nothing and queues nothing (one writer per hall).
  // `since`: when the link was lost; `answer`: 'lost' when a request with the command's key went out and no answer for the key came
  // (its outcome unknown until the hall answers), 'none' only when no request with that key may have reached the hall.
  HALL_UNREACHABLE: {
    pt: (p, zone) =>
      p.answer === 'lost'
        ? `Sem ligação ao servidor da sala desde as ${clock(p.since, zone)}: resultado por confirmar, o pedido pode ter chegado ao servidor da sala e a resposta não chegou. Não repita nem devolva dinheiro: o balcão pergunta à sala logo que a ligação voltar e mostra o que foi feito.`
        : `Sem ligação ao servidor da sala desde as ${clock(p.since, zone)}: nada foi feito nem fica em espera. O balcão volta a ligar-se sozinho; se não voltar, verifique a rede ou chame o técnico.`,
    en: (p, zone) =>
      p.answer === 'lost'
        ? `No link to the hall server since ${clock(p.since, zone)}: outcome to be confirmed, the request may have reached the hall server and its answer did not come. Do not repeat it or give money back: the counter asks the hall as soon as the link is back and shows what was done.`
        : `No link to the hall server since ${clock(p.since, zone)}: nothing was done and nothing is queued. The counter reconnects by itself; if it does not, check the network or call the technician.`,
  },
  INTERNAL: {
    pt: () => 'Erro interno: a operação não foi efetuada. Avise o responsável técnico.',
    en: () => 'Internal error: nothing was done. Tell the technician.',
  },
});

const catalogue = mergeUnique('error code', {
  kernelErrors,
  peopleErrors,
  bingoErrors,
  stockErrors,
  sellerErrors,
  drawersErrors,
  backupsErrors,
  dayCloseErrors,
  caixaErrors,
  complianceErrors,
  rouletteErrors,
  rouletteTableErrors,
  chipErrors,
  printingErrors,
  reasonsErrors,
  storageErrors,
  terminalsErrors,
  postErrors,
  journalErrors,
  transparencyErrors,
});

// The leaf's code type is this catalogue's keys (the leaf cannot import it).
declare module './refusal.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the members
  interface ErrorCodes extends Record<keyof typeof catalogue, true> {}
}

export const ERROR_CODES = Object.keys(catalogue) as ErrorCode[];

/**
 * A refusal's words. `zone`: the hall's, for the times a message names
 * ("since 21:05"); where the caller cannot know it (a program that will not
 * start, a browser's bad token) the mainland's, and no such message names a time.
 */
export function errorMessage(code: ErrorCode, params: Params = {}, lang: Lang = 'pt-PT', zone: HallTimeZone = DEFAULT_HALL_TIME_ZONE): string {
  const entry = catalogue[code];
  return lang === 'en' ? entry.en(params, zone) : entry.pt(params, zone);
}

// A KioskError reads its pt-PT message from here, once this file has loaded.
registerWording(errorMessage);

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorBody };

/**
 * What a person reads when the kiosk will not start or restore (a dialog, a
 * terminal): the refusal's words in pt-PT, then in English; any other error
 * by its message alone, never its stack.
 */
export function refusalText(error: unknown): string {
  if (error instanceof KioskError) return `${errorMessage(error.code, error.params, 'pt-PT')}\n${errorMessage(error.code, error.params, 'en')}`;
  return error instanceof Error ? error.message : String(error);
}

const errorCodes: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * A print job's failure in a language, from its code and parameters: a
 * printer's (PrinterError) or one of the kiosk's own (a character the code
 * page lacks, a printer not configured). Null for a code neither knows: show
 * the stored text. Here, beside the catalogue, so core/printing/ need not
 * import the merge of every domain.
 */
export function printJobErrorMessage(code: string | null, params: Params | null, lang: Lang, zone: HallTimeZone): string | null {
  if (code === null) return null;
  if (isPrinterErrorCode(code)) return printerErrorMessage(code, params ?? {}, lang);
  if (errorCodes.has(code)) return errorMessage(code as ErrorCode, params ?? {}, lang, zone);
  return null;
}
