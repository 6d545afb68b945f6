/** Render the sample acta: `npx tsx tools/acta-sample.ts [out.pdf]` (default docs/acta-sample.pdf). */
import { writeFileSync } from 'node:fs';
import { renderActaPdf } from '../printing/pdf/acta.js';
import { softwareLabel } from '../main/version.js';
import { sampleActa } from '../test/fixtures/acta.js';

const out = process.argv[2] ?? 'docs/acta-sample.pdf';
const pdf = await renderActaPdf(sampleActa(), { generatedAt: '2025-07-15T00:50:00.000Z', software: softwareLabel() });
writeFileSync(out, pdf);
console.log(`${out}: ${pdf.length} bytes`);
