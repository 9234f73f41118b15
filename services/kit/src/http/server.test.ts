import { afterEach, describe, expect, it, vi } from 'vitest'
import express from 'express'
import { createLogger } from './logger.ts'
import { createServiceApp, finishServiceApp, onShutdownSignals, startHttpServer } from './server.ts'
import type { RunningHttpServer } from './server.ts'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** An app whose /slow handler signals its arrival and then waits for `release`. */
function slowApp(streaming = false) {
  const arrived = gate()
  const release = gate()
  const app = createServiceApp({ name: 'prueba', logger: createLogger('prueba', { level: 'silent' }) })
  app.get('/slow', async (_req, res) => {
    if (streaming) res.writeHead(200, { 'content-type': 'text/plain' }).write('parte 1;')
    arrived.open()
    await release.opened
    if (streaming) res.end('parte 2')
    else res.json({ done: true })
  })
  finishServiceApp(app)
  return { app, arrived, release }
}

function refusedCode(error: unknown): unknown {
  return (error as { cause?: { code?: unknown } }).cause?.code
}

let running: RunningHttpServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

describe('createServiceApp', () => {
  it('hides x-powered-by, trusts the loopback proxy and mounts the routes before finish', async () => {
    const app = createServiceApp({ name: 'prueba', logger: createLogger('prueba', { level: 'silent' }) })
    app.get('/ip', (req, res) => void res.json({ ip: req.ip, protocol: req.protocol }))
    finishServiceApp(app)
    running = await startHttpServer(app, { port: 0 })
    const res = await fetch(`${running.url}/ip`, {
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' },
    })
    expect(res.headers.get('x-powered-by')).toBeNull()
    expect(await res.json()).toEqual({ ip: '203.0.113.7', protocol: 'https' })
    expect((await fetch(`${running.url}/otra`)).status).toBe(404)
  })
})

describe('startHttpServer', () => {
  it('listens on a free port and reports its url', async () => {
    const app = express()
    app.get('/', (_req, res) => void res.send('hola'))
    running = await startHttpServer(app, { port: 0 })
    expect(running.port).toBeGreaterThan(0)
    expect(running.url).toBe(`http://127.0.0.1:${running.port}`)
    expect(await (await fetch(running.url)).text()).toBe('hola')
  })

  it('close() lets an in-flight request finish while refusing new connections', async () => {
    const { app, arrived, release } = slowApp()
    running = await startHttpServer(app, { port: 0 })
    const slow = fetch(`${running.url}/slow`)
    await arrived.opened

    let closed = false
    const closing = running.close().then(() => (closed = true))
    const refused = await fetch(`${running.url}/healthz`).catch((error: unknown) => error)
    expect(refusedCode(refused)).toBe('ECONNREFUSED')
    expect(closed).toBe(false)

    release.open()
    const res = await slow
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ done: true })
    await closing
    expect(closed).toBe(true)
  })

  it('close() does not wait for the keep-alive timeout once a streamed response ends', async () => {
    const { app, arrived, release } = slowApp(true)
    running = await startHttpServer(app, { port: 0 })
    const slow = fetch(`${running.url}/slow`)
    await arrived.opened
    const res = await slow
    const closing = running.close()
    release.open()
    expect(await res.text()).toBe('parte 1;parte 2')
    const started = Date.now()
    await closing
    // Well under the 65 s keep-alive it would otherwise wait for, however busy the machine.
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('close() closes idle keep-alive connections right away', async () => {
    const app = express()
    app.get('/', (_req, res) => void res.send('hola'))
    running = await startHttpServer(app, { port: 0 })
    await (await fetch(running.url)).text()
    const started = Date.now()
    await running.close()
    // Well under the 10 s shutdown timeout and the 65 s keep-alive, however busy the machine.
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('close() cuts requests still running after the shutdown timeout', async () => {
    const { app, arrived, release } = slowApp()
    running = await startHttpServer(app, { port: 0, shutdownTimeoutMs: 100 })
    const slow = fetch(`${running.url}/slow`).catch((error: unknown) => error)
    await arrived.opened
    const started = Date.now()
    await running.close()
    // Cut after its 100 ms: without the cut it would wait for the request, which never ends by itself.
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(await slow).toBeInstanceOf(Error)
    release.open()
  })

  it('rejects when the port is taken', async () => {
    const app = express()
    running = await startHttpServer(app, { port: 0 })
    await expect(startHttpServer(app, { port: running.port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })
})

describe('onShutdownSignals', () => {
  // A signal nothing else in the test process listens to.
  const signal = 'SIGUSR2'
  let dispose: (() => void) | undefined
  afterEach(() => {
    dispose?.()
    dispose = undefined
  })

  it('runs the handler once and exits 0', async () => {
    const exit = vi.fn()
    const handler = vi.fn(async () => undefined)
    dispose = onShutdownSignals(handler, { signals: [signal], exit })
    process.emit(signal, signal)
    process.emit(signal, signal)
    await vi.waitFor(() => expect(exit).toHaveBeenCalled())
    expect(handler).toHaveBeenCalledTimes(1)
    expect(handler).toHaveBeenCalledWith(signal)
    expect(exit).toHaveBeenCalledExactlyOnceWith(0)
  })

  it('exits 1 when the handler throws', async () => {
    const exit = vi.fn()
    dispose = onShutdownSignals(
      () => {
        throw new Error('no cerró')
      },
      { signals: [signal], exit },
    )
    process.emit(signal, signal)
    await vi.waitFor(() => expect(exit).toHaveBeenCalled())
    expect(exit).toHaveBeenCalledExactlyOnceWith(1)
  })

  it('exits 1 when the handler exceeds the timeout', async () => {
    const exit = vi.fn()
    dispose = onShutdownSignals(() => new Promise<void>(() => undefined), { signals: [signal], exit, timeoutMs: 50 })
    process.emit(signal, signal)
    await vi.waitFor(() => expect(exit).toHaveBeenCalled())
    expect(exit).toHaveBeenCalledExactlyOnceWith(1)
  })

  it('stops listening once disposed', () => {
    const exit = vi.fn()
    const before = process.listenerCount(signal)
    onShutdownSignals(async () => undefined, { signals: [signal], exit })()
    expect(process.listenerCount(signal)).toBe(before)
  })
})
