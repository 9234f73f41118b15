import { join } from 'node:path'
import {
  acquireDataDirLock,
  createPgDatabase,
  createPgliteDatabase,
  DataDirLockedError,
  EventStore,
  readSettings,
  replayProjection,
  serviceSchema,
  type SqlDatabase,
} from '@donaciones/kit'
import { embeddedDataDir } from '../config.ts'
import { allServices } from '../services.ts'
import { progressFor } from './progress.ts'
import { CommandError, runCommand } from './run-command.ts'

function usage(): string {
  const available = allServices.flatMap((service) => service.projections.map((candidate) => `${service.name} ${candidate.name}`))
  return `Uso: npm run replay -- <servicio> <proyección>\nProyecciones disponibles:\n  ${available.join('\n  ')}`
}

/**
 * `npm run replay -- <service> <projection>`: rebuilds one projection from the log.
 * With DATABASE_URL it works on PostgreSQL while the services keep running; otherwise on the
 * embedded database under DATA_DIR, which must not be in use by `npm start`.
 * Progress goes to stderr (a bar on a terminal, lines every PROGRESS_INTERVAL_MS otherwise), the
 * result to stdout.
 */
async function main(): Promise<number> {
  const [serviceName, projectionName] = process.argv.slice(2)
  if (!serviceName || !projectionName) {
    process.stderr.write(`${usage()}\n`)
    return 2
  }
  const definition = allServices.find((service) => service.name === serviceName)
  const projection = definition?.projections.find((candidate) => candidate.name === projectionName)
  if (!definition || !projection) {
    const what = definition ? `El servicio ${serviceName} no tiene la proyección ${projectionName}.` : `No existe el servicio ${serviceName}.`
    throw new CommandError(`${what}\n${usage()}`, 2)
  }

  const settings = readSettings()
  const schema = serviceSchema(definition.name, settings)
  let db: SqlDatabase
  let release = () => {}
  if (settings.DATABASE_URL) {
    process.stderr.write(`Reconstruyendo ${definition.name}/${projection.name} en PostgreSQL (esquema ${schema})…\n`)
    db = createPgDatabase({ connectionString: settings.DATABASE_URL, max: 2, applicationName: 'donaciones-replay' })
  } else {
    const dataDir = embeddedDataDir(settings)
    try {
      release = acquireDataDirLock(dataDir).release
    } catch (error) {
      if (error instanceof DataDirLockedError) throw new CommandError(`${error.message}\nEn modo embebido la reconstrucción se hace con la plataforma detenida.`)
      throw error
    }
    process.stderr.write(`Reconstruyendo ${definition.name}/${projection.name} en la base embebida de ${dataDir}…\n`)
    db = await createPgliteDatabase(join(dataDir, 'pglite'))
  }

  const store = new EventStore({
    db,
    schema,
    service: definition.name,
    definitions: [...definition.events, ...definition.projections.flatMap((candidate) => candidate.handles)],
  })
  const progress = progressFor(`${definition.name}/${projection.name}`, process.stderr, settings.PROGRESS_INTERVAL_MS)
  try {
    await store.init()
    let started = false
    const result = await replayProjection({
      store,
      projection,
      onProgress: ({ total, done }) => {
        if (started) return progress.update(done)
        started = true
        progress.start(total)
      },
    })
    progress.finish(result.done)
    process.stdout.write(`Proyección ${definition.name}/${projection.name} reconstruida con ${result.done} eventos.\n`)
    return 0
  } finally {
    await db.close()
    release()
  }
}

await runCommand(main)
