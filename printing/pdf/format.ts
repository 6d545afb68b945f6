/** pt-PT wording and formats of the printed reports (DN art. 18: Portuguese on paper). */
import { hallParts, type HallTimeZone } from '../../core/time.js';

/** The reports print the hall's clock (the zone each report carries) with core's one formatter: `14/07/2025 14:00`, `14:00`. */
export { hallDateTime as dateTime, hallClock as time } from '../../core/time.js';

/**
 * A time within a session: `23:40` on the day the session opened, `15/07 00:20`
 * after midnight (sessions cross it).
 */
export function sessionTime(iso: string, sessionOpenedAt: string, zone: HallTimeZone): string {
  const p = hallParts(iso, zone);
  const o = hallParts(sessionOpenedAt, zone);
  const sameDay = p.day === o.day && p.month === o.month && p.year === o.year;
  return sameDay ? `${p.hour}:${p.minute}` : `${p.day}/${p.month} ${p.hour}:${p.minute}`;
}

const GAME_STATES: Record<string, string> = {
  selling: 'Em venda',
  sale_closed: 'Venda fechada',
  drawing: 'Em extração',
  finished: 'Terminada',
  suspended: 'Suspensa',
  annulled: 'Anulada',
};

/** A game state in pt-PT (an unknown state is shown as stored). */
export function gameStateLabel(state: string): string {
  return GAME_STATES[state] ?? state;
}

const ANNUL_REASONS: Record<string, string> = {
  failure_before_draw: 'Avaria antes da primeira bola, não resolvida em 15 minutos (art. 16.º, n.º 1)',
  failure_during_draw: 'Avaria durante a extração, sem poder continuar à mão (art. 16.º, n.º 2)',
  announcement_error: 'Erro no anúncio de um número que afeta substancialmente o jogo (art. 16.º, n.º 5)',
  closing_time: 'Hora de encerramento da sessão: a jogada já não se podia realizar (art. 14.º, n.º 5)',
};

/** The art. 16 reason of an annulment in pt-PT. */
export function annulReasonLabel(reason: string): string {
  return ANNUL_REASONS[reason] ?? reason;
}

const CHECK_PHASES: Record<string, string> = { start: 'Início', end: 'Fim' };
const CHECK_KINDS: Record<string, string> = {
  material: 'material verificado',
  balls: 'todas as bolas passadas pelo mecanismo de extração',
};

/** A check of art. 5.2 / 11.1: `Início: material verificado`. */
export function checkLabel(phase: string, kind: string): string {
  return `${CHECK_PHASES[phase] ?? phase}: ${CHECK_KINDS[kind] ?? kind}`;
}

const INCIDENT_KINDS: Record<string, string> = {
  manual: 'incidente',
  ball_recall: 'bola anulada',
  suspension: 'suspensão',
  annulment: 'anulação',
  ball_set: 'jogo de bolas',
};

/** The kind of an incident-book entry in pt-PT. */
export function incidentKindLabel(kind: string): string {
  return INCIDENT_KINDS[kind] ?? kind;
}
