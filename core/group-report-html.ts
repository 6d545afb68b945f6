/**
 * The group's report as one self-contained HTML page (issue 25): the table
 * and three charts drawn as inline SVG by the pure functions below, no
 * script, font or style fetched from anywhere, so the file opens offline and
 * prints as it shows. Texts pt-PT.
 */
import { formatCents } from './money.js';
import { DEFAULT_HALL_TIME_ZONE, hallDate as hallDateIn, hallDateTime as hallDateTimeIn } from './time.js';

// A report of several halls: its days are written as they are (each hall's own), the time it was made on Lisbon's clock.
const hallDate = (day: string) => hallDateIn(day, DEFAULT_HALL_TIME_ZONE);
const hallDateTime = (iso: string) => hallDateTimeIn(iso, DEFAULT_HALL_TIME_ZONE);
import type { GroupReport, ReportRow } from './group-report.js';

/** Text and attribute values made safe for HTML and SVG. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Series colours, told apart by people with the common colour blindnesses (Okabe-Ito). */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
const BELOW = '#C0392B';

/** A round top for an axis: 1, 2 or 5 times a power of ten, at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

const svgNumber = (v: number) => String(Math.round(v * 10) / 10);

interface GroupedBars {
  title: string;
  /** The x axis's categories, in order (e.g. days). */
  categories: readonly string[];
  /** One bar per series in each category (e.g. halls); values by category index. */
  series: readonly { name: string; values: readonly number[] }[];
  format: (v: number) => string;
}

/** Vertical bars grouped by category, one colour per series, with a legend; scaled to the largest value. */
export function groupedBarsSvg(c: GroupedBars): string {
  const width = 960;
  const left = 90;
  const top = 30;
  const plot = 260;
  const legendRows = Math.ceil(c.series.length / 4);
  const height = top + plot + 60 + legendRows * 20;
  const max = niceMax(Math.max(0, ...c.series.flatMap((s) => s.values)));
  const band = (width - left - 10) / Math.max(1, c.categories.length);
  const bar = Math.max(1, Math.min(28, (band * 0.8) / Math.max(1, c.series.length)));
  const y = (v: number) => top + plot - (v / max) * plot;
  const out: string[] = [];
  for (let i = 0; i <= 4; i++) {
    const v = (max * i) / 4;
    out.push(`<line x1="${left}" x2="${width - 10}" y1="${svgNumber(y(v))}" y2="${svgNumber(y(v))}" stroke="#ddd"/>`);
    out.push(`<text x="${left - 6}" y="${svgNumber(y(v) + 4)}" text-anchor="end" font-size="11">${escapeHtml(c.format(v))}</text>`);
  }
  c.categories.forEach((category, ci) => {
    const x0 = left + ci * band + (band - bar * c.series.length) / 2;
    c.series.forEach((s, si) => {
      const v = s.values[ci] ?? 0;
      const x = x0 + si * bar;
      out.push(
        `<rect x="${svgNumber(x)}" y="${svgNumber(y(v))}" width="${svgNumber(bar - 1)}" height="${svgNumber(top + plot - y(v))}" fill="${PALETTE[si % PALETTE.length]}"><title>${escapeHtml(`${s.name}, ${category}: ${c.format(v)}`)}</title></rect>`,
      );
    });
    // Every label while they fit; else one in a few, so they never overlap.
    const every = Math.ceil(c.categories.length / 16);
    if (ci % every === 0) out.push(`<text x="${svgNumber(left + ci * band + band / 2)}" y="${top + plot + 16}" text-anchor="middle" font-size="11">${escapeHtml(category)}</text>`);
  });
  c.series.forEach((s, si) => {
    const lx = left + (si % 4) * 220;
    const ly = top + plot + 40 + Math.floor(si / 4) * 20;
    out.push(`<rect x="${lx}" y="${ly - 10}" width="12" height="12" fill="${PALETTE[si % PALETTE.length]}"/>`);
    out.push(`<text x="${lx + 18}" y="${ly}" font-size="12">${escapeHtml(s.name)}</text>`);
  });
  return svg(width, height, c.title, out);
}

interface HorizontalBars {
  title: string;
  bars: readonly { label: string; value: number; text: string; below?: boolean }[];
  /** The axis's top (default: the largest value, rounded up). */
  max?: number;
  /** A vertical line (e.g. the 80 % minimum), labelled. */
  reference?: { value: number; label: string };
}

/** One horizontal bar per item, its value written beside it; a bar marked `below` drawn in red. */
export function horizontalBarsSvg(c: HorizontalBars): string {
  const width = 960;
  const left = 260;
  const right = 120;
  const row = 24;
  const top = 30;
  const height = top + Math.max(1, c.bars.length) * row + 30;
  const max = c.max ?? niceMax(Math.max(0, ...c.bars.map((b) => b.value), c.reference?.value ?? 0));
  const x = (v: number) => left + (Math.min(v, max) / max) * (width - left - right);
  const out: string[] = [];
  if (c.bars.length === 0) out.push(`<text x="${left}" y="${top + 16}" font-size="13">Sem dados no período.</text>`);
  c.bars.forEach((b, i) => {
    const yy = top + i * row;
    const fill = b.below ? BELOW : PALETTE[0]!;
    out.push(`<text x="${left - 8}" y="${yy + 16}" text-anchor="end" font-size="12">${escapeHtml(b.label)}</text>`);
    out.push(`<rect x="${left}" y="${yy + 4}" width="${svgNumber(Math.max(0, x(b.value) - left))}" height="${row - 8}" fill="${fill}"><title>${escapeHtml(`${b.label}: ${b.text}`)}</title></rect>`);
    out.push(`<text x="${svgNumber(x(b.value) + 6)}" y="${yy + 16}" font-size="12"${b.below ? ` fill="${BELOW}" font-weight="bold"` : ''}>${escapeHtml(b.text)}</text>`);
  });
  if (c.reference) {
    const rx = svgNumber(x(c.reference.value));
    out.push(`<line x1="${rx}" x2="${rx}" y1="${top - 6}" y2="${height - 24}" stroke="#333" stroke-dasharray="4 3"/>`);
    out.push(`<text x="${rx}" y="${height - 8}" text-anchor="middle" font-size="12">${escapeHtml(c.reference.label)}</text>`);
  }
  return svg(width, height, c.title, out);
}

function svg(width: number, height: number, title: string, body: readonly string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}" font-family="system-ui, sans-serif">` +
    `<title>${escapeHtml(title)}</title>${body.join('')}</svg>`
  );
}

/** Each hall's sales per day over the period's days that had any. */
export function salesByHallDay(rows: readonly ReportRow[]): GroupedBars {
  const days = [...new Set(rows.filter((r) => r.salesCents > 0).map((r) => r.date))].sort();
  const halls = [...new Set(rows.map((r) => r.hallName))];
  return {
    title: 'Vendas por sala e por dia',
    categories: days.map((d) => hallDate(d).slice(0, 5)),
    series: halls.map((name) => ({
      name,
      values: days.map((d) => rows.filter((r) => r.hallName === name && r.date === d).reduce((s, r) => s + r.salesCents, 0)),
    })),
    format: (v) => formatCents(Math.round(v)),
  };
}

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace('.', ',')} %`;

const COLUMNS: readonly { header: string; cell: (r: ReportRow) => string; money?: boolean }[] = [
  { header: 'Sala', cell: (r) => r.hallName },
  { header: 'Sessão', cell: (r) => (r.sessionNumber === null ? 'fora de sessão' : `n.º ${r.sessionNumber}`) },
  { header: 'Data', cell: (r) => hallDate(r.date) },
  { header: 'Jogadas', cell: (r) => `${r.games}${r.gamesAnnulled ? ` (${r.gamesAnnulled} anul.)` : ''}` },
  { header: 'Cartões', cell: (r) => String(r.cardsSold) },
  { header: 'Vendas', cell: (r) => formatCents(r.salesCents), money: true },
  { header: 'Vendas anuladas', cell: (r) => `${r.voids} · ${formatCents(r.voidedCents)}`, money: true },
  { header: 'Prémios pagos', cell: (r) => formatCents(r.prizesCents), money: true },
  { header: 'Prémio especial', cell: (r) => formatCents(r.specialPrizesCents), money: true },
  { header: 'Devoluções', cell: (r) => formatCents(r.refundsCents), money: true },
  { header: 'Imposto do selo', cell: (r) => formatCents(r.stampDutyCents), money: true },
  { header: 'Guias pagas', cell: (r) => `${r.guiasPaid} · ${formatCents(r.guiasPaidCents)}`, money: true },
  { header: 'Guias anuladas', cell: (r) => String(r.guiasVoided) },
  { header: 'Jackpots: contribuições', cell: (r) => formatCents(r.fundContributionsCents), money: true },
  { header: 'Relatórios Z (diferença)', cell: (r) => `${r.zReports} (${formatCents(r.zVarianceCents)})`, money: true },
];

const STYLE = `
body{font-family:system-ui,sans-serif;margin:16px;color:#1a1a1a;background:#fff}
h1{font-size:1.4rem;margin:0 0 4px}h2{font-size:1.1rem;margin:24px 0 8px}
p.meta{margin:0 0 12px;color:#555}
.table{overflow-x:auto;border:1px solid #ccc}
table{border-collapse:collapse;width:100%;font-size:.85rem}
th,td{padding:4px 8px;border-bottom:1px solid #e3e3e3;white-space:nowrap;text-align:left}
th{background:#f2f2f2;position:sticky;top:0}td.m{text-align:right;font-variant-numeric:tabular-nums}
tfoot td{font-weight:bold;border-top:2px solid #999}
figure{margin:0 0 8px}figcaption{font-weight:600;margin:8px 0 4px}svg{width:100%;height:auto;max-width:1200px}
.grid{display:grid;grid-template-columns:1fr;gap:8px}
@media (min-width:1400px){.grid{grid-template-columns:1fr 1fr}}
`;

/** The whole page. */
export function reportHtml(report: GroupReport): string {
  const rows = report.rows;
  const total = (pick: (r: ReportRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const totals: ReportRow = {
    ...rows[0]!,
    hallName: 'Total',
    games: total((r) => r.games),
    gamesAnnulled: total((r) => r.gamesAnnulled),
    cardsSold: total((r) => r.cardsSold),
    salesCents: total((r) => r.salesCents),
    voids: total((r) => r.voids),
    voidedCents: total((r) => r.voidedCents),
    prizesCents: total((r) => r.prizesCents),
    specialPrizesCents: total((r) => r.specialPrizesCents),
    refundsCents: total((r) => r.refundsCents),
    stampDutyCents: total((r) => r.stampDutyCents),
    guiasPaid: total((r) => r.guiasPaid),
    guiasPaidCents: total((r) => r.guiasPaidCents),
    guiasVoided: total((r) => r.guiasVoided),
    fundContributionsCents: total((r) => r.fundContributionsCents),
    zReports: total((r) => r.zReports),
    zVarianceCents: total((r) => r.zVarianceCents),
  };
  const line = (r: ReportRow, isTotal = false) =>
    `<tr>${COLUMNS.map((c, i) => {
      const text = isTotal && (i === 1 || i === 2) ? '' : c.cell(r);
      return `<td${c.money ? ' class="m"' : ''}>${escapeHtml(text)}</td>`;
    }).join('')}</tr>`;
  const table =
    rows.length === 0
      ? '<p>Não há sessões nem movimentos no período.</p>'
      : `<div class="table"><table><thead><tr>${COLUMNS.map((c) => `<th scope="col">${escapeHtml(c.header)}</th>`).join('')}</tr></thead>` +
        `<tbody>${rows.map((r) => line(r)).join('')}</tbody><tfoot>${line(totals, true)}</tfoot></table></div>`;
  const guias = horizontalBarsSvg({
    title: 'Guias pagas por máquina',
    bars: report.guiasByMachine.map((g) => ({ label: `${g.hallName} · máquina ${g.number}`, value: g.paidCents, text: formatCents(g.paidCents) })),
  });
  const played = report.machines.filter((m) => m.returnBasisPoints !== null);
  const minimum = report.minimumReturnBasisPoints;
  const returns = horizontalBarsSvg({
    title: `Retorno de cada máquina face ao mínimo de ${percent(minimum)}`,
    bars: played.map((m) => ({
      label: `${m.hallName} · máquina ${m.number}`,
      value: m.returnBasisPoints!,
      text: `${percent(m.returnBasisPoints!)}${m.below ? ' abaixo do mínimo' : ''}`,
      below: m.below,
    })),
    max: Math.max(10_000, niceMax(Math.max(0, ...played.map((m) => m.returnBasisPoints!)))),
    reference: { value: minimum, label: `mínimo ${percent(minimum)}` },
  });
  const below = played.filter((m) => m.below);
  return `<!doctype html>
<html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Relatório do grupo, ${escapeHtml(hallDate(report.fromDay))} a ${escapeHtml(hallDate(report.toDay))}</title>
<style>${STYLE}</style></head><body>
<h1>Relatório do grupo</h1>
<p class="meta">De ${escapeHtml(hallDate(report.fromDay))} a ${escapeHtml(hallDate(report.toDay))}, calculado só a partir do diário guardado no grupo; gerado em ${escapeHtml(hallDateTime(report.generatedAt))} por ${escapeHtml(report.software)}. Uma linha por sala e sessão de bingo; o que cada sala fez fora das sessões vai numa linha do seu dia.</p>
<h2>Sessões</h2>
${table}
<h2>Gráficos</h2>
<div class="grid">
<figure><figcaption>Vendas por sala e por dia</figcaption>${groupedBarsSvg(salesByHallDay(rows))}</figure>
<figure><figcaption>Guias pagas por máquina</figcaption>${guias}</figure>
<figure><figcaption>Retorno de cada máquina face ao mínimo de ${escapeHtml(percent(minimum))} (n.º 2)</figcaption>${returns}</figure>
</div>
<p class="meta">Retorno ao jogador (n.º 2 das regras das máquinas): prémios pagos pela máquina e guias emitidas e não anuladas no período, face ao jogado, segundo os contadores registados.${below.length ? ` Abaixo do mínimo: ${escapeHtml(below.map((m) => `${m.hallName} · ${m.number}`).join(', '))}.` : ''}</p>
</body></html>
`;
}
