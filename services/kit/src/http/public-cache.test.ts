import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { serveTestApp, type TestServer } from '../../testing/test-server.ts'
import { PublicCache, publicCacheControl, publicCacheFor, publicDocumentOf, recentChangeCookie, sendPublicDocument, type ChangeSource } from './public-cache.ts'

/** A load the test answers by hand. */
function manualLoad<T>() {
  const answers: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = []
  const load = vi.fn(() => new Promise<T>((resolve, reject) => answers.push({ resolve, reject })))
  return { load, answers }
}

const text = (body: Buffer | undefined) => (body ? JSON.parse(body.toString()) : undefined) as unknown

describe('public cache', () => {
  let clock = 0
  const now = () => clock

  it('reads a document once for every visitor asking at the same moment', async () => {
    const cache = new PublicCache({ now })
    const { load, answers } = manualLoad<{ title: string }>()
    const reads = [cache.read('campaign:a', load), cache.read('campaign:a', load), cache.read('campaign:a', load)]
    answers[0]?.resolve({ title: 'Útiles' })
    const documents = await Promise.all(reads)
    expect(load).toHaveBeenCalledTimes(1)
    expect(documents.map((document) => text(document?.body))).toEqual([{ title: 'Útiles' }, { title: 'Útiles' }, { title: 'Útiles' }])
  })

  it('keeps a document for less than its age limit, counted from when its read started', async () => {
    clock = 1_000
    const cache = new PublicCache({ now, maxAgeMs: 1000 })
    const { load, answers } = manualLoad<number>()
    const first = cache.read('visits', load)
    clock = 1_300
    answers[0]?.resolve(1)
    await first
    clock = 1_999
    expect(text((await cache.read('visits', load))?.body)).toBe(1)
    expect(load).toHaveBeenCalledTimes(1)
    clock = 2_000
    const second = cache.read('visits', load)
    answers[1]?.resolve(2)
    expect(text((await second)?.body)).toBe(2)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('drops every document on invalidate, and does not keep a read that started before it', async () => {
    const cache = new PublicCache({ now })
    const { load, answers } = manualLoad<string>()
    const before = cache.read('page', load)
    cache.invalidate()
    const after = cache.read('page', load)
    expect(load).toHaveBeenCalledTimes(2)
    answers[1]?.resolve('nuevo')
    answers[0]?.resolve('viejo')
    expect(text((await before)?.body)).toBe('viejo')
    expect(text((await after)?.body)).toBe('nuevo')
    expect(text((await cache.read('page', load))?.body)).toBe('nuevo')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keeps "not found" too, and forgets a failed read so the next visitor tries again', async () => {
    const cache = new PublicCache({ now })
    const { load, answers } = manualLoad<string | undefined>()
    const missing = cache.read('campaign:x', load)
    answers[0]?.resolve(undefined)
    expect(await missing).toBeUndefined()
    expect(await cache.read('campaign:x', load)).toBeUndefined()
    expect(load).toHaveBeenCalledTimes(1)

    const failing = cache.read('campaign:y', load)
    answers[1]?.reject(new Error('base caída'))
    await expect(failing).rejects.toThrow('base caída')
    const retried = cache.read('campaign:y', load)
    answers[2]?.resolve('y')
    expect(text((await retried)?.body)).toBe('y')
  })

  it('keeps at most maxEntries documents, the oldest kept going first', async () => {
    const cache = new PublicCache({ now, maxEntries: 2 })
    const load = vi.fn(async () => 'x')
    for (const key of ['a', 'b', 'c']) await cache.read(key, load)
    await cache.read('b', load)
    await cache.read('c', load)
    expect(load).toHaveBeenCalledTimes(3)
    await cache.read('a', load)
    expect(load).toHaveBeenCalledTimes(4)
  })

  it('with an age of 0 keeps nothing and shares no read: every visitor reads the database', async () => {
    const cache = new PublicCache({ now, maxAgeMs: 0 })
    const { load, answers } = manualLoad<string>()
    const first = cache.read('page', load)
    const second = cache.read('page', load)
    expect(load).toHaveBeenCalledTimes(2)
    answers[0]?.resolve('a')
    answers[1]?.resolve('b')
    expect(text((await first)?.body)).toBe('a')
    expect(text((await second)?.body)).toBe('b')
  })

  it('drops every document each time its change source tells of a change', async () => {
    let tell = () => {}
    const changes: ChangeSource = {
      onChange(listener) {
        tell = listener
        return () => undefined
      },
    }
    const cache = publicCacheFor(changes, { now })
    let version = 1
    const load = vi.fn(async () => version)
    expect(text((await cache.read('page', load))?.body)).toBe(1)
    version = 2
    expect(text((await cache.read('page', load))?.body)).toBe(1)
    tell()
    expect(text((await cache.read('page', load))?.body)).toBe(2)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('a fresh read goes to the database even when a document is kept or being read, and keeps what it read', async () => {
    const cache = new PublicCache({ now })
    const { load, answers } = manualLoad<string>()
    const kept = cache.read('page', load)
    answers[0]?.resolve('viejo')
    await kept
    const shared = cache.read('page', load)
    const fresh = [cache.readFresh('page', load), cache.readFresh('page', load)]
    expect(load).toHaveBeenCalledTimes(3)
    answers[1]?.resolve('nuevo')
    answers[2]?.resolve('nuevo')
    expect(text((await shared)?.body)).toBe('viejo')
    expect((await Promise.all(fresh)).map((document) => text(document?.body))).toEqual(['nuevo', 'nuevo'])
    expect(text((await cache.read('page', load))?.body)).toBe('nuevo')
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('tags equal documents alike and different ones apart', () => {
    expect(publicDocumentOf({ a: 1 }).etag).toBe(publicDocumentOf({ a: 1 }).etag)
    expect(publicDocumentOf({ a: 1 }).etag).not.toBe(publicDocumentOf({ a: 2 }).etag)
    expect(publicDocumentOf({ a: 1 }).etag).toMatch(/^"[\w-]+"$/)
  })
})

describe('sending a public document', () => {
  let server: TestServer
  const document = publicDocumentOf({ title: 'Útiles escolares' })

  beforeAll(async () => {
    server = await serveTestApp((app) => {
      app.get('/doc', (req, res) => sendPublicDocument(req, res, document))
    })
  })
  afterAll(() => server.close())

  const get = (headers: Record<string, string> = {}) => fetch(`${server.url}/doc`, { headers })

  it('answers JSON with its entity tag and a one-second public lifetime', async () => {
    const response = await get()
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('etag')).toBe(document.etag)
    expect(response.headers.get('cache-control')).toBe(publicCacheControl)
    expect(await response.json()).toEqual({ title: 'Útiles escolares' })
  })

  it('answers 304 without a body when the visitor holds the same document', async () => {
    for (const header of [document.etag, `W/${document.etag}`, `"otro", ${document.etag}`, '*']) {
      const response = await get({ 'if-none-match': header })
      expect(response.status).toBe(304)
      expect(response.headers.get('etag')).toBe(document.etag)
      expect(await response.text()).toBe('')
    }
  })

  it('answers the document when the visitor holds another one', async () => {
    const response = await get({ 'if-none-match': '"anterior"' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ title: 'Útiles escolares' })
  })
})

describe('a visitor who changed something a moment ago', () => {
  let server: TestServer
  let title = 'Antes'
  const load = vi.fn(async () => ({ title }))

  beforeAll(async () => {
    const cache = new PublicCache()
    server = await serveTestApp((app) => {
      app.get('/doc', (req, res) => cache.send(req, res, 'doc', load))
    })
  })
  afterAll(() => server.close())

  const get = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/doc`, { headers })
    return { status: response.status, etag: response.headers.get('etag') ?? '', body: response.status === 200 ? ((await response.json()) as unknown) : undefined }
  }

  it('reads fresh when the request carries the recent-change cookie, still with entity tags, and leaves the fresh document for the others', async () => {
    const first = await get()
    title = 'Después'
    expect((await get()).body).toEqual({ title: 'Antes' })

    const changer = await get({ cookie: `otra=1; ${recentChangeCookie}=1` })
    expect(changer.body).toEqual({ title: 'Después' })
    expect(changer.etag).not.toBe(first.etag)
    expect((await get({ cookie: `${recentChangeCookie}=1`, 'if-none-match': changer.etag })).status).toBe(304)
    expect(load).toHaveBeenCalledTimes(3)

    expect(await get()).toEqual(changer)
    expect((await get({ cookie: `no_${recentChangeCookie}=1` })).body).toEqual({ title: 'Después' })
    expect(load).toHaveBeenCalledTimes(3)
  })
})
