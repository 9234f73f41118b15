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
  type ServiceContext,
  type ServiceDirectory,
  type Settings,
} from '@donaciones/kit'
import { reconcile, type ReconcileReport } from './commands/reconcile.ts'
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

/** One reconciliation in a donation service that runs in this process. */
export function reconcileInService(context: ServiceContext, since: Date): Promise<ReconcileReport> {
  return reconcile(createDeps(context, resolveOptions({}, context.settings)), { since })
}

/**
 * One reconciliation on the donation schema of PostgreSQL while the services run; the provider
 * keys come from the content service (CONTENT_URL, INTERNAL_TOKEN).
 */
export async function reconcileOnDatabase(since: Date, databaseUrl: string, settings: Settings): Promise<ReconcileReport> {
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
    const logger = createLogger('reconcile', { level: settings.LOG_LEVEL })
    // Donor mails are only queued here; the running donation service delivers them.
    const mail = createMailQueue({ db, schema, logger })
    return await reconcile(createDeps({ db, store, logger, directory, mail }, resolveOptions({}, settings)), { since })
  } finally {
    await db.close()
  }
}
