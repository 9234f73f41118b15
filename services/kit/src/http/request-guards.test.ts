import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { serveTestApp, type TestServer } from '../../testing/test-server.ts'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function echoServer(): Promise<TestServer> {
  server = await serveTestApp((app) => app.post('/eco', (req, res) => res.json({ body: req.body as unknown })))
  return server
}

function post(url: string, bytes: Buffer): Promise<Response> {
  return fetch(`${url}/eco`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array(bytes) })
}

describe('JSON bodies that are not Unicode text', () => {
  it('refuses bytes that are not UTF-8 with a Spanish 400 instead of storing U+FFFD', async () => {
    const { url } = await echoServer()
    const response = await post(url, Buffer.concat([Buffer.from('{"nombre":"a'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Solicitud inválida', description: 'El cuerpo de la solicitud contiene caracteres no válidos' })
  })

  it('refuses lone surrogates in values and keys, and keeps paired ones', async () => {
    const { url } = await echoServer()
    for (const text of ['{"nombre":"\\ud800"}', '{"\\udfff":1}', '{"a":["x\\ud83d"]}']) {
      const response = await post(url, Buffer.from(text))
      expect(response.status, text).toBe(400)
      expect(((await response.json()) as { message: string }).message).toBe('Solicitud inválida')
    }
    const emoji = await post(url, Buffer.from('{"nombre":"\\ud83d\\ude00 ñ"}'))
    expect(await emoji.json()).toEqual({ body: { nombre: '😀 ñ' } })
  })
})

describe('requests Node cannot parse', () => {
  it('answers headers over the limit with a Spanish JSON 431', async () => {
    const { port } = await echoServer()
    const answer = await new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/eco?t=${'x'.repeat(40_000)}`, agent: false }, (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text }))
      })
      req.on('error', reject)
      req.end()
    })
    expect(answer.status).toBe(431)
    expect(answer.type).toContain('application/json')
    expect(JSON.parse(answer.text)).toMatchObject({ message: 'Solicitud demasiado grande' })
  })
})
