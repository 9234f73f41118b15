import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Express } from 'express'
import type { ServiceName } from '@donaciones/contracts'
import {
  createSessionAuth,
  embeddedPlatformEngines,
  metricsFor,
  mutableDirectory,
  perService,
  readSettings,
  startHttpServer,
  startMetricsServer,
  startServiceRuntime,
  type Logger,
  type PlatformEngines,
  type ServiceRuntime,
  type Settings,
} from '@donaciones/kit'
import { createGatewayApp, type ServiceTarget } from '@donaciones/gateway'
import { allServices } from './services.ts'

export interface EmbeddedPlatformOptions {
  /** Where PGlite keeps its files; undefined keeps everything in memory (tests). */
  dataDir?: string
  port: number
  host?: string
  frontendDir?: string
  /** Origin of the absolute links the gateway writes; default PUBLIC_URL (see settings). */
  publicUrl?: string
  /** The parsed environment of every service and the gateway; read when the platform starts when absent. */
  settings?: Settings
  logger: Logger
  /** Serves the gateway's `/metrics` on this port (0 picks one) instead of to loopback peers of the public port. */
  metricsPort?: number
  /** express 'trust proxy' of the gateway (default 'loopback'). */
  trustProxy?: boolean | number | string
  /**
   * What the services run on; default one PGlite (under `dataDir`) and the in-process bus shared by
   * all. The platform closes them when it stops.
   */
  engines?: PlatformEngines
}

export interface EmbeddedPlatform {
  url: string
  port: number
  runtimes: Record<ServiceName, ServiceRuntime>
  /** The gateway's app, for tests that read the routes it mounts. */
  gatewayApp: Express
  /** Where the gateway's metrics listener answers, when `metricsPort` was given. */
  metricsUrl?: string
  stop(): Promise<void>
}

/**
 * Every service and the gateway in one process, by default sharing one PGlite database and the
 * in-process bus (`engines` may give each service engines of its own).
 */
export async function startEmbeddedPlatform(options: EmbeddedPlatformOptions): Promise<EmbeddedPlatform> {
  const { logger } = options
  const engines = options.engines ?? (await embeddedPlatformEngines(options.dataDir ? join(options.dataDir, 'pglite') : undefined, logger))
  // What started, undone last first on stop, or at once when the start fails half-way.
  const undo: Array<() => Promise<void>> = [() => engines.close()]
  const stop = async () => {
    for (const step of undo.splice(0).reverse()) await step()
  }
  try {
    return await startOn(engines, options, undo, stop)
  } catch (error) {
    await stop()
    throw error
  }
}

async function startOn(engines: PlatformEngines, options: EmbeddedPlatformOptions, undo: Array<() => Promise<void>>, stop: () => Promise<void>): Promise<EmbeddedPlatform> {
  const { logger } = options
  const settings = options.settings ?? readSettings()
  const directory = mutableDirectory(randomBytes(32).toString('base64url'))
  const started = new Map<ServiceName, ServiceRuntime>()
  for (const definition of allServices) {
    const { db, bus, schema } = await engines.forService(definition.name, logger)
    const runtime = await startServiceRuntime({ definition, db, bus, schema, logger, settings, directory, accessLog: false, ...(options.dataDir ? { dataDir: options.dataDir } : {}) })
    undo.push(() => runtime.stop())
    started.set(definition.name, runtime)
  }
  const runtimes = perService((service) => {
    const runtime = started.get(service)
    if (!runtime) throw new Error(`Falta el servicio ${service}`)
    return runtime
  })

  // Service-to-service calls (/internal/...) go over loopback HTTP, as they do between processes.
  for (const runtime of Object.values(runtimes)) {
    const server = await startHttpServer(runtime.app, { port: 0, host: '127.0.0.1' })
    undo.push(() => server.close())
    directory.register(runtime.context.name, server.url)
  }

  const metrics = metricsFor('gateway')
  const app = createGatewayApp({
    targets: perService((service): ServiceTarget => ({ kind: 'local', handler: runtimes[service].app })),
    auth: createSessionAuth(directory),
    logger,
    ...(options.frontendDir ? { frontendDir: options.frontendDir } : {}),
    publicUrl: options.publicUrl ?? settings.PUBLIC_URL,
    settings,
    readiness: { database: () => Promise.all(Object.values(runtimes).map((runtime) => runtime.context.db.query('select 1'))) },
    metrics,
    metricsExposure: options.metricsPort === undefined ? 'loopback' : 'separate',
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  })
  const http = await startHttpServer(app, { port: options.port, host: options.host ?? '127.0.0.1' })
  undo.push(() => http.close())
  const metricsServer =
    options.metricsPort === undefined ? undefined : await startMetricsServer(metrics.registry, { port: options.metricsPort, host: options.host ?? '127.0.0.1' })
  if (metricsServer) undo.push(() => metricsServer.close())

  return {
    url: `http://127.0.0.1:${http.port}`,
    port: http.port,
    runtimes,
    gatewayApp: app,
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
    stop,
  }
}
