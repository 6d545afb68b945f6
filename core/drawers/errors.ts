/** Refusals of the drawers domain (SPEC 9): opening, cash movements, the blind close, X and Z reports. */
import { clock, errors, eurEn, eurPt } from '../catalogue.js';

const SELF_APPROVAL_PT: Record<string, string> = {
  drawer_close: 'quem fecha a gaveta não pode aceitar a sua própria diferença',
  drawer_kick: 'quem abre a gaveta sem venda não pode autorizar a sua própria abertura',
  guia_pay: 'quem paga a guia não pode autorizar o seu próprio pagamento',
  guia_void: 'quem anula a guia não pode autorizar a sua própria anulação',
  fund_transfer: 'quem transfere o fundo do jackpot não pode autorizar a sua própria transferência',
  seller_return: 'quem recolhe o dinheiro do vendedor não pode aceitar a sua diferença',
};
const SELF_APPROVAL_EN: Record<string, string> = {
  drawer_close: 'whoever closes the drawer cannot accept their own variance',
  drawer_kick: 'whoever opens the drawer without a sale cannot approve their own opening',
  guia_pay: 'whoever pays the guia cannot approve their own payment',
  guia_void: 'whoever voids the guia cannot approve their own void',
  fund_transfer: 'whoever transfers the jackpot fund cannot approve their own transfer',
  seller_return: 'whoever collects the seller\'s cash cannot accept its difference',
};

/** "1, 2" as "n.º 1, n.º 2" (or "no. 1, no. 2"). */
const numbered = (list: unknown, no: string) =>
  String(list ?? '')
    .split(', ')
    .map((n) => `${no} ${n}`)
    .join(', ');

export const drawersErrors = errors({
  DRAWER_NOT_OPEN: {
    pt: () =>
      'Não há gaveta aberta neste terminal: abra a gaveta com o fundo de caixa contado antes de movimentar numerário.',
    en: () => 'No drawer is open on this terminal: open the drawer with its counted float before moving cash.',
  },
  DRAWER_ALREADY_OPEN: {
    pt: (p) => `Já há uma gaveta aberta neste terminal (n.º ${p.drawerId}, aberta por ${p.operator}): uma gaveta por operador, terminal e turno; feche-a antes de abrir outra.`,
    en: (p) => `A drawer is already open on this terminal (no. ${p.drawerId}, opened by ${p.operator}): one drawer per operator, terminal and shift; close it before opening another.`,
  },
  DRAWER_NOT_YOURS: {
    // p.operator: the name(s) of whoever opened the drawer(s) open on this terminal.
    pt: (p) => `A gaveta aberta neste terminal é de ${p.operator}: cada operador recebe e paga só da sua própria gaveta. Abra a sua (ecrã Gaveta) com o fundo de caixa contado; nada foi registado.`,
    en: (p) => `The drawer open on this terminal is ${p.operator}'s: each operator takes and pays cash only through their own drawer. Open yours (Drawer screen) with its counted float; nothing was recorded.`,
  },
  DRAWER_NOT_FOUND: {
    pt: (p) => `A gaveta n.º ${p.drawerId} não existe.`,
    en: (p) => `Drawer no. ${p.drawerId} does not exist.`,
  },
  DRAWER_NOT_CLOSED: {
    pt: (p) => `A gaveta n.º ${p.drawerId} ainda está aberta: o relatório Z só existe depois do fecho.`,
    en: (p) => `Drawer no. ${p.drawerId} is still open: the Z report exists only after the close.`,
  },
  DRAWER_CLOSED_FOR_VOID: {
    pt: (p) => `A venda n.º ${p.saleId} entrou na gaveta n.º ${p.drawerId}, que já está fechada: não é possível devolver o dinheiro a uma gaveta fechada.`,
    en: (p) => `Sale no. ${p.saleId} went into drawer no. ${p.drawerId}, which is closed: money cannot go back to a closed drawer.`,
  },
  PAYOUT_EXCEEDS_DRAWER: {
    pt: (p) => `Pagamento de ${eurPt(p.amountCents)} em numerário recusado: a gaveta não tem numerário que chegue. Registe uma entrada de dinheiro (Gaveta) ou, numa guia, pague parte em cheque.`,
    en: (p) => `Cash payment of ${eurEn(p.amountCents)} refused: the drawer does not hold enough cash. Record a pay-in (Drawer) or, for a guia, pay part by cheque.`,
  },
  PAYOUT_EXCEEDS_CASH: {
    pt: (p) => `Pagamento de ${eurPt(p.amountCents)} recusado: a gaveta só tem ${eurPt(p.cashCents)} em numerário.`,
    en: (p) => `Payment of ${eurEn(p.amountCents)} refused: the drawer holds only ${eurEn(p.cashCents)} in cash.`,
  },
  DENOMINATION_UNKNOWN: {
    pt: (p) => `Denominação desconhecida: "${p.denomination}". Use o valor em cêntimos de uma nota (500 € a 5 €) ou moeda (2 € a 1 cêntimo), p. ex. "2000".`,
    en: (p) => `Unknown denomination: "${p.denomination}". Use the value in cents of a note (500 € to 5 €) or coin (2 € to 1 cent), e.g. "2000".`,
  },
  DENOMINATION_COUNT_INVALID: {
    pt: (p) => `Quantidade inválida para ${eurPt(p.denominationCents)}: ${p.count}. Indique um número inteiro de notas ou moedas, zero ou mais.`,
    en: (p) => `Invalid count for ${eurEn(p.denominationCents)}: ${p.count}. Give a whole number of notes or coins, zero or more.`,
  },
  DRAWER_COUNT_RECORDED: {
    // The cashier's own count, never what the drawer should hold.
    pt: (p, zone) => `A contagem desta gaveta foi registada às ${clock(p.at, zone)} (${eurPt(p.countedCents)}) e é a do fecho: falta só a aceitação da diferença pelo gerente. Outra contagem exige a aprovação do gerente.`,
    en: (p, zone) => `This drawer's count was recorded at ${clock(p.at, zone)} (${eurEn(p.countedCents)}) and is the close's count: only the manager's acceptance of the variance is missing. Another count needs the manager's approval.`,
  },
  VARIANCE_REASON_REQUIRED: {
    pt: () => 'A aceitação da diferença pelo gerente exige um motivo.',
    en: () => "The manager's acceptance of a variance needs a reason.",
  },
  DRAWER_KICK_NEEDS_APPROVAL: {
    pt: () => 'Abrir a gaveta sem venda exige a autorização de um gerente (utilizador e PIN).',
    en: () => 'Opening the drawer without a sale needs a manager\'s approval (user and PIN).',
  },
  DRAWER_KICK_NO_PRINTER: {
    pt: () => 'A gaveta abre-se pela impressora de recibos, e este terminal não tem nenhuma configurada (Configuração → Impressoras).',
    en: () => 'The drawer opens through the receipts printer, and this terminal has none configured (Settings → Printers).',
  },
  /** Separation of duties: the act (a code: drawer_close, drawer_kick, guia_pay, guia_void, fund_transfer) is worded by each language. */
  APPROVER_IS_OPERATOR: {
    pt: (p) => `A autorização tem de ser dada por outro gerente: ${SELF_APPROVAL_PT[String(p.act)] ?? 'quem pratica o ato não o pode autorizar'}.`,
    en: (p) => `Approval must come from another manager: ${SELF_APPROVAL_EN[String(p.act)] ?? 'whoever does the act cannot approve it'}.`,
  },
});

/** The day's close (shared/SPEC.md, section 9): what keeps a session from closing, and a closed session that cannot change. */
export const dayCloseErrors = errors({
  SESSION_CLOSED: {
    pt: (p, zone) => `A sessão n.º ${p.sessionId} já foi encerrada às ${clock(p.closedAt, zone)}: nada dela pode ser alterado (art. 17.º, n.º 3).`,
    en: (p, zone) => `Session no. ${p.sessionId} was closed at ${clock(p.closedAt, zone)}: nothing of it can change (art. 17(3)).`,
  },
  SESSION_GAMES_UNFINISHED: {
    // p.games: the games' numbers, ', '-joined.
    pt: (p) => `A sessão não pode ser encerrada: a(s) jogada(s) ${numbered(p.games, 'n.º')} ainda não terminaram nem foram anuladas.`,
    en: (p) => `The session cannot be closed: game(s) ${numbered(p.games, 'no.')} are neither finished nor annulled.`,
  },
  SESSION_END_CHECK_MISSING: {
    pt: () => 'Registe primeiro a verificação das bolas no fim da sessão (art. 5.º, n.º 2): Acta → Verificações → Fim, bolas.',
    en: () => 'First record the end-of-session check of the balls (art. 5(2)): Acta → Checks → End, balls.',
  },
  SESSION_DRAWERS_OPEN: {
    pt: (p) => `A sessão não pode ser encerrada: a gaveta do(s) terminal(is) ${p.terminals} ainda está aberta; feche-a com a contagem cega.`,
    en: (p) => `The session cannot be closed: the drawer of terminal(s) ${p.terminals} is still open; close it with a blind count.`,
  },
  SESSION_DOUBLE_PENDING: {
    pt: (p) => `A sessão não pode ser encerrada: os cartões da jogada dupla n.º ${p.number} ainda não jogaram a segunda jogada (art. 3.º, n.º 5); abra-a e jogue-a no ecrã Jogo.`,
    en: (p) => `The session cannot be closed: the cards of double game no. ${p.number} have not played their second game (art. 3(5)); open and play it on the Game screen.`,
  },
});

/** Backups (SPEC 9). */
export const backupsErrors = errors({
  BACKUP_FAILED: {
    pt: (p) => `A cópia de segurança falhou: ${p.reason}. A base de dados não foi alterada; tente de novo ou avise o responsável técnico.`,
    en: (p) => `The backup failed: ${p.reason}. The database was not changed; try again or tell the technician.`,
  },
  // The second destination (issue 40): said to the managers and retried later; sales never wait for it.
  BACKUP_COPY_DESTINATION_MISSING: {
    pt: (p) => `A pasta das cópias fora da máquina (${p.dir}) não existe: o disco ou a partilha não está ligado. A cópia será tentada de novo; ligue-o ou corrija a pasta nas definições.`,
    en: (p) => `The off-machine backup folder (${p.dir}) does not exist: the disk or share is not mounted. The copy will be tried again; mount it or correct the folder in the settings.`,
  },
  BACKUP_COPY_NOT_WRITABLE: {
    pt: (p) => `Não é possível escrever na pasta das cópias fora da máquina (${p.dir}): ${p.reason}. A cópia será tentada de novo; verifique se o disco está montado só de leitura ou as permissões.`,
    en: (p) => `The off-machine backup folder (${p.dir}) cannot be written: ${p.reason}. The copy will be tried again; check whether the disk is mounted read-only, or the permissions.`,
  },
  BACKUP_COPY_FULL: {
    pt: (p) => `O disco das cópias fora da máquina (${p.dir}) está cheio: a cópia ${p.file} não coube. Será tentada de novo; liberte espaço ou troque o disco.`,
    en: (p) => `The off-machine backup disk (${p.dir}) is full: the copy ${p.file} did not fit. It will be tried again; free some space or replace the disk.`,
  },
  BACKUP_COPY_CHECK_FAILED: {
    pt: (p) => `A cópia ${p.file} escrita em ${p.dir} não é igual à original (${p.detail}): foi apagada e será feita de novo. Se se repetir, o disco pode estar avariado.`,
    en: (p) => `The copy ${p.file} written to ${p.dir} is not the same as the original (${p.detail}): it was removed and will be made again. If this repeats, the disk may be failing.`,
  },
  BACKUP_COPY_FAILED: {
    pt: (p) => `A cópia para fora da máquina (${p.dir}) falhou: ${p.reason}. Será tentada de novo.`,
    en: (p) => `The off-machine copy (${p.dir}) failed: ${p.reason}. It will be tried again.`,
  },
});
