import { describe, expect, it } from 'vitest'
import { runScript } from './support/processes.ts'

/** A wrong environment variable stops a process at start, saying which one, instead of being ignored. */
describe('a bad environment variable', () => {
  const bad = { DONATION_RATE_PER_EMAIL: 'diez', DATA_DIR: '', DATABASE_URL: '', NATS_URL: '' }
  const message = 'La variable de entorno DONATION_RATE_PER_EMAIL debe ser un número entero mayor o igual que 1 (vale "diez")'

  it.each([
    ['npm start', 'platform/src/embedded.ts'],
    ['a service process', 'services/donation/src/main.ts'],
  ])('stops %s with a Spanish message naming it', async (_what, entry) => {
    const started = runScript(entry, [], bad)
    expect(await started.exited).toBe(1)
    expect(started.output()).toContain(message)
  }, 60_000)

  it('stops npm run reconcile too', async () => {
    const reconcile = runScript('platform/src/cli/reconcile.ts', [], bad)
    expect(await reconcile.exited).toBe(1)
    expect(reconcile.output()).toContain(message)
  }, 60_000)
})
