/** Refusals of the terminals domain: enrolling, listing and revoking a hall's counters, and the terminals port's checks. */
import { clock as at, errors } from '../catalogue.js';

export const terminalsErrors = errors({
  TERMINAL_NAME_INVALID: {
    pt: (p) => `Nome de terminal inválido ("${p.name}"): de 1 a 32 letras sem acento, algarismos e . _ - (por exemplo BALCAO2); é o nome da sua gaveta e do seu certificado.`,
    en: (p) => `Invalid terminal name ("${p.name}"): 1 to 32 unaccented letters, digits and . _ - (for example BALCAO2); it names its drawer and its certificate.`,
  },
  TERMINAL_IS_HALL: {
    pt: (p) => `${p.name} é o terminal do próprio servidor da sala (os seus ecrãs): um posto inscrito leva outro nome.`,
    en: (p) => `${p.name} is the hall server's own terminal (its screens): an enrolled post takes another name.`,
  },
  TERMINAL_ALREADY_ENROLLED: {
    pt: (p) => `O terminal ${p.name} já está inscrito e ativo: revogue-o primeiro para o inscrever de novo, ou escolha outro nome.`,
    en: (p) => `Terminal ${p.name} is already enrolled and live: revoke it first to enrol it again, or choose another name.`,
  },
  TERMINAL_NOT_FOUND: {
    pt: (p) => `Não há terminal inscrito com o nome ${p.name}.`,
    en: (p) => `There is no enrolled terminal named ${p.name}.`,
  },
  TERMINAL_ALREADY_REVOKED: {
    pt: (p, zone) => `O terminal ${p.name} já foi revogado às ${at(p.revokedAt, zone)}: nada foi alterado.`,
    en: (p, zone) => `Terminal ${p.name} was already revoked at ${at(p.revokedAt, zone)}: nothing was changed.`,
  },
  ENROLMENT_CODE_UNKNOWN: {
    pt: () => 'Código de inscrição desconhecido: confira-o no ecrã do servidor da sala (Definições, Terminais) ou peça um novo.',
    en: () => 'Unknown enrolment code: check it on the hall server\'s screen (Settings, Terminals) or ask for a new one.',
  },
  ENROLMENT_CODE_USED: {
    pt: () => 'Este código de inscrição já foi usado: cada código serve uma vez. Peça um novo no servidor da sala.',
    en: () => 'This enrolment code was already used: each code works once. Ask for a new one at the hall server.',
  },
  ENROLMENT_CODE_EXPIRED: {
    pt: (p, zone) => `Este código de inscrição expirou às ${at(p.expiresAt, zone)} (vale 10 minutos): peça um novo no servidor da sala.`,
    en: (p, zone) => `This enrolment code expired at ${at(p.expiresAt, zone)} (it is valid for 10 minutes): ask for a new one at the hall server.`,
  },
  ENROLMENT_KEY_INVALID: {
    pt: () => 'A chave pública enviada para a inscrição não é uma chave ECDSA P-256 (SPKI em base64): nada foi inscrito.',
    en: () => 'The public key sent to enrol is not an ECDSA P-256 key (SPKI in base64): nothing was enrolled.',
  },
  // The terminals port: the certificate is the credential (mutual TLS); refused with 401 and the connection kept out.
  TERMINAL_CERTIFICATE_REQUIRED: {
    pt: () => 'Este posto não apresentou um certificado de terminal inscrito nesta sala: inscreva-o com um código do servidor da sala.',
    en: () => 'This post presented no certificate of a terminal enrolled in this hall: enrol it with a code from the hall server.',
  },
  // Chained to the hall's authority, enrolled, but past the end of its validity: told apart from a stranger's certificate.
  TERMINAL_CERTIFICATE_EXPIRED: {
    pt: (p) => `O certificado do terminal ${p.name} nesta sala expirou: o terminal tem de ser inscrito de novo, com um código do servidor da sala (Terminais), para voltar a fazer operações.`,
    en: (p) => `The certificate of terminal ${p.name} in this hall has expired: the terminal must be enrolled again, with a code from the hall server (Terminals), to make calls again.`,
  },
  TERMINAL_REVOKED: {
    pt: (p) => `O terminal ${p.name} foi revogado nesta sala: já não pode fazer operações. Para voltar, inscreva-o de novo com um código do servidor da sala.`,
    en: (p) => `Terminal ${p.name} was revoked in this hall: it can no longer make calls. To come back, enrol it again with a code from the hall server.`,
  },
  // The counter's side of an enrolment: the server answering is not the one whose fingerprint was given; the code was not sent.
  HALL_FINGERPRINT_MISMATCH: {
    pt: (p) => `O servidor em ${p.hallUrl} não é o da sala indicada: a impressão digital esperada era ${p.expected} e o servidor apresentou ${p.actual}. O código não foi enviado; confira o endereço e a impressão digital no ecrã do servidor da sala.`,
    en: (p) => `The server at ${p.hallUrl} is not the hall given: the expected fingerprint was ${p.expected} and the server presented ${p.actual}. The code was not sent; check the address and the fingerprint on the hall server's screen.`,
  },
});
