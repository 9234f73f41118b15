import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { createServer, type Server, type ServerResponse } from 'node:http'
import express from 'express'
import type { Express } from 'express'
import { errorHandler, notFoundHandler } from './error-handler.ts'
import { healthRouter } from './health.ts'
import type { ReadinessChecks } from './health.ts'
import { httpLogger } from './logger.ts'
import type { Logger } from './logger.ts'
import { requestId } from './request-id.ts'
import { answerUnparsableRequest, assertUtf8Body, refuseLoneSurrogates } from './request-guards.ts'
import { httpMetrics, metricsEndpoint } from '../metrics/http.ts'
import { metricsFor } from '../metrics/registry.ts'

export interface ServiceAppOptions {
  /** Service name, for logs. */
  name: string
  logger: Logger
  /** Checks behind `GET /readyz`, e.g. `{ database: () => db.query('select 1'), bus: () => bus.ping() }`. */
  readiness?: ReadinessChecks
  readinessTimeoutMs?: number
  /** JSON body limit; defaults to '1mb'. */
  bodyLimit?: string | number
  /** Access log per request (default true); off when the gateway in the same process already logs it. */
  accessLog?: boolean
  /** express 'trust proxy'; defaults to 'loopback' (the gateway on the same host). */
  trustProxy?: boolean | string | string[] | number
  /** Request metrics and `GET /metrics` (default true); the service's registry is `metricsFor(name)`. */
  metrics?: boolean
}

const appLoggers = new WeakMap<Express, Logger>()

/**
 * An express app with request ids, access logs, JSON bodies and health routes.
 * Mount the service's routes on it, then call `finishServiceApp(app)`.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express()
  const logger = options.logger.bindings().service ? options.logger : options.logger.child({ service: options.name })
  appLoggers.set(app, logger)
  app.disable('x-powered-by')
  app.set('trust proxy', options.trustProxy ?? 'loopback')
  if (options.metrics ?? true) {
    const metrics = metricsFor(options.name)
    app.use(httpMetrics(metrics))
    app.get('/metrics', metricsEndpoint(metrics.registry))
  }
  app.use(requestId())
  if (options.accessLog ?? true) app.use(httpLogger(logger))
  app.use(
    healthRouter({
      logger,
      ...(options.readiness && { readiness: options.readiness }),
      ...(options.readinessTimeoutMs !== undefined && { timeoutMs: options.readinessTimeoutMs }),
    }),
  )
  app.use(
    express.json({
      limit: options.bodyLimit ?? '1mb',
      // Webhook signatures are computed over the bytes as sent, not the re-serialised JSON.
      verify: (req, _res, buf) => {
        assertUtf8Body(buf)
        ;(req as express.Request).rawBody = buf
      },
      reviver: refuseLoneSurrogates,
    }),
  )
  return app
}

/** Adds the Spanish 404 and the error handler; call after mounting every route. */
export function finishServiceApp(app: Express): Express {
  const logger = appLoggers.get(app)
  app.use(notFoundHandler)
  app.use(errorHandler(logger ? { logger } : {}))
  return app
}

export interface StartHttpServerOptions {
  /** 0 picks a free port. */
  port: number
  /** Defaults to '127.0.0.1'; containers pass '0.0.0.0'. */
  host?: string
  /** How long `close()` waits for in-flight requests before cutting them; defaults to 10 000 ms. */
  shutdownTimeoutMs?: number
}

export interface RunningHttpServer {
  server: Server
  port: number
  url: string
  /** Stops accepting connections, lets in-flight requests finish (up to the timeout), then resolves. */
  close(): Promise<void>
}

/**
 * How long a server keeps an idle keep-alive connection. Callers that pool connections (the
 * gateway's proxy) drop theirs sooner (IDLE_UPSTREAM_SOCKET_MS): a request sent on a socket the
 * server is closing at that instant fails with ECONNRESET.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000
export const IDLE_UPSTREAM_SOCKET_MS = 60_000

/**
 * Connections the kernel holds for the server before it accepts them (Linux caps it at
 * net.core.somaxconn). Node's 511 overflows when a spike opens thousands at once, and a connection
 * dropped there is retried by the client 1, 3, 7 s later.
 */
export const LISTEN_BACKLOG = 4096

export async function startHttpServer(app: Express, options: StartHttpServerOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1'
  const server = createServer(app).listen({ port: options.port, host, backlog: LISTEN_BACKLOG })
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
  server.on('clientError', answerUnparsableRequest)
  await once(server, 'listening')

  const inFlight = new Set<ServerResponse>()
  let closing: Promise<void> | undefined
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res)
    // A keep-alive client may still send on an open connection; answer it and hang up.
    if (closing) res.setHeader('Connection', 'close')
    res.once('close', () => {
      inFlight.delete(res)
      if (closing) server.closeIdleConnections()
    })
  })

  const { port, address } = server.address() as AddressInfo
  const urlHost = address.includes(':') ? `[${address}]` : address

  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => server.closeAllConnections(), options.shutdownTimeoutMs ?? 10_000)
      server.close((error) => {
        clearTimeout(timer)
        if (error) reject(error)
        else resolve()
      })
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader('Connection', 'close')
      }
      server.closeIdleConnections()
    })
    return closing
  }

  return { server, port, url: `http://${urlHost}:${port}`, close }
}

export interface ShutdownOptions {
  /** Defaults to 15 000 ms; past it the process exits with 1. */
  timeoutMs?: number
  signals?: NodeJS.Signals[]
  logger?: Logger
  /** Defaults to `process.exit`; tests pass a spy. */
  exit?: (code: number) => void
}

/**
 * Runs `handler` once on the first SIGTERM/SIGINT, then exits 0 (1 if it throws or takes too long).
 * Returns a function that removes the listeners.
 */
export function onShutdownSignals(
  handler: (signal: NodeJS.Signals) => Promise<void> | void,
  options: ShutdownOptions = {},
): () => void {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT']
  const exit = options.exit ?? ((code: number) => process.exit(code))
  let started = false

  const onSignal = (signal: NodeJS.Signals): void => {
    if (started) return
    started = true
    options.logger?.info({ signal }, 'Cerrando el servicio')
    const timeoutMs = options.timeoutMs ?? 15_000
    const timer = setTimeout(() => {
      options.logger?.error({ signal, timeoutMs }, 'El cierre excedió el tiempo límite')
      exit(1)
    }, timeoutMs)
    Promise.resolve()
      .then(() => handler(signal))
      .then(
        () => {
          clearTimeout(timer)
          exit(0)
        },
        (error: unknown) => {
          clearTimeout(timer)
          options.logger?.error({ err: error, signal }, 'El cierre falló')
          exit(1)
        },
      )
  }

  for (const signal of signals) process.on(signal, onSignal)
  return () => {
    for (const signal of signals) process.off(signal, onSignal)
  }
}
