import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { pollDefaults } from './tests/support/poll-defaults.ts'

// Files named *.real.test.ts need PostgreSQL and NATS in every test: TEST_ENGINES=embedded (CI's
// Node.js 20 run, decision 115) leaves them out rather than reporting them skipped. Files named
// *.embedded.test.ts hold nothing the real engines could change (a PGlite data directory killed
// mid-write, the front-end bundles built and checked): TEST_ENGINES=real (CI's Node.js 24 run)
// leaves them out, since that run would only repeat them (decision 129).
const leftOut = { embedded: ['**/*.real.test.ts'], real: ['**/*.embedded.test.ts'] }[process.env.TEST_ENGINES ?? ''] ?? []

export default defineConfig({
  test: {
    include: ['{contracts,services,gateway,platform,tests,frontends}/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/browser/**', 'tests/faults/**', 'tests/containers/**', ...leftOut],
    // Generous on purpose: a newcomer's first run is on a 2-core machine doing other work, where a
    // test that starts processes takes minutes; the limits are there to end a hang, not to time it.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    expect: { poll: pollDefaults },
    // A worker runs its files in one process (decision 125): importing the kit, the services and
    // vitest again for each of its two hundred files cost more than half the suite. What a file changes in
    // the process's environment is put back when it ends (tests/support/file-environment.ts).
    isolate: false,
    setupFiles: ['tests/support/file-environment.ts'],
    // One worker per core, not vitest's cores − 1: on two cores a test file mostly waits for the
    // servers it started, and a second worker made the suite 1.4 times faster. Test servers run as
    // children take their ports from a block of their worker's own (tests/support/processes.ts).
    maxWorkers: availableParallelism(),
    reporters: process.env.TEST_REPORT_FILE ? ['default', ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : ['default'],
  },
})
