import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import express from 'express'
import { createLogger, httpLogger } from './logger.ts'
import { requestId } from './request-id.ts'
import { startHttpServer } from './server.ts'
import { serveTestApp } from '../../testing/test-server.ts'
import type { TestServer } from '../../testing/test-server.ts'

let server: TestServer

beforeAll(async () => {
  server = await serveTestApp((app) => {
    app.get('/private', (req, res) => {
      req.log.info({ headers: req.headers }, 'cabeceras recibidas')
      res.cookie('session', 'galleta-de-respuesta').json({ ok: true })
    })
  })
})

afterAll(() => server.close())

describe('httpLogger', () => {
  it('logs the request with its id but never the authorization header, cookies or query string', async () => {
    const res = await fetch(`${server.url}/private?email=persona%40correo.mx`, {
      headers: { authorization: 'Bearer token-super-secreto', cookie: 'session=galleta-secreta', 'x-request-id': 'req-log-1' },
    })
    expect(res.status).toBe(200)

    const access = server.logs().find((line) => line.requestId === 'req-log-1' && line.res !== undefined)
    expect(access).toMatchObject({ service: 'prueba', req: { method: 'GET', url: '/private' }, res: { statusCode: 200 } })
    expect(server.logs().some((line) => line.msg === 'cabeceras recibidas' && line.requestId === 'req-log-1')).toBe(true)

    const raw = server.rawLogs()
    expect(raw).not.toContain('token-super-secreto')
    expect(raw).not.toContain('galleta-secreta')
    expect(raw).not.toContain('galleta-de-respuesta')
    expect(raw).not.toContain('persona')
  })

  it('does not log health probes', async () => {
    await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'probe-1' } })
    expect(server.logs().some((line) => line.requestId === 'probe-1')).toBe(false)
  })
})

describe('createLogger', () => {
  const previous = process.env.LOG_LEVEL
  afterEach(() => {
    if (previous === undefined) delete process.env.LOG_LEVEL
    else process.env.LOG_LEVEL = previous
  })

  it('takes the level from LOG_LEVEL, defaulting to info', () => {
    delete process.env.LOG_LEVEL
    expect(createLogger('a').level).toBe('info')
    process.env.LOG_LEVEL = 'debug'
    expect(createLogger('a').level).toBe('debug')
    process.env.LOG_LEVEL = 'ruidoso'
    expect(createLogger('a', { destination: { write: () => undefined } }).level).toBe('info')
  })

  it('writes nothing when silent', () => {
    const lines: string[] = []
    process.env.LOG_LEVEL = 'silent'
    const logger = createLogger('a', { destination: { write: (line: string) => lines.push(line) } })
    logger.fatal('no debe salir')
    expect(lines).toEqual([])
  })

  it('tags lines with the service name', () => {
    const lines: string[] = []
    const logger = createLogger('campañas', { level: 'info', destination: { write: (line: string) => lines.push(line) } })
    logger.info('hola')
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ service: 'campañas', msg: 'hola' })
  })
})

describe('httpLogger below the info level', () => {
  it('makes no per-request logger for a line the level drops, and still writes the 4xx warning with the request', async () => {
    const lines: string[] = []
    const logger = createLogger('prueba', { level: 'warn', destination: { write: (line: string) => lines.push(line) } })
    const child = vi.spyOn(logger, 'child')
    const app = express()
    app.use(requestId())
    app.use(httpLogger(logger))
    app.get('/bien', (_req, res) => void res.json({ ok: true }))
    app.get('/mal', (_req, res) => void res.status(404).json({}))
    const running = await startHttpServer(app, { port: 0, shutdownTimeoutMs: 1000 })
    try {
      for (let index = 0; index < 5; index += 1) expect((await fetch(`${running.url}/bien`)).status).toBe(200)
      expect(child).not.toHaveBeenCalled()
      expect(lines).toEqual([])
      await fetch(`${running.url}/mal?email=persona%40correo.mx`, { headers: { 'x-request-id': 'req-mal-1', authorization: 'Bearer secreto' } })
      await vi.waitFor(() => expect(lines).toHaveLength(1))
      expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
        level: 40,
        service: 'prueba',
        requestId: 'req-mal-1',
        req: { method: 'GET', url: '/mal' },
        res: { statusCode: 404 },
        msg: 'GET /mal 404',
      })
      expect(lines[0]).not.toContain('secreto')
    } finally {
      await running.close()
    }
  })
})
