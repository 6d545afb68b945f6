/** Refusals of a post's role (core/terminals/post.ts): technical, chosen at the installed program's first run. */
import { errors } from '../catalogue.js';

const MODE_PT: Record<string, string> = { standalone: 'um quiosque autónomo', hall: 'o servidor da sala', counter: 'um balcão ligado ao servidor da sala' };
const MODE_EN: Record<string, string> = { standalone: 'a standalone kiosk', hall: 'the hall server', counter: 'a counter linked to the hall server' };

export const postErrors = errors({
  POST_NOT_CHOSEN: {
    pt: () => 'Este posto ainda não tem papel: escolha no primeiro ecrã se é um quiosque autónomo, o servidor da sala ou um balcão. Nada foi feito.',
    en: () => 'This post has no role yet: choose on the first screen whether it is a standalone kiosk, the hall server or a counter. Nothing was done.',
  },
  POST_ALREADY_CHOSEN: {
    pt: (p) => `Este posto já é ${MODE_PT[String(p.mode)] ?? p.mode}: o papel escolhe-se uma vez, no primeiro arranque. Nada foi alterado.`,
    en: (p) => `This post is already ${MODE_EN[String(p.mode)] ?? p.mode}: the role is chosen once, at the first start. Nothing was changed.`,
  },
  POST_CHOICE_INSTALLED_ONLY: {
    pt: () => 'O papel do posto escolhe-se só no programa instalado; em modo navegador use npm run web, npm run hall ou npm run counter. Nada foi alterado.',
    en: () => "The post's role is chosen only in the installed program; in browser mode use npm run web, npm run hall or npm run counter. Nothing was changed.",
  },
  POST_HALL_ADDRESS_INVALID: {
    pt: (p) => `Endereço do servidor da sala inválido ("${p.hallUrl}"): escreva-o como no ecrã Terminais do servidor, https://ENDEREÇO:PORTA (por exemplo https://192.168.1.10:7443). Nada foi enviado.`,
    en: (p) => `Invalid hall server address ("${p.hallUrl}"): type it as the hall server's Terminals screen shows it, https://ADDRESS:PORT (for example https://192.168.1.10:7443). Nothing was sent.`,
  },
  POST_FINGERPRINT_INVALID: {
    pt: (p) => `Impressão digital inválida ("${p.fingerprint}"): sha256: seguido de 64 algarismos hexadecimais, como no ecrã Terminais do servidor da sala. Nada foi enviado.`,
    en: (p) => `Invalid fingerprint ("${p.fingerprint}"): sha256: followed by 64 hexadecimal digits, as on the hall server's Terminals screen. Nothing was sent.`,
  },
  POST_HALL_NOT_REACHED: {
    pt: (p) => `Não foi possível ligar ao servidor da sala em ${p.hallUrl} (${p.cause}): confira o endereço, a rede e se o servidor da sala está ligado. O código não foi usado; nada foi alterado.`,
    en: (p) => `Could not connect to the hall server at ${p.hallUrl} (${p.cause}): check the address, the network and that the hall server is on. The code was not used; nothing was changed.`,
  },
  POST_TERMINALS_PORT_UNAVAILABLE: {
    pt: (p) => `A porta dos terminais ${p.port} não pode ser aberta neste posto (${p.cause}): escolha outra porta. Nada foi alterado.`,
    en: (p) => `The terminals port ${p.port} cannot be opened on this post (${p.cause}): choose another port. Nothing was changed.`,
  },
  POST_FILE_INVALID: {
    pt: (p) => `O ficheiro do papel deste posto (${p.file}) está incompleto ou alterado: o programa não arranca com ele. Chame o técnico.`,
    en: (p) => `This post's role file (${p.file}) is incomplete or altered: the program does not start with it. Call the technician.`,
  },
  POST_NOT_ENROLLED: {
    pt: (p) => `Este posto é um balcão, mas a sua inscrição no servidor da sala falta em ${p.dataDir}: chame o técnico para o inscrever de novo.`,
    en: (p) => `This post is a counter, but its enrolment at the hall server is missing from ${p.dataDir}: call the technician to enrol it again.`,
  },
});
