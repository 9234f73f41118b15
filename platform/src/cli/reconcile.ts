import { reconcileInService, reconcileOnDatabase, reconcileSince, type ReconcileReport } from '@donaciones/donation'
import { acquireDataDirLock, createLogger, DataDirLockedError, readSettings, type Settings } from '@donaciones/kit'
import { embeddedDataDir } from '../config.ts'
import { startEmbeddedPlatform } from '../embedded-platform.ts'

const usage = `Uso: npm run reconcile -- [AAAA-MM-DD]
Registra los pedidos pagados al proveedor que no tienen donación y vence las fichas OXXO
caducadas, desde la fecha dada (por omisión, los últimos días configurados).
Con DATABASE_URL (o DONATION_DATABASE_URL) trabaja sobre PostgreSQL con los servicios en marcha;
si no, sobre la base embebida de DATA_DIR, con la plataforma detenida.
`

/**
 * `npm run reconcile -- [YYYY-MM-DD]`: records paid provider orders we have no donation for and
 * expires OXXO vouchers past their expiry (default: the last 3 days).
 * - Distributed (DATABASE_URL): works on the donation schema while the services run.
 * - Embedded (DATA_DIR): the platform must be stopped (it runs the same job on a schedule); the
 *   command starts it in this process without opening a port, reconciles once and stops it.
 */
function print(report: ReconcileReport): number {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  return report.errors.length > 0 ? 1 : 0
}

async function embedded(since: Date, settings: Settings): Promise<number> {
  const dataDir = embeddedDataDir(settings)
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
  const logger = createLogger('reconcile', { level: settings.LOG_LEVEL ?? 'warn' })
  const platform = await startEmbeddedPlatform({ port: 0, host: '127.0.0.1', dataDir, settings, logger })
  try {
    return print(await reconcileInService(platform.runtimes.donation.context, since))
  } finally {
    await platform.stop()
    release()
  }
}

async function main(): Promise<number> {
  const argument = process.argv[2]
  if (argument === '--help' || argument === '-h') {
    process.stdout.write(usage)
    return 0
  }
  const settings = readSettings()
  const since = reconcileSince(argument, settings)
  const databaseUrl = settings.serviceDatabaseUrls.donation ?? settings.DATABASE_URL
  return databaseUrl ? print(await reconcileOnDatabase(since, databaseUrl, settings)) : embedded(since, settings)
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  return 1
})
