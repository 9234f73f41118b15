import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import express from 'express'
import { createLogger, createServiceApp, finishServiceApp, startHttpServer, type RunningHttpServer } from '../http/index.ts'
import { callService, callServiceOk, mutableDirectory, requireInternalCall } from './service-directory.ts'

describe('internal calls between services', () => {
  const directory = mutableDirectory('secreto-interno')
  let server: RunningHttpServer

  beforeAll(async () => {
    const app = createServiceApp({ name: 'content', logger: createLogger('test', { level: 'silent' }) })
    const internal = express.Router()
    internal.use(requireInternalCall(directory))
    internal.post('/internal/echo', (req, res) => res.json({ received: req.body, requestId: req.requestId }))
    internal.get('/internal/conflict', () => {
      throw new Error('x')
    })
    app.use(internal)
    finishServiceApp(app)
    server = await startHttpServer(app, { port: 0 })
    directory.register('content', server.url)
  })
  afterAll(() => server.close())

  it('reaches a route guarded by the internal token and carries the request id', async () => {
    const response = await callService<{ received: unknown; requestId: string }>(directory, 'content', '/internal/echo', { body: { a: 1 }, requestId: 'r-1' })
    expect(response).toEqual({ status: 200, body: { received: { a: 1 }, requestId: 'r-1' } })
  })

  it('hides internal routes from callers without the token', async () => {
    expect((await fetch(`${server.url}/internal/echo`, { method: 'POST' })).status).toBe(404)
    const wrong = mutableDirectory('otro-secreto')
    wrong.register('content', server.url)
    expect((await callService(wrong, 'content', '/internal/echo', { body: {} })).status).toBe(404)
  })

  it('turns a failed call into an HttpError and a missing service into 503', async () => {
    await expect(callServiceOk(directory, 'content', '/internal/conflict')).rejects.toMatchObject({ status: 500 })
    await expect(callService(directory, 'identity', '/internal/echo')).rejects.toMatchObject({ status: 503 })
  })
})
