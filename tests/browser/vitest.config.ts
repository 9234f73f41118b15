import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/** Browser journeys in Debian's Chromium, driven by playwright-core (no browser download). */
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.browser.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One worker per core, at most four (each holds a site's process and a Chromium, about 1.2 GB).
    // A worker runs its files in one process (decision 125); each file still starts its own site,
    // simulator, mail catcher and Chromium, so no journey sees another's data.
    maxWorkers: Math.min(4, availableParallelism()),
    isolate: false,
    setupFiles: ['tests/support/file-environment.ts'],
    reporters: process.env.TEST_REPORT_FILE ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : ['default'],
  },
})
