import { afterEach, describe, expect, it } from 'vitest'
import { serveTestApp } from '../../testing/test-server.ts'
import type { TestServer } from '../../testing/test-server.ts'

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
    expect(Date.now() - started).toBeLessThan(1000)
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
})
