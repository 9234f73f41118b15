import { describe, expect, it } from 'vitest'
import { startServiceProcess } from './support/distributed-platform.ts'
import { freePort, runScript, startPlatformProcess } from './support/processes.ts'

/** A wrong environment variable stops a process at start, saying which one, instead of being ignored. */
describe('a bad environment variable', () => {
  const bad = { DONATION_RATE_PER_EMAIL: 'diez', DATA_DIR: '', DATABASE_URL: '', NATS_URL: '' }
  const message = 'La variable de entorno DONATION_RATE_PER_EMAIL debe ser un número entero mayor o igual que 1 (vale "diez")'
  const stoppedAtStart = (error: unknown) => {
    expect(String(error)).toContain('El proceso terminó antes de responder')
    expect(String(error)).toContain(message)
  }

  it('stops npm start with a Spanish message naming it', async () => {
    stoppedAtStart(await startPlatformProcess(bad).catch((error: unknown) => error))
  })

  it('stops a service process with a Spanish message naming it', async () => {
    stoppedAtStart(await startServiceProcess('donation', await freePort(), bad).catch((error: unknown) => error))
  })

  it('stops npm run reconcile too', async () => {
    const reconcile = runScript('platform/src/cli/reconcile.ts', [], bad)
    expect(await reconcile.exited).toBe(1)
    expect(reconcile.output()).toContain(message)
  })
})
