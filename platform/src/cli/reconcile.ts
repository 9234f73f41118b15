import { resolve } from 'node:path'
import { donationEvents } from '@donaciones/contracts'
import {
  acquireDataDirLock,
  createLogger,
  createMailOutboxTable,
  createMailQueue,
  createPgDatabase,
  DataDirLockedError,
  EventStore,
  serviceUrlsFromEnv,
  setUpSchemaExclusively,
  type ServiceDirectory,
} from '@donaciones/kit'
import { reconcile, type ReconcileReport } from './commands/reconcile.ts'
import { createDeps } from './deps.ts'
import { resolveOptions } from './options.ts'
import { campaignRefsProjection } from './projections/campaign-refs.ts'
import { donationsProjection } from './projections/donations.ts'

/**
 * `npm run reconcile -- [YYYY-MM-DD]`: records paid provider orders we have no donation for and
 * expires OXXO vouchers past their expiry (default: the last 3 days).
 * - Distributed (DATABASE_URL): works on the donation schema while the services run; the provider
 *   keys come from the content service (CONTENT_URL, INTERNAL_TOKEN).
 * - Embedded (DATA_DIR): the platform must be stopped (it runs the same job on a schedule); the
 *   command starts it in this process without opening a port, reconciles once and stops it.
 */
function sinceFrom(argument: string | undefined): Date {
  if (!argument) return new Date(Date.now() - resolveOptions().reconcileLookbackMs)
  const date = new Date(`${argument}T00:00:00-06:00`)
  if (Number.isNaN(date.getTime())) throw new Error(`Fecha inválida: ${argument} (use AAAA-MM-DD)`)
  return date
}

function print(report: ReconcileReport): number {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  return report.errors.length > 0 ? 1 : 0
}

async function distributed(since: Date, databaseUrl: string): Promise<number> {
  const token = process.env.INTERNAL_TOKEN
  if (!token) throw new Error('Falta la variable de entorno INTERNAL_TOKEN')
  const urls = serviceUrlsFromEnv()
  const directory: ServiceDirectory = { internalToken: token, urlsOf: (service) => urls[service] }
  const db = createPgDatabase({ connectionString: databaseUrl, max: 2, applicationName: 'donaciones-reconcile' })
  const prefix = process.env.DB_SCHEMA_PREFIX
  const projections = [donationsProjection, campaignRefsProjection]
  const schema = prefix ? `${prefix}_donation` : 'donation'
  const store = new EventStore({
    db,
    schema,
    service: 'donation',
    definitions: [...donationEvents, ...projections.flatMap((projection) => projection.handles)],
    projections,
  })
  try {
    await setUpSchemaExclusively(db, schema, async () => {
      await store.init()
      await createMailOutboxTable(db, schema)
    })
    const logger = createLogger('reconcile')
    // Donor mails are only queued here; the running donation service delivers them.
    const mail = createMailQueue({ db, schema, logger })
    return print(await reconcile(createDeps({ db, store, logger, directory, mail }, resolveOptions()), { since }))
  } finally {
    await db.close()
  }
}

async function embedded(since: Date): Promise<number> {
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  let release: () => void
  try {
    release = acquireDataDirLock(dataDir).release
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\nLa plataforma en ejecución concilia por sí misma cada DONATION_RECONCILE_INTERVAL_MS; deténgala para conciliar ahora.\n`)
      return 1
    }
    throw error
  }
  const { startEmbeddedPlatform } = await import('../../../gateway/src/embedded-platform.ts')
  const logger = createLogger('reconcile', { level: process.env.LOG_LEVEL ?? 'warn' })
  const platform = await startEmbeddedPlatform({ port: 0, host: '127.0.0.1', dataDir, logger })
  try {
    const context = platform.runtimes.donation.context
    return print(await reconcile(createDeps(context, resolveOptions()), { since }))
  } finally {
    await platform.stop()
    release()
  }
}

async function main(): Promise<number> {
  const since = sinceFrom(process.argv[2])
  const databaseUrl = process.env.DONATION_DATABASE_URL ?? process.env.DATABASE_URL
  return databaseUrl ? distributed(since, databaseUrl) : embedded(since)
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  return 1
})
