/** Render the sample acta: `npx tsx printing/pdf/sample.ts [out.pdf]` (default docs/acta-sample.pdf). */
import { writeFileSync } from 'node:fs';
import { renderActaPdf } from './acta.js';
import { sampleActa } from './fixtures.js';

const out = process.argv[2] ?? 'docs/acta-sample.pdf';
const pdf = await renderActaPdf(sampleActa(), { generatedAt: '2025-07-15T00:50:00.000Z' });
writeFileSync(out, pdf);
console.log(`${out}: ${pdf.length} bytes`);
