import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { ServiceName } from '@donaciones/contracts'
import {
  createInProcessBus,
  createPgliteDatabase,
  createSessionAuth,
  metricsFor,
  mutableDirectory,
  startHttpServer,
  startMetricsServer,
  startServiceRuntime,
  type Logger,
  type RunningHttpServer,
  type ServiceRuntime,
} from '@donaciones/kit'
import { createGatewayApp, type ServiceTarget } from './gateway-app.ts'
import { perService } from '@donaciones/kit'
import { allServices } from './services.ts'
import { publicUrlFromEnv } from './config.ts'

export interface EmbeddedPlatformOptions {
  /** Where PGlite keeps its files; undefined keeps everything in memory (tests). */
  dataDir?: string
  port: number
  host?: string
  frontendDir?: string
  /** Origin of the absolute links the gateway writes; default PUBLIC_URL, else http://localhost:{port}. */
  publicUrl?: string
  logger: Logger
  /** Serves the gateway's `/metrics` on this port (0 picks one) instead of to loopback peers of the public port. */
  metricsPort?: number
  /** express 'trust proxy' of the gateway (default 'loopback'). */
  trustProxy?: boolean | number | string
}

export interface EmbeddedPlatform {
  url: string
  port: number
  runtimes: Record<ServiceName, ServiceRuntime>
  /** Where the gateway's metrics listener answers, when `metricsPort` was given. */
  metricsUrl?: string
  stop(): Promise<void>
}

/** Every service and the gateway in one process, sharing one PGlite database and the in-process bus. */
export async function startEmbeddedPlatform(options: EmbeddedPlatformOptions): Promise<EmbeddedPlatform> {
  const { logger } = options
  const db = await createPgliteDatabase(options.dataDir ? join(options.dataDir, 'pglite') : undefined)
  const bus = await createInProcessBus({ db, onError: (error) => logger.warn({ err: error }, 'Error del bus de eventos') })
  const directory = mutableDirectory(randomBytes(32).toString('base64url'))
  const started = new Map<ServiceName, ServiceRuntime>()
  for (const definition of allServices) {
    started.set(
      definition.name,
      await startServiceRuntime({ definition, db, bus, logger, directory, accessLog: false, ...(options.dataDir ? { dataDir: options.dataDir } : {}) }),
    )
  }
  const runtimes = perService((service) => {
    const runtime = started.get(service)
    if (!runtime) throw new Error(`Falta el servicio ${service}`)
    return runtime
  })

  // Service-to-service calls (/internal/...) go over loopback HTTP, as they do between processes.
  const internalServers: RunningHttpServer[] = []
  for (const runtime of Object.values(runtimes)) {
    const server = await startHttpServer(runtime.app, { port: 0, host: '127.0.0.1' })
    internalServers.push(server)
    directory.register(runtime.context.name, server.url)
  }

  const metrics = metricsFor('gateway')
  const app = createGatewayApp({
    targets: perService((service): ServiceTarget => ({ kind: 'local', handler: runtimes[service].app })),
    auth: createSessionAuth(directory),
    logger,
    ...(options.frontendDir ? { frontendDir: options.frontendDir } : {}),
    publicUrl: options.publicUrl ?? publicUrlFromEnv(process.env, options.port),
    readiness: { database: () => db.query('select 1') },
    metrics,
    metricsExposure: options.metricsPort === undefined ? 'loopback' : 'separate',
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  })
  const http = await startHttpServer(app, { port: options.port, host: options.host ?? '127.0.0.1' })
  const metricsServer =
    options.metricsPort === undefined ? undefined : await startMetricsServer(metrics.registry, { port: options.metricsPort, host: options.host ?? '127.0.0.1' })

  return {
    url: `http://127.0.0.1:${http.port}`,
    port: http.port,
    runtimes,
    ...(metricsServer ? { metricsUrl: metricsServer.url } : {}),
    async stop() {
      await http.close()
      await metricsServer?.close()
      for (const server of internalServers) await server.close()
      for (const runtime of Object.values(runtimes)) await runtime.stop()
      await bus.close()
      await db.close()
    },
  }
}
