import { donationEvents } from '@donaciones/contracts'
import {
  createLogger,
  createMailOutboxTable,
  createMailQueue,
  createPgDatabase,
  EventStore,
  requiredSetting,
  serviceSchema,
  setUpSchemaExclusively,
  type Logger,
  type ServiceContext,
  type ServiceDirectory,
  type Settings,
} from '@donaciones/kit'
import { reconcile, type ReconcileReport, type ReconcileStep } from './commands/reconcile.ts'
import { createDeps } from './deps.ts'
import { resolveOptions } from './options.ts'
import { campaignRefsProjection } from './projections/campaign-refs.ts'
import { donationsProjection } from './projections/donations.ts'

/** The first day to reconcile: `YYYY-MM-DD` (Mexico City), default the configured look-back. */
export function reconcileSince(argument: string | undefined, settings: Settings): Date {
  if (!argument) return new Date(Date.now() - resolveOptions({}, settings).reconcileLookbackMs)
  const date = new Date(`${argument}T00:00:00-06:00`)
  if (Number.isNaN(date.getTime())) throw new Error(`Fecha inválida: ${argument} (use AAAA-MM-DD)`)
  return date
}

/** One run of the job: from when, and who hears of each step as it happens. */
export interface ReconcileRun {
  since: Date
  onProgress?: (step: ReconcileStep) => void
}

/** One reconciliation in a donation service that runs in this process. */
export function reconcileInService(context: ServiceContext, run: ReconcileRun): Promise<ReconcileReport> {
  return reconcile(createDeps(context, resolveOptions({}, context.settings)), run)
}

/**
 * One reconciliation on the donation schema of PostgreSQL while the services run; the provider
 * keys come from the content service (CONTENT_URL, INTERNAL_TOKEN). `logger` defaults to one at
 * LOG_LEVEL on stdout.
 */
export async function reconcileOnDatabase(run: ReconcileRun, databaseUrl: string, settings: Settings, logger?: Logger): Promise<ReconcileReport> {
  const token = requiredSetting(settings.INTERNAL_TOKEN, 'INTERNAL_TOKEN')
  const directory: ServiceDirectory = { internalToken: token, urlsOf: (service) => settings.serviceUrls[service] }
  const db = createPgDatabase({ connectionString: databaseUrl, max: 2, applicationName: 'donaciones-reconcile' })
  const projections = [donationsProjection, campaignRefsProjection]
  const schema = serviceSchema('donation', settings)
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
    const log = logger ?? createLogger('reconcile', { level: settings.LOG_LEVEL })
    // Donor mails are only queued here; the running donation service delivers them.
    const mail = createMailQueue({ db, schema, logger: log })
    return await reconcile(createDeps({ db, store, logger: log, directory, mail }, resolveOptions({}, settings)), run)
  } finally {
    await db.close()
  }
}
