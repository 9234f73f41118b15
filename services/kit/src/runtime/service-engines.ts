import type { ServiceName } from '@donaciones/contracts'
import type { Bus } from '../bus/bus.ts'
import { createInProcessBus, createNatsBus } from '../bus/index.ts'
import { createPgDatabase, createPgliteDatabase, type SqlDatabase } from '../db/index.ts'
import type { Logger } from '../http/index.ts'
import type { ServiceProcessConfig } from './config.ts'

/** The database, bus and schema one service runs on. */
export interface ServiceEngines {
  db: SqlDatabase
  bus: Bus
  schema: string
}

/** Where the services of one platform keep their data and exchange their events. */
export interface PlatformEngines {
  /** Opens (or hands out) what `service` runs on; `close` closes everything opened here. */
  forService(service: ServiceName, logger: Logger): Promise<ServiceEngines>
  close(): Promise<void>
}

export type DistributedEngineConfig = Pick<ServiceProcessConfig, 'databaseUrl' | 'natsUrl' | 'natsStream' | 'natsStreamReplicas' | 'subjectPrefix' | 'schema'>

/**
 * Distributed mode: a PostgreSQL pool and a JetStream connection of the service's own, on its own
 * schema. `maxConnections` bounds the pool (default 10).
 */
export async function openDistributedEngines(
  service: ServiceName,
  config: DistributedEngineConfig,
  logger: Logger,
  maxConnections?: number,
): Promise<ServiceEngines & { close(): Promise<void> }> {
  const db = createPgDatabase({ connectionString: config.databaseUrl, applicationName: `donaciones-${service}`, ...(maxConnections ? { max: maxConnections } : {}) })
  const bus = await createNatsBus({
    servers: config.natsUrl,
    stream: config.natsStream,
    replicas: config.natsStreamReplicas,
    subjectPrefix: config.subjectPrefix,
    name: `donaciones-${service}`,
    onError: (error) => logger.warn({ err: error }, 'Error del bus de eventos'),
  }).catch(async (error: unknown) => {
    await db.close()
    throw error
  })
  return {
    db,
    bus,
    schema: config.schema,
    async close() {
      await bus.close()
      await db.close()
    },
  }
}

/** Every service of the platform in one process, each on its distributed-mode engines (`configOf`). */
export function distributedPlatformEngines(configOf: (service: ServiceName) => DistributedEngineConfig, maxConnections?: number): PlatformEngines {
  const opened: Array<{ close(): Promise<void> }> = []
  return {
    async forService(service, logger) {
      const engines = await openDistributedEngines(service, configOf(service), logger, maxConnections)
      opened.push(engines)
      return engines
    },
    async close() {
      for (const engines of opened.splice(0)) await engines.close()
    },
  }
}

/** Embedded mode: one PGlite database (in `directory`, else in memory) and the in-process bus, shared by every service. */
export async function embeddedPlatformEngines(directory: string | undefined, logger: Logger): Promise<PlatformEngines> {
  const db = await createPgliteDatabase(directory)
  const bus = await createInProcessBus({ db, onError: (error) => logger.warn({ err: error }, 'Error del bus de eventos') }).catch(async (error: unknown) => {
    await db.close()
    throw error
  })
  return {
    forService: async (service) => ({ db, bus, schema: service }),
    async close() {
      await bus.close()
      await db.close()
    },
  }
}
