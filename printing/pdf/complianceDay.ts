/**
 * A gaming day's record of identified players as an A4 PDF (Lei n.º 83/2017,
 * art. 76.º; SPEC 11): each payment or exchange of an identified person (who,
 * what, when, which operator, the person's day total), then the
 * identifications refused because the person is barred from play. The same
 * rows as the CSV (core/compliance/exports.ts). The managers' only: it names
 * persons.
 */
import { ACT_LABELS } from '../../core/compliance/exports.js';
import { DOCUMENT_TYPE_LABELS, type DayRecordAct, type IdentityDocumentType } from '../../core/compliance/rules.js';
import { formatCents } from '../../core/money.js';
import type { HallTimeZone } from '../../core/time.js';
import { createDocument } from './document.js';
import { dateTime, time } from './format.js';
import { drawTable } from './table.js';

export interface ComplianceDayPdf {
  hallName: string;
  licence: string | null;
  gamingDay: string;
  timeZone: HallTimeZone;
  software: string;
  generatedAt: string;
  acts: readonly {
    at: string;
    act: DayRecordAct;
    refId: number;
    cents: number;
    cashCents: number;
    chequeCents: number;
    operator: string;
    terminalId: string;
    personId: number;
    name: string;
    documentType: IdentityDocumentType;
    documentNumber: string;
    country: string;
    dayTotalCents: number;
  }[];
  refusals: readonly {
    at: string;
    operator: string;
    terminalId: string;
    line: number;
    name: string;
    documentType: IdentityDocumentType;
    documentNumber: string;
    country: string;
    birthDate: string | null;
    validFrom: string;
    validUntil: string | null;
  }[];
}

const day = (d: string) => d.split('-').reverse().join('/');

export async function renderComplianceDayPdf(data: ComplianceDayPdf): Promise<Buffer> {
  const title = `Jogadores identificados — dia de jogo ${day(data.gamingDay)}`;
  const { doc, finish } = createDocument({
    title: `${title} — ${data.hallName}`,
    author: data.hallName,
    subject: 'Registo do dia de jogo dos jogadores identificados (Lei n.º 83/2017, art. 76.º)',
    createdAt: data.generatedAt,
    layout: 'landscape',
    madeBy: { software: data.software, generatedAt: data.generatedAt, timeZone: data.timeZone },
  });
  const left = doc.page.margins.left;
  doc.font('bold').fontSize(16).text(data.hallName, left, doc.y);
  if (data.licence) doc.font('regular').fontSize(10).text(`Licença ${data.licence}`, left, doc.y + 2);
  doc.font('bold').fontSize(13).text(title, left, doc.y + 6);
  doc
    .font('regular')
    .fontSize(9)
    .text('Lei n.º 83/2017, art. 76.º: pagamentos e trocas de jogadores identificados, das 06:00 às 06:00 (hora da sala). Dados pessoais: só para a gerência.', left, doc.y + 4);
  doc.y += 10;
  drawTable(
    doc,
    [
      { header: 'Hora', width: 40, noWrap: true },
      { header: 'Operação', width: 120 },
      { header: 'Valor', width: 72, align: 'right', noWrap: true },
      { header: 'Numerário', width: 72, align: 'right', noWrap: true },
      { header: 'Cheque', width: 72, align: 'right', noWrap: true },
      { header: 'Jogador', width: 'flex' },
      { header: 'Total do dia', width: 78, align: 'right', noWrap: true },
      { header: 'Operador', width: 90 },
    ],
    data.acts.length === 0
      ? [{ cells: ['', 'Nenhum pagamento ou troca de jogador identificado.', '', '', '', '', '', ''] }]
      : data.acts.map((a) => ({
          cells: [
            time(a.at, data.timeZone),
            `${ACT_LABELS[a.act]} n.º ${a.refId}`,
            formatCents(a.cents),
            formatCents(a.cashCents),
            formatCents(a.chequeCents),
            `${a.name} (${DOCUMENT_TYPE_LABELS[a.documentType]} ${a.documentNumber}, ${a.country}; identificação n.º ${a.personId})`,
            formatCents(a.dayTotalCents),
            `${a.operator} (${a.terminalId})`,
          ],
        })),
    { fontSize: 9 },
  );
  doc.font('bold').fontSize(11).text('Identificações recusadas (pessoas proibidas de jogar)', left, doc.y + 12);
  doc.y += 4;
  drawTable(
    doc,
    [
      { header: 'Hora', width: 40, noWrap: true },
      { header: 'Pessoa', width: 'flex' },
      { header: 'Interdição', width: 150 },
      { header: 'Linha da lista', width: 70, align: 'right', noWrap: true },
      { header: 'Operador', width: 90 },
    ],
    data.refusals.length === 0
      ? [{ cells: ['', 'Nenhuma identificação recusada.', '', '', ''] }]
      : data.refusals.map((r) => ({
          cells: [
            time(r.at, data.timeZone),
            `${r.name} (${DOCUMENT_TYPE_LABELS[r.documentType]} ${r.documentNumber}, ${r.country}${r.birthDate ? `; nascido(a) em ${day(r.birthDate)}` : ''})`,
            r.validUntil ? `de ${day(r.validFrom)} a ${day(r.validUntil)}` : `desde ${day(r.validFrom)}, sem termo`,
            String(r.line),
            `${r.operator} (${r.terminalId})`,
          ],
        })),
    { fontSize: 9 },
  );
  doc.font('regular').fontSize(9).text(`Emitido em ${dateTime(data.generatedAt, data.timeZone)}`, left, doc.y + 10);
  return finish(`${data.hallName} · Jogadores identificados · ${day(data.gamingDay)}`);
}
