/**
 * How a test starts the program's command line in a child process: the production build (dist/main/cli.js) when
 * `npm test` made it from these sources before any test (it sets KIOSK_TEST_BUILT=1), which starts in about half
 * the CPU time of the sources under tsx; otherwise (a test file run alone) the sources, never a stale build.
 */
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** The node arguments before the command (`web`, `backup:restore`, ...). */
export const PROGRAM: readonly string[] = process.env.KIOSK_TEST_BUILT === '1' ? [resolve(ROOT, 'dist', 'main', 'cli.js')] : ['--import', 'tsx', 'main/cli.ts'];
