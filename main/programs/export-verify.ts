/** `export:verify`: an inspector's export checked with no database and no kiosk (usage in main/cli.ts). */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkReport } from '../../core/inspector/check.js';
import { verifyExportFile } from '../inspector/verify.js';

/** `npm run export:verify -- FILE [--key VERIFIER_KEY] [--witness WITNESS_KEY]`: no database, no kiosk; exit 0, or 1 naming the first thing that fails. */
export async function run(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { key: { type: 'string' }, witness: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch {
    // Node's own words are English: the inspector reads how to call it instead.
    console.error('Uso: npm run export:verify -- FICHEIRO.zip [--key CHAVE_DA_SALA] [--witness CHAVE_DA_TESTEMUNHA]');
    process.exit(2);
  }
  const { values, positionals } = parsed;
  const path = positionals[0];
  if (!path || !existsSync(path)) {
    console.error('Indique o ficheiro da exportação (.zip).');
    process.exit(2);
  }
  const r = verifyExportFile(path, { ...(values.key ? { key: values.key } : {}), ...(values.witness ? { witness: values.witness } : {}) });
  if (r.ok) {
    console.log(checkReport(r).join('\n'));
  } else {
    console.log(`FALHA em ${r.failure.file}${r.failure.line !== undefined ? `, linha ${r.failure.line}` : ''}: ${r.failure.what}.`);
    process.exitCode = 1;
  }
}
