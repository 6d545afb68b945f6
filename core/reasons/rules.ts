/**
 * The hall's reasons by act (issue 38): every act that needs a reason offers
 * its list as touch buttons, and "Outro…" for words typed on the screen's
 * keyboard. A manager edits each act's list; an act never edited offers its
 * default. A listed reason is sent as the act's own reason text, so each list
 * entry keeps the strictest rule of those acts: it prints on a receipts
 * printer (the charset of reasonText in core/schema.ts) and is short enough
 * for a button.
 */
import { KioskError } from '../refusal.js';

/**
 * Letters with the accents of pt-PT, digits and common punctuation: what every receipts code page prints. The same
 * as reasonText's in core/schema.ts (the screens import this file, and they ship no zod; rules.test.ts checks both agree).
 */
const PRINTABLE_REASON = /^[A-Za-zÀ-ÖØ-öø-ÿ0-9 .,;:!?'"()/&%+#*=@€ºª-]*$/u;

/**
 * The acts that take a reason, named as their command (a drawer movement and a
 * chip movement by their kind, each with its own list).
 */
export const REASON_ACTS = [
  'drawer.kick',
  'drawer.pay_in',
  'drawer.pay_out',
  'drawer.drop',
  'drawer.variance',
  'guia.void',
  'chips.fill',
  'chips.credit',
  'roulette.nullSpin',
] as const;
export type ReasonAct = (typeof REASON_ACTS)[number];
type ReasonLists = Record<ReasonAct, string[]>;

/** Every act's command asks for 3 characters at least (reasonText, guia.void, roulette.nullSpin). */
export const REASON_MIN = 3;
/** What a touch button shows on one or two lines. */
export const LISTED_REASON_MAX = 60;
/** The acts' commands take up to 200 characters: words typed after "Outro…". */
export const TYPED_REASON_MAX = 200;
/** More than a screen of buttons is no quicker than typing. */
export const REASONS_PER_ACT_MAX = 12;

/** The hall's words until a manager edits them: the common cases at a pt-PT bingo hall's counter and casino caixa. */
export const DEFAULT_REASONS: ReasonLists = {
  'drawer.kick': ['Troco para cliente', 'Troca de notas', 'Verificar nota suspeita', 'Contagem a pedido do gerente', 'Teste da gaveta'],
  'drawer.pay_in': ['Reforço de trocos', 'Reforço de fundo de caixa', 'Correção de lançamento'],
  'drawer.pay_out': ['Compra de material', 'Pagamento a fornecedor', 'Correção de lançamento'],
  'drawer.drop': ['Sangria para o cofre', 'Excesso de notas na gaveta', 'Notas grandes para o cofre'],
  'drawer.variance': ['Erro de troco', 'Erro de contagem', 'Nota falsa retida', 'Moeda perdida', 'Diferença por apurar'],
  'guia.void': ['Valor errado na guia', 'Máquina errada', 'Guia em duplicado', 'Cliente desistiu', 'Erro do operador'],
  'chips.fill': ['Reforço de fichas do cofre', 'Abertura da mesa', 'Falta de fichas de valor baixo'],
  'chips.credit': ['Entrega de fichas ao cofre', 'Fecho da mesa', 'Excesso de fichas na caixa'],
  'roulette.nullSpin': ['Bola saltou do cilindro', 'Bola lançada no sentido errado', 'Menos de três voltas', 'Objeto caído no cilindro'],
};

type ReasonIssue = 'empty' | 'short' | 'long' | 'characters';

/** What is wrong with a reason's text (trimmed first), or null: shared by the list's rule and the picker's "Outro…" field. */
export function reasonIssue(text: string, max: number = TYPED_REASON_MAX): ReasonIssue | null {
  const t = text.trim();
  if (t === '') return 'empty';
  if ([...t].length < REASON_MIN) return 'short';
  if ([...t].length > max) return 'long';
  if (!PRINTABLE_REASON.test(t)) return 'characters';
  return null;
}

const ISSUE_CODES = {
  empty: 'REASON_EMPTY',
  short: 'REASON_TOO_SHORT',
  long: 'REASON_TOO_LONG',
  characters: 'REASON_NOT_PRINTABLE',
} as const;

/**
 * An act's list as a manager saves it: each entry trimmed, 3 to 60 printable
 * characters, none twice (letter case aside), at most 12. An empty list is
 * allowed: the act then offers "Outro…" alone. Returns the trimmed list.
 */
export function checkReasonList(act: ReasonAct, reasons: readonly string[]): string[] {
  if (reasons.length > REASONS_PER_ACT_MAX) throw new KioskError('REASON_LIST_TOO_LONG', { act, count: reasons.length, max: REASONS_PER_ACT_MAX });
  const seen = new Set<string>();
  return reasons.map((raw, index) => {
    const text = raw.trim();
    const issue = reasonIssue(text, LISTED_REASON_MAX);
    if (issue) throw new KioskError(ISSUE_CODES[issue], { act, position: index + 1, text, min: REASON_MIN, max: LISTED_REASON_MAX });
    const key = text.toLocaleLowerCase('pt-PT');
    if (seen.has(key)) throw new KioskError('REASON_DUPLICATE', { act, position: index + 1, text });
    seen.add(key);
    return text;
  });
}

/** Each act's list: the hall's saved one, else its default. */
export function reasonLists(saved: Partial<Record<string, string[]>>): ReasonLists {
  return Object.fromEntries(REASON_ACTS.map((act) => [act, saved[act] ?? DEFAULT_REASONS[act]])) as ReasonLists;
}
