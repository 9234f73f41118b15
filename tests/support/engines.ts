import { createNatsBus, createPgDatabase, distributedPlatformEngines, ident, readServiceProcessConfig, readSettings, type PlatformEngines } from '@donaciones/kit'
import { describe } from 'vitest'
import { realEngines, uniqueName } from '@donaciones/kit/testing'
import { isolatedPlatformEnv } from './processes.ts'

/** What a test site's services run on: opens fresh engines that remove their data when closed. */
export interface SiteEngine {
  name: 'pglite' | 'postgres + nats'
  /** Undefined: the embedded default (one in-memory PGlite, the in-process bus). */
  open(): PlatformEngines | undefined
}

export const pgliteEngine: SiteEngine = { name: 'pglite', open: () => undefined }

/**
 * A pool per service stays small: several test sites run at once on one PostgreSQL (100
 * connections by default), and each site holds five pools.
 */
const connectionsPerService = 5

/**
 * Each service on its own schemas in the shared PostgreSQL and its own NATS connection, configured
 * as distributed mode configures a service process, under a prefix no other site uses; closing
 * drops the schemas and deletes the stream.
 */
function realPlatformEngines(databaseUrl: string, natsUrl: string): PlatformEngines {
  const prefix = uniqueName('site')
  const env = isolatedPlatformEnv(prefix, { databaseUrl, natsUrl })
  const engines = distributedPlatformEngines((service) => readServiceProcessConfig(service, readSettings(env)), connectionsPerService)
  return {
    forService: (service, logger) => engines.forService(service, logger),
    async close() {
      await engines.close()
      const bus = await createNatsBus({ servers: natsUrl, stream: env.NATS_STREAM, subjectPrefix: env.EVENT_SUBJECT_PREFIX })
      await bus.deleteStream()
      await bus.close()
      const db = createPgDatabase({ connectionString: databaseUrl, max: 1 })
      try {
        const { rows } = await db.query<{ name: string }>(`select nspname as name from pg_namespace where nspname like $1`, [`${prefix}\\_%`])
        for (const { name } of rows) await db.exec(`drop schema if exists ${ident(name)} cascade`)
      } finally {
        await db.close()
      }
    },
  }
}

export const realEngine: SiteEngine | undefined =
  realEngines.databaseUrl && realEngines.natsUrl
    ? { name: 'postgres + nats', open: () => realPlatformEngines(realEngines.databaseUrl as string, realEngines.natsUrl as string) }
    : undefined

/**
 * The engines the HTTP suites run on: PGlite with the in-process bus, plus PostgreSQL with NATS
 * JetStream when DATABASE_URL and NATS_URL are set (REQUIRE_REAL_ENGINES=1 makes their absence an
 * error, see services/kit/testing/engines.ts). TEST_ENGINES picks one of the two.
 */
export const siteEngines: SiteEngine[] = [...(realEngines.embedded ? [pgliteEngine] : []), ...(realEngine ? [realEngine] : [])]

/** `describe` once per engine of `siteEngines`; the title gets the engine's name. */
export function forEachEngine(title: string, suite: (engine: SiteEngine) => void): void {
  describe.each(siteEngines)(`${title} ($name)`, suite)
}
