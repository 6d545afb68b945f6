/**
 * A roulette table's limits sign as an A4 PDF, to post at the table (X.27):
 * the minimum and maximum stake of each chance, large enough to read across
 * the table. The same data as the receipt-printer sign (documents/limitsSign).
 */
import { formatCents } from '../../core/money.js';
import type { LimitsSignData } from '../documents/limitsSign.js';
import { createDocument } from './document.js';
import { dateTime } from './format.js';
import { drawTable } from './table.js';

export async function renderLimitsSignPdf(data: LimitsSignData): Promise<Buffer> {
  const { doc, finish } = createDocument({
    title: `Limites da mesa ${data.tableCode} — ${data.hallName}`,
    author: data.hallName,
    subject: 'Limites das apostas da mesa de roleta (Portaria n.º 1441/95, X.27)',
    createdAt: data.at,
    layout: 'portrait',
    madeBy: { software: data.software, generatedAt: data.at, timeZone: data.timeZone },
  });
  const left = doc.page.margins.left;
  doc.font('bold').fontSize(22).text(data.hallName, left, doc.y);
  doc.font('bold').fontSize(34).text(`Mesa ${data.tableCode}`, left, doc.y + 6);
  doc.font('regular').fontSize(16).text(`${data.wheelName} · limites das apostas (X.27)`, left, doc.y + 4);
  doc.y += 18;
  drawTable(
    doc,
    [
      { header: 'Chance', width: 'flex' },
      { header: 'Mínimo', width: 140, align: 'right', noWrap: true },
      { header: 'Máximo', width: 140, align: 'right', noWrap: true },
    ],
    data.rows.map((r) => ({ cells: [r.chance, formatCents(r.minimumCents), formatCents(r.maximumCents)] })),
    { fontSize: 16, padY: 8 },
  );
  doc.font('regular').fontSize(10).text(`Emitido em ${dateTime(data.at, data.timeZone)}`, left, doc.y + 12);
  return finish(`${data.hallName} · Mesa ${data.tableCode} · Limites das apostas`);
}
