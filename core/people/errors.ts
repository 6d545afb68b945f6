/** Refusals of the people domain: setup, login and lock-out, operators, approvals, settings. */
import { clock as until, errors } from '../catalogue.js';

/** A hall's zone as people name it (the code stays beside it: it is what the settings screen shows too). */
const ZONE_NAMES: Record<string, { pt: string; en: string }> = {
  'Europe/Lisbon': { pt: 'Portugal continental (Europe/Lisbon)', en: 'Mainland Portugal (Europe/Lisbon)' },
  'Atlantic/Azores': { pt: 'Açores (Atlantic/Azores)', en: 'Azores (Atlantic/Azores)' },
  'Atlantic/Madeira': { pt: 'Madeira (Atlantic/Madeira)', en: 'Madeira (Atlantic/Madeira)' },
};
const zonePt = (v: unknown) => ZONE_NAMES[String(v)]?.pt ?? String(v);
const zoneEn = (v: unknown) => ZONE_NAMES[String(v)]?.en ?? String(v);

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
    pt: (p, zone) => `PIN errados seguidos: este utilizador só pode tentar de novo neste terminal a partir das ${until(p.until, zone)}. Noutro terminal entra normalmente; um administrador pode desbloqueá-lo já (Utilizadores).`,
    en: (p, zone) => `Wrong PINs in a row: this user can try again at this terminal from ${until(p.until, zone)}. At another terminal they log in as usual; an admin can unlock them now (Users).`,
  },
  RECOVERY_INVALID: {
    pt: (p) => `Utilizador ou código de recuperação incorretos (só um administrador tem código). Tentativas restantes antes de uma pausa: ${p.remaining}.`,
    en: (p) => `Wrong user or recovery code (only an admin has one). Attempts left before a pause: ${p.remaining}.`,
  },
  RECOVERY_PAUSED: {
    pt: (p, zone) => `Códigos de recuperação errados seguidos: tente de novo a partir das ${until(p.until, zone)}.`,
    en: (p, zone) => `Wrong recovery codes in a row: try again from ${until(p.until, zone)}.`,
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
    pt: (p, zone) => `${p.failures} PIN de gerente errados seguidos neste terminal: as autorizações aqui estão em pausa até às ${until(p.until, zone)}. Noutro terminal o gerente entra e autoriza normalmente; fica registado na auditoria.`,
    en: (p, zone) => `${p.failures} wrong manager PINs in a row at this terminal: approvals here are paused until ${until(p.until, zone)}. At another terminal the manager logs in and approves as usual; it is in the audit log.`,
  },
  APPROVAL_INVALID: {
    pt: () => 'Autorização do gerente recusada: utilizador ou PIN incorretos.',
    en: () => 'Manager approval refused: wrong user or PIN.',
  },
  APPROVER_NOT_MANAGER: {
    pt: (p) => `Autorização do gerente recusada: "${p.username}" não é gerente.`,
    en: (p) => `Manager approval refused: "${p.username}" is not a manager.`,
  },
  // The hall's time zone (days of operation, art. 10.º, n.º 2, are counted in it): one of the three of Portugal.
  TIME_ZONE_NOT_ALLOWED: {
    pt: (p) => `Fuso horário "${p.zone}" não permitido: a sala conta os dias de funcionamento num dos fusos de Portugal (${p.allowed}). Nada foi alterado.`,
    en: (p) => `Time zone "${p.zone}" not allowed: the hall counts its days of operation in one of Portugal's zones (${p.allowed}). Nothing was changed.`,
  },
  TIME_ZONE_ADMIN_ONLY: {
    pt: (p) => `Só um administrador muda o fuso horário da sala (para ${zonePt(p.zone)}): os dias de funcionamento contam-se nele. Nada foi alterado.`,
    en: (p) => `Only an admin changes the hall's time zone (to ${zoneEn(p.zone)}): days of operation are counted in it. Nothing was changed.`,
  },
  TIME_ZONE_SESSION_OPEN: {
    pt: (p) => `O fuso horário não muda com a sessão n.º ${p.sessionId} aberta: os dias de funcionamento (art. 10.º, n.º 2) contam-se nele e o dia da sessão mudaria a meio. Encerre a sessão e mude-o para ${zonePt(p.zone)} depois. Nada foi alterado.`,
    en: (p) => `The time zone does not change while session no. ${p.sessionId} is open: days of operation (art. 10(2)) are counted in it and the session's day would move midway. Close the session, then change it to ${zoneEn(p.zone)}. Nothing was changed.`,
  },
  TIME_ZONE_DRAWERS_OPEN: {
    pt: (p) => `O fuso horário não muda com gavetas abertas (terminal(is) ${p.terminals}): o dia de cada turno e do seu fecho Z conta-se nele. Feche as gavetas e mude-o para ${zonePt(p.zone)} depois. Nada foi alterado.`,
    en: (p) => `The time zone does not change while drawers are open (terminal(s) ${p.terminals}): each shift's day and its Z are counted in it. Close the drawers, then change it to ${zoneEn(p.zone)}. Nothing was changed.`,
  },
  SETTING_INVALID: {
    pt: (p) => `Configuração inválida: ${p.detail}.`,
    en: (p) => `Invalid setting: ${p.detail}.`,
  },
});
