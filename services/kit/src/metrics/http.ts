import type { Request, RequestHandler, Response } from 'express'
import type { Registry } from 'prom-client'
import type { ServiceMetrics } from './registry.ts'

export type RouteLabel = (req: Request) => string

/**
 * The matched route pattern (`/api/public/campaigns/:slug`), never the raw URL: ids would make
 * one series per resource. `mountBase` is where this app was mounted when the request entered
 * it (the gateway's prefix in embedded mode), which express keeps in `baseUrl`.
 */
function matchedPattern(req: Request, mountBase: string): string | undefined {
  const path = (req as { route?: { path?: unknown } }).route?.path
  if (typeof path !== 'string') return undefined
  const base = req.baseUrl.startsWith(mountBase) ? req.baseUrl.slice(mountBase.length) : req.baseUrl
  return `${base}${path}` || '/'
}

/** Counts and times every request; `routeLabel` replaces the matched pattern (the gateway labels by prefix). */
export function httpMetrics(metrics: ServiceMetrics, routeLabel?: RouteLabel): RequestHandler {
  return (req, res, next) => {
    const mountBase = req.baseUrl
    const end = metrics.httpDuration.startTimer()
    res.once('finish', () => {
      const route = routeLabel?.(req) ?? matchedPattern(req, mountBase) ?? 'unmatched'
      const labels = { method: req.method, route, status: String(res.statusCode) }
      end(labels)
      metrics.httpRequests.inc(labels)
    })
    next()
  }
}

export async function sendMetrics(registry: Registry, res: Response): Promise<void> {
  res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store')
  res.send(await registry.metrics())
}

/** `GET /metrics` with the registry's text format (text/plain; version=0.0.4). */
export function metricsEndpoint(registry: Registry): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    sendMetrics(registry, res).catch(next)
  }
}

/**
 * Whether the TCP peer is this host. Decided on the socket, never on `req.ip`: with
 * `trust proxy` a client could claim 127.0.0.1 in X-Forwarded-For.
 */
export function isLoopbackPeer(remoteAddress: string | undefined): boolean {
  if (!remoteAddress) return false
  const address = remoteAddress.startsWith('::ffff:') ? remoteAddress.slice('::ffff:'.length) : remoteAddress
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address)
}
