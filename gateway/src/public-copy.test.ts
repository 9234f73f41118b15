import { request as httpRequest } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import express, { type Express } from 'express'
import {
  authenticate,
  createLogger,
  createTokenVerifier,
  perService,
  publicDocumentOf,
  recentChangeCookie,
  sendPublicDocument,
  startHttpServer,
  type RunningHttpServer,
} from '@donaciones/kit'
import { createGatewayApp, type ServiceTarget } from './gateway-app.ts'

/** How long the gateway keeps its copies in these tests, on a clock the tests move by hand. */
const copyMs = 300

/** Resolves once `condition` holds, checking after each turn of the event loop: no guess at how long it takes. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve))
}

/** What the tests hold of the fake service: its reads per document, and a gate its answer to 'una' waits at. */
class FakeService {
  readonly reads = new Map<string, number>()
  private gate: Promise<void> = Promise.resolve()
  private open: () => void = () => undefined

  count(key: string): number {
    const next = (this.reads.get(key) ?? 0) + 1
    this.reads.set(key, next)
    return next
  }
  /** Holds the answers to 'una' until `release()`. */
  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve))
  }
  release(): void {
    this.open()
    this.gate = Promise.resolve()
  }
  waitAtGate(): Promise<void> {
    return this.gate
  }
}

/** A service whose public document is the number of times it was read, so a copy is visible. */
function service(fake: FakeService): Express {
  const app = express()
  app.get('/api/public/campaigns/una', async (req, res) => {
    const read = fake.count('una')
    await fake.waitAtGate()
    sendPublicDocument(req, res, publicDocumentOf({ title: 'Una', read }))
  })
  app.get('/api/public/campaigns/cerrada', (_req, res) => {
    fake.count('cerrada')
    res.status(404).json({ message: 'Campaña no encontrada', description: 'La campaña no existe o ya no está disponible' })
  })
  app.get('/api/counters/donors', (_req, res) => {
    res.json({ read: fake.count('admin') })
  })
  app.get('/api/public/campaigns/con-galleta', (req, res) => {
    res.cookie('propia', 'x')
    sendPublicDocument(req, res, publicDocumentOf({ read: fake.count('galleta') }))
  })
  app.post('/api/public/campaigns/una/like', (_req, res) => {
    res.json({ likes: 1 })
  })
  app.put('/api/counters/rechazado', (_req, res) => {
    res.status(422).json({ message: 'Datos inválidos', description: 'Revise los datos' })
  })
  return app
}

describe.each(['remote', 'local'] as const)('the gateway keeps a short copy of public documents, service %s', (target) => {
  const fake = new FakeService()
  const reads = fake.reads
  let clock = 1_000_000
  /** Requests the gateway has received so far. */
  let arrivals = 0
  let gateway: RunningHttpServer
  let upstream: RunningHttpServer | undefined

  beforeAll(async () => {
    upstream = target === 'remote' ? await startHttpServer(service(fake), { port: 0 }) : undefined
    const handler = service(fake)
    const targets = perService((): ServiceTarget => (upstream ? { kind: 'remote', urls: [upstream.url] } : { kind: 'local', handler }))
    const verifier = createTokenVerifier({ jwks: async () => ({ keys: [] }) })
    const auth = { required: authenticate({ verifier, required: true }), optional: authenticate({ verifier, required: false }) }
    const app = createGatewayApp({ targets, auth, publicUrl: 'http://localhost:3000', publicCopyMs: copyMs, publicCopyClock: () => clock, logger: createLogger('test', { level: 'silent' }) })
    const counted = express()
    counted.use((_req, _res, next) => {
      arrivals += 1
      next()
    })
    counted.use(app)
    gateway = await startHttpServer(counted, { port: 0 })
  })
  afterAll(async () => {
    await gateway.close()
    await upstream?.close()
  })
  afterEach(() => {
    // Every test starts with no copy kept.
    fake.release()
    clock += copyMs
    reads.clear()
    arrivals = 0
  })

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gateway.url}${path}`, { headers })
    const text = await response.text()
    return { status: response.status, etag: response.headers.get('etag'), cacheControl: response.headers.get('cache-control'), body: text ? (JSON.parse(text) as unknown) : undefined }
  }
  const change = async (method: string, path: string) => (await fetch(`${gateway.url}${path}`, { method })).status

  it('answers a burst of visitors with one read of the service, and the same document until the copy is too old', async () => {
    fake.hold()
    const answers = Promise.all(Array.from({ length: 200 }, () => get('/api/public/campaigns/una')))
    // Every visitor of the burst has reached the gateway while the first read is still running.
    await until(() => arrivals === 200 && reads.has('una'))
    fake.release()
    const burst = await answers
    expect(reads.get('una')).toBe(1)
    expect(new Set(burst.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify(burst[0])]))
    expect(burst[0]).toMatchObject({ status: 200, body: { title: 'Una', read: 1 }, cacheControl: 'public, max-age=1, stale-while-revalidate=30' })
    clock += copyMs - 1
    expect((await get('/api/public/campaigns/una')).body).toEqual({ title: 'Una', read: 1 })
    clock += 1
    expect((await get('/api/public/campaigns/una')).body).toEqual({ title: 'Una', read: 2 })
  })

  it('answers 304 from its copy to a visitor who holds it, and the whole document to one who asked conditionally before it was kept', async () => {
    const first = await get('/api/public/campaigns/una', { 'if-none-match': '"otra"' })
    expect(first.status).toBe(200)
    const again = await get('/api/public/campaigns/una', { 'if-none-match': first.etag ?? '' })
    expect(again).toMatchObject({ status: 304, etag: first.etag, body: undefined })
    expect(reads.get('una')).toBe(1)
  })

  it('drops every copy when a change through it is accepted, not when one is refused', async () => {
    expect((await get('/api/public/campaigns/una')).body).toEqual({ title: 'Una', read: 1 })
    expect(await change('PUT', '/api/counters/rechazado')).toBe(422)
    expect((await get('/api/public/campaigns/una')).body).toEqual({ title: 'Una', read: 1 })
    expect(await change('POST', '/api/public/campaigns/una/like')).toBe(200)
    expect((await get('/api/public/campaigns/una')).body).toEqual({ title: 'Una', read: 2 })
  })

  it('does not keep a read that was running when a change was accepted', async () => {
    fake.hold()
    const running = get('/api/public/campaigns/una')
    await until(() => reads.get('una') === 1)
    expect(await change('POST', '/api/public/campaigns/una/like')).toBe(200)
    fake.release()
    expect((await running).body).toEqual({ title: 'Una', read: 1 })
    expect((await get('/api/public/campaigns/una')).body).toEqual({ title: 'Una', read: 2 })
  })

  it('sends a visitor who has just changed something to the service every time', async () => {
    await get('/api/public/campaigns/una')
    const cookie = { cookie: `${recentChangeCookie}=1` }
    expect((await get('/api/public/campaigns/una', cookie)).body).toEqual({ title: 'Una', read: 2 })
    expect((await get('/api/public/campaigns/una', cookie)).body).toEqual({ title: 'Una', read: 3 })
  })

  it('sends a GET that carries a body to the service, whose to judge it is', async () => {
    await get('/api/public/campaigns/una')
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(`${gateway.url}/api/public/campaigns/una`, { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': '5' } }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode))
      })
      request.on('error', reject)
      request.end('{"a":')
    })
    expect(status).toBe(200)
    expect(reads.get('una')).toBe(2)
  })

  it('keeps nothing but public documents: not a 404, not an admin read, not an answer that sets a cookie', async () => {
    for (let index = 0; index < 3; index += 1) {
      expect((await get('/api/public/campaigns/cerrada')).status).toBe(404)
      expect((await get('/api/counters/donors')).status).toBe(200)
      expect((await get('/api/public/campaigns/con-galleta')).status).toBe(200)
    }
    expect(Object.fromEntries(reads)).toEqual({ cerrada: 3, admin: 3, galleta: 3 })
  })
})
