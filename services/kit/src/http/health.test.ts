import { afterEach, describe, expect, it } from 'vitest'
import { serveTestApp } from '../../testing/test-server.ts'
import type { TestServer } from '../../testing/test-server.ts'
import { projectionLagCheck } from '../runtime/projection-readiness.ts'
import { NotReady } from './health.ts'

let server: TestServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('health routes', () => {
  it('/healthz is always 200 ok, even with failing dependencies', async () => {
    server = await serveTestApp(() => undefined, { readiness: { database: () => Promise.reject(new Error('caída')) } })
    const res = await fetch(`${server.url}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('/readyz is 200 ok when every check passes', async () => {
    const calls: string[] = []
    server = await serveTestApp(() => undefined, {
      readiness: {
        database: async () => void calls.push('database'),
        bus: async () => void calls.push('bus'),
      },
    })
    const res = await fetch(`${server.url}/readyz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
    expect(calls.sort()).toEqual(['bus', 'database'])
  })

  it('/readyz is 503 naming the failing dependency', async () => {
    server = await serveTestApp(() => undefined, {
      readiness: {
        database: async () => undefined,
        bus: () => Promise.reject(new Error('sin conexión')),
      },
    })
    const res = await fetch(`${server.url}/readyz`)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ message: 'Servicio no disponible', description: 'Dependencia no disponible: bus' })
  })

  it('/readyz is 503 when a check answers false or hangs past the timeout', async () => {
    server = await serveTestApp(() => undefined, {
      readinessTimeoutMs: 50,
      readiness: { cache: async () => false },
    })
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503)
    await server.close()

    server = await serveTestApp(() => undefined, {
      readinessTimeoutMs: 50,
      readiness: { database: () => new Promise(() => undefined) },
    })
    const started = Date.now()
    const res = await fetch(`${server.url}/readyz`)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ message: 'Servicio no disponible', description: 'Dependencia no disponible: database' })
    // The check never answers: the 50 ms limit is what ends it, however busy the machine.
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('/readyz is 503 when a check throws synchronously', async () => {
    server = await serveTestApp(() => undefined, {
      readiness: {
        broken: () => {
          throw new Error('sin configurar')
        },
      },
    })
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503)
  })

  it('/readyz is 503 with the reason and details a check gives when it says "not ready"', async () => {
    server = await serveTestApp(() => undefined, {
      readiness: { database: async () => undefined, warmup: () => Promise.reject(new NotReady('Cargando la caché', { loaded: 3 })) },
    })
    const res = await fetch(`${server.url}/readyz`)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ message: 'Servicio no disponible', description: 'Cargando la caché', loaded: 3 })
    expect(server.logs().at(-1)).toMatchObject({ msg: 'Cargando la caché', check: 'warmup', loaded: 3 })
  })
})

describe('projectionLagCheck', () => {
  const lags = (...entries: Array<[string, number | undefined]>) => ({ lag: async () => entries.map(([projection, lag]) => ({ projection, lag })) })

  it('names every projection more than the limit behind, with its lag', async () => {
    const check = projectionLagCheck(lags(['campaign-refs', 12_000], ['donors', 10_000], ['totals', 10_001]), 10_000)
    const refusal = await Promise.resolve().then(check).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(NotReady)
    expect(refusal).toMatchObject({
      description: 'Proyecciones atrasadas, con más de 10000 eventos por aplicar: campaign-refs (12000 eventos), totals (10001 eventos)',
      details: { maxLag: 10_000, lagging: [{ projection: 'campaign-refs', lag: 12_000 }, { projection: 'totals', lag: 10_001 }] },
    })
  })

  it('passes at the limit, for a lag the bus cannot tell, and always with a limit of 0', async () => {
    await expect(Promise.resolve().then(projectionLagCheck(lags(['a', 5], ['b', undefined]), 5))).resolves.toBeUndefined()
    await expect(Promise.resolve().then(projectionLagCheck(lags(['a', 1_000_000]), 0))).resolves.toBeUndefined()
  })
})
