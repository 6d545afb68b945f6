/**
 * How a test starts the program's command line in a child process: the production build (dist/main/cli.js) when
 * `npm test` made it from these sources before any test (it sets KIOSK_TEST_BUILT=1), which starts in about half
 * the CPU time of the sources under tsx; otherwise (a test file run alone) the sources, never a stale build.
 */
import { relative, resolve } from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');

/** The node arguments before the command (`web`, `backup:restore`, ...). */
export const PROGRAM: readonly string[] = process.env.KIOSK_TEST_BUILT === '1' ? [resolve(ROOT, 'dist', 'main', 'cli.js')] : ['--import', 'tsx', 'main/cli.ts'];

/**
 * The node arguments that run one of the tests' own TypeScript scripts (a seller to kill, a child to stop): under
 * KIOSK_TEST_BUILT, the script compiled once beside the build (dist/test/…, importing dist's modules as the sources
 * import theirs), started in a tenth of the time tsx takes to compile the program at every start; otherwise tsx.
 */
export function testScript(file: string): string[] {
  if (process.env.KIOSK_TEST_BUILT !== '1') return ['--import', 'tsx', file];
  const out = resolve(ROOT, 'dist', relative(ROOT, resolve(ROOT, file)).replace(/\.ts$/, '.js'));
  if (!compiled.has(out)) {
    buildSync({ entryPoints: [resolve(ROOT, file)], outfile: out, platform: 'node', target: 'node20', format: 'esm', bundle: false, logLevel: 'warning' });
    compiled.add(out);
  }
  return [out];
}
const compiled = new Set<string>();
