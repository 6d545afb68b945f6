import { defineConfig } from 'vitest/config';

/** Slow system tests: crash and kill loops, concurrency, the printer fault matrix, the benchmarks' smoke run. */
const SYSTEM = ['test/system/**/*.test.ts', 'test/crash/**/*.test.ts', 'bench/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{core,db,main,printing,renderer,test,tools}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...SYSTEM],
          environment: 'node',
          testTimeout: 30_000,
          pool: 'forks',
          // Vitest's default is one worker on a 2-core machine; much of a test's time is fsync, scrypt on the thread pool and sockets.
          maxWorkers: 2,
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
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // One spec at a time: two at once on two cores made screen timings flaky (a claim form not yet drawn, the accessibility sweep past its time).
          fileParallelism: false,
        },
      },
    ],
  },
});
