import { randomBytes } from 'node:crypto'
import type { Express, RequestHandler } from 'express'
import type { ServiceName } from '@donaciones/contracts'
import {
  createLogger,
  createSessionAuth,
  embeddedPlatformEngines,
  mutableDirectory,
  perService,
  serviceUnavailable,
  startHttpServer,
  startServiceRuntime,
  type Logger,
  type PlatformEngines,
  type ServiceDefinition,
  type ServiceEngines,
  type ServiceRuntime,
  type SqlDatabase,
} from '@donaciones/kit'
import { createGatewayApp, type GatewayOptions } from '@donaciones/gateway'
import type { SiteEngine } from './engines.ts'

/** The directory of a slice: the services register their loopback URLs in it as they start. */
export type SliceDirectory = ReturnType<typeof mutableDirectory>

/** A fake service: an express app built on the slice's directory (for `requireInternalCall`). */
export type FakeService = (directory: SliceDirectory) => Express

/** The gateway's options a slice leaves to the test; targets, auth and logger are the slice's. */
export type SliceGatewayOptions = Omit<Partial<GatewayOptions>, 'targets' | 'auth' | 'logger'>

export interface ServiceSliceOptions {
  /** Real services, each started by the kit's runtime (`startServiceRuntime`) on the slice's engines. */
  services: readonly ServiceDefinition[]
  /** Fake services by name, served before the real ones so these find them from the start. */
  fakes?: Partial<Record<ServiceName, FakeService>>
  /** The gateway in front, every real or fake service a local target (absent ones answer 503). */
  gateway?: boolean | SliceGatewayOptions
  /** Default the embedded engines: one in-memory PGlite and the in-process bus. */
  engine?: SiteEngine | undefined
  /** The real services' data folder (uploaded files). */
  dataDir?: string
  logger?: Logger
}

export interface ServiceSlice {
  /** The gateway's URL, or, without a gateway, the first real service's. */
  url: string
  /** Where each started service (real or fake) answers on loopback. */
  urls: Partial<Record<ServiceName, string>>
  runtimes: Partial<Record<ServiceName, ServiceRuntime>>
  /** What each real service runs on. */
  engines: Partial<Record<ServiceName, ServiceEngines>>
  /** The first real service's database (on the embedded engines, every service's). */
  db: SqlDatabase
  directory: SliceDirectory
  /** The gateway's URL when the slice has one. */
  gatewayUrl: string | undefined
  /** Closes the gateway, the servers, the runtimes and the engines, in that order. */
  stop(): Promise<void>
}

/**
 * Some services real, the others faked (decision 122): the real ones on one set of engines, each
 * behind a loopback server registered in a shared directory, so internal calls go over HTTP as
 * between processes; the fakes beside them; optionally the real gateway in front. The tests of one
 * service start it here; the whole platform starts with `startTestSite` (tests/support/site.ts).
 */
export async function startServiceSlice(options: ServiceSliceOptions): Promise<ServiceSlice> {
  const [first] = options.services
  if (!first) throw new Error('Una porción de la plataforma necesita al menos un servicio real')
  const logger = options.logger ?? createLogger('test', { level: 'silent' })
  const platformEngines: PlatformEngines = options.engine?.open() ?? (await embeddedPlatformEngines(undefined, logger))
  const directory = mutableDirectory(randomBytes(24).toString('base64url'))
  /** What stop undoes, newest first. */
  const started: Array<() => Promise<void>> = [() => platformEngines.close()]
  const stop = async () => {
    for (const close of started.splice(0).reverse()) await close()
  }
  try {
    const handlers = new Map<ServiceName, RequestHandler>()
    const urls: Partial<Record<ServiceName, string>> = {}
    const serve = async (service: ServiceName, app: Express) => {
      const server = await startHttpServer(app, { port: 0, shutdownTimeoutMs: 1000 })
      started.push(() => server.close())
      directory.register(service, server.url)
      handlers.set(service, app)
      urls[service] = server.url
    }

    for (const [service, fake] of Object.entries(options.fakes ?? {}) as Array<[ServiceName, FakeService]>) await serve(service, fake(directory))

    const runtimes: Partial<Record<ServiceName, ServiceRuntime>> = {}
    const engines: Partial<Record<ServiceName, ServiceEngines>> = {}
    for (const definition of options.services) {
      const serviceEngines = await platformEngines.forService(definition.name, logger)
      const runtime = await startServiceRuntime({
        definition,
        ...serviceEngines,
        logger,
        directory,
        accessLog: false,
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      })
      started.push(() => runtime.stop())
      runtimes[definition.name] = runtime
      engines[definition.name] = serviceEngines
    }
    for (const definition of options.services) await serve(definition.name, (runtimes[definition.name] as ServiceRuntime).app)

    let gatewayUrl: string | undefined
    if (options.gateway) {
      const absent: RequestHandler = (_req, _res, next) => next(serviceUnavailable())
      const gateway = createGatewayApp({
        ...(options.gateway === true ? {} : options.gateway),
        targets: perService((service) => ({ kind: 'local', handler: handlers.get(service) ?? absent })),
        auth: createSessionAuth(directory),
        logger,
      })
      const server = await startHttpServer(gateway, { port: 0, shutdownTimeoutMs: 1000 })
      started.push(() => server.close())
      gatewayUrl = server.url
    }

    return {
      url: gatewayUrl ?? (urls[first.name] as string),
      urls,
      runtimes,
      engines,
      db: (engines[first.name] as ServiceEngines).db,
      directory,
      gatewayUrl,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
