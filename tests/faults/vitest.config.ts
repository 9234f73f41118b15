import { defineConfig } from 'vitest/config'

/** Fault scenarios on engines the suite starts, stops and restarts itself; run alone, one file at a time. */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: process.env.TEST_REPORT_FILE ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : ['default'],
  },
})
