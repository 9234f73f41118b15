import { defineConfig } from 'vitest/config'
import { pollDefaults } from '../support/poll-defaults.ts'

/** Browser journeys in Debian's Chromium, driven by playwright-core (no browser download). */
export default defineConfig({
  test: {
    include: ['tests/browser/**/*.browser.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    expect: { poll: pollDefaults },
    // One file at a time: two at once on two cores passed three runs in four, but in the fourth a
    // dashboard list's search box stayed uneditable for 15 s (decision 125).
    fileParallelism: false,
    // The files share one process (decision 125); each still starts its own site, simulator, mail
    // catcher and Chromium, so no journey sees another's data.
    isolate: false,
    setupFiles: ['tests/support/file-environment.ts'],
    reporters: process.env.TEST_REPORT_FILE ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : ['default'],
  },
})
