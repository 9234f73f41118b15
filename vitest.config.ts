import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{contracts,services,gateway,platform,tests,frontends}/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/browser/**', 'tests/faults/**', 'tests/containers/**'],
    // Generous on purpose: a newcomer's first run is on a 2-core machine doing other work, where a
    // test that starts processes takes minutes; the limits are there to end a hang, not to time it.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    reporters: process.env.TEST_REPORT_FILE ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : ['default'],
  },
})
