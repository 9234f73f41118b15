import { defineConfig } from 'vitest/config'
import { pollDefaults } from '../support/poll-defaults.ts'

/**
 * The container test (`npm run test:containers`): builds every image, runs the compose stack and
 * uses it. One file, its steps in order; each step's own timeout ends a hang, none times it.
 */
export default defineConfig({
  test: {
    include: ['tests/containers/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    expect: { poll: pollDefaults },
    fileParallelism: false,
    reporters: process.env.TEST_REPORT_FILE ? ['verbose', ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : ['verbose'],
  },
})
