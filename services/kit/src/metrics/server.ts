import express from 'express'
import type { Registry } from 'prom-client'
import { notFoundHandler } from '../http/error-handler.ts'
import { startHttpServer, type RunningHttpServer } from '../http/server.ts'
import { metricsEndpoint } from './http.ts'

/** A listener of its own that answers only `/metrics` (METRICS_PORT), off the public port. */
export async function startMetricsServer(registry: Registry, options: { port: number; host?: string }): Promise<RunningHttpServer> {
  const app = express()
  app.disable('x-powered-by')
  app.get('/metrics', metricsEndpoint(registry))
  app.use(notFoundHandler)
  return startHttpServer(app, { port: options.port, ...(options.host ? { host: options.host } : {}), shutdownTimeoutMs: 1000 })
}
