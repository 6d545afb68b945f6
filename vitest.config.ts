import { defineConfig } from 'vitest/config';

/** Slow system tests: crash and kill loops, concurrency, the printer fault matrix, the benchmarks' smoke run. */
const SYSTEM = ['test/system/**/*.test.ts', 'test/crash/**/*.test.ts', 'bench/**/*.test.ts'];

/**
 * Unit files that replace modules with vi.doMock: run in a fresh module registry of their own (the others share one
 * per worker, see `isolate` below).
 */
const MOCKING = ['renderer/screenChunks.test.ts', 'main/services/handlers.test.ts', 'core/merge.test.ts'];

/** End-to-end specs that measure time (the board within 200 ms of a commit): run alone, after the others. */
const E2E_ALONE = ['e2e/board.spec.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{core,db,main,printing,renderer,test,tools}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...SYSTEM, ...MOCKING],
          environment: 'node',
          testTimeout: 30_000,
          pool: 'forks',
          // Each worker imports the program's modules once for all its files, not once per file: about a third of the
          // unit stage was importing (the files keep no state in a module: each makes its kiosk in a temporary folder).
          isolate: false,
          // Vitest's default is one worker on a 2-core machine; much of a test's time is fsync, scrypt on the thread pool and sockets.
          maxWorkers: 2,
          // The harness's kiosks hash PINs cheaply here (test/harness.ts, TEST_PIN_COST); the system and e2e tests keep the hall's cost.
          env: { KIOSK_TEST_CHEAP_PINS: '1' },
          // Shared modules keep state across files: the screens' language is set back to pt-PT before each file.
          setupFiles: ['test/setup-i18n.ts'],
        },
      },
      {
        test: {
          name: 'unit-mocking',
          include: MOCKING,
          environment: 'node',
          testTimeout: 30_000,
          pool: 'forks',
          maxWorkers: 2,
          env: { KIOSK_TEST_CHEAP_PINS: '1' },
        },
      },
      {
        test: {
          name: 'system',
          include: SYSTEM,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          exclude: ['**/node_modules/**', ...E2E_ALONE],
          environment: 'node',
          // Two specs at once: each waits on a kiosk, a browser and the network most of its time. A screen waits for
          // what it shows (never a fixed time), so a slower screen under two specs is waited for, not failed.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
          // The helpers (the counter, the fault proxy, the program's modules) imported once per worker, not per spec.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e-alone',
          include: [...E2E_ALONE],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
