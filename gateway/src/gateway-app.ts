import express, { type Express, type RequestHandler } from 'express'
import type { ServiceName } from '@donaciones/contracts'
import {
  errorHandler,
  healthRouter,
  httpLogger,
  notFoundHandler,
  requestId,
  type Logger,
  type ReadinessChecks,
  type SessionAuth,
} from '@donaciones/kit'
import { createServiceProxy } from './service-proxy.ts'
import { serveFrontend } from './frontend.ts'
import { routeTable } from './route-table.ts'

/** A service answered in this process (embedded mode) or behind one or more URLs (replicas). */
export type ServiceTarget = { kind: 'local'; handler: RequestHandler } | { kind: 'remote'; urls: readonly string[] }

export interface GatewayOptions {
  targets: Record<ServiceName, ServiceTarget>
  /** Token checks; prefixes marked `required` need a valid, current session. */
  auth: Pick<SessionAuth, 'required' | 'optional'>
  logger: Logger
  /** Built front ends (the shell's dist folder); a Spanish placeholder is served when absent. */
  frontendDir?: string
  readiness?: ReadinessChecks
  /** express 'trust proxy' (default 'loopback'): who may tell the client's address. */
  trustProxy?: boolean | number | string
}

export function createGatewayApp(options: GatewayOptions): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', options.trustProxy ?? 'loopback')
  app.use(requestId())
  app.use((req, _res, next) => {
    // Services log and answer under the same id.
    req.headers['x-request-id'] = req.requestId
    next()
  })
  app.use(httpLogger(options.logger))
  app.use(healthRouter({ logger: options.logger, ...(options.readiness ? { readiness: options.readiness } : {}) }))

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
  serveFrontend(app, options.frontendDir)
  app.use(errorHandler({ logger: options.logger }))
  return app
}
