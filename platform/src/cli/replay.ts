import { join } from 'node:path'
import cliProgress from 'cli-progress'
import {
  acquireDataDirLock,
  createPgDatabase,
  createPgliteDatabase,
  DataDirLockedError,
  EventStore,
  replayProjection,
  serviceSchema,
  settingsOrExit,
  type SqlDatabase,
} from '@donaciones/kit'
import { embeddedDataDir } from '../config.ts'
import { allServices } from '../services.ts'

/**
 * `npm run replay -- <service> <projection>`: rebuilds one projection from the log.
 * With DATABASE_URL it works on PostgreSQL while the services keep running; otherwise on the
 * embedded database under DATA_DIR, which must not be in use by `npm start`.
 */
async function main(): Promise<number> {
  const [serviceName, projectionName] = process.argv.slice(2)
  const definition = allServices.find((service) => service.name === serviceName)
  const projection = definition?.projections.find((candidate) => candidate.name === projectionName)
  if (!definition || !projection) {
    const available = allServices.flatMap((service) => service.projections.map((candidate) => `${service.name} ${candidate.name}`))
    console.error(`Uso: npm run replay -- <servicio> <proyección>\nProyecciones disponibles:\n  ${available.join('\n  ')}`)
    return 2
  }

  const settings = settingsOrExit()
  let db: SqlDatabase
  let release = () => {}
  if (settings.DATABASE_URL) {
    db = createPgDatabase({ connectionString: settings.DATABASE_URL, max: 2, applicationName: 'donaciones-replay' })
  } else {
    const dataDir = embeddedDataDir(settings)
    try {
      release = acquireDataDirLock(dataDir).release
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(`${error.message}\nEn modo embebido la reconstrucción se hace con la plataforma detenida.`)
        return 1
      }
      throw error
    }
    db = await createPgliteDatabase(join(dataDir, 'pglite'))
  }

  const store = new EventStore({
    db,
    schema: serviceSchema(definition.name, settings),
    service: definition.name,
    definitions: [...definition.events, ...definition.projections.flatMap((candidate) => candidate.handles)],
  })
  const bar = new cliProgress.SingleBar({ format: `${definition.name}/${projection.name} [{bar}] {value}/{total} eventos`, stream: process.stderr }, cliProgress.Presets.shades_classic)
  try {
    await store.init()
    let started = false
    const result = await replayProjection({
      store,
      projection,
      onProgress: ({ total, done }) => {
        if (!started) {
          bar.start(total, 0)
          started = true
        }
        bar.update(done)
      },
    })
    bar.stop()
    console.log(`Proyección ${definition.name}/${projection.name} reconstruida con ${result.done} eventos.`)
    return 0
  } finally {
    await db.close()
    release()
  }
}

process.exitCode = await main()
