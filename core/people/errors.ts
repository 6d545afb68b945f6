/** Refusals of the people domain: setup, login and lock-out, operators, approvals, settings. */
import { errors } from '../catalogue.js';
import { hallClock } from '../time.js';

/** An ISO instant as the hall's clock reads it (a parameter that is not one is shown as given). */
const until = (iso: unknown): string => (Number.isNaN(Date.parse(String(iso))) ? String(iso) : hallClock(String(iso)));

export const peopleErrors = errors({
  ALREADY_INITIALIZED: {
    pt: () => 'A sala já está configurada: a configuração inicial só se faz com a base de dados vazia.',
    en: () => 'The hall is already set up: initial setup only runs on an empty database.',
  },
  NOT_INITIALIZED: {
    pt: () => 'A sala ainda não está configurada: faça a configuração inicial.',
    en: () => 'The hall is not set up yet: run the initial setup.',
  },
  INVALID_CREDENTIALS: {
    pt: (p) => `Utilizador ou PIN incorretos. Tentativas restantes neste terminal antes de uma pausa: ${p.remaining}.`,
    en: (p) => `Wrong user or PIN. Attempts left at this terminal before a pause: ${p.remaining}.`,
  },
  USER_LOCKED: {
    pt: (p) => `PIN errados seguidos: este utilizador só pode tentar de novo neste terminal a partir das ${until(p.until)}. Noutro terminal entra normalmente; um administrador pode desbloqueá-lo já (Utilizadores).`,
    en: (p) => `Wrong PINs in a row: this user can try again at this terminal from ${until(p.until)}. At another terminal they log in as usual; an admin can unlock them now (Users).`,
  },
  RECOVERY_INVALID: {
    pt: (p) => `Utilizador ou código de recuperação incorretos (só um administrador tem código). Tentativas restantes antes de uma pausa: ${p.remaining}.`,
    en: (p) => `Wrong user or recovery code (only an admin has one). Attempts left before a pause: ${p.remaining}.`,
  },
  RECOVERY_PAUSED: {
    pt: (p) => `Códigos de recuperação errados seguidos: tente de novo a partir das ${until(p.until)}.`,
    en: (p) => `Wrong recovery codes in a row: try again from ${until(p.until)}.`,
  },
  PIN_TOO_SHORT_FOR_ROLE: {
    pt: (p) => `A sala exige PIN de ${p.digits} algarismos, pelo menos, a gerentes e administradores (o seu PIN autoriza atos de outros): escolha um PIN mais longo.`,
    en: (p) => `The hall requires PINs of ${p.digits} digits at least for managers and admins (their PIN approves other people's acts): choose a longer PIN.`,
  },
  LONG_PINS_NOT_SET: {
    pt: (p) => `Ainda há ${p.count} gerente(s) ou administrador(es) sem PIN de ${p.digits} algarismos conhecido (${p.usernames}): dê-lhes primeiro um PIN novo (Utilizadores → Novo PIN) ou peça-lhes que entrem uma vez com o PIN que já têm, se tiver ${p.digits} algarismos.`,
    en: (p) => `${p.count} manager(s) or admin(s) still have no known ${p.digits}-digit PIN (${p.usernames}): give them a new PIN first (Users → New PIN), or have them log in once with the PIN they have, if it has ${p.digits} digits.`,
  },
  INVALID_PIN_FORMAT: {
    pt: () => 'O PIN deve ter entre 4 e 8 algarismos.',
    en: () => 'The PIN must have 4 to 8 digits.',
  },
  USERNAME_TAKEN: {
    pt: (p) => `Já existe um utilizador "${p.username}".`,
    en: (p) => `A user "${p.username}" already exists.`,
  },
  USER_NOT_FOUND: {
    pt: (p) => `Não existe o utilizador n.º ${p.operatorId}.`,
    en: (p) => `There is no user #${p.operatorId}.`,
  },
  LAST_ADMIN: {
    pt: (p) => `"${p.username}" é o último administrador ativo: a sala ficaria sem quem gere utilizadores. Dê primeiro o papel de administrador a outro utilizador.`,
    en: (p) => `"${p.username}" is the last active admin: nobody could manage users. Give the admin role to another user first.`,
  },
  APPROVALS_PAUSED: {
    pt: (p) => `${p.failures} PIN de gerente errados seguidos neste terminal: as autorizações aqui estão em pausa até às ${until(p.until)}. Noutro terminal o gerente entra e autoriza normalmente; fica registado na auditoria.`,
    en: (p) => `${p.failures} wrong manager PINs in a row at this terminal: approvals here are paused until ${until(p.until)}. At another terminal the manager logs in and approves as usual; it is in the audit log.`,
  },
  APPROVAL_INVALID: {
    pt: () => 'Autorização do gerente recusada: utilizador ou PIN incorretos.',
    en: () => 'Manager approval refused: wrong user or PIN.',
  },
  APPROVER_NOT_MANAGER: {
    pt: (p) => `Autorização do gerente recusada: "${p.username}" não é gerente.`,
    en: (p) => `Manager approval refused: "${p.username}" is not a manager.`,
  },
  SETTING_INVALID: {
    pt: (p) => `Configuração inválida: ${p.detail}.`,
    en: (p) => `Invalid setting: ${p.detail}.`,
  },
});
