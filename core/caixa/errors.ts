/**
 * Refusals of the caixa domain (Portaria 1441/95, slot-machine rules n.º 2-14;
 * SPEC 7): machines and their import, guias, jackpot and superjackpot funds,
 * meters and the return-to-player report.
 */
import { clock, errors, eurEn, eurPt, type Params } from '../catalogue.js';

/** A meter's counters (METER_BACKWARDS `counter`), per language. */
const COUNTER_WORDS: Record<string, { pt: string; en: string }> = {
  coinsIn: { pt: 'entradas', en: 'coins in' },
  prizesPaid: { pt: 'prémios', en: 'prizes paid' },
  coinsCollected: { pt: 'recolhas', en: 'coins collected' },
};
const counterPt = (p: Params) => COUNTER_WORDS[String(p.counter)]?.pt ?? String(p.counter);
const counterEn = (p: Params) => COUNTER_WORDS[String(p.counter)]?.en ?? String(p.counter);

/** A field of the machines file (MACHINES_CSV_INVALID `field`), per language. */
const CSV_FIELDS: Record<string, { pt: string; en: string }> = {
  number: { pt: 'n.º de máquina', en: 'machine number' },
  model: { pt: 'modelo', en: 'model' },
  bet: { pt: 'aposta', en: 'bet' },
  location: { pt: 'localização', en: 'location' },
  group: { pt: 'grupo', en: 'group' },
};
const fieldPt = (p: Params) => CSV_FIELDS[String(p.field)]?.pt ?? String(p.field);
const fieldEn = (p: Params) => CSV_FIELDS[String(p.field)]?.en ?? String(p.field);
/** The two headers a machines file may have (core/caixa/rules.ts), with the file's separator (`sep`). */
const headerEn = (p: Params) => ['number', 'model', 'bet', 'location', 'group'].join(String(p.sep ?? ','));
const headerPt = (p: Params) => ['numero', 'modelo', 'aposta', 'localizacao', 'grupo'].join(String(p.sep ?? ','));
const CODE_RULE_PT = '(1 a 20 letras sem acentos, algarismos, «.», «_» ou «-»)';
const CODE_RULE_EN = '(1 to 20 unaccented letters, digits, ".", "_" or "-")';

/** Why a machines file is refused (reason codes of MACHINES_CSV_INVALID), per language. */
const CSV_REASONS: Record<string, { pt: (p: Params) => string; en: (p: Params) => string }> = {
  empty_file: { pt: () => 'o ficheiro está vazio', en: () => 'the file is empty' },
  no_machines: { pt: () => 'o ficheiro não tem nenhuma máquina', en: () => 'the file has no machines' },
  header_invalid: {
    pt: (p) => `cabeçalho «${p.header}» inválido: tem de ser «${headerEn(p)}» ou «${headerPt(p)}»`,
    en: (p) => `invalid header "${p.header}": it must be "${headerEn(p)}" or "${headerPt(p)}"`,
  },
  field_count: {
    pt: (p) => `tem ${p.count} ${Number(p.count) === 1 ? 'campo' : 'campos'} em vez de 5 (${headerPt(p)})`,
    en: (p) => `has ${p.count} ${Number(p.count) === 1 ? 'field' : 'fields'} instead of 5 (${headerEn(p)})`,
  },
  unclosed_quotes: { pt: () => 'aspas por fechar', en: () => 'unclosed double quotes' },
  text_after_quotes: { pt: () => 'texto depois das aspas de fecho', en: () => 'text after the closing double quote' },
  missing: { pt: (p) => `${fieldPt(p)} em falta`, en: (p) => `${fieldEn(p)} missing` },
  too_long: { pt: (p) => `${fieldPt(p)} com mais de ${p.max} caracteres`, en: (p) => `${fieldEn(p)} longer than ${p.max} characters` },
  control_characters: { pt: (p) => `${fieldPt(p)} com caracteres de controlo`, en: (p) => `${fieldEn(p)} contains control characters` },
  code_invalid: { pt: (p) => `${fieldPt(p)} «${p.value}» inválido ${CODE_RULE_PT}`, en: (p) => `invalid ${fieldEn(p)} "${p.value}" ${CODE_RULE_EN}` },
  bet_invalid: { pt: (p) => `aposta «${p.value}» inválida`, en: (p) => `invalid bet "${p.value}"` },
  bet_zero: { pt: (p) => `aposta «${p.value}» inválida: tem de ser maior do que zero`, en: (p) => `invalid bet "${p.value}": it must be more than zero` },
  bet_over_maximum: {
    pt: (p) => `aposta «${p.value}» acima do máximo de ${eurPt(p.maxCents)}`,
    en: (p) => `bet "${p.value}" over the maximum of ${eurEn(p.maxCents)}`,
  },
  number_repeated: {
    pt: (p) => `n.º de máquina «${p.number}» repetido (já na linha ${p.first})`,
    en: (p) => `machine number "${p.number}" repeated (already on line ${p.first})`,
  },
};
const csvReasonPt = (p: Params) => CSV_REASONS[String(p.reason)]?.pt(p) ?? String(p.reason);
const csvReasonEn = (p: Params) => CSV_REASONS[String(p.reason)]?.en(p) ?? String(p.reason);

export const caixaErrors = errors({
  MACHINE_NUMBER_TAKEN: {
    pt: (p) => `Já existe uma máquina com o n.º de identificação ${p.number} (n.º 10: cada máquina tem o seu número).`,
    en: (p) => `A machine with identification no. ${p.number} already exists (no. 10: each machine has its own number).`,
  },
  MACHINE_NOT_FOUND: {
    pt: (p) => `A máquina n.º ${p.number} não está registada.`,
    en: (p) => `Machine no. ${p.number} is not registered.`,
  },
  // p.reason: a code (empty_file, bet_invalid, missing, ...) with its data (field, value, count...), worded here.
  MACHINES_CSV_INVALID: {
    pt: (p) => `Ficheiro de máquinas recusado, nada foi importado: linha ${p.line}: ${csvReasonPt(p)}.`,
    en: (p) => `Machines file refused, nothing was imported: line ${p.line}: ${csvReasonEn(p)}.`,
  },
  // p.guiaId (the internal number asked for) or p.query (what was typed to find it).
  GUIA_NOT_FOUND: {
    pt: (p) => `A guia ${p.guiaId !== undefined ? `n.º interno ${p.guiaId}` : `«${p.query}»`} não existe.`,
    en: (p) => `Guia ${p.guiaId !== undefined ? `with internal no. ${p.guiaId}` : `"${p.query}"`} does not exist.`,
  },
  GUIA_ALREADY_PAID: {
    pt: (p, zone) => `A guia n.º ${p.number} já foi paga (${clock(p.paidAt, zone)}, por ${p.paidBy}): uma guia paga-se uma só vez (n.º 13).`,
    en: (p, zone) => `Guia no. ${p.number} was already paid (${clock(p.paidAt, zone)}, by ${p.paidBy}): a guia is paid once only (no. 13).`,
  },
  GUIA_VOIDED: {
    pt: (p) => `A guia n.º ${p.number} foi anulada (${p.reason}): não pode ser paga nem anulada de novo.`,
    en: (p) => `Guia no. ${p.number} was voided (${p.reason}): it cannot be paid or voided again.`,
  },
  GUIA_PAID_NO_VOID: {
    pt: (p) => `A guia n.º ${p.number} já foi paga: só uma guia por pagar pode ser anulada.`,
    en: (p) => `Guia no. ${p.number} is paid: only an unpaid guia can be voided.`,
  },
  GUIA_SPLIT_MISMATCH: {
    pt: (p) => `Numerário e cheques somam ${eurPt(p.sumCents)}, mas a guia é de ${eurPt(p.amountCents)}: as partes têm de somar exatamente o valor (n.º 13).`,
    en: (p) => `Cash and cheques add up to ${eurEn(p.sumCents)}, but the guia is for ${eurEn(p.amountCents)}: the parts must add up exactly to the amount (no. 13).`,
  },
  GUIA_APPROVAL_REQUIRED: {
    pt: (p) => `Guias acima de ${eurPt(p.thresholdCents)} precisam da aprovação de um gerente (utilizador e PIN), que não seja quem paga.`,
    en: (p) => `Guias over ${eurEn(p.thresholdCents)} need a manager's approval (username and PIN), other than the payer's.`,
  },
  GUIA_NEEDS_FUND_MACHINE: {
    pt: (p) => `A máquina n.º ${p.number} não pertence a nenhum grupo: uma guia de superjackpot paga-se do fundo do grupo (n.º 4).`,
    en: (p) => `Machine no. ${p.number} belongs to no group: a superjackpot guia is paid from the group's fund (no. 4).`,
  },
  FUND_INSUFFICIENT: {
    pt: (p) => `O fundo ${p.fund} tem ${eurPt(p.heldCents)}: não pode pagar ${eurPt(p.amountCents)} (os valores cativos nunca ficam negativos, n.º 5).`,
    en: (p) => `Fund ${p.fund} holds ${eurEn(p.heldCents)}: it cannot pay ${eurEn(p.amountCents)} (the amounts held never go negative, no. 5).`,
  },
  FUND_NAME_INVALID: {
    pt: (p) => `Fundo «${p.fund}» inválido: use machine:<n.º da máquina> (jackpot) ou group:<código do grupo> (superjackpot).`,
    en: (p) => `Invalid fund "${p.fund}": use machine:<machine no.> (jackpot) or group:<group code> (superjackpot).`,
  },
  FUND_NOT_FOUND: {
    pt: (p) => `O fundo ${p.fund} não existe: nenhuma máquina registada lhe corresponde.`,
    en: (p) => `Fund ${p.fund} does not exist: no registered machine matches it.`,
  },
  FUND_TRANSFER_SAME_MACHINES: {
    pt: (p) => `O fundo ${p.to} está só em máquinas do fundo ${p.from} (${p.machines}): transferido para lá, o montante ficaria onde não se pode atribuir; a Portaria n.º 1441/95 (regras das máquinas, n.º 6) manda-o para outra máquina ou grupo.`,
    en: (p) => `Fund ${p.to} is behind none but fund ${p.from}'s machines (${p.machines}): moved there, the amount would stay where it cannot be awarded; Portaria 1441/95 (slot-machine rules, n.º 6) sends it to another machine or group.`,
  },
  FUND_TRANSFER_SAME: {
    pt: () => 'A transferência tem de ser para outra máquina ou outro grupo (n.º 6).',
    en: () => 'The transfer must go to another machine or group (no. 6).',
  },
  FUND_TRANSFER_MISMATCH: {
    pt: (p) =>
      `Transferência recusada: ${p.from} (${p.fromModel}, aposta ${eurPt(p.fromBetCents)}) e ${p.to} (${p.toModel}, aposta ${eurPt(p.toBetCents)}) não são do mesmo modelo e aposta (n.º 6).`,
    en: (p) =>
      `Transfer refused: ${p.from} (${p.fromModel}, bet ${eurEn(p.fromBetCents)}) and ${p.to} (${p.toModel}, bet ${eurEn(p.toBetCents)}) are not of the same model and bet (no. 6).`,
  },
  FUND_TRANSFER_SAME_MODEL_EXISTS: {
    pt: (p) =>
      `Transferência para máquinas autorizadas pela Inspecção-Geral de Jogos recusada: essa via só se usa na falta de máquina ou grupo do mesmo modelo e aposta, e ${p.existing} é, como ${p.from}, do modelo ${p.model} com aposta ${eurPt(p.betCents)}${Number(p.count) > 1 ? ` (há ${p.count} fundos assim)` : ''}: transfira para ${Number(p.count) > 1 ? 'um deles' : p.existing} (n.º 6).`,
    en: (p) =>
      `Transfer to machines authorised by the Inspecção-Geral de Jogos refused: that way is used only where no machine or group of the same model and bet exists, and ${p.existing} is, like ${p.from}, of model ${p.model} with a ${eurEn(p.betCents)} bet${Number(p.count) > 1 ? ` (there are ${p.count} such funds)` : ''}: transfer to ${Number(p.count) > 1 ? 'one of them' : p.existing} (no. 6).`,
  },
  FUND_EMPTY: {
    pt: (p) => `O fundo ${p.fund} está vazio: não há valores cativos a transferir.`,
    en: (p) => `Fund ${p.fund} is empty: there is nothing held to transfer.`,
  },
  GROUP_MIXED: {
    pt: (p) => `O grupo ${p.group} tem máquinas de modelo ${p.model} e aposta ${eurPt(p.betCents)}: as máquinas de um grupo de superjackpot são do mesmo modelo e aposta.`,
    en: (p) => `Group ${p.group} holds machines of model ${p.model} and bet ${eurEn(p.betCents)}: a superjackpot group's machines share model and bet.`,
  },
  METER_BACKWARDS: {
    pt: (p) =>
      `O contador de ${counterPt(p)} da máquina n.º ${p.number} desceu (${p.previous} → ${p.value}): registe a leitura como volta do contador ou reposição a zero (n.º 9).`,
    en: (p) =>
      `Machine no. ${p.number}'s ${counterEn(p)} meter went down (${p.previous} → ${p.value}): record the reading as a rollover or a reset (no. 9).`,
  },
  METER_ROLLOVER_MODULUS: {
    pt: (p) => `Uma volta do contador precisa da capacidade do contador (por exemplo 100000000), maior do que a leitura anterior ${p.previous}.`,
    en: (p) => `A rollover needs the meter's capacity (e.g. 100000000), greater than the previous reading ${p.previous}.`,
  },
  GUIA_NO_PRINTER: {
    pt: () => 'Não há impressora de recibos configurada: a 2.ª via da guia não pode ser impressa (Configuração → Impressoras).',
    en: () => 'No receipts printer is configured: the guia copy cannot be printed (Settings → Printers).',
  },
  REPORT_PERIOD_INVALID: {
    pt: () => 'Período inválido: o início tem de ser anterior ao fim.',
    en: () => 'Invalid period: the start must be before the end.',
  },
});
