import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveTestApp } from '../../testing/test-server.ts'
import type { TestServer } from '../../testing/test-server.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

let server: TestServer

beforeAll(async () => {
  server = await serveTestApp((app) => {
    app.get('/id', (req, res) => {
      res.json({ requestId: req.requestId })
    })
  })
})

afterAll(() => server.close())

async function idsFor(headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/id`, { headers })
  const body = (await res.json()) as { requestId: string }
  return { header: res.headers.get('x-request-id'), seen: body.requestId }
}

describe('requestId', () => {
  it('echoes a well-formed incoming x-request-id', async () => {
    const id = 'gateway-1.abc_DEF-42'
    expect(await idsFor({ 'x-request-id': id })).toEqual({ header: id, seen: id })
  })

  it('generates a UUID when none is sent', async () => {
    const { header, seen } = await idsFor()
    expect(header).toMatch(UUID)
    expect(seen).toBe(header)
    expect((await idsFor()).header).not.toBe(header)
  })

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'a b'],
    ['with log-injection characters', 'abc"}{"admin":true'],
  ])('replaces an id that is %s', async (_case, id) => {
    const { header, seen } = await idsFor({ 'x-request-id': id })
    expect(header).toMatch(UUID)
    expect(seen).toBe(header)
  })

  it('accepts an id of exactly 128 characters', async () => {
    const id = 'b'.repeat(128)
    expect((await idsFor({ 'x-request-id': id })).header).toBe(id)
  })
})
