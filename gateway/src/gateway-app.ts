import express, { type Express, type RequestHandler } from 'express'
import type { ServiceName } from '@donaciones/contracts'
import {
  errorHandler,
  healthRouter,
  httpLogger,
  httpMetrics,
  isLoopbackPeer,
  metricsEndpoint,
  notFoundHandler,
  readSettings,
  type ServiceMetrics,
  requestId,
  type Settings,
  type Logger,
  type ReadinessChecks,
  type SessionAuth,
} from '@donaciones/kit'
import { API_DESCRIPTION_PATH, apiDescription } from './api-description.ts'
import { createServiceProxy } from './service-proxy.ts'
import { serveFrontend } from './frontend.ts'
import { keepPublicCopies } from './public-copy.ts'
import { markRecentChanges } from './recent-change.ts'
import { routeTable } from './route-table.ts'
import { securityHeaders, securityHeadersFromEnv, type SecurityHeadersOptions } from './security-headers.ts'

/** A service answered in this process (embedded mode) or behind one or more URLs (replicas). */
export type ServiceTarget = { kind: 'local'; handler: RequestHandler } | { kind: 'remote'; urls: readonly string[] }

export interface GatewayOptions {
  targets: Record<ServiceName, ServiceTarget>
  /** Token checks; prefixes marked `required` need a valid, current session. */
  auth: Pick<SessionAuth, 'required' | 'optional'>
  logger: Logger
  /** Built front ends (the shell's dist folder); a Spanish placeholder is served when absent. */
  frontendDir?: string
  /** Origin of the absolute links in the pages, sitemap and robots.txt (PUBLIC_URL); never the Host header. */
  publicUrl?: string
  readiness?: ReadinessChecks
  /** express 'trust proxy' (default 'loopback'): who may tell the client's address. */
  trustProxy?: boolean | number | string
  /** The gateway's own metrics (requests by route prefix); absent, no metrics are kept. */
  metrics?: ServiceMetrics
  /**
   * 'loopback' (default): `/metrics` on this app answers only peers on this host. 'separate':
   * a METRICS_PORT listener serves them, and this (public) app answers 404.
   */
  metricsExposure?: 'loopback' | 'separate'
  /** CSP and the other security headers; default from PUBLIC_URL and the provider script URLs of the environment. */
  security?: SecurityHeadersOptions
  /** How long the gateway answers a public document from its own copy (decision 85); default GATEWAY_PUBLIC_COPY_MS, 0 keeps nothing. */
  publicCopyMs?: number
  /** The clock that ages those copies (tests move it by hand); default `Date.now`. */
  publicCopyClock?: () => number
  /** The parsed environment, for what is not given above; read when the app is made when absent. */
  settings?: Settings
}

/** The route label of a gateway request: the route table prefix, never the raw path with ids. */
export function gatewayRouteLabel(path: string): string {
  if (path === '/metrics' || path === '/healthz' || path === '/readyz' || path === API_DESCRIPTION_PATH) return path
  let best: string | undefined
  for (const { prefix } of routeTable) {
    if ((path === prefix || path.startsWith(`${prefix}/`)) && prefix.length > (best?.length ?? 0)) best = prefix
  }
  if (best) return best
  return path === '/api' || path.startsWith('/api/') ? '/api (unmatched)' : 'frontend'
}

/** Only a local scraper (or the separate metrics port) may read the gateway's metrics. */
export function mayReadGatewayMetrics(remoteAddress: string | undefined, exposure: 'loopback' | 'separate'): boolean {
  return exposure === 'loopback' && isLoopbackPeer(remoteAddress)
}

export function createGatewayApp(options: GatewayOptions): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', options.trustProxy ?? 'loopback')
  let settings = options.settings
  const environment = (): Settings => (settings ??= readSettings())
  app.use(securityHeaders(options.security ?? securityHeadersFromEnv(environment())))
  if (options.metrics) {
    const { registry } = options.metrics
    const exposure = options.metricsExposure ?? 'loopback'
    app.use(httpMetrics(options.metrics, (req) => gatewayRouteLabel(req.originalUrl.split('?')[0] ?? '/')))
    const endpoint = metricsEndpoint(registry)
    app.get('/metrics', (req, res, next) => {
      if (!mayReadGatewayMetrics(req.socket.remoteAddress, exposure)) return notFoundHandler(req, res)
      endpoint(req, res, next)
    })
  } else {
    app.get('/metrics', notFoundHandler)
  }
  app.use(requestId())
  app.use((req, _res, next) => {
    // Services log and answer under the same id.
    req.headers['x-request-id'] = req.requestId
    next()
  })
  app.use(httpLogger(options.logger))
  app.use(healthRouter({ logger: options.logger, ...(options.readiness ? { readiness: options.readiness } : {}) }))
  const publicUrl = (options.publicUrl ?? environment().PUBLIC_URL).replace(/\/+$/, '')
  app.use(markRecentChanges({ secure: publicUrl.startsWith('https:') }))
  app.use('/api', keepPublicCopies({ maxAgeMs: options.publicCopyMs ?? environment().GATEWAY_PUBLIC_COPY_MS, ...(options.publicCopyClock ? { now: options.publicCopyClock } : {}) }))
  app.get(API_DESCRIPTION_PATH, ...apiDescription(options.auth.required, publicUrl))

  const handlers = new Map<ServiceName, RequestHandler>()
  for (const [service, target] of Object.entries(options.targets) as [ServiceName, ServiceTarget][]) {
    handlers.set(service, target.kind === 'local' ? target.handler : createServiceProxy(service, target.urls, options.logger))
  }
  const restoreFullPath: RequestHandler = (req, _res, next) => {
    // Services route on the full path (/api/...), not the part express leaves after the mount.
    req.url = req.originalUrl
    next()
  }
  for (const route of routeTable) {
    const handler = handlers.get(route.service)
    if (handler) app.use(route.prefix, route.auth === 'required' ? options.auth.required : options.auth.optional, restoreFullPath, handler)
  }
  app.use('/api', notFoundHandler)
  serveFrontend(app, options.frontendDir, publicUrl)
  app.use(errorHandler({ logger: options.logger }))
  return app
}
