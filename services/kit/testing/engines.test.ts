import { existsSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'

async function freshEngines(required: boolean) {
  vi.resetModules()
  vi.stubEnv('REQUIRE_REAL_ENGINES', required ? '1' : '')
  vi.stubEnv('DATABASE_URL', 'postgres://127.0.0.1/prueba')
  vi.stubEnv('NATS_URL', 'nats://127.0.0.1:4222')
  return import('./engines.ts')
}

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
