/** Refusals of the group's journal: a hall's history shipped to the group's PostgreSQL. */
import { errors } from '../catalogue.js';

export const journalErrors = errors({
  JOURNAL_DIVERGED: {
    pt: (p) =>
      `O diário desta sala difere do que o grupo já guarda a partir da entrada n.º ${p.seq} (uma cópia antiga reposta que depois vendeu de outra maneira, ou o ficheiro de outra sala): o envio parou e nada foi substituído. As actas e os seus dados guardam-se tal como foram registados (Despacho Normativo n.º 80/85, art. 17.º): chame o responsável técnico.`,
    en: (p) =>
      `This hall's journal differs from what the group already holds from entry no. ${p.seq} on (an old backup restored that then sold differently, or another hall's file): shipping stopped and nothing was overwritten. Session records are kept as they were written (Despacho Normativo 80/85, art. 17): call the technician.`,
  },
  JOURNAL_GAP: {
    pt: (p) => `O diário enviado salta da entrada n.º ${p.head} para a n.º ${p.seq}: nada deste lote foi guardado.`,
    en: (p) => `The journal sent jumps from entry no. ${p.head} to no. ${p.seq}: nothing of this batch was kept.`,
  },
  JOURNAL_DATABASE_UNREACHABLE: {
    pt: (p) => `A base de dados do grupo (PostgreSQL) não responde (${p.cause}): as vendas continuam nesta sala e o diário segue quando ela voltar.`,
    en: (p) => `The group's database (PostgreSQL) does not answer (${p.cause}): sales go on in this hall and the journal follows when it is back.`,
  },
  GROUP_REPORT_DAY_INVALID: {
    pt: (p) => `${p.name} deve ser um dia no formato AAAA-MM-DD (recebido: «${p.day}»).`,
    en: (p) => `${p.name} must be a day as YYYY-MM-DD (got "${p.day}").`,
  },
  GROUP_REPORT_PERIOD_INVALID: {
    pt: (p) => `O período termina (${p.to}) antes de começar (${p.from}).`,
    en: (p) => `The period ends (${p.to}) before it begins (${p.from}).`,
  },
  GROUP_REPORT_FORMAT_INVALID: {
    pt: (p) => `--format deve ser json, csv ou html (recebido: «${p.format}»).`,
    en: (p) => `--format must be json, csv or html (got "${p.format}").`,
  },
});
