import { apiPathMethods, type ApiDocument } from '@donaciones/contracts'
import type { EmbeddedPlatform } from '@donaciones/platform'
import { enumerateRoutes, mountedRoutes, serviceApps, type ServiceRoute } from '../../support/route-inventory.ts'

/** `GET /api/campaigns/{id}`: a route as the API document names it. */
export type RouteKey = string

/** The gateway's own routes the document describes besides `/api/...`: its probes, public by design. */
const GATEWAY_PROBES = new Set(['/healthz', '/readyz'])

/** Service routes the gateway never forwards: service-to-service calls and each service's own probes and metrics. */
export const isServiceOnly = (route: ServiceRoute): boolean => route.path.startsWith('/internal/') || ['/metrics', '/healthz', '/readyz'].includes(route.path)

/**
 * Express's `/api/campaigns/:id` as OpenAPI's `/api/campaigns/{id}`. A trailing slash is dropped:
 * express routes `/api/public/campaigns/` and `/api/public/campaigns` alike.
 */
export function openApiPath(expressPath: string): string {
  const path = expressPath.replace(/:(\w+)/g, '{$1}')
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * The routes the gateway answers publicly, read from the running apps:
 * - every service route under a route-table prefix that forwards to that service (`/internal/...`
 *   and the services' `/metrics`, `/healthz`, `/readyz` have none);
 * - the gateway's own routes under `/api` and its probes `/healthz`, `/readyz`.
 * Left out: the gateway's `/metrics` (loopback peers or the metrics port only) and the web site it
 * serves outside `/api` (pages, robots.txt, sitemap, manifest, icons), which are not API.
 */
export function publicApiRoutes(platform: EmbeddedPlatform): Map<RouteKey, string> {
  const routes = new Map<RouteKey, string>()
  for (const route of enumerateRoutes(serviceApps(platform))) {
    if (route.gateway) routes.set(`${route.method} ${openApiPath(route.path)}`, `servicio ${route.service}`)
  }
  for (const { method, path } of mountedRoutes(platform.gatewayApp)) {
    if (path.startsWith('/api/') || GATEWAY_PROBES.has(path)) routes.set(`${method} ${openApiPath(path)}`, 'gateway')
  }
  return routes
}

/** Service routes with no gateway prefix that are not service-only: a route nobody outside can reach. */
export function unroutedServiceRoutes(platform: EmbeddedPlatform): string[] {
  return enumerateRoutes(serviceApps(platform))
    .filter((route) => !route.gateway && !isServiceOnly(route))
    .map((route) => `${route.key} (servicio ${route.service})`)
}

/** Every (method, path) the document describes. */
export function documentedRoutes(document: ApiDocument): Set<RouteKey> {
  const routes = new Set<RouteKey>()
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of apiPathMethods) if (item[method]) routes.add(`${method.toUpperCase()} ${path}`)
  }
  return routes
}
