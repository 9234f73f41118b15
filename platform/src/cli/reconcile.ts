import { reconcileInService, reconcileOnDatabase, reconcileSince, reconcileStepText, type ReconcileReport, type ReconcileRun } from '@donaciones/donation'
import { acquireDataDirLock, createLogger, DataDirLockedError, readSettings, serviceSchema, type Settings } from '@donaciones/kit'
import { embeddedDataDir } from '../config.ts'
import { startEmbeddedPlatform } from '../embedded-platform.ts'
import { formatDuration } from './progress.ts'
import { CommandError, runCommand } from './run-command.ts'

const usage = `Uso: npm run reconcile -- [AAAA-MM-DD]
Registra los pedidos pagados al proveedor que no tienen donación y vence las fichas OXXO
caducadas, desde la fecha dada (por omisión, los últimos días configurados).
Con DATABASE_URL (o DONATION_DATABASE_URL) trabaja sobre PostgreSQL con los servicios en marcha;
si no, sobre la base embebida de DATA_DIR, con la plataforma detenida.
Lo que va haciendo sale por stderr; el informe final, en JSON, por stdout.
`

function say(line: string): void {
  process.stderr.write(`${line}\n`)
}

/** Logs of the command go with its progress, on stderr: stdout holds the report alone. */
function commandLogger(settings: Settings) {
  return createLogger('reconcile', { level: settings.LOG_LEVEL ?? 'warn', destination: process.stderr })
}

/**
 * `npm run reconcile -- [YYYY-MM-DD]`: records paid provider orders we have no donation for and
 * expires OXXO vouchers past their expiry (default: the last 3 days).
 * - Distributed (DATABASE_URL): works on the donation schema while the services run.
 * - Embedded (DATA_DIR): the platform must be stopped (it runs the same job on a schedule); the
 *   command starts it in this process without opening a port, reconciles once and stops it.
 */
function print(report: ReconcileReport, startedAt: number): number {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  const took = formatDuration(Date.now() - startedAt)
  if (report.errors.length === 0) {
    say(`Conciliación terminada en ${took}.`)
    return 0
  }
  say(`Conciliación terminada en ${took} con ${report.errors.length === 1 ? '1 error' : `${report.errors.length} errores`} (véase "errors" en el informe).`)
  return 1
}

async function embedded(run: ReconcileRun, settings: Settings): Promise<ReconcileReport> {
  const dataDir = embeddedDataDir(settings)
  let release: () => void
  try {
    release = acquireDataDirLock(dataDir).release
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CommandError(`${error.message}\nLa plataforma en ejecución concilia por sí misma cada DONATION_RECONCILE_INTERVAL_MS; deténgala para conciliar ahora.`)
    }
    throw error
  }
  say(`Abriendo la base embebida de ${dataDir}…`)
  const platform = await startEmbeddedPlatform({ port: 0, host: '127.0.0.1', dataDir, settings, logger: commandLogger(settings) })
  try {
    return await reconcileInService(platform.runtimes.donation.context, run)
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
  let since: Date
  try {
    since = reconcileSince(argument, settings)
  } catch (error) {
    throw new CommandError(`${error instanceof Error ? error.message : String(error)}\n${usage}`, 2)
  }
  const startedAt = Date.now()
  const run: ReconcileRun = { since, onProgress: (step) => say(reconcileStepText(step)) }
  const databaseUrl = settings.serviceDatabaseUrls.donation ?? settings.DATABASE_URL
  if (!databaseUrl) return print(await embedded(run, settings), startedAt)
  say(`Conciliando en PostgreSQL (esquema ${serviceSchema('donation', settings)})…`)
  return print(await reconcileOnDatabase(run, databaseUrl, settings, commandLogger(settings)), startedAt)
}

await runCommand(main)
