import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{contracts,services,gateway,platform,tests,frontends}/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/browser/**', 'tests/faults/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.TEST_REPORT_FILE ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : ['default'],
  },
})
