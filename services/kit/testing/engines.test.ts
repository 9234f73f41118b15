import { existsSync } from 'node:fs'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'

async function freshEngines(required: boolean, selection = '') {
  vi.resetModules()
  vi.stubEnv('TEST_ENGINES', selection)
  vi.stubEnv('REQUIRE_REAL_ENGINES', required ? '1' : '')
  vi.stubEnv('DATABASE_URL', 'postgres://127.0.0.1/prueba')
  vi.stubEnv('NATS_URL', 'nats://127.0.0.1:4222')
  return import('./engines.ts')
}

// The imports below evaluate engines.ts under made-up environments, the last one failing; the next
// file of this worker's process (decision 125) must evaluate it afresh under the real one.
afterAll(() => {
  vi.resetModules()
})

describe('skipWithout: what a missing engine or binary does to a suite', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('skips a suite whose engine is missing on a developer machine', async () => {
    const { skipWithout } = await freshEngines(false)
    expect(skipWithout('no se encontró nats-server')).toBe(true)
    expect(skipWithout(undefined)).toBe(false)
  })

  it('fails with the reason when REQUIRE_REAL_ENGINES=1, instead of skipping', async () => {
    const { skipWithout } = await freshEngines(true)
    expect(() => skipWithout('no se encontró nats-server')).toThrow('REQUIRE_REAL_ENGINES=1 pero no se encontró nats-server')
    expect(skipWithout(undefined)).toBe(false)
  })

  it('finds nats-server where Debian installs it even when /usr/sbin is not on PATH', async () => {
    const { natsServerBinary } = await freshEngines(false)
    vi.stubEnv('PATH', '/nonexistent')
    const debian = '/usr/sbin/nats-server'
    if (existsSync(debian)) expect(natsServerBinary()).toBe(debian)
    else expect(['/usr/local/bin/nats-server', '/usr/bin/nats-server', undefined]).toContain(natsServerBinary())
  })
})

describe('TEST_ENGINES: which engines the two-engine suites run on', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('runs both when unset and the real engines are configured', async () => {
    const { databaseEngines, realEngines } = await freshEngines(false)
    expect(databaseEngines.map((engine) => engine.name)).toEqual(['pglite', 'postgres'])
    expect(realEngines).toMatchObject({ embedded: true, excluded: false })
  })

  it('keeps only PGlite with embedded, ignoring DATABASE_URL and NATS_URL', async () => {
    const { databaseEngines, realEngines } = await freshEngines(false, 'embedded')
    expect(databaseEngines.map((engine) => engine.name)).toEqual(['pglite'])
    expect(realEngines).toMatchObject({ databaseUrl: undefined, natsUrl: undefined, embedded: true, excluded: true })
  })

  it('keeps only PostgreSQL with real', async () => {
    const { databaseEngines, realEngines } = await freshEngines(false, 'real')
    expect(databaseEngines.map((engine) => engine.name)).toEqual(['postgres'])
    expect(realEngines).toMatchObject({ embedded: false, excluded: false })
  })

  it('refuses real without the engines, embedded under REQUIRE_REAL_ENGINES=1, and an unknown value', async () => {
    vi.resetModules()
    vi.stubEnv('TEST_ENGINES', 'real')
    vi.stubEnv('REQUIRE_REAL_ENGINES', '')
    vi.stubEnv('DATABASE_URL', '')
    vi.stubEnv('NATS_URL', '')
    await expect(import('./engines.ts')).rejects.toThrow('TEST_ENGINES=real pero faltan DATABASE_URL o NATS_URL')
    await expect(freshEngines(true, 'embedded')).rejects.toThrow('no se combina con TEST_ENGINES=embedded')
    await expect(freshEngines(false, 'ambos')).rejects.toThrow('TEST_ENGINES debe ser embedded o real, no «ambos»')
  })
})
