/** Refusals of the people domain: setup, login and lock-out, operators, approvals, settings. */
import { errors } from '../catalogue.js';

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
  USER_NOT_FOUND: {
    pt: (p) => `Não existe o utilizador n.º ${p.operatorId}.`,
    en: (p) => `There is no user #${p.operatorId}.`,
  },
  LAST_ADMIN: {
    pt: (p) => `"${p.username}" é o último administrador ativo: a sala ficaria sem quem gere utilizadores. Dê primeiro o papel de administrador a outro utilizador.`,
    en: (p) => `"${p.username}" is the last active admin: nobody could manage users. Give the admin role to another user first.`,
  },
  APPROVALS_PAUSED: {
    pt: (p) => `${p.failures} PIN de gerente errados seguidos neste terminal: as autorizações aqui estão em pausa até às ${p.until}. O gerente pode entrar normalmente; fica registado na auditoria.`,
    en: (p) => `${p.failures} wrong manager PINs in a row at this terminal: approvals here are paused until ${p.until}. The manager can still log in; it is in the audit log.`,
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
