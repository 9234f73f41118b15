import type { Express } from 'express'
import type { ServiceName } from '@donaciones/contracts'
import { routeTable, type GatewayRoute } from '@donaciones/gateway'
import type { EmbeddedPlatform } from '@donaciones/platform'

/** One method and path a service mounted, e.g. `PUT /api/campaigns/:id`. */
export interface ServiceRoute {
  key: string
  service: ServiceName
  method: string
  path: string
  /** The gateway prefix that forwards it; undefined when the gateway never routes it. */
  gateway?: GatewayRoute
}

/** A method and path an express app mounts; the path as express has it (`:id`, or a RegExp's text). */
export interface MountedRoute {
  method: string
  path: string
}

/** The parts of express' router layers that tell which routes an app mounts. */
interface RouterLayer {
  rawPath?: unknown
  route?: { path: unknown; methods: Record<string, boolean | undefined> }
  handle: { stack?: RouterLayer[] }
}

function collect(stack: readonly RouterLayer[], prefix: string, into: MountedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') into.push({ method: method.toUpperCase(), path: `${prefix}${String(layer.route.path)}` })
      }
    } else if (layer.handle.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''
      collect(layer.handle.stack, `${prefix}${mount}`, into)
    }
  }
}

function gatewayRouteOf(path: string): GatewayRoute | undefined {
  let best: GatewayRoute | undefined
  for (const route of routeTable) {
    if ((path === route.prefix || path.startsWith(`${route.prefix}/`)) && route.prefix.length > (best?.prefix.length ?? 0)) best = route
  }
  return best
}

/** The routes an app mounts itself, read from express' router (no list kept by hand); apps it hands requests to are not entered. */
export function mountedRoutes(app: Express): MountedRoute[] {
  const found: MountedRoute[] = []
  collect((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, '', found)
  return found
}

/** The express app of each service of a test site. */
export function serviceApps(platform: EmbeddedPlatform): Record<ServiceName, Express> {
  return Object.fromEntries(Object.entries(platform.runtimes).map(([name, runtime]) => [name, runtime.app])) as Record<ServiceName, Express>
}

/** Every route of every service app, with the gateway prefix that forwards it. */
export function enumerateRoutes(apps: Record<ServiceName, Express>): ServiceRoute[] {
  const routes: ServiceRoute[] = []
  for (const [service, app] of Object.entries(apps) as [ServiceName, Express][]) {
    for (const { method, path } of mountedRoutes(app)) {
      const gateway = gatewayRouteOf(path)
      // A prefix that answers another service is not a way to this route.
      const reachable = gateway?.service === service ? gateway : undefined
      routes.push({ key: `${method} ${path}`, service, method, path, ...(reachable ? { gateway: reachable } : {}) })
    }
  }
  return routes
}
