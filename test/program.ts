/**
 * How a test starts the program's command line in a child process: the production build (dist/main/cli.js) when
 * `npm test` made it from these sources before any test (it sets KIOSK_TEST_BUILT=1), which starts in about half
 * the CPU time of the sources under tsx; otherwise (a test file run alone) the sources, never a stale build.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');

/** The node arguments before the command (`web`, `backup:restore`, ...). */
export const PROGRAM: readonly string[] = process.env.KIOSK_TEST_BUILT === '1' ? [resolve(ROOT, 'dist', 'main', 'cli.js')] : ['--import', 'tsx', 'main/cli.ts'];

/**
 * The node arguments that run one of the tests' own TypeScript scripts (a seller to kill, a child to stop): under
 * KIOSK_TEST_BUILT, the script as compiled beside the build (dist/test-<pid>/…, importing dist's modules as the sources
 * import theirs), started in a tenth of the time tsx takes to compile the program at every start; otherwise tsx.
 */
export function testScript(file: string): string[] {
  if (process.env.KIOSK_TEST_BUILT !== '1') return ['--import', 'tsx', file];
  compileTestHelpers();
  return [resolve(HELPERS, relative(resolve(ROOT, 'test'), resolve(ROOT, file)).replace(/\.ts$/, '.js'))];
}

/**
 * Where this process compiles them: a folder of its own (two workers compiling into one would let a child read a
 * file half written), as deep in dist/ as dist/test would be, so that `../../main/…` is dist's.
 */
const HELPERS = resolve(ROOT, 'dist', `test-${process.pid}`);
let helpersCompiled = false;
/** Every module of test/ that is not a test (the scripts and what they import of each other), once per process. */
function compileTestHelpers(): void {
  if (helpersCompiled) return;
  const modules = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return modules(path);
      return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
    });
  // Those of processes gone (a worker is stopped without its exit handlers) are removed.
  for (const e of readdirSync(resolve(ROOT, 'dist'))) {
    const pid = /^test-(\d+)$/.exec(e)?.[1];
    if (pid !== undefined && !alive(Number(pid))) rmSync(resolve(ROOT, 'dist', e), { recursive: true, force: true });
  }
  process.once('exit', () => rmSync(HELPERS, { recursive: true, force: true }));
  buildSync({ entryPoints: modules(resolve(ROOT, 'test')), outdir: HELPERS, outbase: resolve(ROOT, 'test'), platform: 'node', target: 'node20', format: 'esm', bundle: false, logLevel: 'warning' });
  helpersCompiled = true;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
