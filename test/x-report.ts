/** The X report as a manager reads it (report.x answers a counter role a blind one, without any amount). */
import type { XReportAnswer } from '../core/drawers/contract.js';

export function managerX(x: XReportAnswer): Extract<XReportAnswer, { blind: false }> {
  if (x.blind) throw new Error(`a blind X report (drawer ${x.drawerId}) where a manager's was expected`);
  return x;
}
