import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { pollDefaults } from '../support/poll-defaults.ts'
import { BROWSER_WAIT_MS } from './support/wait.ts'

/** Browser journeys in Debian's Chromium, driven by playwright-core (no browser download). */
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.browser.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    expect: { poll: { ...pollDefaults, timeout: BROWSER_WAIT_MS } },
    // Two files at once on two cores (decision 128): each file's site runs in its worker's process,
    // so a worker holds one Chromium and one platform.
    maxWorkers: availableParallelism(),
    // A worker's files share its process (decision 125); each still starts its own site, simulator,
    // mail catcher and Chromium, so no journey sees another's data.
    isolate: false,
    setupFiles: ['tests/support/file-environment.ts'],
    reporters: process.env.TEST_REPORT_FILE ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : ['default'],
  },
})
