import { defineConfig } from 'vitest/config'
import { pollDefaults } from '../support/poll-defaults.ts'

/**
 * Fault scenarios on engines the suite starts, stops and restarts itself (containers through
 * testcontainers, prepared once by the global setup); run alone, one file at a time.
 */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    globalSetup: ['tests/faults/support/container-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    expect: { poll: pollDefaults },
    fileParallelism: false,
    // Its ports come from blocks of their own: CI runs this suite beside the Node.js 24 one.
    env: { TEST_PORT_BLOCK_SHIFT: '6' },
    reporters: process.env.TEST_REPORT_FILE ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : ['default'],
  },
})
